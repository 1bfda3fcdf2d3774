// The languages coyel speaks: the built-in scripts (English, the reference,
// and French), and a group's own script file on top of them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "coyel/result.hpp"
#include "script.hpp"

namespace coyel::narration {

// The built-in English script: the reference every other script is checked
// against, and the last fallback of every line.
const Script& english_script();

// The built-in script for a language code, matched on its first part ("fr",
// "fr-CA" and "FR" give French); nullptr when coyel has none.
const Script* builtin_script(std::string_view code);

// The codes of the built-in scripts, in order: "en", "fr".
std::vector<std::string> builtin_languages();

// A built-in script's file as shipped (data/script/CODE.json), for `coyel
// script show`; empty when there is none.
std::string_view builtin_script_text(std::string_view code);

// A script file of the group's own, e.g. a themed variant or another
// language. Checked against English; a line it lacks comes from the built-in
// script of its language when there is one, else from English.
Result<Script> load_script(std::string_view text, std::string_view label);

}  // namespace coyel::narration
