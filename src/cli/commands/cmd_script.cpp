// `coyel script check FILE...` and `coyel script show LANG`: writing a
// narration of one's own, from a built-in script and checked against English.
#include <fmt/format.h>

#include "commands.hpp"
#include "coyel/text.hpp"
#include "languages.hpp"
#include "store/save_file.hpp"

namespace coyel::cli {
namespace {

// Prints each problem of one file; true when it has none.
bool check_one(const std::string& path) {
    auto text = read_text_file(path, "script");
    if (!text) {
        fmt::print("{}\n", text.error());
        return false;
    }
    const auto problems = narration::Script::check(*text, path, narration::english_script());
    for (const auto& problem : problems) fmt::print("{}\n", problem);
    if (!problems.empty()) return false;
    const auto script = narration::Script::parse(*text, path, &narration::english_script());
    fmt::print("{}: ok: {} lines in {}\n", path, script->keys().size(), script->language());
    return true;
}

}  // namespace

int run_script(const ScriptOptions& given) {
    if (!given.show.empty()) {
        const std::string_view text = narration::builtin_script_text(given.show);
        if (text.empty()) {
            fmt::print(stderr, "no built-in script for {}: coyel has {}\n",
                       printable_excerpt(given.show), join(narration::builtin_languages(), ", "));
            return 2;
        }
        fmt::print("{}", text);
        return 0;
    }
    bool all_good = true;
    for (const auto& path : given.check) all_good = check_one(path) && all_good;
    return all_good ? 0 : 1;
}

}  // namespace coyel::cli
