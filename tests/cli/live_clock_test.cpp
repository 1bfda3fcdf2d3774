// The live clock against a moving fake clock: a terminal reader's waits,
// second by second, as the libedit reader makes them (line_reader.hpp).
#include <unistd.h>

#include <deque>
#include <filesystem>
#include <fstream>
#include <map>

#include "../helpers.hpp"
#include "coyel/save.hpp"
#include "languages.hpp"
#include "live_session.hpp"
#include "store/save_lock.hpp"

using namespace coyel;
using namespace coyel::cli;
using namespace coyel::test;
using namespace std::chrono_literals;

TEST_CASE("live clock: the prompt wakes each second and counts down") {
    Table table({{0ms, "Hana"}, {3500ms, "Ben"}, {0ms, "quit"}});
    table.session.run();
    CHECK(table.reader.wakes == 3);  // at 1, 2 and 3 s; nothing is due at 3.5 s
    REQUIRE(table.reader.prompts.size() == 3);
    CHECK(table.reader.prompts[1] == "[+0°C, next in 0:27] carbon target> ");
}

TEST_CASE("live clock: a degree rings, is told and saved at its second, with nobody typing") {
    Table table({{0ms, "Hana"}, {31s, "quit"}});
    table.session.run();
    CHECK(table.reader.shown == "\a  “The global temperature rises to +1°C.”\n");
    // The save right after the 30th second has the degree, at that second.
    Game at_degree = [&] {
        for (const auto& text : table.disk.saves) {
            auto game = load_game(text, "game.json");
            if (game->state().temperature == 1) return std::move(*game);
        }
        FAIL("no save has the degree");
        return one_minute_game();
    }();
    CHECK(at_degree.log().back().kind == ActionKind::clock);
    CHECK(at_degree.log().back().at == 30);
    CHECK(table.disk.last().state().clock_s == 31);  // and the reading after it
}

TEST_CASE("live clock: the reading is saved every second it runs, and only then") {
    Table table({{0ms, "Hana"}, {5s, "pause"}, {5s, "quit"}});
    table.session.run();
    std::vector<std::int64_t> readings;
    for (const auto& text : table.disk.saves)
        readings.push_back(load_game(text, "game.json")->state().clock_s);
    // Before the election, after it; then 1 to 5 s; the pause, saved once
    // for a players' screen to stop ticking; paused: nothing more till quit.
    CHECK(readings == std::vector<std::int64_t>{0, 0, 1, 2, 3, 4, 5, 5, 5});
    CHECK(load_save(table.disk.saves[6], "game.json")->live->running);
    CHECK(load_save(table.disk.saves[6], "game.json")->live->language == "en");  // for display
    CHECK_FALSE(load_save(table.disk.saves[7], "game.json")->live->running);
}

TEST_CASE("live clock: the limit ends the game at its second, then the end prompt waits") {
    Table table({{0ms, "Hana"}, {75s, "Ben"}, {0ms, "quit"}});
    CHECK(table.session.run() == 0);
    const Game game = table.disk.last();
    CHECK(game.over());
    CHECK(game.state().clock_s == 60);
    CHECK(table.reader.shown.find("The planet reached +2°C above normal") != std::string::npos);
    CHECK(table.out.text().find("── Game over ──") != std::string::npos);
    // The roles wait for Enter (issue 34): `quit` leaves them untold.
    CHECK(table.reader.prompts.back() == "[game over] Enter tells every role> ");
    CHECK(table.out.text().find("Every role:") == std::string::npos);
    CHECK(game.end_held());
}

TEST_CASE("live clock: undo after the limit takes back the end alone, the clock paused before it") {
    Table table({{0ms, "Hana"},
                 {10s, "Ben"},
                 {60s, "undo"},  // the end: the clock stands at 0:59, paused
                 {5s, "undo"},   // the target, Ben
                 {0ms, "Cleo"},
                 {0ms, "resume"},
                 {2s, "quit"}});
    CHECK(table.session.run() == 0);
    const std::string out = table.out.text();
    CHECK(out.find("Undone: the end of the game. The clock stands paused at 0:59") !=
          std::string::npos);
    CHECK(out.find("Undone: the carbon emissions' target, Ben.") != std::string::npos);
    REQUIRE(table.reader.prompts.size() == 7);
    CHECK(table.reader.prompts[4] == "[+1°C, next in 0:01, paused] carbon target> ");
    const Game game = table.disk.last();  // the last second was played: over again
    CHECK(game.over());
    REQUIRE(game.log().size() == 4);  // the election, the degree at 30 s, Cleo, the end
    CHECK(game.log()[1].at == 30);
    CHECK(game.log()[2].player == seat(game, "Cleo"));
    CHECK(game.log()[3].at == 60);
}

