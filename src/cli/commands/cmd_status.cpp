// `coyel status FILE [--json]`: the derived state of a save; never writes.
#include <fmt/format.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "coyel/status.hpp"
#include "language.hpp"
#include "store/save_file.hpp"
#include "terminal/terminal.hpp"
#include "terminal/views.hpp"

namespace coyel::cli {

int run_status(const std::string& path, bool as_json, const LanguageOptions& language) {
    const auto chosen = choose_script_or_say(language);
    if (!chosen) return 2;
    auto game = read_save_file(path);
    if (!game) {
        fmt::print(stderr, "{}\n", game.error());
        return 1;
    }
    if (as_json)
        fmt::print("{}\n", status_json(*game).dump(2));
    else
        fmt::print("{}", status_text(narration::Narrator(chosen->script()), *game,
                                     colour_enabled(stdout)));
    return 0;
}

}  // namespace coyel::cli
