#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "coyel/rng.hpp"
#include "coyel/text.hpp"
#include "message.hpp"
#include "script.hpp"

using namespace coyel;
using namespace coyel::narration;

namespace {

// The pattern formatted, or "error: <why>" when it is refused.
std::string render(std::string_view pattern, const Args& args = {},
                   LanguageRule rule = LanguageRule::english) {
    auto message = Message::parse(pattern);
    return message ? message->format(args, rule) : "error: " + message.error();
}

std::string refusal(std::string_view pattern) {
    auto message = Message::parse(pattern);
    return message ? "accepted" : message.error();
}

std::string votes(LanguageRule rule, long long n) {
    return render("{n, plural, one {# vote} other {# votes}}", Args().set("n", n), rule);
}

// `levels` selects, each in the `other` branch of the one before.
std::string nested_selects(int levels) {
    std::string pattern;
    for (int i = 0; i < levels; ++i) pattern += "{a, select, other {";
    pattern += "deep";
    for (int i = 0; i < levels; ++i) pattern += "}}";
    return pattern;
}

}  // namespace

TEST_CASE("a message fills {name} placeholders from its arguments") {
    CHECK(render("Night falls.") == "Night falls.");
    CHECK(render("") == "");
    CHECK(render("{name} was {role}.",
                 Args().set("name", "Ana").set("role", std::string("a CEO"))) == "Ana was a CEO.");
    CHECK(render("{ name }!", Args().set("name", "Ben")) == "Ben!");
    CHECK(render("{a}{a}", Args().set("a", "x")) == "xx");
}

TEST_CASE("integer arguments print in decimal, thousands grouped") {
    CHECK(render("Night {round}", Args().set("round", 3)) == "Night 3");
    CHECK(render("{t}", Args().set("t", -2)) == "-2");
    CHECK(render("{t}", Args().set("t", 9007199254740993LL)) == "9,007,199,254,740,993");
}

TEST_CASE("setting an argument twice keeps the last value") {
    Args args;
    args.set("name", "Ana").set("name", "Ben").set("none", static_cast<const char*>(nullptr));
    CHECK(render("{name}", args) == "Ben");
    CHECK(render("[{none}]", args) == "[]");
    CHECK(args.find("missing") == nullptr);
}

TEST_CASE("English plural: one for 1, other for 0 and 2") {
    CHECK(votes(LanguageRule::english, 1) == "1 vote");
    CHECK(votes(LanguageRule::english, 0) == "0 votes");
    CHECK(votes(LanguageRule::english, 2) == "2 votes");
    CHECK(votes(LanguageRule::english, 11) == "11 votes");
    CHECK(votes(LanguageRule::english, -1) == "-1 vote");  // CLDR ignores the sign
}

TEST_CASE("French plural: one for 0 and 1, other from 2") {
    CHECK(votes(LanguageRule::french, 0) == "0 vote");
    CHECK(votes(LanguageRule::french, 1) == "1 vote");
    CHECK(votes(LanguageRule::french, 2) == "2 votes");
    CHECK(votes(LanguageRule::french, 100) == "100 votes");
}

TEST_CASE("numbers are written the language's way: thousands and the decimal mark") {
    CHECK(write_number(9604, LanguageRule::english) == "9,604");
    CHECK(write_number(9604, LanguageRule::french) == "9\u202f604");
    CHECK(write_number(1116442, LanguageRule::french) == "1\u202f116\u202f442");
    CHECK(write_number(999, LanguageRule::french) == "999");
    CHECK(write_number(-25000, LanguageRule::english) == "-25,000");
    CHECK(write_number(Decimal{37.94, 1}, LanguageRule::english) == "37.9");
    CHECK(write_number(Decimal{37.94, 1}, LanguageRule::french) == "37,9");
    CHECK(write_number(Decimal{1234.5, 2}, LanguageRule::french) == "1\u202f234,50");
    CHECK(write_number(Decimal{-0.25, 0}, LanguageRule::english) == "-0");
    CHECK(write_number(Decimal{2.5, 0}, LanguageRule::english) == "2");  // to even, as printf
    // In a message: an integer and a decimal argument, a plural on the integer.
    const std::string games = "{n, plural, one {# game} other {# games}} at {speed}/s";
    CHECK(render(games, Args().set("n", 16884).set("speed", Decimal{1.5, 1}),
                 LanguageRule::french) == "16\u202f884 games at 1,5/s");
    CHECK(render("{d, select, other {x}}", Args().set("d", Decimal{1, 0})) == "x");
}

