// A message pattern from a script file, compiled once and formatted per line:
// a subset of ICU MessageFormat, so plurals and agreement live in the data.
//
//   text             literal, copied as it is
//   {name}           the argument `name` (text, or a number as the language
//                    writes it: "9,604", "9 604", "37,9")
//   {n, plural, =0 {no vote} one {# vote} other {# votes}}
//                    an exact `=N` branch first, else the plural category of
//                    n by the language's rule, else `other`; a category the
//                    rule does not produce (zero, two, few, many) is accepted
//                    but never chosen
//   {g, select, f {elle} m {il} other {iel}}
//                    the branch named by the argument's text (an integer is
//                    compared as its decimal text), else `other`
//   {name, elision, vowel {d’} other {de }}
//                    `vowel` when the argument's text starts with a vowel
//                    sound as French hears it (a vowel, accented or not, a
//                    mute h, a y before a consonant: Éléonore, Inès, Hugo,
//                    Yves, ONG), else `other` (Ben, Yann, PDG, a number); the
//                    argument itself is written where `{name}` stands, so
//                    "{n, elision, vowel {d’} other {de }}{n}" is "d’Inès" or
//                    "de Ben". Only the keys vowel and other are allowed.
//   #                inside a plural branch (also through a select nested in
//                    it, unlike ICU): the number of the innermost plural;
//                    elsewhere a literal '#'
//
// Branches nest, at most 16 deep. `other` is required in every plural and
// select. Whitespace may surround names, commas and branch keys.
// Differences from ICU, on purpose: apostrophes are ordinary characters (the
// texts use ’ and ' freely) and there is no escape for braces: a literal '{'
// or '}' cannot be written. No `offset:`, no number/date formats.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "coyel/result.hpp"

namespace coyel::narration {

// How a language picks the plural category of an integer (CLDR, integers only;
// the sign is ignored as CLDR does) and writes numbers (CLDR too).
// english: one for 1, else other; "9,604" and "37.9".
// french: one for 0 and 1, else other; "9 604" (a narrow no-break space) and "37,9".
enum class LanguageRule { english, french };

// A number with a fraction, written with `digits` digits after the language's
// decimal mark.
struct Decimal {
    double value = 0;
    int digits = 1;
};

// One argument's value: an integer, a decimal or a text. Numbers are written
// the language's way; a number in a text ("seed 1234") is the caller's.
using ArgValue = std::variant<long long, std::string, Decimal>;

// `value` as `rule`'s language writes it: thousands grouped from 1,000 on.
std::string write_number(long long value, LanguageRule rule);
std::string write_number(Decimal value, LanguageRule rule);

// True when `text` starts with a vowel sound in French, as `elision` decides:
// "Inès", "Éléonore", "Hugo", "Yves", "ONG"; not "Ben", "Yann", "PDG", "".
bool starts_with_vowel_sound(std::string_view text);

// The named arguments of one message. Setting a name twice keeps the last value.
class Args {
  public:
    Args& set(std::string_view name, std::string value);
    Args& set(std::string_view name, const char* value);  // nullptr sets ""
    Args& set(std::string_view name, long long value);
    Args& set(std::string_view name, int value);
    Args& set(std::string_view name, Decimal value);

    // The value of `name`, or nullptr when it was not set.
    const ArgValue* find(std::string_view name) const;

  private:
    Args& put(std::string_view name, ArgValue value);

    std::vector<std::pair<std::string, ArgValue>> values_;
};

class Message {
  public:
    // Compiles `pattern` (any bytes: never throws, never crashes). The error says
    // what is wrong and at which character, e.g. "unclosed { at character 7".
    static Result<Message> parse(std::string_view pattern);

    // The message with its arguments filled in. An argument missing from `args`
    // renders as "{name}" (a plural or select on it too, as a whole).
    std::string format(const Args& args, LanguageRule rule) const;

    // Every argument name the pattern uses, sorted, each once.
    std::vector<std::string> arguments() const;
    // The literal texts of the pattern, every branch's included, in order.
    std::vector<std::string> literals() const;
    // How the pattern chooses by `argument`: whether a plural does, and the
    // keys of its plural and select branches, each once ("=0", "one",
    // "nobody", "other"); an elision's branches are not choices, the text
    // decides them. For checks that render every branch of a line.
    struct Choices {
        bool plural = false;
        std::vector<std::string> keys;
    };
    Choices choices(std::string_view argument) const;

    // The compiled tree; public so message.cpp's helpers can build and walk it.
    struct Node;
    struct Branch;
    using Sequence = std::vector<Node>;

  private:
    Message() = default;

    Sequence nodes_;
};

// A piece of a compiled pattern.
struct Message::Node {
    enum class Kind { text, argument, number, plural, select, elision };
    Kind kind = Kind::text;
    std::string text;              // the literal (text) or the argument's name
    std::vector<Branch> branches;  // plural and select only
};

// One branch of a plural or select: which values choose it, and its text.
struct Message::Branch {
    enum class Category { none, zero, one, two, few, many, other };
    std::string key;     // as written: "=0", "one", "f", "other"
    bool exact = false;  // plural `=N`: matches the value `number` only
    long long number = 0;
    Category category = Category::none;  // plural keywords
    Sequence body;
};

}  // namespace coyel::narration
