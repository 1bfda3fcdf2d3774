#include "language.hpp"

#include <fmt/format.h>

#include <cstdlib>

#include "coyel/text.hpp"
#include "languages.hpp"
#include "store/save_file.hpp"

namespace coyel::cli {
namespace {

std::string known_languages() { return join(narration::builtin_languages(), ", "); }

std::string environment(const char* name) {
    const char* value = std::getenv(name);
    return value ? value : "";
}

// The locale's language for messages, as POSIX orders the variables.
std::optional<std::string> language_from_locale() {
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
        const std::string value = environment(name);
        if (!value.empty()) return locale_language(value);
    }
    return std::nullopt;
}

const narration::Script& builtin_from_environment() {
    const std::string wanted = environment("COYEL_LANG");
    if (!wanted.empty()) {
        if (const auto* script = builtin_named(wanted)) return *script;
        fmt::print(stderr, "coyel: COYEL_LANG={}: no such language (coyel speaks {}): English\n",
                   printable_excerpt(wanted), known_languages());
        return narration::english_script();
    }
    if (auto code = language_from_locale())
        if (const auto* script = narration::builtin_script(*code)) return *script;
    return narration::english_script();
}

}  // namespace

const narration::Script* builtin_named(const std::string& wanted) {
    if (const auto* script = narration::builtin_script(wanted)) return script;
    const auto language = locale_language(wanted);
    return language ? narration::builtin_script(*language) : nullptr;
}

const narration::Script& builtin_script_quietly(const std::string& lang) {
    for (const std::string& wanted : {lang, environment("COYEL_LANG")})
        if (!wanted.empty()) {
            const auto* script = builtin_named(wanted);
            return script ? *script : narration::english_script();
        }
    if (auto code = language_from_locale())
        if (const auto* script = narration::builtin_script(*code)) return *script;
    return narration::english_script();
}

std::optional<std::string> locale_language(const std::string& locale) {
    const std::string language = locale.substr(0, locale.find_first_of("_.@"));
    if (language.empty() || language == "C" || language == "POSIX") return std::nullopt;
    return to_lower(language);
}

ChosenScript::ChosenScript(narration::Script own)
    : own_(std::make_shared<const narration::Script>(std::move(own))), script_(own_.get()) {}

Result<ChosenScript> ChosenScript::choose(const LanguageOptions& given) {
    if (!given.script.empty()) {
        auto text = read_text_file(given.script, "script");
        if (!text) return text.failure();
        auto own = narration::load_script(*text, given.script);
        if (!own) return own.failure();
        return ChosenScript(std::move(*own));
    }
    if (!given.lang.empty()) {
        const auto* script = builtin_named(given.lang);
        if (!script)
            return Error{fmt::format(
                "--lang {}: coyel speaks {}; --script FILE narrates in a language of your own",
                printable_excerpt(given.lang), known_languages())};
        return ChosenScript(script);
    }
    return ChosenScript(&builtin_from_environment());
}

Result<ChosenScript> ChosenScript::choose(const LanguageOptions& given,
                                          const std::string& game_language) {
    if (given.script.empty() && given.lang.empty() && !game_language.empty())
        if (const auto* script = narration::builtin_script(game_language))
            return ChosenScript(script);
    return choose(given);
}

std::optional<ChosenScript> choose_script_or_say(const LanguageOptions& given,
                                                 const std::string& game_language) {
    auto chosen = ChosenScript::choose(given, game_language);
    if (chosen) return std::move(*chosen);
    fmt::print(stderr, "{}\n", chosen.error());
    return std::nullopt;
}

}  // namespace coyel::cli
