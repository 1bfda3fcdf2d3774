// The REPL against fakes: scripted answers, a disk that fails on demand, a
// clock that the test moves.
#include "repl/session.hpp"

#include <cstdio>
#include <deque>

#include "../fakes/fake_clock.hpp"
#include "../fakes/memory_disk.hpp"
#include "../helpers.hpp"
#include "capture.hpp"
#include "coyel/save.hpp"
#include "languages.hpp"
#include "scripted_reader.hpp"
#include "store/save_file.hpp"

using namespace coyel;
using namespace coyel::cli;
using namespace coyel::test;

namespace {

Game fresh() { return make_game(); }

}  // namespace

TEST_CASE("a save that cannot be written: told at once, nothing lost, save AS rescues it") {
    MemoryDisk disk;
    disk.add_folder("stick");
    disk.fill("stick");
    ScriptedReader reader({"Hana", "Ben", "save rescue.json", "none", "quit"});
    Capture out, err;
    Session session(fresh(), "stick/full.json", SessionIo{reader, out.file, err.file, false},
                    GameClock(0, epoch_time), disk);
    CHECK(session.run() == 0);
    CHECK(err.text().find("Could not save stick/full.json: cannot write stick/full.json.tmp: No "
                          "space left on device. The game goes on in memory; each input tries "
                          "the file again") != std::string::npos);
    CHECK(out.text().find("Saved to rescue.json; later saves go there too.") != std::string::npos);
    CHECK(out.text().find("again") == std::string::npos);  // one message for the rescue, not two
    REQUIRE(disk.text_of("rescue.json"));
    auto saved = load_game(*disk.text_of("rescue.json"), "rescue.json");
    REQUIRE(saved.ok());
    // Every accepted answer is there: the election, the target, the protection.
    CHECK(saved->log().size() == 3);
    CHECK(saved->state().expects == ActionKind::banker);
}

TEST_CASE("with nowhere to show the moderator's lines, the game goes on and is saved whole") {
    // `new --self`: nobody moderates, so the session's lines go to no file at all.
    MemoryDisk disk;
    disk.add_folder("stick");
    disk.fill("stick");  // told nowhere, as every refusal below
    ScriptedReader reader({"Zed", "Hana", "help", "Ben", "save rescue.json", "none", "quit"});
    Session session(fresh(), "stick/full.json", SessionIo{reader, nullptr, nullptr, false},
                    GameClock(0, epoch_time), disk);
    CHECK(session.run() == 0);
    REQUIRE(disk.text_of("rescue.json"));
    auto saved = load_game(*disk.text_of("rescue.json"), "rescue.json");
    REQUIRE(saved.ok());
    CHECK(saved->log().size() == 3);  // the election, the target, the protection
}

TEST_CASE("the clock: rises announced at the next prompt, the limit ends the game at once") {
    MemoryDisk disk;
    FakeClock clock;
    // Each prompt comes two minutes after the one before.
    ScriptedReader reader({"Hana", "Ben", "none", "none", "none", "pause", "resume", "Ana"},
                          [&] { clock.advance(std::chrono::minutes(2)); });
    Capture out, err;
    Options options;
    options.temperature_minutes = 10;  // a degree every 2 minutes, the limit at 10
    Session session(make_game(spec_table(), options), "game.json",
                    SessionIo{reader, out.file, err.file, false}, GameClock(0, clock), disk);
    CHECK(session.run() == 0);
    auto game = load_game(disk.text_of("game.json").value(), "game.json");
    REQUIRE(game.ok());
    CHECK(game->over());
    CHECK(game->state().win_reason == WinReason::temperature);
    // Through a pipe the end's roles are told at once: a `tell` closes the log.
    CHECK(game->log().back().kind == ActionKind::tell);
    CHECK_FALSE(game->end_held());
    const Action& last = game->log()[game->log().size() - 2];
    CHECK(last.kind == ActionKind::clock);
    CHECK(last.at == 600);
    CHECK(out.text().find("The global temperature rises to +1°C.") != std::string::npos);
    CHECK(out.text().find("The planet reached +5°C above normal: the carbon emissions win.") !=
          std::string::npos);
}

