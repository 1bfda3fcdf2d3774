// A save that cannot be written, on an in-memory disk that fills up on
// demand: told at once, retried at each input, and before leaving the whole
// game goes to its file or to a rescue copy that the output names; never a
// false "Saved to". (tests/disk/ does the same on a real full file system.)
#include <csignal>
#include <deque>
#include <map>
#include <set>

#include "../fakes/fake_clock.hpp"
#include "../fakes/memory_disk.hpp"
#include "../helpers.hpp"
#include "capture.hpp"
#include "coyel/save.hpp"
#include "repl/session.hpp"
#include "scripted_reader.hpp"
#include "terminal/signals.hpp"

using namespace coyel;
using namespace coyel::cli;
using namespace coyel::test;

namespace {

// The game's folder (the current one, ""), the games folder and the
// temporary folder; `full` are full.
struct FoldersDisk : MemoryDisk {
    explicit FoldersDisk(std::set<std::string> full = {}) {
        add_folder("games");
        add_folder("tmp");
        for (const auto& folder : full) fill(folder);
    }
};

struct Played {
    int exit_code;
    std::string out, err;
};

// Plays `lines` to "full.json" on `disk`, rescue copies going to "games"
// (the games folder), else "tmp" (the temporary folder).
Played play(FoldersDisk& disk, std::deque<std::string> lines,
            std::function<void(int)> before_each = {}) {
    ScriptedReader reader(std::move(lines), std::move(before_each));
    Capture out, err;
    Session session(make_game(), "full.json", SessionIo{reader, out.file, err.file, false},
                    GameClock(0, epoch_time), disk);
    session.rescue_in({{"games", false}, {"tmp", true}});
    const int code = session.run();
    return {code, out.text(), err.text()};
}

// The game a save holds, as saved without the wall time of its live clock.
std::string game_in(const std::string& text) {
    auto game = load_game(text, "save");
    REQUIRE(game.ok());
    return save_game(*game);
}

// The game the same answers give on a disk that works.
std::string played_whole(std::deque<std::string> lines) {
    FoldersDisk disk;
    CHECK(play(disk, std::move(lines)).exit_code == 0);
    return game_in(disk.text_of("full.json").value());
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("a full disk at the end of a pipe: the whole game in a rescue copy, named") {
    FoldersDisk disk({""});
    const std::deque<std::string> answers = {"Hana", "Ben", "none"};
    const Played played = play(disk, answers);
    INFO(played.out << played.err);
    CHECK(played.exit_code == 1);  // the game is not in the file it was asked to be in
    CHECK(has(played.err,
              "Could not save full.json: cannot write full.json.tmp: No space left on device. "
              "The game goes on in memory; each input tries the file again, and `save AS` "
              "writes it to another file.\n"));
    CHECK(has(played.out,
              "Could not save full.json: cannot write full.json.tmp: No space left on device. "
              "The whole game is in games/full-rescued.json instead. To go on:\n"
              "    coyel resume games/full-rescued.json\n"));
    CHECK_FALSE(has(played.out, "Saved to"));
    REQUIRE(disk.text_of("games/full-rescued.json"));
    CHECK(game_in(*disk.text_of("games/full-rescued.json")) == played_whole(answers));
}

TEST_CASE("the games folder full too: the rescue copy in the temporary folder, and said so") {
    FoldersDisk disk({"", "games"});
    const Played played = play(disk, {"Hana", "quit"});
    INFO(played.out << played.err);
    CHECK(played.exit_code == 1);
    CHECK(has(played.out,
              "The whole game is in tmp/full-rescued.json instead, a temporary folder: copy it "
              "elsewhere before the computer restarts. To go on:\n"
              "    coyel resume tmp/full-rescued.json\n"));
    CHECK(game_in(disk.text_of("tmp/full-rescued.json").value()) == played_whole({"Hana"}));
}

TEST_CASE("nothing can be written: quit says so and the game goes on, quit! leaves") {
    FoldersDisk disk({"", "games", "tmp"});
    const Played played = play(disk, {"Hana", "quit", "Ben", "quit!"});
    INFO(played.out << played.err);
    CHECK(played.exit_code == 1);
    CHECK(has(played.err,
              "Nothing could be saved: cannot write full.json.tmp: No space left on device; "
              "cannot write games/full-rescued.json.tmp: No space left on device; cannot write "
              "tmp/full-rescued.json.tmp: No space left on device. The game is still here, in "
              "memory: free some space and type quit again, type `save AS` with another file, "
              "or `quit!` to leave and lose it.\n"));
    CHECK(has(played.out, "The carbon emissions target Ben"));  // played after the first quit
    CHECK(has(played.err, "What was played since the last save is lost.\n"));
    CHECK_FALSE(has(played.out, "Saved to"));
    CHECK(disk.paths().empty());
}

TEST_CASE("a freed disk heals at the next input, whatever it is, and says so") {
    FoldersDisk disk({""});
    const Played played = play(disk, {"Hana", "Ben", "table", "quit"}, [&](int read) {
        if (read == 3) disk.empty("");  // space freed before `table` is typed
    });
    INFO(played.out << played.err);
    CHECK(played.exit_code == 0);
    const auto healed = played.out.find("Saved to full.json again: the file holds the whole game.");
    const auto quit = played.out.find("Saved to full.json. To go on:");
    REQUIRE(healed != std::string::npos);
    CHECK(healed < quit);
    CHECK(game_in(disk.text_of("full.json").value()) == played_whole({"Hana", "Ben"}));
    CHECK_FALSE(disk.text_of("games/full-rescued.json"));
}

TEST_CASE("SIGTERM on a full disk: the rescue copy without asking, after a hang-up quietly") {
    for (int signal : {SIGTERM, SIGHUP}) {
        FoldersDisk disk({""});
        const Played played = play(disk, {"Hana", "Ben"}, [&](int read) {
            if (read == 3) signals::leave_on(signal);
        });
        signals::leave_on(0);
        INFO(signal << ": " << played.out << played.err);
        CHECK(played.exit_code == 128 + signal);
        CHECK(game_in(disk.text_of("games/full-rescued.json").value()) ==
              played_whole({"Hana", "Ben"}));
        CHECK(has(played.out, "The whole game is in games/full-rescued.json") ==
              (signal == SIGTERM));
        CHECK_FALSE(has(played.out, "Saved to"));
    }
}

TEST_CASE("space freed just before quit: quit tries the file first, and no rescue copy is made") {
    FoldersDisk disk({""});
    const Played played = play(disk, {"Hana", "quit"}, [&](int read) {
        if (read == 2) disk.empty("");
    });
    INFO(played.out << played.err);
    CHECK(played.exit_code == 0);
    CHECK(has(played.out, "Saved to full.json. To go on:\n    coyel resume full.json\n"));
    CHECK(game_in(disk.text_of("full.json").value()) == played_whole({"Hana"}));
    CHECK(disk.paths() == std::vector<std::string>{"full.json"});
}

TEST_CASE(
    "save as: the old file points to the new one by its full path, for another folder's coyel") {
    FoldersDisk disk;
    disk.work_in("/home/ana");
    const Played played = play(disk, {"Hana", "save as friday", "quit"});
    INFO(played.out << played.err);
    CHECK(played.exit_code == 0);
    const auto old = load_save(disk.text_of("full.json").value(), "full.json");
    REQUIRE(old.ok());
    REQUIRE(old->live);
    CHECK(old->live->moved_to == "/home/ana/friday.json");
    CHECK(game_in(disk.text_of("friday.json").value()) == played_whole({"Hana"}));
}
