// `coyel status FILE [--json]`: the derived state of a save; never writes.
#include <fmt/format.h>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "app.hpp"
#include "coyel/status.hpp"
#include "save_file.hpp"
#include "terminal.hpp"
#include "views.hpp"

namespace coyel::cli {

void add_status_command(CLI::App& app, int& exit_code) {
    auto* command = app.add_subcommand(
        "status", "Show a saved game: round, phase, temperature, each player with role, next call");
    auto path = std::make_shared<std::string>();
    auto as_json = std::make_shared<bool>(false);
    command->add_option("FILE", *path, "The save file")->required();
    command->add_flag("--json", *as_json, "Print the state as JSON (SPEC section 9)");
    command->footer(
        "Shows every role: keep the screen away from the players.\n"
        "Example: coyel status game.json --json");
    command->callback([path, as_json, &exit_code] {
        auto game = read_save_file(*path);
        if (!game) {
            fmt::print(stderr, "{}\n", game.error());
            exit_code = 1;
            return;
        }
        if (*as_json)
            fmt::print("{}\n", status_json(*game).dump(2));
        else
            fmt::print("{}", moderator_view_text(narration::Narrator(narration::english_script()),
                                                 *game, colour_enabled(stdout)));
    });
}

}  // namespace coyel::cli