TEST_CASE("an exact =N branch wins over the plural category") {
    const std::string pattern =
        "{n, plural, =0 {no vote} =1 {a single vote} one {# vote} other {# votes}}";
    CHECK(render(pattern, Args().set("n", 0)) == "no vote");
    CHECK(render(pattern, Args().set("n", 1), LanguageRule::french) == "a single vote");
    CHECK(render(pattern, Args().set("n", 2)) == "2 votes");
    CHECK(render("{n, plural, =-1 {minus one} other {#}}", Args().set("n", -1)) == "minus one");
}

TEST_CASE("a plural without a branch for the category takes other") {
    CHECK(render("{n, plural, =5 {five} other {# players}}", Args().set("n", 1)) == "1 players");
    CHECK(render("{n, plural, few {few} other {#}}", Args().set("n", 3)) == "3");
}

TEST_CASE("the plural's number replaces # in its branches, elsewhere # is literal") {
    CHECK(render("#1 {n, plural, one {# (#)} other {#}} #", Args().set("n", 1)) == "#1 1 (1) #");
    // Through a select nested in the plural, # is still the plural's number.
    CHECK(render("{n, plural, other {{g, select, f {# elles} other {# ils}}}}",
                 Args().set("n", 4).set("g", "f")) == "4 elles");
    // The innermost plural's number.
    CHECK(render("{a, plural, other {# {b, plural, other {#}} #}}",
                 Args().set("a", 1).set("b", 2)) == "1 2 1");
}

TEST_CASE("a plural on a text argument reads it as a number when it is one") {
    const std::string pattern = "{n, plural, =0 {none} one {# vote} other {# votes}}";
    CHECK(render(pattern, Args().set("n", "1")) == "1 vote");
    CHECK(render(pattern, Args().set("n", "0")) == "none");
    CHECK(render(pattern, Args().set("n", "many")) == "many votes");
}

TEST_CASE("select picks the branch named by the argument, else other") {
    const std::string pattern = "{g, select, f {elle} m {il} other {iel}} vote";
    CHECK(render(pattern, Args().set("g", "f")) == "elle vote");
    CHECK(render(pattern, Args().set("g", "m")) == "il vote");
    CHECK(render(pattern, Args().set("g", "x")) == "iel vote");
    CHECK(render(pattern, Args().set("g", "")) == "iel vote");
    // An integer is compared as its decimal text.
    CHECK(render("{k, select, 2 {two} other {not two}}", Args().set("k", 2)) == "two");
    CHECK(render("{k, select, 2 {two} other {not two}}", Args().set("k", 20)) == "not two");
}

TEST_CASE("branches nest: a plural inside a select inside a plural") {
    const std::string pattern =
        "{n, plural, =0 {Nobody} other {{g, select, f {{n, plural, one {# woman} other {# women}}} "
        "other {# people}}}} voted.";
    CHECK(render(pattern, Args().set("n", 0).set("g", "f")) == "Nobody voted.");
    CHECK(render(pattern, Args().set("n", 1).set("g", "f")) == "1 woman voted.");
    CHECK(render(pattern, Args().set("n", 3).set("g", "f")) == "3 women voted.");
    CHECK(render(pattern, Args().set("n", 3).set("g", "m")) == "3 people voted.");
    CHECK(render(nested_selects(16), Args().set("a", "z")) == "deep");
}

TEST_CASE("whitespace may surround names, commas and branch keys") {
    const std::string pattern = "{ n ,plural,\n  one\t{# vote}\n  other   {# votes}\n}";
    CHECK(render(pattern, Args().set("n", 1)) == "1 vote");
    CHECK(render("{g,select,f{elle}other{il}}", Args().set("g", "f")) == "elle");
}

TEST_CASE("apostrophes are ordinary characters") {
    CHECK(render("L’urne d'{name} n''est pas '{x}'", Args().set("name", "Ana").set("x", 1)) ==
          "L’urne d'Ana n''est pas '1'");
}

