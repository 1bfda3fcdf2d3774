// What each subcommand is given and runs. The command line itself (CLI11)
// is wired in app.cpp alone; each cmd_*.cpp runs one subcommand from a plain
// struct or plain arguments, so none of them compiles CLI11.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "clock.hpp"
#include "disk.hpp"
#include "repl/play.hpp"

#include "simulate.hpp"

namespace coyel::cli {

// --lang and --script, on every command that narrates (language.hpp).
struct LanguageOptions {
    std::string lang;    // "en", "fr"; empty: COYEL_LANG, else the locale, else English
    std::string script;  // a script file of the group's own
};

// --serve, --port and --bind of `new` and `resume`: the players' screen
// served by the playing coyel itself (ServerThread, serve_server.hpp).
// --port and --bind when given; else where the save says the game served
// (Setup::served), else 0.0.0.0:8080 (serve_server.hpp's serve_address()).
struct ServeFlags {
    bool serve = false;
    std::optional<int> port;
    std::optional<std::string> bind;
};

struct NewOptions {
    std::string players;
    std::string deck;
    std::optional<std::uint64_t> seed;
    std::string roles;
    bool manual = false;
    std::vector<std::string> options;
    std::optional<int> minutes;
    std::string mode;
    std::string save;
    bool no_clear = false;
    std::string cards = "laptop";  // or "phone": each card as the QR code of its link
    ServeFlags serving;
    SpeechFlags speech;
    SelfFlags self;  // --self, --talk: no moderator
    LanguageOptions language;
};

struct ReplayOptions {
    std::string path;
    bool step = false;
    int round = 0;
    std::optional<std::size_t> upto;
    std::string view;  // "" until given: see run_replay
    bool markdown = false;
    std::string html;
    LanguageOptions language;
};

// `coyel script check FILE...` and `coyel script show LANG`.
struct ScriptOptions {
    std::vector<std::string> check;  // files to check
    std::string show;                // a built-in language to print
};

struct StatsOptions {
    std::vector<std::string> paths;  // files and folders; none: the games folder
    std::vector<std::string> same;   // "Bob=Robert": names of one player
    bool markdown = false;
    bool json = false;
    LanguageOptions language;
};

struct DisplayOptions {
    std::string path;  // empty: the game in play (cmd_display.cpp)
    bool once = false;
    LanguageOptions language;
};

struct ServeOptions {
    std::string path;  // empty: the game in play, as for display
    std::optional<int> port;
    std::optional<std::string> bind;
    LanguageOptions language;
};

struct BalanceOptions {
    int players = 0;
    std::string deck;
    std::vector<std::string> options;
    std::optional<int> minutes;
    std::string mode;
    std::string policy = "table";
    int skill = 2;
    std::optional<std::int64_t> games;
    std::uint64_t seed = 1;
    std::optional<int> threads;
    bool json = false;
    bool advise = false;
    std::string cards;    // --advise: the special cards the group may keep, "ngo,ceo"
    int skill_table = 0;  // 0: no table
    bool values = false;
    bool fair_defaults = false;  // print data/decks.json: each count's fair deck and length
    std::string save_games;      // a folder: the simulated games written there as saves
    // --calibrate and --from-games, each with its saves (files or folders;
    // given without any: the games folder).
    bool calibrate = false;
    std::vector<std::string> calibrate_paths;
    bool from_games = false;
    std::vector<std::string> from_games_paths;
    sim::TimeModel time;
    LanguageOptions language;
};

// Each returns the process's exit code.
// `new` and `resume` keep their files on `disk`; a new game's file is named
// for `clock`'s wall time.
int run_new(const NewOptions& given, platform::Disk& disk, const platform::Clock& clock);
// An empty path: the newest unfinished game in the games folder.
int run_resume(const std::string& path, bool clear, const ServeFlags& serving,
               const SpeechFlags& speech, const LanguageOptions& language, const SelfFlags& self,
               platform::Disk& disk);
int run_games(bool as_json, const LanguageOptions& language);
int run_stats(const StatsOptions& given);
int run_replay(const ReplayOptions& given, platform::Disk& disk = platform::real_disk());
int run_status(const std::string& path, bool as_json, const LanguageOptions& language);
int run_check(const std::string& path, const LanguageOptions& language);
int run_script(const ScriptOptions& given);
// Reading time from `clock` (platform::system_clock() in the program).
int run_display(const DisplayOptions& given, const platform::Clock& clock);
int run_serve(const ServeOptions& given, const platform::Clock& clock);
int run_balance(const BalanceOptions& given, const platform::Clock& clock,
                platform::Disk& disk = platform::real_disk());

}  // namespace coyel::cli
