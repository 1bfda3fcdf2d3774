// The command line, wired in this one file so that CLI11, a large header,
// compiles once. Each subcommand runs from a plain struct (commands.hpp).
#include "app.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "cli_docs.hpp"
#include "commands.hpp"
#include "coyel/options.hpp"
#include "coyel/text.hpp"
#include "language.hpp"
#include "languages.hpp"
#include "setup_args.hpp"

namespace coyel::cli {
namespace {

// The script --help speaks (help_script()), English until run() chooses.
const narration::Script* help_words = &narration::english_script();

// A line of --help in the script's words: "help.new.deck".
std::string said(std::string_view key) { return help_words->line(key); }

// The language --help speaks: a --lang anywhere on the line, else COYEL_LANG,
// else the locale, else English (an unknown --lang is its command's to refuse).
const narration::Script& help_script(int argc, char** argv) {
    std::string lang;
    for (int i = 1; i < argc; ++i) {
        const std::string_view argument = argv[i];
        if (argument == "--lang" && i + 1 < argc) lang = argv[i + 1];
        if (argument.starts_with("--lang=")) lang = argument.substr(7);
    }
    return builtin_script_quietly(lang);
}

// CLI11's own words (Usage, OPTIONS, TEXT, …) in the script's words.
void set_help_labels(CLI::App& app) {
    auto formatter = app.get_formatter();
    for (const auto& [label, key] : {std::pair{"Usage", "usage"},
                                     {"OPTIONS", "options"},
                                     {"SUBCOMMANDS", "subcommands"},
                                     {"POSITIONALS", "positionals"},
                                     {"TEXT", "text"},
                                     {"INT", "int"},
                                     {"UINT", "uint"},
                                     {"REQUIRED", "required"}})
        formatter->label(label, said(fmt::format("help.label.{}", key)));
    app.set_help_flag("-h,--help", said("help.help"));
}

// "ngo,ceo,banker,fragile": the special cards as --cards and --deck take them.
std::string special_card_ids() {
    std::string ids;
    for (Role role : special_roles)
        ids += fmt::format("{}{}", ids.empty() ? "" : ",", role_id(role));
    return ids;
}

// --lang and --script: every command that narrates takes them.
void add_language_options(CLI::App* command, LanguageOptions& given) {
    command->add_option("--lang", given.lang, said("help.lang"));
    command->add_option("--script", given.script, said("help.script"));
}

// --minutes and --mode, as `new` and `balance` both take them.
void add_temperature_shortcuts(CLI::App& command, std::optional<int>& minutes, std::string& mode) {
    command.add_option("--minutes", minutes, said("help.minutes"));
    command.add_option("--mode", mode, said("help.mode"));
}

// --port and --bind of a server; `lead` starts their help ("With --serve: ").
void add_address_options(CLI::App* command, std::optional<int>& port,
                         std::optional<std::string>& bind, const std::string& lead) {
    command->add_option("--port", port, lead + said("help.port"))
        ->default_str("8080")
        ->check(CLI::Range(0, 65535));
    command->add_option("--bind", bind, lead + said("help.bind"))->default_str("0.0.0.0");
}

// --serve, --port and --bind, as `new` and `resume` take them.
void add_serve_flags(CLI::App* command, ServeFlags& given) {
    command->add_flag("--serve", given.serve, said("help.serve"));
    add_address_options(command, given.port, given.bind, said("help.serve_lead"));
}

// --speak and --speak-log, as `new` and `resume` take them.
void add_speech_flags(CLI::App* command, SpeechFlags& given) {
    command->add_flag("--speak", given.speak, said("help.speak"));
    command->add_option("--speak-log", given.log, said("help.speak_log"));
}

// `new --help`'s house rules: each key, its values and its meaning.
std::string house_rules_help() {
    std::string footer = said("help.new.house_rules") + "\n";
    for (const auto& info : option_table()) {
        const std::string values = said(fmt::format("help.option_values.{}", info.key));
        // Padded by characters, not bytes: "chacune-une-fois | une-seule".
        // The key as the script types it ("égalité"); each is taken as typed.
        const std::string key = said(fmt::format("option.key.{}", info.key));
        const std::string shown = key.substr(0, key.find('|'));
        footer += fmt::format("  {}{} {}{} {}\n", shown,
                              std::string(20 - std::min<std::size_t>(20, utf8_length(shown)), ' '),
                              values,
                              std::string(24 - std::min<std::size_t>(24, utf8_length(values)), ' '),
                              said(fmt::format("help.option.{}", info.key)));
    }
    return footer + "\n" + said("help.new.example") +
           "\n  coyel new --players \"Ana,Ben,Cleo,Dan,Eve,Finn\" --option " +
           said("help.new.example_option");
}

void add_new(CLI::App& app, int& exit_code) {
    auto given = std::make_shared<NewOptions>();
    auto* command = app.add_subcommand("new", said("help.new"));
    command->add_option("--players", given->players, said("help.new.players"));
    command->add_option("--deck", given->deck, said("help.new.deck"));
    command->add_option("--seed", given->seed, said("help.new.seed"));
    command->add_option("--roles", given->roles, said("help.new.roles"));
    command->add_flag("--manual", given->manual, said("help.new.manual"));
    command->add_option("--option", given->options, said("help.new.option"));
    add_temperature_shortcuts(*command, given->minutes, given->mode);
    command->add_option("--save", given->save, said("help.new.save"));
    command->add_flag("--no-clear", given->no_clear, said("help.new.no_clear"));
    command->add_option("--cards", given->cards, said("help.new.cards"))
        ->default_str("laptop")
        ->check(CLI::IsMember({"laptop", "phone"}));
    add_serve_flags(command, given->serving);
    add_speech_flags(command, given->speech);
    add_language_options(command, given->language);
    command->footer(house_rules_help());
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
                     "moderator (everything) or table (what the players knew); by default "
                     "moderator, but table for --markdown and --html of an unfinished game")
        ->check(CLI::IsMember({"moderator", "table"}));
    command->add_flag("--markdown", given->markdown, "Print the chronicle as Markdown, to share");
    command->add_option("--html", given->html, "Write one self-contained HTML page with charts");
    add_language_options(command, given->language);
    command->footer(
        "Examples:\n  coyel replay game.json --view table --step\n"
        "  coyel replay game.json --markdown > game.md\n  coyel replay game.json --html game.html");
    command->callback([given, &exit_code] { exit_code = run_replay(*given); });
}

// resume, status and check: a save file, and for status a --json flag.
void add_file_commands(CLI::App& app, int& exit_code) {
    auto path = std::make_shared<std::string>();  // one subcommand runs at a time
    auto as_json = std::make_shared<bool>(false);
    auto language = std::make_shared<LanguageOptions>();
    auto* resume =
        app.add_subcommand("resume", "Go on with a saved game where it stopped, clock included");
    resume->add_option("FILE", *path,
                       "The save file (default: the newest unfinished game in the games folder)");
    auto no_clear = std::make_shared<bool>(false);
    resume->add_flag("--no-clear", *no_clear,
                     "Keep the screen's history: no clearing at dawn nor after status");
    auto serving = std::make_shared<ServeFlags>();
    add_serve_flags(resume, *serving);
    auto speech = std::make_shared<SpeechFlags>();
    add_speech_flags(resume, *speech);
    add_language_options(resume, *language);
    resume->callback([path, no_clear, serving, speech, language, &exit_code] {
        exit_code = run_resume(*path, !*no_clear, *serving, *speech, *language);
    });
    auto* status = app.add_subcommand(
        "status", "Show a saved game: round, phase, temperature, each player with role, next call");
    status->add_option("FILE", *path, "The save file")->required();
    status->add_flag("--json", *as_json, "Print the state as JSON (docs/rules.md section 9)");
    status->footer(
        "Shows every role: keep the screen away from the players.\n"
        "Example: coyel status game.json --json");
    add_language_options(status, *language);
    status->callback([path, as_json, language, &exit_code] {
        exit_code = run_status(*path, *as_json, *language);
    });
    auto* check = app.add_subcommand(
        "check", "Check that a save file loads: prints ok and a summary, or the error (exit 1)");
    check->add_option("FILE", *path, "The save file")->required();
    add_language_options(check, *language);
    check->callback([path, language, &exit_code] { exit_code = run_check(*path, *language); });
}

void add_script(CLI::App& app, int& exit_code) {
    auto given = std::make_shared<ScriptOptions>();
    auto* command = app.add_subcommand(
        "script", "Write your own narration: show a built-in script, check yours");
    command->require_subcommand(1);
    auto* check = command->add_subcommand(
        "check", "Check script files against the reference: each problem as FILE: key: problem");
    check->add_option("FILE", given->check, "Script files (JSON)")->required();
    auto* show = command->add_subcommand("show", "Print a built-in script, as a starting point");
    show->add_option("LANG", given->show, "en or fr")->required();
    command->footer(
        "Examples:\n  coyel script show fr > breton.json   (then translate, and set \"language\")\n"
        "  coyel script check breton.json\n  coyel new --script breton.json");
    command->callback([given, &exit_code] { exit_code = run_script(*given); });
}

// games and stats: the group's games, in the games folder or named.
void add_group_commands(CLI::App& app, int& exit_code) {
    auto as_json = std::make_shared<bool>(false);
    auto* games = app.add_subcommand(
        "games", "List the saved games of the games folder, newest first, one line each");
    games->add_flag("--json", *as_json, "Print them as JSON");
    games->footer(
        "The games folder: $XDG_DATA_HOME/coyel/games, else ~/.local/share/coyel/games.\n"
        "Each line: when it was last played, the players, where it stands or who won, the file.");
    auto language = std::make_shared<LanguageOptions>();
    add_language_options(games, *language);
    games->callback(
        [as_json, language, &exit_code] { exit_code = run_games(*as_json, *language); });
    auto given = std::make_shared<StatsOptions>();
    auto* stats = app.add_subcommand(
        "stats", "The group's record over its finished games: wins and why, players, cards");
    stats->add_option("PATHS", given->paths, "Save files or folders (default: the games folder)");
    stats->add_option("--same", given->same,
                      "Names of one player, the first shown: Bob=Robert (repeatable; case and "
                      "accents never count: Cleo is Cléo)");
    auto* markdown =
        stats->add_flag("--markdown", given->markdown, "Print it as Markdown, to share");
    stats->add_flag("--json", given->json, "Print the figures as JSON")->excludes(markdown);
    stats->footer(
        "Unfinished games are counted apart, in no figure; a file that is not a save is named and "
        "skipped.\nExamples:\n  coyel stats ~/friday-games --markdown > friday.md\n"
        "  coyel stats --same Bob=Robert --same Jo=Joanna");
    add_language_options(stats, given->language);
    stats->callback([given, &exit_code] { exit_code = run_stats(*given); });
}

void add_display(CLI::App& app, int& exit_code) {
    auto given = std::make_shared<DisplayOptions>();
    auto* command = app.add_subcommand(
        "display", "The players' screen, full screen for a projector: what the table knows");
    command->add_option("FILE", given->path,
                        "The save (default: the game in play here, else in the games folder)");
    command->add_flag("--once", given->once, "Print the view once and exit");
    add_language_options(command, given->language);
    command->footer(
        "Follows the save as the moderator plays. Leave with q or Ctrl-C.\n"
        "Example: coyel display friday.json");
    command->callback([given, &exit_code] { exit_code = run_display(*given); });
}

void add_serve(CLI::App& app, int& exit_code) {
    auto given = std::make_shared<ServeOptions>();
    auto* command = app.add_subcommand(
        "serve", "The players' screen as a web page for the phones and TVs of the local network");
    command->add_option("FILE", given->path,
                        "The save (default: the game in play here, else in the games folder)");
    add_address_options(command, given->port, given->bind, "");
    add_language_options(command, given->language);
    command->footer(
        "Prints the address and its QR code, and follows the save as the moderator plays, and "
        "never writes the save.\nThe page shows only what the table has been told. Plain HTTP on "
        "the local network: anyone on it may look: use it on a network you trust.\n"
        "Leave with q or Ctrl-C.\nExample: coyel serve friday.json --port 8080");
    command->callback([given, &exit_code] { exit_code = run_serve(*given); });
}

// balance's time model: how long each part of a game takes, in seconds.
void add_time_model_options(CLI::App& command, sim::TimeModel& time) {
    const auto add_option_in_seconds = [&](const char* flag, int& seconds, const char* help,
                                           const char* preset) {
        command.add_option(flag, seconds, help)->default_str(preset);
    };
    add_option_in_seconds("--call-seconds", time.call_seconds, "Modelled length of a night call",
                          "20");
    add_option_in_seconds("--day-seconds", time.day_seconds,
                          "Modelled talk before a day's vote (a revote: a quarter)", "240");
    add_option_in_seconds("--ballot-seconds", time.ballot_seconds, "Modelled length of one ballot",
                          "5");
    add_option_in_seconds("--election-seconds", time.election_seconds,
                          "Modelled length of a new mayor's election", "180");
}

// What balance may be asked beside the one deck's figures: advice, the
// chance by skill, each card's worth, the fair defaults.
void add_balance_questions(CLI::App& command, BalanceOptions& given) {
    command.add_flag("--advise", given.advise,
                     "Rank the decks and lengths closest to a fair game for the count");
    command.add_option("--cards", given.cards,
                       fmt::format("With --advise: the special cards you have and may keep, "
                                   "{} (default: all)",
                                   special_card_ids()));
    command.add_option("--skill-table", given.skill_table,
                       "The ecosystems' chance at skill 1 to N");
    command.add_flag("--values", given.values,
                     "Each special card's worth in points of the ecosystems' chance");
    command.add_flag("--fair-defaults", given.fair_defaults,
                     "The deck keeping the most special cards, then the length, nearest 50% "
                     "for the count, as one line of JSON (tools/make-decks)");
}

void add_balance(CLI::App& app, int& exit_code) {
    auto given = std::make_shared<BalanceOptions>();
    auto* command = app.add_subcommand(
        "balance", "Simulate many games of a deck and length: the ecosystems' chance, and advice");
    // Required but with --calibrate, which reads the count from each game.
    command->add_option("--players", given->players, "How many players (5 to 30)");
    command->add_option("--deck", given->deck,
                        "Special cards, the rest citizens, as for new (default: for the count)");
    command->add_option("--option", given->options, "A house rule, KEY=VALUE, as for new");
    add_temperature_shortcuts(*command, given->minutes, given->mode);
    command->add_option("--policy", given->policy, "How players answer: random, uniform, table")
        ->default_str("table");
    command
        ->add_option("--skill", given->skill,
                     "table: a carbon emission is K times as likely a suspect (1 = chance)")
        ->default_str("2");
    command->add_option("--games", given->games, "Games to play (default 9604: about ±1 point)");
    command->add_option("--seed", given->seed, "Base seed: the same seed, the same figures")
        ->default_str("1");
    command->add_option("--threads", given->threads, "Threads (default: every core)");
    command->add_flag("--json", given->json, "Print the figures as JSON");
    add_balance_questions(*command, *given);
    add_time_model_options(*command, given->time);
    command->add_option("--save-games", given->save_games,
                        "Write the simulated games (--games of them, at most 10000) as saves "
                        "into this folder");
    auto* calibrate =
        command
            ->add_option("--calibrate", given->calibrate_paths,
                         "Measure the time model and the skill on finished games: saves or "
                         "folders (default: the games folder)")
            ->expected(0, -1);
    auto* from_games = command
                           ->add_option("--from-games", given->from_games_paths,
                                        "Run with the time model and skill --calibrate measures "
                                        "on these games (default: the games folder)")
                           ->expected(0, -1);
    command->footer(
        "Policies and the time model: README.md \"Balance lab\" and docs/balance.md.\n"
        "Examples:\n  coyel balance --players 9\n  coyel balance --players 9 --advise\n"
        "  coyel balance --players 12 --deck carbon=2,ngo --minutes 30 --json\n"
        "  coyel balance --players 9 --calibrate");
    add_language_options(command, given->language);
    command->callback([given, calibrate, from_games, &exit_code] {
        given->calibrate = calibrate->count() > 0;
        given->from_games = from_games->count() > 0;
        // Given alone, CLI11 passes one empty path: none given, the games folder.
        std::erase(given->calibrate_paths, "");
        std::erase(given->from_games_paths, "");
        // Cards in any built-in script's words, as new takes them: "carbone=2", "ONG,PDG".
        given->deck = card_ids(given->deck);
        given->cards = card_ids(given->cards);
        exit_code = run_balance(*given);
    });
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
    help_words = &help_script(argc, argv);
    set_help_labels(app);
    // --lang before the command ("coyel --lang fr new"): the command's language,
    // as COYEL_LANG would say it.
    std::string top_lang;
    app.add_option("--lang", top_lang, said("help.lang"))->check([](const std::string& code) {
        return builtin_named(code)
                   ? std::string{}
                   : fmt::format("coyel speaks {}", join(narration::builtin_languages(), ", "));
    });
    if (argc > 2 && std::string_view{argv[1]} == "--lang" && builtin_named(argv[2]))
        ::setenv("COYEL_LANG", argv[2], 1);
    add_version_flags(app);
    int exit_code = 0;
    add_new(app, exit_code);
    add_file_commands(app, exit_code);
    add_replay(app, exit_code);
    add_script(app, exit_code);
    add_group_commands(app, exit_code);
    add_display(app, exit_code);
    add_serve(app, exit_code);
    add_balance(app, exit_code);
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