TEST_CASE("pause stops the clock, quitting saves the clock's last reading") {
    MemoryDisk disk;
    FakeClock clock;
    ScriptedReader reader({"Hana", "pause", "quit"},
                          [&] { clock.advance(std::chrono::seconds(30)); });
    Capture out, err;
    Session session(fresh(), "game.json", SessionIo{reader, out.file, err.file, false},
                    GameClock(0, clock), disk);
    session.run();
    auto game = load_game(disk.text_of("game.json").value(), "game.json");
    REQUIRE(game.ok());
    // Started after the election (30 s), paused 30 s later: 30 s of play,
    // kept as the pending reading: no degree was reached, so no log entry.
    CHECK(game->state().clock_s == 30);
    CHECK(game->log().back().kind == ActionKind::elect_mayor);
    CHECK(disk.text_of("game.json").value().find("\"pending\": {\"at\": 30}") != std::string::npos);
}

TEST_CASE("the save's folder removed mid-game: told, the game goes on, save AS keeps all") {
    MemoryDisk disk;
    disk.add_folder("stick");
    disk.add_folder("home");
    int reads = 0;
    ScriptedReader reader({"Hana", "Ben", "none", "save home/rescue.json", "none", "quit"}, [&] {
        if (++reads == 3) disk.remove_folder("stick");  // pulled before "none"
    });
    Capture out, err;
    Session session(fresh(), "stick/game.json", SessionIo{reader, out.file, err.file, false},
                    GameClock(0, epoch_time), disk);
    CHECK(session.run() == 0);
    INFO(err.text());
    CHECK(err.text().find("Could not save stick/game.json: cannot write stick/game.json.tmp: "
                          "No such file") != std::string::npos);
    auto saved = read_save_file("home/rescue.json", disk);
    REQUIRE(saved.ok());
    CHECK(saved->log().size() == 4);  // the election, the target, the protection, the banker
}

TEST_CASE("save AS into a folder that does not exist: refused whole in French, nothing lost") {
    MemoryDisk disk;
    disk.add_folder("games");
    const std::string game = "games/fr9.json";
    ScriptedReader reader({"Hana", "enregistrer /nonexistent/dir/x.json", "Ben", "quitter"});
    Capture out, err;
    FakeClock clock;
    Session session(fresh(), game, SessionIo{reader, out.file, err.file, false},
                    GameClock(0, clock), disk, *narration::builtin_script("fr"));
    CHECK(session.run() == 0);
    const std::string narrow = "\u202f";
    std::string said = err.text();  // one line, wrapped at 80 columns
    for (auto at = said.find("\n  "); at != std::string::npos; at = said.find("\n  "))
        said.replace(at, 3, " ");
    CHECK(said == "Enregistrement impossible dans /nonexistent/dir/x.json" + narrow +
                      ": impossible d’écrire /nonexistent/dir/x.json.tmp" + narrow +
                      ": ce dossier n’existe pas. La partie reste enregistrée dans " + game +
                      ".\n");
    CHECK(out.text().find("De nouveau") == std::string::npos);  // it never stopped being saved
    CHECK(out.text().find("NON ENREGISTRÉ") == std::string::npos);
    auto saved = read_save_file(game, disk);
    REQUIRE(saved.ok());
    CHECK(saved->log().size() == 2);  // the election, the target
    CHECK(disk.paths() == std::vector<std::string>{game});
}

TEST_CASE("a file that is a folder, a device or missing is refused with the reason") {
    CHECK(read_save_file(COYEL_TEST_DATA).error() ==
          std::string{COYEL_TEST_DATA} + ": is a folder, not a save file");
    CHECK(read_save_file("/dev/zero").error() == "/dev/zero: is not a regular file, so not a save");
    CHECK(read_save_file("/nonexistent/game.json").error() ==
          "/nonexistent/game.json: cannot open: No such file or directory");
}

