// The files the commands write beside the saves, on an in-memory disk
// (tests/fakes/memory_disk.hpp): the page of `replay --html`, the saves of
// `balance --save-games` and the voice's log (--speak-log). A disk that is
// full or a folder that is missing gives one clear line and leaves no half
// file; the save itself is never written over.
#include <string>

#include "../fakes/fake_clock.hpp"
#include "../fakes/memory_disk.hpp"
#include "../helpers.hpp"
#include "commands/commands.hpp"
#include "coyel/save.hpp"
#include "languages.hpp"
#include "printed.hpp"
#include "repl/play.hpp"
#include "script.hpp"
#include "speaker.hpp"

using namespace coyel;
using namespace coyel::cli;
using namespace coyel::test;

namespace command_files {

// A finished game's save in "games/friday.json", and `replay --html PAGE` of it.
ReplayOptions replay_of_friday(MemoryDisk& disk, const std::string& page) {
    disk.put("games/friday.json", read_file(COYEL_DATA "/samples/ecosystems-win.json"));
    ReplayOptions given;
    given.path = "games/friday.json";
    given.html = page;
    return given;
}

}  // namespace command_files

TEST_CASE("replay --html writes the page whole on the disk, and says where") {
    MemoryDisk disk;
    disk.add_folder("pages");
    const ReplayOptions given = command_files::replay_of_friday(disk, "pages/friday.html");
    const auto said = ran([&] { return run_replay(given, disk); });
    CHECK(said.code == 0);
    CHECK(said.err.empty());
    CHECK(said.out.find("pages/friday.html") != std::string::npos);
    const auto page = disk.text_of("pages/friday.html");
    REQUIRE(page);
    CHECK(page->starts_with("<!DOCTYPE html>"));
    CHECK(disk.writes() == 1);
}

TEST_CASE("replay --markdown is titled by the save's file name, read on the disk") {
    MemoryDisk disk;
    ReplayOptions given = command_files::replay_of_friday(disk, "");
    given.markdown = true;
    const auto said = ran([&] { return run_replay(given, disk); });
    CHECK(said.code == 0);
    CHECK(said.out.starts_with("# "));
    CHECK(said.out.find("friday.json") < said.out.find('\n'));
    CHECK(said.out.find("games/") == std::string::npos);
    CHECK(disk.writes() == 0);
}

TEST_CASE("replay --html on a full disk: one clear line, and no page, not even half of one") {
    MemoryDisk disk;
    disk.add_folder("pages");
    disk.fill("pages");
    const ReplayOptions given = command_files::replay_of_friday(disk, "pages/friday.html");
    const auto said = ran([&] { return run_replay(given, disk); });
    CHECK(said.code == 1);
    CHECK(said.out.empty());
    CHECK(said.err == "cannot write pages/friday.html.tmp: No space left on device\n");
    for (const auto& path : disk.paths()) CHECK_FALSE(path.starts_with("pages/"));
}

TEST_CASE("replay --html into a missing folder, or over the save itself, is refused in a line") {
    MemoryDisk disk;
    {
        const ReplayOptions given = command_files::replay_of_friday(disk, "nowhere/friday.html");
        Printed printed;
        CHECK(run_replay(given, disk) == 1);
        CHECK(printed.take().err ==
              "cannot write nowhere/friday.html.tmp: No such file or directory\n");
    }
    const ReplayOptions given = command_files::replay_of_friday(disk, "games/friday.json");
    const auto save = disk.text_of("games/friday.json");
    Printed printed;
    CHECK(run_replay(given, disk) == 1);
    CHECK(printed.take().err ==
          "games/friday.json: that is the save itself: choose another file for the page\n");
    CHECK(disk.text_of("games/friday.json") == save);
    CHECK(disk.writes() == 0);
}

namespace command_files {
BalanceOptions three_saved_games(const std::string& folder) {
    BalanceOptions given;
    given.players = 9;
    given.games = 3;
    given.threads = 1;
    given.save_games = folder;
    return given;
}
}  // namespace command_files

TEST_CASE("balance --save-games makes its folder and writes each game as a save") {
    MemoryDisk disk;
    const auto said = ran(
        [&] { return run_balance(command_files::three_saved_games("lab/run"), epoch_time, disk); });
    CHECK(said.code == 0);
    CHECK(said.out.find("Saved 3 games in lab/run") != std::string::npos);
    for (const char* name : {"game-00001.json", "game-00002.json", "game-00003.json"}) {
        const auto text = disk.text_of(std::string{"lab/run/"} + name);
        REQUIRE(text);
        CHECK(load_game(*text, name).ok());
    }
    CHECK(disk.writes() == 3);
}

TEST_CASE(
    "balance --save-games on a full disk, over a file or a taken name: one line, no half save") {
    MemoryDisk disk;
    disk.add_folder("full");
    disk.fill("full");
    disk.put("plain", "not a folder");
    disk.put("taken/game-00002.json", "a save of last week");
    const std::pair<const char*, const char*> cases[] = {
        {"full", "balance: cannot write full/game-00001.json.tmp: No space left on device\n"},
        {"plain/run", "balance: --save-games: cannot make plain/run: Not a directory\n"},
        {"taken",
         "balance: taken/game-00002.json already exists: --save-games writes only new files\n"},
    };
    for (const auto& [folder, line] : cases) {
        INFO(folder);
        Printed printed;
        CHECK(run_balance(command_files::three_saved_games(folder), epoch_time, disk) == 2);
        CHECK(printed.take().err == line);
    }
    CHECK(disk.text_of("taken/game-00002.json") == "a save of last week");
    CHECK(disk.writes() == 0);
}

TEST_CASE("the voice's log in a missing folder: one line, and the game goes on without its voice") {
    MemoryDisk disk;
    FakeClock clock;
    SpeechLog log;
    Printed printed;
    const auto speaker = voice_for(SpeechFlags{false, "nowhere/voice.jsonl"},
                                   narration::english_script(), log, GameClock(0, clock), disk);
    CHECK(printed.take().err ==
          "The laptop cannot read aloud (cannot write nowhere/voice.jsonl: No such file or "
          "directory); the game goes on without its voice.\n");
    CHECK_FALSE(speaker);
    CHECK_FALSE(log);
    CHECK(disk.paths().empty());
}
