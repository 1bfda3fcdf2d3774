// The group's games: a games folder built here (the samples, games played by
// coyel itself without --save, random games finished and not, a junk file
// and a foreign one), then `coyel games`, `coyel resume` alone and `coyel
// stats` checked against figures this test computes on its own from the
// saves (never through the statistics module).
#include <utime.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>

#include "coyel/save.hpp"
#include "coyel/text.hpp"
#include "process.hpp"
#include "random_games.hpp"

using namespace coyel;
using namespace coyel::test;
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

const std::string full_game_args =
    "new --players \"Ana,Ben,Cleo,Dan,Eve,Finn,Gus,Hana\" --roles "
    "\"Ana=carbon,Cleo=ngo,Dan=ceo,Eve=banker,Finn=fragile,Gus=carbon\" --mode night --option "
    "tie=revote";

struct Folder {
    std::string root;   // XDG_DATA_HOME
    std::string games;  // root/coyel/games
};

// coyel with the games folder under `folder`, standard error apart.
Run coyel_with(const Folder& folder, const std::string& arguments, const std::string& input = "") {
    std::ofstream(folder.root + "/input") << input;
    return run_shell("cd " + folder.root + " && NO_COLOR=1 COYEL_FROZEN_CLOCK=1 XDG_DATA_HOME=" +
                     folder.root + " " + COYEL_BINARY + " " + arguments + " < input 2> errors");
}

std::string errors_of(const Folder& folder) { return read_file(folder.root + "/errors"); }

void set_mtime(const std::string& path, std::time_t when) {
    const utimbuf times{when, when};
    REQUIRE(::utime(path.c_str(), &times) == 0);
}

// A random game played to its end, or stopped after `stop` inputs.
Game random_game(std::uint64_t seed, std::optional<int> stop, const std::string& wall = "") {
    SplitMix64 rng(seed);
    Game game(random_setup(rng));
    for (int steps = 0; !game.over() && steps != stop.value_or(-1); ++steps) {
        Action action = random_action(game, rng);
        if (!wall.empty()) action.wall = wall;
        REQUIRE(game.apply(action).ok());
    }
    return game;
}

// What the test knows of each save: written or read here, its time.
struct Known {
    std::string path;
    Game game;
    std::time_t when;
};

std::string phase_words(const Game& game) {
    const State& state = game.state();
    if (state.winner) return fmt::format("{} won", team_id(*state.winner));
    if (state.phase == Phase::setup) return "Before the game";
    const char* title = state.phase == Phase::night  ? "Night"
                        : state.phase == Phase::dawn ? "Dawn"
                                                     : "Day";
    return fmt::format("{} {}", title, state.round);
}