TEST_CASE("live clock: Ctrl-C empties the line, says how to leave, and loses nothing") {
    Table table({{0ms, "Hana"}, {2s, "^C"}, {2s, "Ben"}, {0ms, "quit"}});
    table.session.run();
    CHECK(table.reader.shown ==
          "Ctrl-C empties the line. To save and leave, type quit or press Ctrl-D.\n");
    const Game game = table.disk.last();
    CHECK(game.log().back().player == seat(game, "Ben"));
    CHECK(game.log().back().at == 4);
}

TEST_CASE("live clock: a timer ticks in the prompt, rings once at zero, then leaves it") {
    Table table({{0ms, "Hana"}, {0ms, "timer 0:03"}, {1500ms, "pause"}, {5s, "quit"}});
    table.session.run();
    CHECK(table.out.text().find("Timer: 0:03, shown in the prompt.") != std::string::npos);
    CHECK(table.reader.prompts[2] == "[+0°C, next in 0:29, timer 0:02] carbon target> ");
    CHECK(table.reader.shown == "\a  “Time is up.”\n");  // once, though the prompt waited on
    CHECK(table.reader.prompts[3] == "[+0°C, next in 0:29, paused] carbon target> ");
}

TEST_CASE("live clock: a timer ends with the phase it was started in") {
    Table table({{0ms, "Hana"},
                 {0ms, "timer 1"},
                 {0ms, "Ben"},
                 {0ms, "none"},
                 {0ms, "none"},
                 {0ms, "none"},
                 {0ms, "quit"}});
    table.session.run();
    CHECK(table.out.text().find("Timer: 1 minute, shown in the prompt.") != std::string::npos);
    CHECK(table.reader.prompts[2].find("timer 1:00") != std::string::npos);
    CHECK(table.reader.prompts.back().find("timer") == std::string::npos);  // the day began
}

TEST_CASE("live clock: the ballots of a vote being taken keep their moment") {
    Options options;
    options.temperature_mode = TemperatureMode::night;
    Table table({{0ms, "Hana"},
                 {0ms, "Ben"},
                 {0ms, "none"},
                 {0ms, "none"},
                 {0ms, "none"},
                 {7s, "Cleo"},
                 {3s, "none"}},
                make_game(spec_table(), options));
    table.session.run();  // the input ends in the vote, after two ballots
    const std::string& text = table.disk.saves.back();
    CHECK(text.find(R"("pending": {"at": 10, "votes": {"Ana": "Cleo", "Cleo": null}})") !=
          std::string::npos);
    const Game game = table.disk.last();
    CHECK(game.state().clock_s == 10);
    CHECK(game.next_voter() == seat(game, "Dan"));
}

TEST_CASE("save lock: a second coyel on one save is refused with the holder's process") {
    char folder[] = "/tmp/coyel-lock-XXXXXX";
    REQUIRE(mkdtemp(folder));
    const std::string save = std::string{folder} + "/game.json";
    {
        auto first = SaveLock::take(save);
        REQUIRE(first.ok());
        auto second = SaveLock::take(save);
        REQUIRE_FALSE(second.ok());
        // No "save under another name": `resume` has no other name to take.
        CHECK(second.error() == fmt::format("{} is in play in another coyel (process {}): leave "
                                            "that one first",
                                            save, ::getpid()));
    }
    CHECK(SaveLock::take(save).ok());  // released with the first
    // A lock file left by a crash holds no lock: it does not block.
    std::ofstream(lock_path_of(save)) << "999999\n";
    CHECK(SaveLock::take(save).ok());
    std::filesystem::remove_all(folder);
}