TEST_CASE("an absent argument renders as {name}") {
    CHECK(render("{name} was {role}.", Args().set("role", "a CEO")) == "{name} was a CEO.");
    CHECK(render("Votes: {n, plural, one {#} other {#}}.") == "Votes: {n}.");
    CHECK(render("{g, select, f {elle} other {il}}!") == "{g}!");
    CHECK(render("{n, plural, other {# {who}}}", Args().set("n", 2)) == "2 {who}");
}

TEST_CASE("malformed patterns are refused, saying what and where") {
    CHECK(refusal("Night {round") == "unclosed { at character 7");
    CHECK(refusal("L’{x") == "unclosed { at character 3");  // counted in characters
    CHECK(refusal("{n, plural, one {x} other {y}") == "unclosed { at character 1");
    CHECK(refusal("{n, plural, one {x} other {y") == "unclosed { at character 27");
    CHECK(refusal("a } b") == "unmatched } at character 3");
    CHECK(refusal("{}") == "empty placeholder {} at character 1");
    CHECK(refusal("{na-me}") == "expected , or } after the name \"na\" at character 4");
    CHECK(refusal("{é}") == "a placeholder name has only letters, digits and _ at character 2");
    CHECK(refusal("{n, plural, one {# vote}}") == "plural needs an other branch at character 1");
    CHECK(refusal("{n, plural}") == "plural needs an other branch at character 1");
    CHECK(refusal("{g, select, f {elle}}") == "select needs an other branch at character 1");
    CHECK(refusal("{n, number}") == "unknown format \"number\" at character 5");
    CHECK(refusal("{n, selectordinal, other {x}}") ==
          "unknown format \"selectordinal\" at character 5");
    CHECK(refusal("{n, }") == "expected plural, select or elision after , at character 5");
    CHECK(refusal("{n, plural other {x}}") == "expected , after plural at character 12");
    CHECK(refusal("{n, plural, on {x} other {y}}") ==
          "unknown plural category \"on\" at character 13");
    CHECK(refusal("{n, plural, =x {x} other {y}}") ==
          "bad plural key \"=x\": =N needs an integer at character 13");
    CHECK(refusal("{g, select, f {a} f {b} other {c}}") ==
          "select has two branches \"f\" at character 19");
    CHECK(refusal("{g, select, f other {c}}") == "expected { after branch \"f\" at character 15");
    CHECK(refusal("{g, select, , other {c}}") == "expected a branch key at character 13");
}

TEST_CASE("nesting deeper than 16 levels is refused, without exhausting the stack") {
    CHECK(refusal(nested_selects(16)) == "accepted");
    CHECK_THAT(refusal(nested_selects(17)),
               Catch::Matchers::StartsWith("nested deeper than 16 levels at character "));
    CHECK_THAT(refusal(nested_selects(100000)),
               Catch::Matchers::StartsWith("nested deeper than 16 levels"));
    CHECK(refusal(std::string(100000, '{')) ==
          "a placeholder name has only letters, digits and _ at character 2");
}

TEST_CASE("arguments() lists every name the pattern uses, sorted, once each") {
    auto message = Message::parse(
        "{who} {n, plural, one {{who}} other {{g, select, f {{z}} other {#}}}} {a} {who}");
    REQUIRE(message);
    CHECK(message->arguments() == std::vector<std::string>{"a", "g", "n", "who", "z"});
    CHECK(Message::parse("no argument")->arguments().empty());
}

// ---- Scripts -----------------------------------------------------------

namespace {

const char* const english_text = R"({
  "language": "en",
  "lines": {
    "vote.title": "Vote, round {round}",
    "vote.count": "{n, plural, one {# vote} other {# votes}}",
    "out": "{name} is out, and was {role}.",
    "dawn": "Everyone, open your eyes."
  }
})";

const Script& english() {
    static const Script script = [] {
        auto parsed = Script::parse(english_text, "en.json");
        REQUIRE(parsed);
        return *parsed;
    }();
    return script;
}

// A French script with `lines` (the inside of the "lines" object) checked against English.
std::string french_refusal(const std::string& lines) {
    auto parsed =
        Script::parse(R"({"language": "fr", "lines": {)" + lines + "}}", "fr.json", &english());
    return parsed ? "accepted" : parsed.error();
}

}  // namespace

