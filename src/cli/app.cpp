// The command line, wired in this one file so that CLI11, a large header,
// compiles once. Each subcommand runs from a plain struct (commands.hpp).
#include "app.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>

#include "cli_docs.hpp"
#include "commands.hpp"
#include "coyel/options.hpp"

namespace coyel::cli {
namespace {

void add_new(CLI::App& app, int& exit_code) {
    auto given = std::make_shared<NewOptions>();
    auto* command = app.add_subcommand(
        "new", "Start a game: players, cards and house rules, then the guided nights and days");
    command->add_option("--players", given->players,
                        "Names in seat order: \"Ana,Ben,Cleo,...\" (asked if absent)");
    command->add_option("--deck", given->deck,
                        "Special cards, the rest citizens: carbon=2,ngo,ceo,banker,fragile "
                        "(default: for the count)");
    command->add_option("--seed", given->seed,
                        "Seed of the random deal (default: a fresh one, recorded)");
    command->add_option(
        "--roles", given->roles,
        "Your own deal of physical cards: Ana=carbon,Ben=ngo,... (others: citizen)");
    command->add_flag("--manual", given->manual, "Ask each player's card in turn (your own deal)");
    command->add_option("--option", given->options,
                        "A house rule, KEY=VALUE (repeatable); see below");
    command->add_option("--minutes", given->minutes, "Shortcut for --option temperature.minutes=N");
    command->add_option("--mode", given->mode,
                        "Shortcut for --option temperature.mode=clock|night|manual");
    command->add_option("--save", given->save,
                        "The save file (default: coyel-DATE-TIME.json here)");
    command->add_flag("--no-clear", given->no_clear,
                      "Keep the screen's history: no clearing at dawn nor after status");
    std::string footer = "House rules (--option KEY=VALUE):\n";
    for (const auto& info : option_table())
        footer += fmt::format("  {:<20} {:<24} {}\n", info.key, info.values, info.meaning);
    footer +=
        "\nExample: coyel new --players \"Ana,Ben,Cleo,Dan,Eve,Finn,Gus,Hana\" --option tie=revote";
    command->footer(footer);
    command->callback([given, &exit_code] { exit_code = run_new(*given); });
}

void add_replay(CLI::App& app, int& exit_code) {
    auto given = std::make_shared<ReplayOptions>();
    auto* command =
        app.add_subcommand("replay", "Tell a saved game again, round by round, for review");
    command->add_option("FILE", given->path, "The save file")->required();
    command->add_flag("--step", given->step,
                      "Wait for Enter between events (reviewing at the table)");
    command->add_option("--round", given->round, "Start at round N");
    command->add_option("--upto", given->upto, "Stop after log entry K and show the game there");
    command
        ->add_option("--view", given->view,
                     "moderator (everything) or table (what the players knew)")
        ->check(CLI::IsMember({"moderator", "table"}));
    command->add_flag("--markdown", given->markdown, "Print the chronicle as Markdown, to share");
    command->add_option("--html", given->html, "Write one self-contained HTML page with charts");
    command->footer(
        "Examples:\n  coyel replay game.json --view table --step\n"
        "  coyel replay game.json --markdown > game.md\n  coyel replay game.json --html game.html");
    command->callback([given, &exit_code] { exit_code = run_replay(*given); });
}

// resume, status and check: a save file, and for status a --json flag.
void add_file_commands(CLI::App& app, int& exit_code) {
    auto path = std::make_shared<std::string>();  // one subcommand runs at a time
    auto as_json = std::make_shared<bool>(false);
    auto* resume =
        app.add_subcommand("resume", "Go on with a saved game where it stopped, clock included");
    resume->add_option("FILE", *path, "The save file")->required();
    auto no_clear = std::make_shared<bool>(false);
    resume->add_flag("--no-clear", *no_clear,
                     "Keep the screen's history: no clearing at dawn nor after status");
    resume->callback([path, no_clear, &exit_code] { exit_code = run_resume(*path, !*no_clear); });
    auto* status = app.add_subcommand(
        "status", "Show a saved game: round, phase, temperature, each player with role, next call");
    status->add_option("FILE", *path, "The save file")->required();
    status->add_flag("--json", *as_json, "Print the state as JSON (docs/rules.md section 9)");
    status->footer(
        "Shows every role: keep the screen away from the players.\n"
        "Example: coyel status game.json --json");
    status->callback([path, as_json, &exit_code] { exit_code = run_status(*path, *as_json); });
    auto* check = app.add_subcommand(
        "check", "Check that a save file loads: prints ok and a summary, or the error (exit 1)");
    check->add_option("FILE", *path, "The save file")->required();
    check->callback([path, &exit_code] { exit_code = run_check(*path); });
}

}  // namespace

int run(int argc, char** argv) {
    // Line by line even into a pipe, so output and refusals keep their order.
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    CLI::App app{
        "coyel — the moderator's assistant for Coyel Heaven.\n"
        "It reads the calls aloud with you, keeps the rules, and saves after every "
        "answer.",
        "coyel"};
    app.require_subcommand(0, 1);
    add_version_flags(app);
    int exit_code = 0;
    add_new(app, exit_code);
    add_file_commands(app, exit_code);
    add_replay(app, exit_code);
    add_docs_commands(app, exit_code);  // last: Tab lists it after the game commands
    app.footer("Rules: docs/rules.md (the engine's rulebook); README.md for examples.");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        return app.exit(error);
    }
    if (app.get_subcommands().empty()) {
        // The built-in default: a new game, asking for what it needs.
        const char* start[] = {"coyel", "new"};
        return run(2, const_cast<char**>(start));
    }
    return exit_code;
}

}  // namespace coyel::cli