TEST_CASE("a paused clock stays paused through a new mayor's election") {
    MemoryDisk disk;
    FakeClock clock;
    ScriptedReader reader({"Hana", "Ben", "none", "none", "none",                   // Night 1
                           "Hana", "Hana", "Hana", "Hana", "Hana", "Hana", "Hana",  // Hana out
                           "Cleo", "none", "none", "none",                          // Night 2
                           "pause", "Ana", "quit"},                                 // succession
                          [&] { clock.advance(std::chrono::seconds(20)); });
    Capture out, err;
    Session session(fresh(), "game.json", SessionIo{reader, out.file, err.file, false},
                    GameClock(0, clock), disk);
    session.run();
    auto game = load_game(disk.text_of("game.json").value(), "game.json");
    REQUIRE(game.ok());
    INFO(err.text());
    // No time passed after the pause: quitting has no later clock reading to keep.
    CHECK(game->log().back().kind == ActionKind::elect_mayor);
    CHECK(game->state().mayor == seat(*game, "Ana"));
}

TEST_CASE("in a pipe, the line after the end is read as at a terminal: undo goes back") {
    MemoryDisk disk;
    Options options;
    options.temperature_mode = TemperatureMode::manual;
    options.temperature_limit = 1;
    ScriptedReader reader({"Hana", "heat", "undo", "Ben", ""});
    Capture out, err;
    Session session(make_game(spec_table(), options), "game.json",
                    SessionIo{reader, out.file, err.file, false}, GameClock(0, epoch_time), disk);
    CHECK(session.run() == 0);
    const std::string text = out.text();
    CHECK(text.find("── Game over ──") != std::string::npos);
    CHECK(text.find("Undone: a degree of heat.") != std::string::npos);
    auto game = load_game(disk.text_of("game.json").value(), "game.json");
    REQUIRE(game.ok());
    CHECK_FALSE(game->over());
    CHECK(game->log().back().kind == ActionKind::carbon_target);
}

TEST_CASE("every log entry of a played game carries its wall time, in UTC, a frozen clock none") {
    MemoryDisk disk;
    // 2026-12-01T20:00:00Z on the wall when the session starts.
    FakeClock clock(std::chrono::system_clock::time_point{std::chrono::seconds(1796155200)});
    ScriptedReader reader({"Hana", "Ben", "none", "none", "quit"},
                          [&] { clock.advance(std::chrono::seconds(30)); });
    Capture out, err;
    Session session(fresh(), "game.json", SessionIo{reader, out.file, err.file, false},
                    GameClock(0, clock), disk);
    CHECK(session.run() == 0);
    auto saved = load_game(disk.text_of("game.json").value(), "game.json");
    REQUIRE(saved.ok());
    REQUIRE(saved->log().size() >= 4);
    for (const Action& action : saved->log()) {
        REQUIRE(action.wall);
        CHECK(action.wall->size() == 20);
        CHECK(action.wall->rfind("2026-12-01T20:0", 0) == 0);
        CHECK(action.wall->back() == 'Z');
    }
    CHECK(*saved->log().front().wall == "2026-12-01T20:00:30Z");
    CHECK(*saved->log().back().wall <= "2026-12-01T20:02:30Z");
}

TEST_CASE("a frozen clock writes no wall time: the same save every run") {
    MemoryDisk disk;
    ScriptedReader reader({"Hana", "Ben", "quit"});
    Capture out, err;
    ::setenv("COYEL_FROZEN_CLOCK", "1", 1);
    Session session(fresh(), "game.json", SessionIo{reader, out.file, err.file, false},
                    GameClock::from_environment(0), disk);
    ::unsetenv("COYEL_FROZEN_CLOCK");
    CHECK(session.run() == 0);
    CHECK(disk.text_of("game.json").value().find("\"wall\"") == std::string::npos);
}

TEST_CASE("save AS onto a file that exists is refused, and the file is left as it was") {
    MemoryDisk disk;
    disk.put("notes.txt", "shopping: eggs");
    disk.put("friday.json", "a broken save {");
    ScriptedReader reader({"Hana", "save notes.txt", "save friday", "Ben", "quit"});
    Capture out, err;
    Session session(fresh(), "game.json", SessionIo{reader, out.file, err.file, false},
                    GameClock(0, epoch_time), disk);
    CHECK(session.run() == 0);
    CHECK(err.text() ==
          "notes.txt exists: choose another name\n"
          "friday.json exists: choose another name\n");
    CHECK(disk.text_of("notes.txt") == "shopping: eggs");
    CHECK(disk.text_of("friday.json") == "a broken save {");
    auto saved = read_save_file("game.json", disk);
    REQUIRE(saved.ok());
    CHECK(saved->log().size() == 2);  // the game went on in its own file
}
