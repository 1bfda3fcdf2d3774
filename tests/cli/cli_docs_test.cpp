// The man page and the completions follow whatever the App holds: a command
// they have never seen shows up in all of them.
#include "commands/cli_docs.hpp"

#include <catch2/catch.hpp>

#include "coyel/options.hpp"
#include "coyel/text.hpp"
#include "languages.hpp"
#include "process.hpp"

using namespace coyel::cli;

namespace {

// The program with one subcommand no renderer knows of, as describe() gives it.
CommandDoc program_with_an_unknown_command() {
    OptionDoc help{{"-h", "--help"}, false, "", "Print this help message and exit", {},
                   ValueKind::none};
    OptionDoc file{{"FILE"}, true, "TEXT", "The save to weigh", {}, ValueKind::save_file, true};
    OptionDoc side{{"--side"},       false, "TEXT", "Which team", {"carbon", "ecosystems"},
                   ValueKind::choice};
    CommandDoc weigh{"weigh", "Weigh a saved game's balance", "", {help, file, side}, {}};
    OptionDoc lang{{"--lang"}, false, "TEXT", "Language", {"en", "fr"}, ValueKind::choice};
    return CommandDoc{"coyel", "coyel — a test", "", {help, lang}, {weigh}};
}

}  // namespace

TEST_CASE("a subcommand the renderers never saw is in the man page and every completion") {
    const auto program = program_with_an_unknown_command();
    const auto page = man_page(program, "9.9.9", coyel::narration::english_script());
    CHECK_THAT(page, Catch::Contains(".SS \"coyel weigh\"\nWeigh a saved game's balance"));
    CHECK_THAT(page, Catch::Contains("\\fB\\-\\-side\\fR \\fITEXT\\fR (carbon|ecosystems)"));
    CHECK_THAT(page, Catch::Contains(".B coyel weigh \\fIFILE\\fR [\\fB\\-\\-side\\fR"));
    const auto bash = *completion_script(program, "bash");
    CHECK_THAT(bash,
               Catch::Contains("'weigh --side') _coyel_value choice \"$cur\" carbon ecosystems"));
    CHECK_THAT(bash, Catch::Contains("weigh) _coyel_value save_file \"$cur\""));
    CHECK_THAT(bash, Catch::Contains("' --lang') _coyel_value choice \"$cur\" en fr"));
    const auto zsh = *completion_script(program, "zsh");
    CHECK_THAT(zsh, Catch::Contains("'weigh:Weigh a saved game'\\''s balance'"));
    CHECK_THAT(zsh, Catch::Contains("'--side[Which team]:TEXT:(carbon ecosystems)'"));
    const auto fish = *completion_script(program, "fish");
    CHECK_THAT(fish,
               Catch::Contains("complete -c coyel -n '__fish_seen_subcommand_from weigh' -x -a "
                               "'(__coyel_saves)'"));
    CHECK_FALSE(completion_script(program, "tcsh"));
}

TEST_CASE("coyel completion refuses a shell it does not know, with CLI11's usage exit code") {
    auto result = coyel::test::run_coyel("completion tcsh", true);
    CHECK(result.exit_code == 105);
    CHECK_THAT(result.out, Catch::Contains("SHELL: tcsh not in {bash,zsh,fish}"));
}

TEST_CASE("house rules offer the values the core accepts, and none for open ranges") {
    const auto rules = house_rule_values();
    const auto values_of = [&](std::string_view key) {
        for (const auto& [rule, values] : rules)
            if (rule == key) return values;
        FAIL("no rule " << key);
        return std::vector<std::string>{};
    };
    CHECK(values_of("temperature.mode") == std::vector<std::string>{"clock", "night", "manual"});
    CHECK(values_of("abstain") == std::vector<std::string>{"true", "false"});
    CHECK(values_of("slapp_uses").empty());
    CHECK(rules.size() == coyel::option_table().size());
}

TEST_CASE("the version is one line, and with --verbose the compiler and the libraries") {
    CHECK(version_text(false).find('\n') == std::string::npos);
    CHECK_THAT(version_text(false), Catch::Matches("coyel [0-9]+\\.[0-9]+\\.[0-9]+"));
    CHECK_THAT(version_text(true), Catch::Contains("CLI11 2.") && Catch::Contains("fmt ") &&
                                       Catch::Contains("nlohmann_json 3.") &&
                                       Catch::Contains("libedit "));
}

TEST_CASE("the English script's house rules say what the core's table says") {
    const auto& words = coyel::narration::english_script();
    for (const auto& info : coyel::option_table()) {
        INFO(info.key);
        CHECK(words.line("help.option_values." + std::string{info.key}) == info.values);
        CHECK(words.line("help.option." + std::string{info.key}) == info.meaning);
        CHECK(words.line("option.key." + std::string{info.key}) == info.key);
    }
}

TEST_CASE("new --help's house rules keep their columns in every language") {
    // Where a row's third field (the meaning) begins, in characters: fields
    // are parted by two spaces or more.
    auto meaning_column = [](const std::string& row) {
        std::size_t field = 0, at = 2;  // after the indent
        while (field < 2 && at < row.size()) {
            const auto gap = row.find("  ", at);
            if (gap == std::string::npos) return std::string::npos;
            at = row.find_first_not_of(' ', gap);
            ++field;
        }
        return coyel::utf8_length(row.substr(0, at));
    };
    for (const char* language : {"en", "fr"}) {
        INFO(language);
        const auto help = coyel::test::run_coyel(std::string{"new --help --lang "} + language);
        std::vector<std::size_t> columns;
        std::size_t start = help.out.find('\n', help.out.find(" (--option ")) + 1;
        for (std::size_t end; (end = help.out.find('\n', start)) != start; start = end + 1)
            columns.push_back(meaning_column(help.out.substr(start, end - start)));
        REQUIRE(columns.size() == coyel::option_table().size());
        for (std::size_t column : columns) CHECK(column == columns.front());
    }
}