TEST_CASE("live clock: stopped before Night 1 and while the program is closed") {
    Disk disk;
    {
        Table table({{10s, "Hana"}, {5s, "quit"}});  // the election is still the deal's time
        table.session.run();
        CHECK(table.reader.wakes == 5);  // none before the election: nothing can change
        disk = table.disk;
    }
    CHECK_FALSE(disk.last().log().front().at);  // the first election is not timed
    CHECK(disk.last().state().clock_s == 5);
    // An hour later, resumed: Enter starts the clock, which goes on from 5 s.
    Table resumed({{0ms, ""}, {3s, "Ben"}, {0ms, "quit"}}, disk.last(),
                  platform::Clock::Wall{} + std::chrono::hours(1));
    resumed.session.run();
    CHECK(resumed.disk.last().log().back().at == 8);
}

TEST_CASE("live clock: the last degree and the end it brings ring one bell") {
    Table table({{0ms, "Hana"}, {61s, "quit"}});
    table.session.run();
    const std::string& shown = table.reader.shown;
    CHECK(std::count(shown.begin(), shown.end(), '\a') == 2);  // at 30 s, then at 60 s
    CHECK(shown.find("The planet reached +2°C above normal") != std::string::npos);
}

// The REPL's one output port (repl/output.hpp): a listener (a voice, later)
// hears the lines read aloud to the table, and those alone.
TEST_CASE("output port: a listener hears each line read aloud, and no line for the moderator") {
    Table table({{0ms, "Hana"}, {31s, "quit"}});  // the mayor, then a degree with nobody typing
    std::vector<std::string> heard;
    table.session.output().listen_aloud(
        [&](const speech::Aloud& line) { heard.push_back(line.text); });
    table.session.run();
    const std::string shown = table.out.text() + table.reader.shown;
    REQUIRE(heard.size() >= 2);
    for (const auto& line : heard) {  // each between the script's quotation marks
        INFO(line);
        CHECK(shown.find("“" + line.substr(0, 20)) != std::string::npos);
    }
    const auto heard_any = [&](const std::string& part) {
        for (const auto& line : heard)
            if (line.find(part) != std::string::npos) return true;
        return false;
    };
    CHECK(heard_any("+1°C"));         // the degree's alert, told while the prompt waited
    CHECK_FALSE(heard_any("Saved"));  // the moderator's own lines are not read aloud
    CHECK_FALSE(heard_any("resume"));
}

TEST_CASE("live clock: a night or day that begins with the clock paused says so, once") {
    Table table({{0ms, "Hana"},
                 {2s, "pause"},
                 {0ms, "Ben"},
                 {0ms, "none"},
                 {0ms, "none"},
                 {0ms, "none"},
                 {5s, "status"},
                 {0ms, "quit"}});
    table.session.run();
    const std::string out = table.out.text();
    const std::string reminder =
        "Day 1 begins with the clock still paused at 0:02: type resume to start it.";
    CHECK(out.find(reminder) != std::string::npos);
    CHECK(out.find(reminder) == out.rfind(reminder));        // not again at the day's next prompt
    CHECK(out.find("Night 1 begins") == std::string::npos);  // paused during it: told then
    CHECK(table.reader.prompts.back().find("paused") != std::string::npos);
}

TEST_CASE("live clock: a running clock says nothing as a day begins") {
    Table table(
        {{0ms, "Hana"}, {0ms, "Ben"}, {0ms, "none"}, {0ms, "none"}, {0ms, "none"}, {0ms, "quit"}});
    table.session.run();
    CHECK(table.out.text().find("still paused") == std::string::npos);
}

TEST_CASE("live clock: in French, `minuteur arrêt` stops the timer, as help says") {
    const auto& french = *narration::builtin_script("fr");
    Table table({{0ms, "Hana"},
                 {0ms, "minuteur 1"},
                 {0ms, "minuteur arrêt"},
                 {0ms, "aide"},
                 {0ms, "quitter"}},
                one_minute_game(), {}, false, french);
    table.session.run();
    const std::string out = table.out.text();
    CHECK(out.find("Minuteur arrêté.") != std::string::npos);
    CHECK(out.find("45s, ou arrêt") != std::string::npos);
    CHECK(out.find(" off") == std::string::npos);
}