TEST_CASE("a script formats its lines by its language's plural rule") {
    const Script& script = english();
    CHECK(script.language() == "en");
    CHECK(script.language_rule() == LanguageRule::english);
    CHECK(script.has("dawn"));
    CHECK_FALSE(script.has("dusk"));
    CHECK(script.keys() == std::vector<std::string>{"dawn", "out", "vote.count", "vote.title"});
    CHECK(script.fallbacks().empty());
    CHECK(script.line("dawn") == "Everyone, open your eyes.");
    CHECK(script.line("vote.count", Args().set("n", 0)) == "0 votes");
    CHECK(script.line("out", Args().set("name", "Ana").set("role", "the NGO")) ==
          "Ana is out, and was the NGO.");
}

TEST_CASE("the plural rule follows the script's language code") {
    auto rule_of = [](std::string_view language) {
        auto parsed = Script::parse(
            fmt::format(
                R"({{"language": "{}", "lines": {{"n": "{{n, plural, one {{one}} other {{other}}}}"}}}})",
                language),
            "x.json");
        REQUIRE(parsed);
        return parsed->line("n", Args().set("n", 0));
    };
    CHECK(rule_of("fr") == "one");
    CHECK(rule_of("fr-CA") == "one");
    CHECK(rule_of("FR") == "one");
    CHECK(rule_of("en") == "other");
    CHECK(rule_of("de") == "other");
    CHECK(rule_of("frp") == "other");  // Arpitan is not French
}

TEST_CASE("a translation takes the reference's line for a key it lacks") {
    auto french = Script::parse(
        R"({"language": "fr", "lines": {"vote.title": "Vote, tour {round}", "dawn": "Réveillez-vous."}})",
        "fr.json", &english());
    REQUIRE(french);
    CHECK(french->language_rule() == LanguageRule::french);
    CHECK(french->line("vote.title", Args().set("round", 2)) == "Vote, tour 2");
    CHECK(french->line("out", Args().set("name", "Ana").set("role", "x")) ==
          "Ana is out, and was x.");
    // An English line keeps the English plural rule: 0 is "other" in English.
    CHECK(french->line("vote.count", Args().set("n", 0)) == "0 votes");
    CHECK(french->keys() == english().keys());
    CHECK(french->fallbacks() == std::vector<std::string>{"out", "vote.count"});
}

TEST_CASE("a translation's unknown key is refused with a suggestion") {
    CHECK(french_refusal(R"("vote.titel": "Vote")") ==
          "fr.json: unknown key \"vote.titel\" (did you mean \"vote.title\"?)");
    CHECK(french_refusal(R"("zzz": "?")") == "fr.json: unknown key \"zzz\"");
    // Without a reference, any key is a line of the script.
    CHECK(Script::parse(R"({"language": "fr", "lines": {"zzz": "?"}})", "fr.json"));
}

