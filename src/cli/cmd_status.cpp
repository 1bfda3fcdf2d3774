// `coyel status FILE [--json]`: the derived state of a save; never writes.
#include <fmt/format.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "coyel/status.hpp"
#include "save_file.hpp"
#include "terminal.hpp"
#include "views.hpp"

namespace coyel::cli {

int run_status(const std::string& path, bool as_json) {
    auto game = read_save_file(path);
    if (!game) {
        fmt::print(stderr, "{}\n", game.error());
        return 1;
    }
    if (as_json)
        fmt::print("{}\n", status_json(*game).dump(2));
    else
        fmt::print("{}", moderator_view_text(narration::Narrator(narration::english_script()),
                                             *game, colour_enabled(stdout)));
    return 0;
}

}  // namespace coyel::cli
