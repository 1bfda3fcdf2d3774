// A script: every sentence the moderator reads or is told, in one language,
// from a JSON file {"language": "en", "lines": {"key": "pattern", ...}}.
// Patterns use the message syntax of message.hpp and are compiled at load.
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "coyel/result.hpp"
#include "message.hpp"

namespace coyel::narration {

class Script {
  public:
    // Parses a script's text; `label` names it in errors, e.g.
    //   en.json: line "call.vote.title": unclosed { at character 7
    // Strict: the JSON is an object with a "language" code ("en", "fr", "fr-CA")
    // and "lines", an object of texts; no other key, no key twice, every pattern
    // well formed. With `reference` (the built-in English script) every key must
    // be one of the reference's and every placeholder one its line uses. A key
    // missing here takes the line of `fallback` (default: the reference),
    // formatted by the plural rule of the language it is written in. Without a
    // reference the script is a reference itself.
    static Result<Script> parse(std::string_view text, std::string_view label,
                                const Script* reference = nullptr,
                                const Script* fallback = nullptr);

    // Every problem of a script's text against the reference, one per string,
    // "LABEL: KEY: problem" ("LABEL: problem" when the file as a whole is
    // wrong); empty when there is none. Stricter than parse, for authors: a
    // key the script lacks is a problem, and so is a placeholder the
    // reference's line uses and the script's line leaves out.
    static std::vector<std::string> check(std::string_view text, std::string_view label,
                                          const Script& reference);

    const std::string& language() const { return language_; }
    // french for "fr" and "fr-…", english for any other language.
    LanguageRule language_rule() const { return language_rule_; }

    bool has(std::string_view key) const;

    // The line `key` formatted. Precondition: has(key); a missing key is a
    // programming error (asserts in debug builds, renders "[key]" otherwise).
    std::string line(std::string_view key, const Args& args = {}) const;

    // The literal texts of the line `key`'s pattern (precondition: has(key)).
    std::vector<std::string> literals(std::string_view key) const;
    // The line `key`'s compiled pattern, or nullptr when there is none, for
    // checks that ask which arguments it takes and how it chooses by them.
    const Message* message(std::string_view key) const;

    // Every key, sorted, fallbacks included (for `script show`, checks, tests).
    std::vector<std::string> keys() const;
    // The keys this script lacks and takes from its reference, sorted.
    std::vector<std::string> fallbacks() const;

  private:
    struct Line {
        Message message;
        LanguageRule rule;  // the rule of the language the line is written in
        bool fallback;      // taken from the reference
    };

    Script() = default;
    // Compiles and checks the "lines" object into lines_; the first error, if any.
    Refusal read_lines(const nlohmann::json& lines, std::string_view label,
                       const Script* reference);
    // One line compiled and checked against the reference; the error is the
    // problem alone, without label or key.
    static Result<Message> read_line(const std::string& key, const nlohmann::json& value,
                                     const Script* reference);

    std::string language_;
    LanguageRule language_rule_ = LanguageRule::english;
    std::map<std::string, Line, std::less<>> lines_;
};

}  // namespace coyel::narration
