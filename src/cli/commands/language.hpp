// Which script narrates: `--script FILE`, else `--lang`, else COYEL_LANG,
// else the locale (LC_ALL, LC_MESSAGES, LANG), else English.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "commands.hpp"
#include "coyel/result.hpp"
#include "script.hpp"

namespace coyel::cli {

class ChosenScript {
  public:
    // The script these options and the environment choose. Refused: an
    // unknown --lang, a script file that cannot be read or is not a script.
    // An unknown COYEL_LANG is told on standard error and English is used;
    // an unknown locale is English without a word.
    static Result<ChosenScript> choose(const LanguageOptions& given);
    // As choose, but a game told in a language coyel speaks (`game_language`,
    // from its save) is shown in it unless --lang or --script says otherwise.
    static Result<ChosenScript> choose(const LanguageOptions& given,
                                       const std::string& game_language);

    const narration::Script& script() const { return *script_; }

  private:
    explicit ChosenScript(const narration::Script* builtin) : script_(builtin) {}
    explicit ChosenScript(narration::Script own);

    std::shared_ptr<const narration::Script> own_;
    const narration::Script* script_;
};

// The chosen script, or nullopt after saying why not on standard error (the
// command then exits with 2).
std::optional<ChosenScript> choose_script_or_say(const LanguageOptions& given,
                                                 const std::string& game_language = "");

// The language code a locale names: "fr" for "fr_FR.UTF-8", nullopt for "C",
// "POSIX" or an empty value.
std::optional<std::string> locale_language(const std::string& locale);

// A built-in script by its code or a locale's name ("fr", "fr-FR",
// "fr_FR.UTF-8"), or nullptr.
const narration::Script* builtin_named(const std::string& wanted);

// The built-in script `lang` names, else the environment's (COYEL_LANG, else
// the locale), else English, without a word on standard error: --help's.
const narration::Script& builtin_script_quietly(const std::string& lang);

}  // namespace coyel::cli
