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
                                     {"REQUIRED", "required"},
                                     {"SUBCOMMAND", "subcommand"},
                                     {"Positionals", "positionals_group"},
                                     {"Needs", "needs"},
                                     {"Excludes", "excludes"}})
        formatter->label(label, said(fmt::format("help.label.{}", key)));
    app.set_help_flag("-h,--help", said("help.help"));
}

// Each option's value type in the script's words ("TEXTE", "ENTIER"), checked
// ones too: CLI11 shows "TEXT:{laptop,phone}" whole, so its label misses them.
void set_type_labels(CLI::App& app) {
    for (CLI::Option* option : app.get_options()) {
        const std::string shown = option->get_type_name();
        const std::string type = shown.substr(0, shown.find(':'));
        if (option->get_group() == "Options") option->group(said("help.label.options_group"));
        for (const auto& [label, key] :
             {std::pair{"TEXT", "text"}, {"INT", "int"}, {"UINT", "uint"}})
            if (type == label) option->type_name(said(fmt::format("help.label.{}", key)));
    }
    for (CLI::App* command : app.get_subcommands([](CLI::App*) { return true; })) {
        if (command->get_group() == "Subcommands")
            command->group(said("help.label.subcommands_group"));
        set_type_labels(*command);
    }
}

// What cli_docs.cpp adds (--verbose, --version, completion, manpage), worded
// by the script.
void word_docs_commands(CLI::App& app) {
    app.get_option("--verbose")->description(said("help.verbose"));
    app.get_option("--version")->description(said("help.version"));
    auto* completion = app.get_subcommand("completion");
    completion->description(said("help.completion"));
    completion->get_option("SHELL")->description(said("help.completion.shell"));
    completion->footer(said("help.completion.footer"));
    app.get_subcommand("manpage")->description(said("help.manpage"));
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
        ->check(CLI::Range(0, 65535).description(said("help.label.port_range")));
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

// --self and --talk, as `new` and `resume` take them.
void add_self_flags(CLI::App* command, SelfFlags& given) {
    command->add_flag("--self", given.self, said("help.new.self"));
    command->add_option("--talk", given.talk, said("help.new.talk"))->default_str("3");
}

// `new --help`'s house rules: each key, its values and its meaning, in
// columns as wide as their widest entry in the script's words.
std::string house_rules_help() {
    std::vector<std::string> keys, values;
    std::size_t key_width = 0, values_width = 0;
    for (const auto& info : option_table()) {
        // The key as the script types it ("égalité"); each is taken as typed.
        const std::string key = said(fmt::format("option.key.{}", info.key));
        keys.push_back(key.substr(0, key.find('|')));
        values.push_back(said(fmt::format("help.option_values.{}", info.key)));
        // Padded by characters, not bytes: "chacune-une-fois | une-seule".
        key_width = std::max(key_width, utf8_length(keys.back()));
        values_width = std::max(values_width, utf8_length(values.back()));
    }
    std::string footer = said("help.new.house_rules") + "\n";
    for (std::size_t i = 0; i < keys.size(); ++i)
        footer += fmt::format("  {}{}  {}{}  {}\n", keys[i],
                              std::string(key_width - utf8_length(keys[i]), ' '), values[i],
                              std::string(values_width - utf8_length(values[i]), ' '),
                              said(fmt::format("help.option.{}", option_table()[i].key)));
    return footer + "\n" + said("help.new.example") + "\n  coyel new --players \"" +
           said("help.new.example_players") + "\" --option " + said("help.new.example_option");
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
    add_self_flags(command, given->self);
    add_language_options(command, given->language);
    command->footer(house_rules_help());
    command->callback([given, &exit_code] {
        exit_code = run_new(*given, platform::real_disk(), platform::system_clock());
    });
}

void add_replay(CLI::App& app, int& exit_code) {
    auto given = std::make_shared<ReplayOptions>();
    auto* command = app.add_subcommand("replay", said("help.replay"));
    command->add_option("FILE", given->path, said("help.file"))->required();
    command->add_flag("--step", given->step, said("help.replay.step"));
    command->add_option("--round", given->round, said("help.replay.round"));
    command->add_option("--upto", given->upto, said("help.replay.upto"));
    command->add_option("--view", given->view, said("help.replay.view"))
        ->check(CLI::IsMember({"moderator", "table"}));
    command->add_flag("--markdown", given->markdown, said("help.replay.markdown"));
    command->add_option("--html", given->html, said("help.replay.html"));
    add_language_options(command, given->language);
    command->footer(said("help.replay.footer"));
    command->callback([given, &exit_code] { exit_code = run_replay(*given); });
}

// resume, status and check: a save file, and for status a --json flag.
void add_file_commands(CLI::App& app, int& exit_code) {
    auto path = std::make_shared<std::string>();  // one subcommand runs at a time
    auto as_json = std::make_shared<bool>(false);
    auto language = std::make_shared<LanguageOptions>();
    auto* resume = app.add_subcommand("resume", said("help.resume"));
    resume->add_option("FILE", *path, said("help.resume.file"));
    auto no_clear = std::make_shared<bool>(false);
    resume->add_flag("--no-clear", *no_clear, said("help.new.no_clear"));
    auto serving = std::make_shared<ServeFlags>();
    add_serve_flags(resume, *serving);
    auto speech = std::make_shared<SpeechFlags>();
    add_speech_flags(resume, *speech);
    auto self = std::make_shared<SelfFlags>();
    add_self_flags(resume, *self);
    add_language_options(resume, *language);
    resume->callback([path, no_clear, serving, speech, self, language, &exit_code] {
        exit_code = run_resume(*path, !*no_clear, *serving, *speech, *language, *self,
                               platform::real_disk());
    });
    auto* status = app.add_subcommand("status", said("help.status"));
    status->add_option("FILE", *path, said("help.file"))->required();
    status->add_flag("--json", *as_json, said("help.status.json"));
    status->footer(said("help.status.footer"));
    add_language_options(status, *language);
    status->callback([path, as_json, language, &exit_code] {
        exit_code = run_status(*path, *as_json, *language);
    });
    auto* check = app.add_subcommand("check", said("help.check"));
    check->add_option("FILE", *path, said("help.file"))->required();
    add_language_options(check, *language);
    check->callback([path, language, &exit_code] { exit_code = run_check(*path, *language); });
}

void add_script(CLI::App& app, int& exit_code) {
    auto given = std::make_shared<ScriptOptions>();
    auto* command = app.add_subcommand("script", said("help.script.command"));
    command->require_subcommand(1);
    auto* check = command->add_subcommand("check", said("help.script.check"));
    check->add_option("FILE", given->check, said("help.script.check.file"))->required();
    auto* show = command->add_subcommand("show", said("help.script.show"));
    show->add_option("LANG", given->show, said("help.script.show.lang"))->required();
    command->footer(said("help.script.footer"));
    command->callback([given, &exit_code] { exit_code = run_script(*given); });
}

// games and stats: the group's games, in the games folder or named.
void add_group_commands(CLI::App& app, int& exit_code) {
    auto as_json = std::make_shared<bool>(false);
    auto* games = app.add_subcommand("games", said("help.games"));
    games->add_flag("--json", *as_json, said("help.games.json"));
    games->footer(said("help.games.footer"));
    auto language = std::make_shared<LanguageOptions>();
    add_language_options(games, *language);
    games->callback(
        [as_json, language, &exit_code] { exit_code = run_games(*as_json, *language); });
    auto given = std::make_shared<StatsOptions>();
    auto* stats = app.add_subcommand("stats", said("help.stats"));
    stats->add_option("PATHS", given->paths, said("help.stats.paths"));
    stats->add_option("--same", given->same, said("help.stats.same"));
    auto* markdown = stats->add_flag("--markdown", given->markdown, said("help.markdown"));
    stats->add_flag("--json", given->json, said("help.json"))->excludes(markdown);
    stats->footer(said("help.stats.footer"));
    add_language_options(stats, given->language);
    stats->callback([given, &exit_code] { exit_code = run_stats(*given); });
}

void add_display(CLI::App& app, int& exit_code) {
    auto given = std::make_shared<DisplayOptions>();
    auto* command = app.add_subcommand("display", said("help.display"));
    command->add_option("FILE", given->path, said("help.game_file"));
    command->add_flag("--once", given->once, said("help.display.once"));
    add_language_options(command, given->language);
    command->footer(said("help.display.footer"));
    command->callback(
        [given, &exit_code] { exit_code = run_display(*given, platform::system_clock()); });
}

void add_serve(CLI::App& app, int& exit_code) {
    auto given = std::make_shared<ServeOptions>();
    auto* command = app.add_subcommand("serve", said("help.serve.command"));
    command->add_option("FILE", given->path, said("help.game_file"));
    add_address_options(command, given->port, given->bind, "");
    add_language_options(command, given->language);
    command->footer(said("help.serve.footer"));
    command->callback(
        [given, &exit_code] { exit_code = run_serve(*given, platform::system_clock()); });
}

// balance's time model: how long each part of a game takes, in seconds.
void add_time_model_options(CLI::App& command, sim::TimeModel& time) {
    const auto add_option_in_seconds = [&](const char* flag, int& seconds, const char* help,
                                           const char* preset) {
        command.add_option(flag, seconds, said(help))->default_str(preset);
    };
    add_option_in_seconds("--call-seconds", time.call_seconds, "help.balance.call_seconds", "20");
    add_option_in_seconds("--day-seconds", time.day_seconds, "help.balance.day_seconds", "240");
    add_option_in_seconds("--ballot-seconds", time.ballot_seconds, "help.balance.ballot_seconds",
                          "5");
    add_option_in_seconds("--election-seconds", time.election_seconds,
                          "help.balance.election_seconds", "180");
}

// What balance may be asked beside the one deck's figures: advice, the
// chance by skill, each card's worth, the fair defaults.
void add_balance_questions(CLI::App& command, BalanceOptions& given) {
    command.add_flag("--advise", given.advise, said("help.balance.advise"));
    command.add_option("--cards", given.cards, said("help.balance.cards"));
    command.add_option("--skill-table", given.skill_table, said("help.balance.skill_table"));
    command.add_flag("--values", given.values, said("help.balance.values"));
    command.add_flag("--fair-defaults", given.fair_defaults, said("help.balance.fair_defaults"));
}

void add_balance(CLI::App& app, int& exit_code) {
    auto given = std::make_shared<BalanceOptions>();
    auto* command = app.add_subcommand("balance", said("help.balance"));
    // Required but with --calibrate, which reads the count from each game.
    command->add_option("--players", given->players, said("help.balance.players"));
    command->add_option("--deck", given->deck, said("help.balance.deck"));
    command->add_option("--option", given->options, said("help.balance.option"));
    add_temperature_shortcuts(*command, given->minutes, given->mode);
    command->add_option("--policy", given->policy, said("help.balance.policy"))
        ->default_str("table");
    command->add_option("--skill", given->skill, said("help.balance.skill"))->default_str("2");
    command->add_option("--games", given->games, said("help.balance.games"));
    command->add_option("--seed", given->seed, said("help.balance.seed"))->default_str("1");
    command->add_option("--threads", given->threads, said("help.balance.threads"));
    command->add_flag("--json", given->json, said("help.json"));
    add_balance_questions(*command, *given);
    add_time_model_options(*command, given->time);
    command->add_option("--save-games", given->save_games, said("help.balance.save_games"));
    auto* calibrate =
        command->add_option("--calibrate", given->calibrate_paths, said("help.balance.calibrate"))
            ->expected(0, -1);
    auto* from_games =
        command
            ->add_option("--from-games", given->from_games_paths, said("help.balance.from_games"))
            ->expected(0, -1);
    command->footer(said("help.balance.footer"));
    add_language_options(command, given->language);
    command->callback([given, calibrate, from_games, &exit_code] {
        given->calibrate = calibrate->count() > 0;
        given->from_games = from_games->count() > 0;
        // Given alone, CLI11 passes one empty path: none given, the games folder.
        std::erase(given->calibrate_paths, "");
        std::erase(given->from_games_paths, "");
        exit_code = run_balance(*given, platform::system_clock());
    });
}

}  // namespace

int run(int argc, char** argv) {
    // Line by line even into a pipe, so output and refusals keep their order.
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    help_words = &help_script(argc, argv);
    CLI::App app{said("help.coyel"), "coyel"};
    app.require_subcommand(0, 1);
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
    add_docs_commands(app, exit_code, *help_words);  // last: Tab lists it after the game commands
    word_docs_commands(app);
    set_type_labels(app);
    app.footer(said("help.coyel.footer"));
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
