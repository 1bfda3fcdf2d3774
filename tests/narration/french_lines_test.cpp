// Every French line, every branch of it, filled with names that begin with a
// vowel, an h and a consonant: « d’Éléonore », never « de Éléonore »; « de
// Bastien », never « d’Bastien »; and French typography around the names.
//
// Every text placeholder is filled with the name, since almost any may hold
// one or start with one (a list of names, a tally, a typed word); those that
// never hold a name (a path, a date, a number written in a text) are listed
// below with the reason, and the list is held to the script.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "embedded_scripts.hpp"
#include "languages.hpp"

using namespace coyel::narration;

namespace elision_check {

// An h is mute in the names people carry (d’Hélène, d’Hugo, d’Henri): the
// aspirated h of a few words (le héros, la Hollande) is not a given name's.
// docs/scripts.md says so.
const std::vector<std::string> vowel_names = {"Éléonore", "Inès",   "Ulysse", "Yves",
                                              "Océane",   "Hélène", "Hugo",   "Ambre"};
const std::vector<std::string> consonant_names = {"Bastien", "Yann", "Zoé"};

// (key, placeholder): never a name, so « de {low} à {high} » stays as it is.
const std::set<std::pair<std::string, std::string>> never_a_name = {
    {"balance.interval", "low"},                       // a percentage
    {"balance.interval", "high"},                      // a percentage
    {"balance.advise_check", "nearer"},                // signed points
    {"balance.calibrated_skill_undetermined", "low"},  // a skill
    {"new.deck_estimate", "percent_low"},              // a percentage
    {"new.fair_warning", "percent_low"},               // a percentage
    {"new.fair_warning", "low_band"},                  // a percentage
    {"new.fair_warning_deck", "percent_low"},          // a percentage
    {"new.fair_warning_deck", "low_band"},             // a percentage
    {"new.fair_warning_deck", "fair_low"},             // a percentage
    {"new.fair_warning_minutes", "percent_low"},       // a percentage
    {"new.fair_warning_minutes", "low_band"},          // a percentage
    {"new.fair_warning_minutes", "fair_low"},          // a percentage
    {"balance.replay_played_day", "first"},            // a time of day
    {"balance.replay_played_day", "last"},             // a time of day
    {"balance.replay_played_day", "date"},             // a date
    {"html.played_on", "date"},                        // a date
    {"balance.refusal.players_required", "low"},       // a number
    {"balance.refusal.players_required", "high"},      // a number
    {"balance.refusal.players_range", "low"},          // a number
    {"balance.refusal.players_range", "high"},         // a number
    {"balance.refusal.range", "low"},                  // a number
    {"balance.refusal.range", "high"},                 // a number
    {"balance.refusal.lengths", "low"},                // a number
    {"balance.refusal.lengths", "high"},               // a number
    {"event.dawn", "amount"},                          // degrees
    {"games.moved", "path"},                           // a file
    {"games.resuming", "file"},                        // a file
    {"refusal.option_range", "low"},                   // a number
    {"refusal.option_range", "high"},                  // a number
    {"refusal.setup_player_count", "least"},           // a number
    {"refusal.setup_player_count", "most"},            // a number
};

// The values each placeholder of a line takes: the plurals' numbers, the
// selects' keys, and `name` wherever a text may stand.
std::vector<std::vector<ArgValue>> values_of(const std::string& key, const Message& message,
                                             const std::string& name) {
    std::vector<std::vector<ArgValue>> all;
    for (const auto& argument : message.arguments()) {
        const Message::Choices choices = message.choices(argument);
        std::vector<ArgValue> values;
        if (choices.plural) {
            values = {0LL, 1LL, 2LL};
            for (const auto& choice : choices.keys)
                if (choice.starts_with("=")) values.push_back(std::stoll(choice.substr(1)));
        } else {
            for (const auto& choice : choices.keys)
                if (choice != "other") values.push_back(choice);
            values.push_back(never_a_name.count({key, argument}) ? std::string{"7"} : name);
        }
        all.push_back(std::move(values));
    }
    return all;
}

// Every combination of the values (the lines have few choices: at most a few
// hundred each), rendered.
std::vector<std::string> renderings(const Script& script, const std::string& key,
                                    const std::string& name) {
    const Message& message = *script.message(key);
    const auto arguments = message.arguments();
    const auto values = values_of(key, message, name);
    std::vector<std::string> out;
    std::vector<std::size_t> at(values.size(), 0);
    for (;;) {
        Args args;
        for (std::size_t i = 0; i < values.size(); ++i) {
            const ArgValue& value = values[i][at[i]];
            if (const auto* text = std::get_if<std::string>(&value))
                args.set(arguments[i], *text);
            else
                args.set(arguments[i], std::get<long long>(value));
        }
        out.push_back(script.line(key, args));
        std::size_t i = 0;
        while (i < at.size() && ++at[i] == values[i].size()) at[i++] = 0;
        if (i == at.size()) return out;
    }
}

bool is_letter_byte(char c) {
    const auto byte = static_cast<unsigned char>(c);
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || byte >= 0x80;
}

// A word of `text` (case aside), then a space, then `name`: « de Éléonore ».
std::string unelided(const std::string& text, const std::string& name) {
    static const std::vector<std::string> elided_before_a_vowel = {
        "de", "que", "le", "la", "je", "me", "te", "se", "ne", "jusque", "lorsque", "puisque"};
    for (const auto& word : elided_before_a_vowel)
        for (const std::string& spelt : {word, char(word[0] - 'a' + 'A') + word.substr(1)}) {
            const std::string wrong = spelt + " " + name;
            for (auto at = text.find(wrong); at != std::string::npos; at = text.find(wrong, at + 1))
                if (at == 0 || !is_letter_byte(text[at - 1])) return wrong;
        }
    return "";
}

// « d’Bastien »: an apostrophe right before a consonant's name.
std::string wrongly_elided(const std::string& text, const std::string& name) {
    for (const std::string mark : {"’", "'"})
        if (text.find(mark + name) != std::string::npos) return mark + name;
    return "";
}

// The typography of French around a name: ’ and « », never ' and ", and a
// narrow no-break space before : ; ! ? (but in a clock's 6:50, an address's
// ://, and the command `quitter!`).
std::string typography_problem(const std::string& text) {
    if (text.find('\'') != std::string::npos) return "a straight apostrophe";
    if (text.find('"') != std::string::npos) return "a straight quotation mark";
    const std::string narrow = "\u202f";
    for (std::size_t at = 0; at < text.size(); ++at) {
        const char c = text[at];
        if (c != ':' && c != ';' && c != '!' && c != '?') continue;
        const std::string before = text.substr(0, at);
        if (before.ends_with(narrow)) continue;
        if (c == ':' &&
            (text.compare(at, 3, "://") == 0 ||
             (!before.empty() && std::isdigit(static_cast<unsigned char>(before.back())))))
            continue;
        if (c == '!' && before.ends_with("quitter")) continue;
        return std::string{"no narrow no-break space before "} + c;
    }
    return "";
}

// Lines that are not French prose: the man page's roff, the command line's
// usage formats, the words typed.
bool is_prose(const std::string& key) {
    return !key.starts_with("help.man.") && !key.starts_with("answer.") &&
           !key.starts_with("repl.word.") && !key.starts_with("option.key.") &&
           !key.starts_with("option.value.") && key != "help.script.check";
}

TEST_CASE("every French line elides before a name with a vowel or a mute h, and only then") {
    const Script& french = *builtin_script("fr");
    std::size_t checked = 0;
    for (const auto& key : french.keys()) {
        INFO(key);
        for (const auto& name : vowel_names)
            for (const auto& text : renderings(french, key, name)) {
                INFO(text);
                CHECK(unelided(text, name) == "");
                ++checked;
            }
        for (const auto& name : consonant_names)
            for (const auto& text : renderings(french, key, name)) {
                INFO(text);
                CHECK(wrongly_elided(text, name) == "");
            }
    }
    CHECK(checked > 10 * french.keys().size());
}

TEST_CASE("every French line keeps French typography with the names filled in") {
    const Script& french = *builtin_script("fr");
    for (const auto& key : french.keys()) {
        if (!is_prose(key)) continue;
        INFO(key);
        for (const auto& text : renderings(french, key, "Éléonore")) {
            INFO(text);
            CHECK(typography_problem(text) == "");
        }
    }
}

TEST_CASE("the lines that never take a name are lines of the script, and those placeholders") {
    const Script& french = *builtin_script("fr");
    for (const auto& [key, placeholder] : never_a_name) {
        INFO(key << " {" << placeholder << "}");
        REQUIRE(french.message(key));
        const auto arguments = french.message(key)->arguments();
        CHECK(std::find(arguments.begin(), arguments.end(), placeholder) != arguments.end());
    }
}

TEST_CASE("the checks find what they look for") {
    CHECK(unelided("Au tour de Éléonore de voter.", "Éléonore") == "de Éléonore");
    CHECK(unelided("De Inès.", "Inès") == "De Inès");
    CHECK(unelided("Au tour d’Éléonore de voter.", "Éléonore") == "");
    CHECK(unelided("monde Éléonore", "Éléonore") == "");
    CHECK(wrongly_elided("le vote d’Bastien", "Bastien") == "’Bastien");
    CHECK(wrongly_elided("le vote de Bastien", "Bastien") == "");
    CHECK(typography_problem("Éléonore: PDG") == "no narrow no-break space before :");
    CHECK(typography_problem("(reçu \"peut-être\")") == "a straight quotation mark");
    CHECK(typography_problem("6:50, quitter!, http://x") == "");
}

}  // namespace elision_check
