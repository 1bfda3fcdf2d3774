// The built-in scripts, a group's own script on top of them, and the checks
// a script author runs.
#include <catch2/catch.hpp>

#include "embedded_scripts.hpp"
#include "languages.hpp"

using namespace coyel::narration;

namespace {

Args round(int number) { return Args{}.set("round", number); }

}  // namespace

TEST_CASE("each built-in script checks clean against English and has every line") {
    for (const auto& code : builtin_languages()) {
        INFO(code);
        CHECK(Script::check(builtin_script_text(code), code, english_script()).empty());
        const Script* script = builtin_script(code);
        REQUIRE(script);
        CHECK(script->fallbacks().empty());
        CHECK(script->keys() == english_script().keys());
    }
}

TEST_CASE("a built-in script is found by its language, whatever the region or case") {
    CHECK(builtin_script("fr") == builtin_script("fr-CA"));
    CHECK(builtin_script("FR") == builtin_script("fr"));
    CHECK(builtin_script("fr") != &english_script());
    CHECK(builtin_script("en-GB") == &english_script());
    CHECK(builtin_script("de") == nullptr);
    CHECK(builtin_script_text("de").empty());
}

TEST_CASE("French plurals: zero and one are singular") {
    const Script& french = *builtin_script("fr");
    Args shown;
    shown.set("count", 8).set("seat", 1);
    CHECK(french.line("new.walk_resume", Args(shown).set("shown", 0))
              .starts_with("0 carte vue sur 8"));
    CHECK(french.line("new.walk_resume", Args(shown).set("shown", 1))
              .starts_with("1 carte vue sur 8"));
    CHECK(french.line("new.walk_resume", Args(shown).set("shown", 2))
              .starts_with("2 cartes vues sur 8"));
    CHECK(english_script()
              .line("new.walk_resume", Args(shown).set("shown", 0))
              .starts_with("0 of 8 cards"));
    CHECK(french.line("night.falls", round(1)).starts_with("La première nuit"));
    CHECK(french.line("night.falls", round(3)).starts_with("La troisième nuit"));
}

TEST_CASE(
    "French typography: a narrow no-break space before the colon, the semicolon, ! ? and °C, "
    "inside « »") {
    const Script& french = *builtin_script("fr");
    const std::string narrow = "\u202f";
    CHECK(french.line("words.degrees", Args{}.set("temperature", "+2")) == "+2" + narrow + "°C");
    CHECK(french.line("view.next", Args{}.set("what", "le vote")) ==
          "Ensuite" + narrow + ": le vote.");
    CHECK(french.line("words.quoted", Args{}.set("text", "x")) ==
          "«" + narrow + "x" + narrow + "»");
    for (const auto& key : french.keys())
        for (const auto& text : french.literals(key)) {
            INFO(key << ": " << text);
            for (const char* mark : {" :", " ;", " !", " ?", "« ", " »", " °C"})
                CHECK(text.find(mark) == std::string::npos);
        }
}

TEST_CASE("a script of one's own falls back key by key: its language's built-in, else English") {
    auto french_variant = load_script(
        R"({"language": "fr-BE", "lines": {"phase.night": "Soirée {round}"}})", "belge.json");
    REQUIRE(french_variant);
    CHECK(french_variant->line("phase.night", round(2)) == "Soirée 2");
    CHECK(french_variant->line("phase.day", round(2)) == "Jour 2");
    // The French line keeps the French plural rule.
    CHECK(french_variant->line("stats.length", Args{}.set("rounds", 0).set("clock", "1:00"))
              .starts_with("Durée\u202f: 0 manche,"));

    auto german =
        load_script(R"({"language": "de", "lines": {"phase.night": "Nacht {round}"}})", "de.json");
    REQUIRE(german);
    CHECK(german->line("phase.night", round(2)) == "Nacht 2");
    CHECK(german->line("phase.day", round(2)) == "Day 2");
    CHECK(german->fallbacks().size() == english_script().keys().size() - 1);
}

TEST_CASE("a script of one's own is refused at load with the first problem") {
    CHECK(load_script(R"({"language": "fr", "lines": {"phase.night": "Nuit {tour}"}})", "x.json")
              .error() ==
          "x.json: line \"phase.night\": unknown placeholder {tour} (the line "
          "takes {round})");
    CHECK(load_script("{", "x.json").error().starts_with("x.json: not valid JSON"));
}

TEST_CASE("script check names every problem as FILE: key: problem") {
    const std::string broken = R"({"language": "fr", "lines": {
        "phase.night": "Nuit {tour}",
        "phase.day": "Jour",
        "stats.length": "{rounds, plural, one {# manche} autre {# manches}}, {clock}",
        "call.vote.titel": "le vote"
    }})";
    const auto problems = Script::check(broken, "fr.json", english_script());
    const std::size_t missing_keys = english_script().keys().size() - 3;
    REQUIRE(problems.size() == 4 + missing_keys);
    // In key order, then the keys missing.
    CHECK(problems[0] ==
          "fr.json: call.vote.titel: unknown key (did you mean \"call.vote.title\"?)");
    CHECK(problems[1] == "fr.json: phase.day: the placeholder {round} is missing");
    CHECK(problems[2] ==
          "fr.json: phase.night: unknown placeholder {tour} (the line takes {round})");
    CHECK(problems[3] ==
          "fr.json: stats.length: unknown plural category \"autre\" at character 33");
    CHECK(problems[4] == "fr.json: answer.back: missing");

    CHECK(Script::check("[1]", "a.json", english_script()) ==
          std::vector<std::string>{
              "a.json: a script is a JSON object with \"language\" and \"lines\""});
    CHECK(Script::check(R"({"language": "fr", "lines": {"x": 1, "x": 2}})", "b.json",
                        english_script()) ==
          std::vector<std::string>{"b.json: the key \"x\" appears twice in one object"});
}