// The folder of games; returns what the test knows of each save.
std::vector<Known> build_folder(const Folder& folder) {
    // Games coyel plays itself, without --save: one to the end, one just started.
    REQUIRE(
        coyel_with(folder, full_game_args, read_file(COYEL_TEST_DATA "/transcripts/full_game.in"))
            .exit_code == 0);
    REQUIRE(coyel_with(folder, "new --players Ana,Ben,Cleo,Dan,Eve --roles Ana=carbon", "quit\n")
                .exit_code == 0);
    std::vector<Known> known;
    std::time_t when = 1'900'000'000;  // mtimes an hour apart, oldest first
    for (const auto& entry : fs::directory_iterator(folder.games)) {
        known.push_back({entry.path().string(), *load_game(read_file(entry.path().string()), "x"),
                         when += 3600});
    }
    REQUIRE(known.size() == 2);
    for (const char* sample : {"ecosystems-win", "temperature-loss", "slapp-and-revival"}) {
        const std::string path = folder.games + "/" + sample + ".json";
        fs::copy_file(fmt::format("{}/samples/{}.json", COYEL_DATA, sample), path);
        known.push_back({path, *load_game(read_file(path), "x"), when += 3600});
    }
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        const bool finished = seed % 3 != 0;
        const std::string path = fmt::format("{}/random-{}.json", folder.games, seed);
        Game game = random_game(seed, finished ? std::nullopt : std::optional<int>(3 + seed / 3));
        std::ofstream(path) << save_game(game);
        known.push_back({path, std::move(game), when += 3600});
    }
    // The wall times in a save win over its file's time: the newest game of
    // all, and an unfinished one newer than every file.
    const std::string newest = folder.games + "/walled-finished.json";
    Game walled = random_game(100, std::nullopt, "2031-05-01T20:00:00+02:00");
    std::ofstream(newest) << save_game(walled);
    known.push_back({newest, std::move(walled), 1'935'424'800});  // 2031-05-01T18:00:00Z
    const std::string unfinished = folder.games + "/walled-unfinished.json";
    Game stopped = random_game(101, 6, "2031-04-30T12:00:00Z");
    std::ofstream(unfinished) << save_game(stopped);
    known.push_back({unfinished, std::move(stopped), 1'935'316'800});  // 2031-04-30T12:00:00Z
    for (const auto& game : known) set_mtime(game.path, game.when);
    set_mtime(newest, 1'800'000'000);  // the file is old; its log says otherwise
    set_mtime(unfinished, 1'800'000'000);
    std::ofstream(folder.games + "/junk.json") << "notes from the evening\n";
    std::ofstream(folder.games + "/foreign.json") << R"({"format": "chess", "moves": []})";
    std::stable_sort(known.begin(), known.end(), [](const Known& a, const Known& b) {
        return a.when != b.when ? a.when > b.when : a.path < b.path;
    });
    return known;
}

Folder make_folder() {
    Folder folder;
    folder.root = temporary_folder();
    folder.games = folder.root + "/coyel/games";
    return folder;
}

void check_skipped(const Folder& folder) {
    const std::string errors = errors_of(folder);
    CHECK(errors.find("skipped: " + folder.games + "/junk.json: not valid JSON") !=
          std::string::npos);
    CHECK(errors.find("skipped: " + folder.games + "/foreign.json: not a coyel save") !=
          std::string::npos);
}

}  // namespace

TEST_CASE("coyel games: every save of the folder, newest first, junk named and skipped") {
    const Folder folder = make_folder();
    const auto known = build_folder(folder);
    const Run listed = coyel_with(folder, "games --json");
    REQUIRE(listed.exit_code == 0);
    check_skipped(folder);
    const json games = json::parse(listed.out);
    REQUIRE(games.size() == known.size());
    for (std::size_t i = 0; i < known.size(); ++i) {
        INFO(known[i].path);
        CHECK(games[i]["file"] == known[i].path);
        CHECK(games[i]["players"] == json(known[i].game.setup().players));
        CHECK(games[i]["round"] == known[i].game.state().round);
        const auto& winner = known[i].game.state().winner;
        CHECK(games[i]["winner"] == (winner ? json(team_id(*winner)) : json(nullptr)));
    }
    CHECK(games[0]["when"] == "2031-05-01T18:00:00Z");
    CHECK(games[1]["when"] == "2031-04-30T12:00:00Z");

    const Run text = coyel_with(folder, "games");
    REQUIRE(text.exit_code == 0);
    std::istringstream lines(text.out);
    std::size_t row = 0;
    for (std::string line; std::getline(lines, line); ++row) {
        REQUIRE(row < known.size());
        INFO(line);
        const std::string& path = known[row].path;
        CHECK(line.substr(line.size() - path.size()) == path);
        CHECK(line.find("  " + phase_words(known[row].game) + "  ") != std::string::npos);
        const std::string first_players =
            known[row].game.setup().players[0] + ", " + known[row].game.setup().players[1] + ", ";
        CHECK(line.find(first_players) == 18);  // after "YYYY-MM-DD HH:MM  "
    }
    CHECK(row == known.size());
    fs::remove_all(folder.root);
}

TEST_CASE("coyel resume alone: the newest unfinished game, named, none is a one-line error") {
    const Folder folder = make_folder();
    const auto known = build_folder(folder);
    auto newest = std::find_if(known.begin(), known.end(),
                               [](const Known& game) { return !game.game.over(); });
    REQUIRE(newest != known.end());
    CHECK(newest->path == folder.games + "/walled-unfinished.json");
    const Run resumed = coyel_with(folder, "resume", "quit\n");
    CHECK(resumed.exit_code == 0);
    const std::string players = join(newest->game.setup().players, ", ");
    // Where the game stands, then the players: two sentences (issue 26).
    CHECK(resumed.out.rfind(fmt::format("Resuming {}.\n{}. Players: {}.\n", newest->path,
                                        phase_words(newest->game), players),
                            0) == 0);
    // quit saves the same game: its log is unchanged.
    CHECK(load_game(read_file(newest->path), "x")->log() == newest->game.log());

    // Only finished games left: resume alone refuses, in one line.
    for (const auto& game : known)
        if (!game.game.over()) fs::remove(game.path);
    const Run none = coyel_with(folder, "resume", "");
    CHECK(none.exit_code == 1);
    CHECK(none.out.empty());
    const std::string errors = errors_of(folder);
    CHECK(errors.substr(errors.rfind("no unfinished")) ==
          "no unfinished game in " + folder.games + ": give a save file (coyel resume FILE)\n");
    fs::remove_all(folder.root);
}

namespace {

// object[key] += by, from 0.
void bump(json& object, const std::string& key, int by = 1) {
    object[key] = (object.contains(key) ? object[key].get<int>() : 0) + by;
}

// The cards' deeds: SLAPPs and the banker's gestures from the log itself,
// saves, lobbies and revivals from the events of a replay.
void count_deeds(json& cards, const Game& game) {
    Game replay(game.setup());
    for (const Action& action : game.log()) {
        auto add = [&](const char* role, const char* key, bool yes) {
            bump(cards[role], key, yes ? 1 : 0);
        };
        add("ceo", "slapps_filed", action.kind == ActionKind::slapp && action.file);
        add("ceo", "slapps_declined", action.kind == ActionKind::slapp && !action.file);
        add("banker", "social_used",
            action.kind == ActionKind::banker && action.choice == BankerChoice::social);
        add("banker", "speculation_used",
            action.kind == ActionKind::banker && action.choice == BankerChoice::speculation);
        auto events = replay.apply(action);
        REQUIRE(events.ok());
        for (const Event& event : *events) {
            add("ngo", "protest_saves", event.kind == Event::Kind::saved);
            add("ceo", "lobbies_landed",
                event.kind == Event::Kind::lobby && event.lobby == LobbyOutcome::corrupted);
            add("fragile", "revivals", event.kind == Event::Kind::fragile_revived);
        }
    }
}

// The figures `coyel stats --json` must give, counted here from the games.
json expected_stats(const std::vector<Known>& known) {
    json out = {{"games", 0}, {"finished", 0}, {"unfinished", 0}};
    json wins = {{"ecosystems", 0}, {"carbon", 0}};
    json reasons = {{"temperature", 0}, {"no-carbon", 0}, {"no-ecosystems", 0}};
    json by_count = json::object(), players = json::object(), cards = json::object();
    std::vector<std::int64_t> rounds, seconds;
    for (const auto& [path, game, when] : known) {
        bump(out, "games");
        const State& state = game.state();
        if (!game.over()) {
            bump(out, "unfinished");
            continue;
        }
        bump(out, "finished");
        const std::string winner{team_id(*state.winner)};
        bump(wins, winner);
        const std::string reason{win_reason_id(*state.win_reason)};
        bump(reasons, reason);
        json& count = by_count[std::to_string(game.player_count())];
        bump(count, "finished");
        bump(count["wins"], winner);
        rounds.push_back(state.round);
        seconds.push_back(state.clock_s);
        for (Seat seat = 0; seat < game.player_count(); ++seat) {
            json& player = players[game.name(seat)];
            const std::string role{role_id(game.role(seat))};
            bump(player, "finished");
            bump(player, "wins", team_id(team_of(game.role(seat))) == winner);
            bump(player["roles"], role);
        }
        std::map<std::string, bool> dealt;
        for (Role role : game.setup().roles) dealt[std::string{role_id(role)}] = true;
        for (const auto& [role, yes] : dealt) {
            json& card = cards[role];
            bump(card, "finished");
            bump(card, "team_wins", team_id(team_of(*role_from_id(role))) == winner);
        }
        count_deeds(cards, game);
    }
    cards.erase("citizen");
    out["wins"] = wins;
    out["reasons"] = reasons;
    out["by_player_count"] = by_count;
    auto span = [](std::vector<std::int64_t> values) {
        std::int64_t total = 0;
        for (auto value : values) total += value;
        return json{{"least", *std::min_element(values.begin(), values.end())},
                    {"most", *std::max_element(values.begin(), values.end())},
                    {"total", total}};
    };
    out["rounds"] = span(rounds);
    out["seconds"] = span(seconds);
    out["players"] = players;
    out["cards"] = cards;
    return out;
}

// The part of `actual` that `expected` has keys for: each object key of
// `expected` taken from `actual` (null when absent), recursively.
json same_keys(const json& actual, const json& expected) {
    if (!expected.is_object() || !actual.is_object()) return actual;
    json out = json::object();
    for (const auto& [key, value] : expected.items())
        out[key] = actual.contains(key) ? same_keys(actual[key], value) : json(nullptr);
    return out;
}

std::string percent(int part, int whole) {
    return std::to_string((part * 100 + whole / 2) / whole) + "%";
}

}  // namespace

TEST_CASE("coyel stats: the group's figures, as JSON, text and Markdown") {
    const Folder folder = make_folder();
    const auto known = build_folder(folder);
    const json expected = expected_stats(known);
    REQUIRE(expected["unfinished"].get<int>() >= 4);  // the test means something
    REQUIRE(expected["wins"]["ecosystems"].get<int>() > 0);
    REQUIRE(expected["wins"]["carbon"].get<int>() > 0);

    const Run as_json = coyel_with(folder, "stats --json");
    REQUIRE(as_json.exit_code == 0);
    check_skipped(folder);
    json actual = json::parse(as_json.out);
    // Players as the test keyed them: by name.
    json players = json::object();
    for (const auto& player : actual["players"])
        players[player["name"].get<std::string>()] = player;
    actual["players"] = players;
    CHECK(same_keys(actual, expected).dump(1) == expected.dump(1));

    const Run text = run_shell("TZ=UTC " COYEL_BINARY " stats " + folder.games + " 2>/dev/null");
    REQUIRE(text.exit_code == 0);
    const int finished = expected["finished"], eco = expected["wins"]["ecosystems"];
    CHECK(text.out.rfind(fmt::format("{} games read: {} finished, {} unfinished (counted apart, "
                                     "in no figure below).\n",
                                     expected["games"].get<int>(), finished,
                                     expected["unfinished"].get<int>()),
                         0) == 0);
    CHECK(std::regex_search(text.out, std::regex(fmt::format("\n  ecosystems +{} +{}\n", eco,
                                                             percent(eco, finished)))));
    const json& ana = expected["players"]["Ana"];
    CHECK(std::regex_search(
        text.out, std::regex(fmt::format("\n  Ana +{} +{} +{} +Carbon Emission ×{}\n",
                                         ana["finished"].get<int>(), ana["wins"].get<int>(),
                                         percent(ana["wins"], ana["finished"]),
                                         ana["roles"]["carbon"].get<int>()))));

    const Run markdown = coyel_with(folder, "stats --markdown");
    REQUIRE(markdown.exit_code == 0);
    CHECK(markdown.out.rfind("# The group's games\n", 0) == 0);
    CHECK(markdown.out.find(fmt::format("| ecosystems | {} | {} |\n", eco,
                                        percent(eco, finished))) != std::string::npos);
    fs::remove_all(folder.root);
}

TEST_CASE("coyel stats FILES: only the saves named, a missing or junk file is named, not fatal") {
    const Folder folder = make_folder();
    fs::create_directories(folder.games);
    std::ofstream(folder.root + "/junk.json") << "[1, 2]";
    const Run run = coyel_with(
        folder, fmt::format("stats --json {0}/samples/ecosystems-win.json "
                            "{0}/samples/temperature-loss.json {0}/samples/slapp-and-revival.json "
                            "junk.json missing.json",
                            COYEL_DATA));
    CHECK(run.exit_code == 0);
    const json stats = json::parse(run.out);
    CHECK(stats["games"] == 3);
    CHECK(stats["finished"] == 3);
    CHECK(stats["wins"] == json({{"ecosystems", 2}, {"carbon", 1}}));
    CHECK(errors_of(folder) ==
          "skipped: junk.json: not a coyel save (no \"format\": \"coyel-heaven\")\n"
          "skipped: missing.json: cannot open: No such file or directory\n");
    fs::remove_all(folder.root);
}

namespace {

// Unfinished twins: the SPEC table in Night 1, the mayor elected, the
// target named; the twin swaps two players' cards and protects another.
std::vector<Game> unfinished_twin(bool twin) {
    Seating seating = spec_table();
    if (twin) std::swap(seating[0].second, seating[1].second);  // Ana and Ben
    Game game = make_game(seating);
    const auto apply = [&](ActionKind kind, const char* name) {
        REQUIRE(game.apply(act(kind, seat(game, name))).ok());
    };
    apply(ActionKind::elect_mayor, "Hana");
    Game elected = game;
    apply(ActionKind::carbon_target, "Dan");
    apply(ActionKind::ngo_protect, twin ? "Eve" : "Finn");
    return {elected, game};
}

std::string in_folder(const Folder& folder, const std::vector<Game>& games) {
    fs::create_directories(folder.games);
    for (std::size_t i = 0; i < games.size(); ++i) {
        const std::string path = fmt::format("{}/game-{}.json", folder.games, i);
        std::ofstream(path) << save_game(games[i]);
        set_mtime(path, 1'900'000'000 + static_cast<std::time_t>(i));
    }
    std::string out;
    for (const char* command :
         {"games", "games --json", "stats", "stats --json", "stats --markdown"})
        out += coyel_with(folder, command).out;
    // The folder's own name aside, which differs between the twins.
    return std::regex_replace(out, std::regex(folder.root), "FOLDER");
}

}  // namespace

TEST_CASE(
    "games and stats of twin unfinished games, differing only in hidden facts, are the same") {
    const Folder one = make_folder(), other = make_folder();
    const std::string seen = in_folder(one, unfinished_twin(false));
    CHECK(seen.find("Night 1") != std::string::npos);
    CHECK(seen == in_folder(other, unfinished_twin(true)));
    fs::remove_all(one.root);
    fs::remove_all(other.root);
}

namespace {

// A sample save with its players renamed ("Cleo" -> "Cléo").
void renamed_sample(const std::string& sample, const std::string& to,
                    const std::map<std::string, std::string>& names) {
    std::string text = read_file(std::string{COYEL_DATA} + "/samples/" + sample);
    for (const auto& [from, name] : names)
        text = std::regex_replace(text, std::regex("\"" + from + "\""), "\"" + name + "\"");
    std::ofstream(to) << text;
}

// `stats --json`'s players as name -> finished games.
std::map<std::string, int> finished_by_name(const Run& run) {
    REQUIRE(run.exit_code == 0);
    const json stats = json::parse(run.out);
    std::map<std::string, int> players;
    for (const auto& player : stats["players"])
        players[player["name"].get<std::string>()] = player["finished"].get<int>();
    return players;
}

}  // namespace

TEST_CASE("coyel stats folds names as the REPL does, and --same merges a group's aliases") {
    const Folder folder = make_folder();
    fs::create_directories(folder.games);
    renamed_sample("ecosystems-win.json", folder.games + "/a.json", {});
    renamed_sample("ecosystems-win.json", folder.games + "/b.json",
                   {{"Cleo", "Cléo"}, {"Eve", "Evelyne"}, {"Ana", "ANA"}});
    // Zoe and Zoé at one table stay two players, as the REPL tells them apart.
    renamed_sample("temperature-loss.json", folder.games + "/c.json",
                   {{"Ana", "Zoe"}, {"Ben", "Zoé"}});
    auto players = finished_by_name(coyel_with(folder, "stats --json"));
    CHECK(errors_of(folder).empty());
    CHECK(players.size() == 11);
    const int cleo = players.count("Cleo") ? players["Cleo"] : players["Cléo"];
    CHECK(cleo == 3);
    CHECK(players.count("Cleo") + players.count("Cléo") == 1);
    CHECK(players.count("Ana") + players.count("ANA") == 1);
    CHECK(players["Eve"] == 2);
    CHECK(players["Evelyne"] == 1);
    CHECK(players["Zoe"] == 1);
    CHECK(players["Zoé"] == 1);

    players = finished_by_name(coyel_with(folder, "stats --json --same Eve=Evelyne"));
    CHECK(players["Eve"] == 3);
    CHECK(players.count("Evelyne") == 0);
    // The group's first name is shown, whatever the case or accents typed.
    players = finished_by_name(coyel_with(folder, "stats --json --same evelyne=EVE"));
    CHECK(players["evelyne"] == 3);
    CHECK(players.count("Eve") == 0);
    fs::remove_all(folder.root);
}

TEST_CASE("save AS moves a game out of the games folder: the copy left says where it went on") {
    const Folder folder = make_folder();
    const std::string new_game =
        "new --players \"Ana,Ben,Cleo,Dan,Eve\" --roles \"Ana=carbon\" --mode night";
    const Run moved = coyel_with(folder, new_game, "Cleo\nsave as friday.json\nquit\n");
    CHECK(moved.exit_code == 0);
    std::vector<std::string> left;
    for (const auto& entry : fs::directory_iterator(folder.games))
        if (entry.path().extension() == ".json") left.push_back(entry.path().string());
    REQUIRE(left.size() == 1);
    const auto pointer = load_save(read_file(left[0]), "x");
    REQUIRE(pointer.ok());
    CHECK(pointer->live->moved_to == fs::absolute(folder.root + "/friday.json").string());
    CHECK(moved.out.find("Saved to friday.json; later saves go there too.\n") != std::string::npos);
    std::string unwrapped = moved.out;  // the line wraps at 80 columns
    for (auto at = unwrapped.find("\n  "); at != std::string::npos; at = unwrapped.find("\n  "))
        unwrapped.replace(at, 3, " ");
    CHECK(unwrapped.find(left[0] + " now says where the game went on") != std::string::npos);
    CHECK(load_game(read_file(folder.root + "/friday.json"), "x").ok());
    CHECK(coyel_with(folder, "resume", "").exit_code == 1);  // nothing stale to pick up
    CHECK(coyel_with(folder, "games", "").out.find(left[0]) == std::string::npos);
    // Resumed by its old name, the game goes on where it went.
    const Run resumed = coyel_with(folder, "resume " + left[0], "quit\n");
    CHECK(resumed.out.find("went on in " + fs::absolute(folder.root + "/friday.json").string()) !=
          std::string::npos);

    const Run copied =
        coyel_with(folder, new_game + " --save mine.json", "Cleo\nsave as copy.json\nquit\n");
    CHECK(copied.exit_code == 0);
    CHECK(fs::exists(folder.root + "/mine.json"));
    CHECK(fs::exists(folder.root + "/copy.json"));
    CHECK(load_save(read_file(folder.root + "/mine.json"), "x")->live->moved_to ==
          fs::absolute(folder.root + "/copy.json").string());
    fs::remove_all(folder.root);
}

TEST_CASE("coyel stats and replay say when the games were played, from their wall times") {
    const Folder folder = make_folder();
    fs::create_directories(folder.games);
    const std::string first = folder.games + "/first.json";
    const std::string last = folder.games + "/last.json";
    std::ofstream(first) << save_game(random_game(100, std::nullopt, "2031-04-30T12:00:00Z"));
    std::ofstream(last) << save_game(random_game(102, std::nullopt, "2031-05-01T20:00:00+02:00"));
    // Neither dated nor counted: a game without walls, and one unfinished.
    std::ofstream(folder.games + "/undated.json") << save_game(random_game(103, std::nullopt));
    std::ofstream(folder.games + "/unfinished.json")
        << save_game(random_game(101, 6, "2035-01-01T12:00:00Z"));

    const json stats = json::parse(coyel_with(folder, "stats --json").out);
    CHECK(stats["played"] == json{{"first", "2031-04-30T12:00:00Z"},
                                  {"last", "2031-05-01T18:00:00Z"},
                                  {"dated_games", 2}});
    const Run text = run_shell("TZ=UTC " COYEL_BINARY " stats " + folder.games + " 2>/dev/null");
    CHECK(text.out.find("\n2 games dated by their saves, played from 2031-04-30 12:00 to "
                        "2031-05-01 18:00 (local time).\n") != std::string::npos);
    const Run replay = run_shell("TZ=UTC " COYEL_BINARY " replay " + last);
    // Played within one day: the day once, then the two times.
    CHECK(replay.out.find("\nPlayed on 2031-05-01, from 18:00 to 18:00 (local time).\n") !=
          std::string::npos);
    const Run replay_fr = run_shell("TZ=UTC " COYEL_BINARY " replay --lang fr " + last);
    CHECK(replay_fr.out.find("\nJouée le 1er mai 2031, de 18\u202fh\u202f00 à 18\u202fh\u202f00 "
                             "(heure locale).\n") != std::string::npos);
    // The local day: 14 hours ahead of UTC (a POSIX zone: no tzdata needed), it is the 2nd.
    const Run replay_days = run_shell("TZ=XYZ-14 " COYEL_BINARY " replay " + last);
    CHECK(replay_days.out.find("\nPlayed on 2031-05-02, from 08:00 to 08:00 (local time).\n") !=
          std::string::npos);
    // In French, the dates in words: no ISO date in a sentence.
    const Run french =
        run_shell("TZ=UTC " COYEL_BINARY " stats --lang fr " + folder.games + " 2>/dev/null");
    CHECK(french.out.find("\n2 parties datées par leur sauvegarde, jouées du 30 avril 2031 "
                          "à 12\u202fh\u202f00 au 1er mai 2031 à 18\u202fh\u202f00 (heure "
                          "locale).\n") != std::string::npos);
    const Run undated = run_shell(COYEL_BINARY " replay " + folder.games + "/undated.json");
    CHECK(undated.out.find("Played ") == std::string::npos);
    fs::remove_all(folder.root);
}