TEST_CASE("a translation may use only the placeholders of the reference's line") {
    CHECK(french_refusal(R"("vote.title": "Tour {round}, {n, plural, one {#} other {#}}")") ==
          "fr.json: line \"vote.title\": unknown placeholder {n} (the line takes {round})");
    CHECK(french_refusal(R"("vote.title": "Tour {rond}")") ==
          "fr.json: line \"vote.title\": unknown placeholder {rond} (did you mean \"round\"?)");
    CHECK(french_refusal(R"("dawn": "Debout, {name}")") ==
          "fr.json: line \"dawn\": unknown placeholder {name} (the line takes none)");
    CHECK(french_refusal(R"("out": "{name}, {role}!")") == "accepted");
    CHECK(french_refusal(R"("out": "{name}")") == "accepted");  // leaving one out is allowed
}

TEST_CASE("a script file is read strictly, each error naming its place") {
    CHECK(french_refusal(R"("vote.title": 3)") == "fr.json: line \"vote.title\": must be text");
    CHECK(french_refusal(R"("vote.title": null)") == "fr.json: line \"vote.title\": must be text");
    CHECK(french_refusal(R"("vote.title": "Tour {round")") ==
          "fr.json: line \"vote.title\": unclosed { at character 6");
    CHECK(french_refusal(R"("dawn": "a", "dawn": "b")") ==
          "fr.json: the key \"dawn\" appears twice in one object");
    auto refused = [](std::string_view text) {
        auto parsed = Script::parse(text, "fr.json");
        return parsed ? "accepted" : parsed.error();
    };
    CHECK_THAT(refused(R"({"language": "fr", "lines": {)"),
               Catch::Matchers::StartsWith("fr.json: not valid JSON: parse error at line 1"));
    CHECK_THAT(refused("{\"language\": \"fr\",\n \"lines\": {\"a\": \"b\"} x}"),
               Catch::Matchers::StartsWith("fr.json: not valid JSON: parse error at line 2"));
    CHECK(refused("") != "accepted");
    CHECK(refused("[1]") == "fr.json: a script is a JSON object with \"language\" and \"lines\"");
    CHECK(refused(R"({"language": "fr", "line": {}})") ==
          "fr.json: unknown top-level key \"line\" (did you mean \"lines\"?)");
    CHECK(refused(R"({"lines": {}})") == "fr.json: \"language\" is missing: a code such as \"en\"");
    CHECK(refused(R"({"language": "English", "lines": {}})") ==
          "fr.json: \"language\" must be a code such as \"en\" or \"fr\", not \"English\"");
    CHECK(refused(R"({"language": 1, "lines": {}})") ==
          "fr.json: \"language\" must be a code such as \"en\" or \"fr\"");
    CHECK(refused(R"({"language": "fr"})") == "fr.json: \"lines\" is missing");
    CHECK(refused(R"({"language": "fr", "lines": []})") ==
          "fr.json: \"lines\" must be an object of texts");
    CHECK(refused(R"({"language": "fr", "lines": {}})") == "accepted");
}

#ifdef NDEBUG
TEST_CASE("a line the script lacks renders as its key in brackets in a release build") {
    CHECK(english().line("dusk") == "[dusk]");
}
#endif

// ---- Fuzzing ---------------------------------------------------------------

namespace {

const std::vector<std::string> fuzz_tokens = {"{",
                                              "}",
                                              "{n}",
                                              "{g}",
                                              "{n, plural, ",
                                              "{g, select, ",
                                              "one {",
                                              "other {",
                                              "=0 {",
                                              "f {",
                                              "#",
                                              " ",
                                              ",",
                                              "text",
                                              "’",
                                              "'",
                                              "\n",
                                              "\xff",
                                              "plural",
                                              "select",
                                              "number",
                                              "=",
                                              "x",
                                              "}}",
                                              "{n, plural, one {#} other {#}}",
                                              "{g, select, f {a} other {b}}",
                                              "few {",
                                              "=-9223372036854775809 {"};

const std::vector<std::string> fuzz_seeds = {
    "{n, plural, =0 {Nobody} other {{g, select, f {{n, plural, one {# woman} other {# women}}} "
    "other {# people}}}} voted.",
    "L’urne d'{name} n'a {n, plural, one {qu'un vote} other {que # votes}}.",
    "{g,select,f{elle}other{il}} {x}",
};

std::string random_pattern(SplitMix64& rng) {
    std::string pattern;
    if (rng.below(2) == 0) {
        for (auto count = rng.below(30); count > 0; --count)
            pattern += fuzz_tokens[rng.below(fuzz_tokens.size())];
        return pattern;
    }
    pattern = fuzz_seeds[rng.below(fuzz_seeds.size())];
    for (auto edits = 1 + rng.below(4); edits > 0; --edits) {
        const std::size_t at = rng.below(pattern.size() + 1);
        switch (rng.below(3)) {
            case 0:
                if (at < pattern.size()) pattern.erase(at, 1 + rng.below(3));
                break;
            case 1: pattern.insert(at, 1, "{},# =\x00\xc3x"[rng.below(9)]); break;
            default: pattern.insert(at, fuzz_tokens[rng.below(fuzz_tokens.size())]);
        }
    }
    return pattern;
}

Args random_args(SplitMix64& rng) {
    Args args;
    for (const char* name : {"n", "g", "x", "name"}) {
        switch (rng.below(4)) {
            case 0: break;  // absent
            case 1: args.set(name, static_cast<long long>(rng.below(7)) - 3); break;
            case 2: args.set(name, static_cast<long long>(rng.next())); break;
            default:
                args.set(name, std::vector<std::string>{"f", "m", "2", "", "\xff"}[rng.below(5)]);
        }
    }
    return args;
}

}  // namespace

TEST_CASE("20,000 random and mutated patterns are compiled or refused, never crash") {
    SplitMix64 rng(20240611);
    int accepted = 0;
    for (int i = 0; i < 20000; ++i) {
        const std::string pattern = random_pattern(rng);
        auto message = Message::parse(pattern);
        if (!message) {
            INFO(pattern);
            REQUIRE_FALSE(message.error().empty());
            REQUIRE(is_printable_utf8(message.error()));  // one line, whatever the input
            REQUIRE(message.error().find(" at character ") != std::string::npos);
            continue;
        }
        ++accepted;
        auto names = message->arguments();
        REQUIRE(std::is_sorted(names.begin(), names.end()));
        REQUIRE(std::adjacent_find(names.begin(), names.end()) == names.end());
        const Args args = random_args(rng);
        message->format(args, LanguageRule::english);
        message->format(args, LanguageRule::french);
    }
    CHECK(accepted > 1000);  // the generator reaches past the first error
    CHECK(accepted < 19000);
}

TEST_CASE("mutated script files are loaded or refused with a one-line error") {
    SplitMix64 rng(7);
    const std::string original = english_text;
    for (int i = 0; i < 2000; ++i) {
        std::string text = original;
        for (auto edits = 1 + rng.below(3); edits > 0; --edits) {
            const std::size_t at = rng.below(text.size());
            if (rng.below(2) == 0)
                text.erase(at, 1);
            else
                text.insert(at, 1, "{}[]\",:#\n\\\xff"[rng.below(11)]);
        }
        auto parsed = Script::parse(text, "en.json", &english());
        if (parsed) {
            for (const std::string& key : parsed->keys()) parsed->line(key, random_args(rng));
        } else {
            INFO(text);
            REQUIRE(is_printable_utf8(parsed.error()));
        }
    }
}

TEST_CASE("elision: d’ before a vowel sound, de before the rest") {
    const std::string pattern = "le vote {v, elision, vowel {d’} other {de }}{v}";
    CHECK(render(pattern, Args().set("v", "Ben")) == "le vote de Ben");
    CHECK(render(pattern, Args().set("v", "Inès")) == "le vote d’Inès");
    CHECK(render(pattern, Args().set("v", "Éléonore")) == "le vote d’Éléonore");
    CHECK(render(pattern, Args().set("v", "amélie")) == "le vote d’amélie");
    CHECK(render(pattern, Args().set("v", "Œdipe")) == "le vote d’Œdipe");
    CHECK(render(pattern, Args().set("v", "Hugo")) == "le vote d’Hugo");   // a mute h
    CHECK(render(pattern, Args().set("v", "Yves")) == "le vote d’Yves");   // y, then a consonant
    CHECK(render(pattern, Args().set("v", "Yann")) == "le vote de Yann");  // y, then a vowel
    CHECK(render(pattern, Args().set("v", "")) == "le vote de ");
    CHECK(render(pattern, Args().set("v", 8)) == "le vote de 8");
    CHECK(render("{c, elision, vowel {l’} other {le }}{c}", Args().set("c", "ONG")) == "l’ONG");
    CHECK(render("{c, elision, vowel {l’} other {le }}{c}", Args().set("c", "PDG")) == "le PDG");
    // Only `vowel` and `other`, and `other` is required.
    CHECK(refusal("{v, elision, consonant {de } other {}}") ==
          "elision has only the branches vowel and other, not \"consonant\" at character 14");
    CHECK(refusal("{v, elision, vowel {d’}}") == "elision needs an other branch at character 1");
}

TEST_CASE("French says one below 2 for a fraction, English other, and French writes a real minus") {
    const std::string minutes = "{m, plural, one {# minute} other {# minutes}}";
    CHECK(render(minutes, Args().set("m", Decimal{1.6, 1}), LanguageRule::french) == "1,6 minute");
    CHECK(render(minutes, Args().set("m", "1,6"), LanguageRule::french) == "1,6 minute");
    CHECK(render(minutes, Args().set("m", "2,5"), LanguageRule::french) == "2,5 minutes");
    CHECK(render(minutes, Args().set("m", "1.6"), LanguageRule::english) == "1.6 minutes");
    CHECK(render(minutes, Args().set("m", Decimal{1.0, 1})) == "1.0 minutes");
    CHECK(write_number(-2, LanguageRule::french) == "\u22122");
    CHECK(write_number(Decimal{-1.5, 1}, LanguageRule::french) == "\u22121,5");
    CHECK(write_number(-2, LanguageRule::english) == "-2");
}
