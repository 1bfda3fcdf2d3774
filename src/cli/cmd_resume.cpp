// `coyel resume FILE`: the game goes on exactly where it stopped.
#include <fmt/format.h>

#include "app.hpp"
#include "line_reader.hpp"
#include "play.hpp"
#include "save_file.hpp"

namespace coyel::cli {

void add_resume_command(CLI::App& app, int& exit_code) {
    auto path = std::make_shared<std::string>();
    auto* command =
        app.add_subcommand("resume", "Go on with a saved game where it stopped, clock included");
    command->add_option("FILE", *path, "The save file")->required();
    command->callback([path, &exit_code] {
        auto game = read_save_file(*path);
        if (!game) {
            fmt::print(stderr, "{}\n", game.error());
            exit_code = 1;
            return;
        }
        auto reader = make_line_reader(stdin, stdout);
        exit_code = play(std::move(*game), *path, *reader);
    });
}

}  // namespace coyel::cli
