#include "languages.hpp"

#include <cassert>

#include "coyel/text.hpp"
#include "embedded_scripts.hpp"

namespace coyel::narration {
namespace {

struct Builtin {
    std::string_view code;
    std::string_view label;
    const std::string_view& text;
};

const Builtin builtins[] = {
    {"en", "data/script/en.json", embedded::script_en_json},
    {"fr", "data/script/fr.json", embedded::script_fr_json},
};

const Builtin* find_builtin(std::string_view code) {
    const std::string_view language = code.substr(0, code.find('-'));
    for (const Builtin& builtin : builtins)
        if (iequals(builtin.code, language)) return &builtin;
    return nullptr;
}

Script parse_builtin(const Builtin& builtin, const Script* reference) {
    auto parsed = Script::parse(builtin.text, builtin.label, reference);
    assert(parsed.ok());  // a test loads each; a broken build fails there
    return std::move(*parsed);
}

}  // namespace

const Script& english_script() {
    static const Script script = parse_builtin(builtins[0], nullptr);
    return script;
}

const Script* builtin_script(std::string_view code) {
    static const Script french = parse_builtin(builtins[1], &english_script());
    const Builtin* builtin = find_builtin(code);
    if (!builtin) return nullptr;
    return builtin == &builtins[0] ? &english_script() : &french;
}

std::vector<std::string> builtin_languages() {
    std::vector<std::string> codes;
    for (const Builtin& builtin : builtins) codes.emplace_back(builtin.code);
    return codes;
}

std::string_view builtin_script_text(std::string_view code) {
    const Builtin* builtin = find_builtin(code);
    return builtin ? builtin->text : std::string_view{};
}

Result<Script> load_script(std::string_view text, std::string_view label) {
    auto script = Script::parse(text, label, &english_script());
    if (!script) return script;
    const Script* own_language = builtin_script(script->language());
    if (!own_language || own_language == &english_script()) return script;
    return Script::parse(text, label, &english_script(), own_language);
}

}  // namespace coyel::narration
