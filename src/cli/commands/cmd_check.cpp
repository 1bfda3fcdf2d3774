// `coyel check FILE`: does the save load? "ok" and a summary, or the error.
#include <fmt/format.h>

#include "commands.hpp"
#include "language.hpp"
#include "narrator.hpp"
#include "store/save_file.hpp"

namespace coyel::cli {

int run_check(const std::string& path, const LanguageOptions& language) {
    const auto chosen = choose_script_or_say(language);
    if (!chosen) return 2;
    auto game = read_save_file(path);
    if (!game) {
        fmt::print(stderr, "{}\n", game.error());
        return 1;
    }
    const narration::Narrator narrator(chosen->script());
    fmt::print(
        "{}\n",
        narrator.line("check.ok",
                      narration::Args{}.set("path", path).set("summary", narrator.summary(*game))));
    return 0;
}

}  // namespace coyel::cli
