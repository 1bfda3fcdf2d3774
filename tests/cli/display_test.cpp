// The players' screen (issue 13): the save's "live" key, the screen ticking
// on from it, twins that differ only in hidden facts printing the same
// `display --once`, and how `display` finds its save or refuses one.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "../fakes/fake_clock.hpp"
#include "../narration_helpers.hpp"
#include "commands/commands.hpp"
#include "coyel/save.hpp"
#include "live_session.hpp"
#include "players_screen.hpp"
#include "printed.hpp"
#include "process.hpp"
#include "store/save_lock.hpp"
#include "terminal/display_screen.hpp"

using namespace coyel;
using namespace coyel::test;
using narration::players_screen;
using narration::players_screen_text;

namespace {

// 2026-11-30T20:14:51.123Z
constexpr std::int64_t wall = 1'796'069'691'123;

// What differs between twins, all of it hidden: the roles of players still
// in, the NGO's protection, the CEO's lobbies (so who is corrupted).
struct Hidden {
    Seating seating = spec_table();
    const char* protect = nullptr;
    const char* second_lobby = "Hana";
};

// Night 2 at 412 s: Ben out in Night 1, Hana mayor, Ana voted out (a carbon
// emission, told to the table). Both twins lobby Eve first: the banker's
// corruption buys a second lobby, which the table hears called.
Game night_two(const Hidden& hidden) {
    Game game = make_game(hidden.seating);
    ok(game, elect(game, "Hana"));
    ok(game, at(target(game, "Ben"), 40));
    ok(game, at(protect(game, hidden.protect), 61));
    ok(game, at(bank(BankerChoice::none), 75));
    ok(game, at(lobby(game, "Eve"), 90));
    ok(game, at(lobby(game, hidden.second_lobby), 104));
    ok(game, at(act(ActionKind::tell), 110));  // the moderator opens the day
    ok(game, at(vote_all(game, "Ana"), 400));
    REQUIRE(game.advance_clock(412).ok());
    return game;
}

std::string write_save(const std::string& path, const Game& game,
                       const std::optional<LiveClock>& live) {
    std::ofstream(path) << save_game(game, live);
    return path;
}

// Why `text` does not load as a save with its live clock (it must not load).
std::string live_save_error(const std::string& text) {
    auto loaded = load_save(text, "game.json");
    REQUIRE_FALSE(loaded.ok());
    return loaded.error();
}

// The save of `night_two` with its "live" key replaced by `live_json`.
std::string with_live(const std::string& live_json) {
    std::string text = save_game(night_two({}), LiveClock{false, wall, std::nullopt, "", "", ""});
    const auto at = text.find("\"live\": ");
    REQUIRE(at != std::string::npos);
    return text.substr(0, at) + "\"live\": " + live_json + "\n}\n";
}

}  // namespace

