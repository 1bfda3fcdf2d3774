// `coyel check FILE`: does the save load? "ok" and a summary, or the error.
#include <fmt/format.h>

#include "app.hpp"
#include "narrator.hpp"
#include "save_file.hpp"

namespace coyel::cli {

void add_check_command(CLI::App& app, int& exit_code) {
    auto* command = app.add_subcommand(
        "check", "Check that a save file loads: prints ok and a summary, or the error (exit 1)");
    auto path = std::make_shared<std::string>();
    command->add_option("FILE", *path, "The save file")->required();
    command->callback([path, &exit_code] {
        auto game = read_save_file(*path);
        if (!game) {
            fmt::print(stderr, "{}\n", game.error());
            exit_code = 1;
            return;
        }
        fmt::print("ok: {}: {}\n", *path,
                   narration::Narrator(narration::english_script()).summary(*game));
    });
}

}  // namespace coyel::cli