TEST_CASE("save: the live key round-trips, and other readers may ignore it") {
    const Game game = night_two({});
    const LiveClock live{true, wall, wall + 90'000, "", "", ""};
    const std::string text = save_game(game, live);
    CHECK(text.find(R"("live": {"running": true, "wall": "2026-11-30T20:14:51.123Z", )"
                    R"("timer_ends": "2026-11-30T20:16:21.123Z"})") != std::string::npos);
    auto loaded = load_save(text, "game.json");
    REQUIRE(loaded.ok());
    CHECK(loaded->live == live);
    CHECK(loaded->game.state() == game.state());
    CHECK(save_game(loaded->game, loaded->live) == text);
    CHECK(load_game(text, "game.json").ok());
    CHECK_FALSE(load_save(save_game(game), "game.json")->live.has_value());
}

TEST_CASE("save: UTC times in exactly one shape, both ways") {
    CHECK(iso_time_text(0) == "1970-01-01T00:00:00.000Z");
    CHECK(iso_time_text(wall) == "2026-11-30T20:14:51.123Z");
    CHECK(iso_time_from_text("2026-11-30T20:14:51.123Z") == wall);
    CHECK(iso_time_from_text("2028-02-29T23:59:59.999Z") == 1'835'481'599'999);
    for (const char* wrong : {"2026-11-30 20:14:51.123Z", "2026-11-30T20:14:51Z",
                              "2026-02-30T20:14:51.123Z", "2026-11-30T24:00:00.000Z",
                              "1969-12-31T23:59:59.999Z", "2026-11-30T20:14:51.123+01:00", ""})
        CHECK_FALSE(iso_time_from_text(wrong).has_value());
}

TEST_CASE("save: a bad live key is refused with the reason") {
    CHECK(live_save_error(with_live(R"({"runing": true, "wall": "2026-11-30T20:14:51.123Z"})")) ==
          "game.json: live: unknown key \"runing\" (did you mean \"running\"?)");
    CHECK(live_save_error(with_live(R"({"running": "yes", "wall": "2026-11-30T20:14:51.123Z"})")) ==
          "game.json: live: running must be true or false");
    CHECK(live_save_error(with_live(R"({"running": true})")) ==
          "game.json: live: missing \"wall\"");
    CHECK(live_save_error(with_live(R"({"running": true, "wall": "yesterday"})")) ==
          "game.json: live: wall must be a UTC time like \"2026-11-30T20:21:31.123Z\" (got "
          "\"yesterday\")");
    CHECK(
        live_save_error(with_live(R"({"running": true, "wall": "2026-11-30T20:14:51.123Z", )"
                                  R"("timer_ends": "2026-12-01T07:14:51.123Z"})")) ==
        "game.json: live: timer_ends is more than ten hours after wall: no timer lasts that long");
    CHECK(live_save_error(with_live("[]")) == "game.json: live: must be an object");
    // The clock runs from Night 1 to the end only.
    const std::string before_night =
        save_game(make_game(), LiveClock{true, wall, std::nullopt, "", "", ""});
    CHECK(live_save_error(before_night) ==
          "game.json: live: running, but the game clock runs only from Night 1 to the end");
}

TEST_CASE("display speaks the language the game is told in, unless --lang says otherwise") {
    const std::string folder = temporary_folder();
    const Game game = night_two({});
    const std::string french =
        write_save(folder + "/fr.json", game, LiveClock{false, wall, std::nullopt, "fr", "", ""});
    const std::string unsaid =
        write_save(folder + "/unsaid.json", game, LiveClock{false, wall, std::nullopt, "", "", ""});
    REQUIRE(load_save(read_file(french), "fr.json")->live->language == "fr");
    // The tests' COYEL_LANG is en: the game's language wins over it, --lang over both.
    const std::string told = run_coyel("display --once " + french).out;
    CHECK(told == run_coyel("display --once --lang fr " + unsaid).out);
    CHECK(told != run_coyel("display --once " + unsaid).out);
    CHECK(run_coyel("display --once --lang en " + french).out ==
          run_coyel("display --once " + unsaid).out);
    CHECK(live_save_error(with_live(R"({"running": false, "wall": "2026-11-30T20:14:51.123Z", )"
                                    R"("language": "fr FR"})")) ==
          "game.json: live: language must be a code such as \"en\" or \"fr\"");
    std::filesystem::remove_all(folder);
}

TEST_CASE("players' screen: the countdown ticks on while the clock runs, still while paused") {
    const narration::Narrator& narrator = english_narrator();
    const Game game = night_two({});
    REQUIRE(game.next_rise_at() == 600);  // 25 minutes for 5 degrees: one each 300 s
    const LiveClock running{true, wall, std::nullopt, "", "", ""};
    const auto at_start = players_screen(narrator, game, running, wall);
    CHECK(at_start.countdown == "next degree in 3:08");  // 600 - 412 s
    CHECK(at_start.changes_in == std::chrono::milliseconds(1000));
    const auto later = players_screen(narrator, game, running, wall + 2'300);
    CHECK(later.countdown == "next degree in 3:06");
    CHECK(later.countdown_figure == "3:06");
    CHECK(later.changes_in == std::chrono::milliseconds(700));
    // At the degree it waits, still, for the save that logs it.
    const auto past = players_screen(narrator, game, running, wall + 500'000);
    CHECK(past.countdown == "next degree in 0:00");
    CHECK_FALSE(past.changes_in.has_value());

    const LiveClock paused{false, wall, std::nullopt, "", "", ""};
    const auto still = players_screen(narrator, game, paused, wall + 60'000);
    CHECK(still.countdown == "clock paused · next degree in 3:08");
    CHECK_FALSE(still.changes_in.has_value());
    CHECK(players_screen(narrator, game, std::nullopt, wall).countdown ==
          "clock paused · next degree in 3:08");
}

TEST_CASE("players' screen: a timer counts down, rounded up, to 0:00") {
    const narration::Narrator& narrator = english_narrator();
    const Game game = night_two({});
    const LiveClock timed{false, wall, wall + 90'000, "", "", ""};
    CHECK(players_screen(narrator, game, timed, wall).timer == "timer 1:30");
    const auto soon = players_screen(narrator, game, timed, wall + 100);
    CHECK(soon.timer == "timer 1:30");
    CHECK(soon.changes_in == std::chrono::milliseconds(900));
    CHECK(players_screen(narrator, game, timed, wall + 89'500).timer == "timer 0:01");
    const auto done = players_screen(narrator, game, timed, wall + 95'000);
    CHECK(done.timer == "timer 0:00");
    CHECK_FALSE(done.changes_in.has_value());
}

TEST_CASE("players' screen: the players, those out with the role they revealed, the news") {
    const std::string text =
        players_screen_text(players_screen(english_narrator(), night_two({}), std::nullopt, wall));
    CHECK(text ==
          "Night 2 · +1°C of +5°C\n"
          "clock paused · next degree in 3:08\n"
          "   1  Ana   out · Carbon Emission\n"
          "   2  Ben   out · Citizen-Ecosystem\n"
          "   3  Cleo  in\n"
          "   4  Dan   in\n"
          "   5  Eve   in\n"
          "   6  Finn  in\n"
          "   7  Gus   in\n"
          "   8  Hana  in · mayor\n"
          "The global temperature rises to +1°C.\n"
          "Tally: Ana 8 (Hana, the mayor, counted two).\n"
          "Ana is voted out of Coyel Heaven, and was a Carbon Emission.\n");
}

TEST_CASE(
    "players' screen: the vote's ballots as they are said aloud, then whose comes next, once the "
    "talk is over") {
    Game game = make_game(spec_table());
    ok(game, elect(game, "Hana"));
    ok(game, target(game, "Ben"));
    ok(game, protect(game, nullptr));
    ok(game, bank(BankerChoice::none));
    ok(game, lobby(game, "Eve"));
    ok(game, lobby(game, "Hana"));
    ok(game, act(ActionKind::tell));
    const auto vote_of = [&] {
        return players_screen(english_narrator(), game, std::nullopt, wall).vote;
    };
    CHECK(vote_of() == std::vector<std::string>{"Ana votes next."});
    // While the table talks, a timer running and no ballot cast, nobody votes yet.
    const LiveClock talking{true, wall, wall + 60'000, "", "", ""};
    CHECK(players_screen(english_narrator(), game, talking, wall).vote.empty());
    CHECK(players_screen(english_narrator(), game, talking, wall + 60'000).vote ==
          std::vector<std::string>{"Ana votes next."});
    REQUIRE(game.cast_ballot(seat(game, "Dan")).ok());
    REQUIRE(game.cast_ballot(std::nullopt).ok());
    CHECK(vote_of() == std::vector<std::string>{"Ana → Dan", "Cleo → nobody", "Dan votes next."});
    for (const char* voter : {"Dan", "Eve", "Finn", "Gus"}) {
        INFO(voter);
        REQUIRE(game.cast_ballot(seat(game, "Cleo")).ok());
    }
    CHECK(vote_of().back() == "Hana votes next.");
    REQUIRE(game.cast_ballot(seat(game, "Cleo")).ok());  // the last ballot: the vote is counted
    CHECK(vote_of().empty());
}

TEST_CASE("players' screen: before any news, the first election's call as read to the table") {
    Game game = make_game(spec_table());
    const auto announced = [&] {
        return players_screen(english_narrator(), game, std::nullopt, wall).announcement;
    };
    CHECK(announced() == std::vector<std::string>{"Players, elect a mayor: you have three "
                                                  "minutes. The mayor's vote counts for two."});
    ok(game, elect(game, "Hana"));
    CHECK(announced() == std::vector<std::string>{"Hana is the mayor: their vote counts for two."});
}

TEST_CASE("display --once tells the timer as of its clock's wall time") {
    const std::string folder = temporary_folder();
    const std::string path = write_save(folder + "/g.json", night_two({}),
                                        LiveClock{false, wall, wall + 90'000, "", "", ""});
    // The reading taken 40 s after the save, on a clock that says so.
    FakeClock clock(platform::Clock::Wall{std::chrono::milliseconds(wall)});
    clock.advance(40s);
    cli::DisplayOptions given;
    given.path = path;
    given.once = true;
    const auto shown = ran([&] { return cli::run_display(given, clock); });
    CHECK(shown.code == 0);
    CHECK(shown.out.find("timer 0:50\n") != std::string::npos);
    std::filesystem::remove_all(folder);
}

TEST_CASE("display --once: twins that differ only in hidden facts print the same screen") {
    const std::string folder = temporary_folder();
    const LiveClock live{false, wall, wall + 60'000, "", "", ""};
    Hidden swapped;  // Cleo and Gus, both still in, swap the NGO and a carbon emission
    std::swap(swapped.seating[2].second, swapped.seating[6].second);
    Hidden ceo;  // Dan and Finn, both still in, swap the CEO and the fragile ecosystem
    std::swap(ceo.seating[3].second, ceo.seating[5].second);
    Hidden answers;  // another protection, another player corrupted
    answers.protect = "Dan";
    answers.second_lobby = "Finn";
    const std::string original = write_save(folder + "/a.json", night_two({}), live);
    const std::string shown = run_coyel("display --once " + original).out;
    const std::string status = run_coyel("status " + original).out;
    for (const Hidden& twin : {swapped, ceo, answers}) {
        const std::string path = write_save(folder + "/twin.json", night_two(twin), live);
        CHECK(run_coyel("display --once " + path).out == shown);
        CHECK(run_coyel("status " + path).out != status);  // the moderator tells them apart
    }
    std::filesystem::remove_all(folder);
}

TEST_CASE("display: a save that does not load is refused with the reason") {
    const std::string folder = temporary_folder();
    auto missing = run_coyel("display --once " + folder + "/none.json");
    CHECK(missing.exit_code == 1);
    CHECK(missing.out == folder + "/none.json: cannot open: No such file or directory\n");
    std::ofstream(folder + "/notes.json") << "{\"shopping\": []}\n";
    auto foreign = run_coyel("display --once " + folder + "/notes.json");
    CHECK(foreign.exit_code == 1);
    CHECK(foreign.out ==
          folder + "/notes.json: not a coyel save (no \"format\": \"coyel-heaven\")\n");
    CHECK(read_file(folder + "/notes.json") == "{\"shopping\": []}\n");  // never written
    write_save(folder + "/g.json", night_two({}), std::nullopt);
    std::string piped_command = COYEL_BINARY;  // its errors into the pipe, its output to a file
    piped_command += " display " + folder + "/g.json 2>&1 > " + folder + "/out < /dev/null";
    auto piped = run_shell(piped_command);
    CHECK(piped.exit_code == 1);
    CHECK(piped.out == "coyel display draws on a terminal: use --once to print the view\n");
    std::filesystem::remove_all(folder);
}

TEST_CASE("display alone: the game in play here, else in the games folder") {
    const std::string folder = temporary_folder();
    std::filesystem::create_directories(folder + "/here");
    std::filesystem::create_directories(folder + "/data/coyel/games");
    const std::string in_folder = "cd " + folder + "/here && XDG_DATA_HOME=" + folder + "/data ";
    auto display_alone = [&] {
        return run_shell(in_folder + COYEL_BINARY + " display --once 2>&1");
    };

    // Nothing in play: a lock file nobody holds (as a killed coyel leaves it),
    // even one naming a living process (this test's).
    write_save(folder + "/here/g.json", night_two({}), std::nullopt);
    std::ofstream(folder + "/here/.g.json.lock") << ::getpid() << "\n";
    auto none = display_alone();
    CHECK(none.exit_code == 1);
    CHECK(none.out == "no game is in play here nor in " + folder +
                          "/data/coyel/games: name the save (coyel display FILE)\n");

    // In the games folder, its lock held (by this test).
    write_save(folder + "/data/coyel/games/h.json", make_game(), std::nullopt);
    auto held_there = coyel::cli::SaveLock::take(folder + "/data/coyel/games/h.json");
    REQUIRE(held_there);
    auto there = display_alone();
    CHECK(there.exit_code == 0);
    CHECK(there.out.find("Before the game · +0°C of +5°C\n"
                         "the clock starts with Night 1 · next degree in 5:00\n") == 0);

    // Here wins over the games folder.
    auto held_here = coyel::cli::SaveLock::take(folder + "/here/g.json");
    REQUIRE(held_here);
    auto here = display_alone();
    CHECK(here.exit_code == 0);
    CHECK(here.out == run_coyel("display --once " + folder + "/here/g.json").out);
    std::filesystem::remove_all(folder);
}

TEST_CASE("session: the live key says when the clock runs and when a timer ends") {
    Table table({{0ms, "Hana"}, {2s, "timer 1:30"}, {1500ms, "pause"}, {3s, "quit"}});
    table.session.run();
    auto live_of = [&](std::size_t save) {
        auto loaded = load_save(table.disk.saves.at(save), "game.json");
        REQUIRE(loaded.ok());
        REQUIRE(loaded->live);
        return *loaded->live;
    };
    // Saves: before the election, after it, at 1 s and 2 s, the timer, 3 s,
    // the pause, the quit.
    REQUIRE(table.disk.saves.size() == 8);
    CHECK_FALSE(live_of(0).running);  // before Night 1
    const LiveClock elected = live_of(1);
    CHECK(elected.running);
    CHECK_FALSE(elected.timer_ends_ms);
    // Each second's save: the moment that second began, so a screen ticks in step.
    CHECK(live_of(3).wall_ms - elected.wall_ms == 2'000);
    const LiveClock timed = live_of(4);
    CHECK(timed.running);
    CHECK(timed.timer_ends_ms == elected.wall_ms + 2'000 + 90'000);
    const LiveClock paused = live_of(6);
    CHECK_FALSE(paused.running);
    CHECK(paused.wall_ms == elected.wall_ms + 3'500);  // the moment of the pause
    CHECK(paused.timer_ends_ms == timed.timer_ends_ms);
    CHECK_FALSE(live_of(7).running);
}

TEST_CASE("session: a timer's end is saved, the clock paused: the page shows the vote open") {
    Table table({{0ms, "Hana"}, {0ms, "pause"}, {0ms, "timer 45s"}, {50s, "quit"}});
    table.session.run();
    std::vector<LiveClock> lives;
    for (const std::string& text : table.disk.saves) {
        auto loaded = load_save(text, "game.json");
        REQUIRE(loaded.ok());
        REQUIRE(loaded->live);
        lives.push_back(*loaded->live);
    }
    const auto timed = std::find_if(lives.begin(), lives.end(),
                                    [](const LiveClock& live) { return live.timer_ends_ms; });
    REQUIRE(timed != lives.end());
    // The save after the timer's, before the quit's, has no timer.
    REQUIRE(lives.end() - timed >= 3);
    CHECK_FALSE((timed + 1)->timer_ends_ms);
}

TEST_CASE("the players' screen draws accented capitals with their accents") {
    using coyel::cli::large_text;
    // Five dots high in three lines; an accent adds two dots above: a line.
    CHECK(large_text("E", 1) == std::vector<std::string>{"█▀▀", "█▀ ", "▀▀▀"});
    CHECK(large_text("É", 1) == std::vector<std::string>{" ▄▀", "█▀▀", "█▀ ", "▀▀▀"});
    CHECK(large_text("È", 1)[0] == "▀▄ ");
    CHECK(large_text("Ê", 1)[0] == "▄▀▄");
    CHECK(large_text("Ë", 1)[0] == "▄ ▄");
    // The letters unaccented stay three lines; accented, each mark over its letter.
    CHECK(large_text("ECOSYSTEMES", 1).size() == 3);
    const auto result = large_text("ÉCOSYSTÈMES", 1);
    REQUIRE(result.size() == 4);
    // É over the first letter, È over the eighth (four columns a letter).
    CHECK(result[0] == " ▄▀" + std::string(25, ' ') + "▀▄" + std::string(13, ' '));
    CHECK(result[1] == large_text("ECOSYSTEMES", 1)[0]);
}

namespace {

// A French table of long names, four out with their cards told, as the
// 80×24 and 40×12 screens show it.
std::string french_screen(int rows, int columns) {
    static const narration::Narrator french(*narration::builtin_script("fr"));
    Game game = make_game({{"Éléonore", Role::carbon},
                           {"Marie-Amélie", Role::citizen},
                           {"Inès", Role::ngo},
                           {"Odile", Role::ceo},
                           {"Yves", Role::banker},
                           {"Hugo", Role::fragile},
                           {"Ben", Role::carbon},
                           {"Amélie", Role::citizen},
                           {"Anne-Sophie", Role::citizen}});
    ok(game, elect(game, "Amélie"));
    night(game, "Marie-Amélie");
    ok(game, vote_all(game, "Éléonore"));
    night(game, "Hugo");
    ok(game, vote_all(game, "Odile"));
    const auto screen = players_screen(french, game, std::nullopt, wall);
    std::string shown = cli::draw_players_screen(screen, {rows, columns}, false, "");
    // The frame's cursor moves and erasures, away: the lines as seen.
    for (const std::string code : {"\x1b[H", "\x1b[K", "\x1b[J", "\r"})
        for (auto at = shown.find(code); at != std::string::npos; at = shown.find(code))
            shown.erase(at, code.size());
    return shown;
}

}  // namespace

TEST_CASE("the French players' screen at 80×24 and 40×12: short card names, never cut") {
    // 80×24: two columns of statuses, each card by its short name, whole.
    const std::string wide = french_screen(24, 80);
    INFO(wide);
    for (const char* status : {"hors jeu · carbone", "hors jeu · citoyen", "hors jeu · PDG",
                               "hors jeu · fragile", "en jeu · maire"})
        CHECK(wide.find(status) != std::string::npos);
    CHECK(wide.find("…") == std::string::npos);
    CHECK(wide.find("Émission") == std::string::npos);
    // 40×12: compact entries ("✗": out), every name whole.
    const std::string narrow = french_screen(12, 40);
    INFO(narrow);
    for (const char* entry : {"1 Éléonore ✗", "2 Marie-Amélie ✗", "4 Odile ✗", "9 Anne-Sophie"})
        CHECK(narrow.find(entry) != std::string::npos);
    const auto first = narrow.find("1 Éléonore");
    const std::string players = narrow.substr(first, narrow.find("Décompte") - first);
    CHECK(players.find("…") == std::string::npos);
}
