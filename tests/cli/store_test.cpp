// The store's rules on an in-memory disk (tests/fakes/memory_disk.hpp): a
// file that is not a save is refused and never written over, a full disk or
// a refused rename leaves the old save whole, one coyel per save, and the
// games folder lists only saves. (session_test and tests/disk/ keep the
// real file system as smoke tests.)
#include <fmt/format.h>

#include <cerrno>

#include "../fakes/memory_disk.hpp"
#include "../helpers.hpp"
#include "store/save_file.hpp"
#include "store/save_follower.hpp"
#include "store/save_lock.hpp"
#include "store/saved_games.hpp"

using namespace coyel;
using namespace coyel::cli;
using namespace coyel::test;

TEST_CASE("a save that is a folder, a device, too large, missing or foreign is refused in a line") {
    MemoryDisk disk;
    disk.add_folder("games/old");
    disk.put_device("games/zero");
    disk.put("games/huge.json", std::string(max_save_bytes + 1, ' '));
    disk.put("games/notes.txt", "shopping: eggs");
    CHECK(read_save_file("games/old", disk).error() == "games/old: is a folder, not a save file");
    CHECK(read_save_file("games/zero", disk).error() ==
          "games/zero: is not a regular file, so not a save");
    CHECK(read_save_file("games/huge.json", disk).error() ==
          fmt::format("games/huge.json: is too large to be a save ({} bytes; the limit is {})",
                      max_save_bytes + 1, max_save_bytes));
    CHECK(read_save_file("games/gone.json", disk).error() ==
          "games/gone.json: cannot open: No such file or directory");
    const auto foreign = read_save_file("games/notes.txt", disk);
    REQUIRE_FALSE(foreign.ok());
    CHECK(foreign.error().rfind("games/notes.txt:", 0) == 0);
    CHECK(foreign.error().find('\n') == std::string::npos);
    CHECK(disk.text_of("games/notes.txt") == "shopping: eggs");
    CHECK(disk.writes() == 0);
}

TEST_CASE("a full disk or a refused rename leaves the old save whole, and says which step failed") {
    MemoryDisk disk;
    disk.put("games/friday.json", "the old save");
    disk.fill("games");
    const Refusal full = write_atomically(disk, "games/friday.json", "the new save");
    REQUIRE(full);
    CHECK(full->message == "cannot write games/friday.json.tmp: No space left on device");
    CHECK(full->reason == "write_failed");
    CHECK(disk.text_of("games/friday.json") == "the old save");
    disk.empty("games");
    disk.refuse_rename("games/friday.json", EACCES);
    const Refusal refused = write_atomically(disk, "games/friday.json", "the new save");
    REQUIRE(refused);
    CHECK(refused->message == "cannot replace games/friday.json: Permission denied");
    CHECK(disk.text_of("games/friday.json") == "the old save");
    CHECK(disk.paths() == std::vector<std::string>{"games/friday.json"});  // no .tmp left
}

TEST_CASE(
    "a save another coyel plays is refused with its process, and a crash's lock file is not") {
    MemoryDisk disk;
    disk.add_folder("games");
    disk.hold_elsewhere(lock_path_of("games/friday.json"), "4242");
    CHECK(in_play("games/friday.json", disk));
    CHECK(played_by("games/friday.json", disk) == "4242");
    auto second = SaveLock::take("games/friday.json", disk);
    REQUIRE_FALSE(second.ok());
    CHECK(second.error() ==
          "games/friday.json is in play in another coyel (process 4242): leave that one first");
    disk.hold_elsewhere(lock_path_of("games/saturday.json"), "");
    CHECK(SaveLock::take("games/saturday.json", disk).error() ==
          "games/saturday.json is in play in another coyel (a process): leave that one first");
    disk.release_elsewhere(lock_path_of("games/friday.json"));
    // A lock file left by a crash holds no lock: it does not block.
    disk.put(lock_path_of("games/friday.json"), "999999\n");
    CHECK_FALSE(in_play("games/friday.json", disk));
    {
        auto mine = SaveLock::take("games/friday.json", disk);
        REQUIRE(mine.ok());
        CHECK(played_by("games/friday.json", disk) == MemoryDisk::own_pid);
        CHECK_FALSE(SaveLock::take("games/friday.json", disk).ok());  // one coyel per save
    }
    CHECK_FALSE(in_play("games/friday.json", disk));  // released with the session
    CHECK_FALSE(disk.text_of(lock_path_of("games/friday.json")));
}

TEST_CASE("a lock whose file went with its folder is taken again, unless another coyel has it") {
    MemoryDisk disk;
    disk.add_folder("stick");
    auto lock = SaveLock::take("stick/friday.json", disk);
    REQUIRE(lock.ok());
    CHECK_FALSE(lock->keep());  // still guards the save
    disk.remove_folder("stick");
    disk.add_folder("stick");  // the stick put back
    CHECK_FALSE(lock->keep());
    CHECK(played_by("stick/friday.json", disk) == MemoryDisk::own_pid);
    disk.remove(lock_path_of("stick/friday.json"));
    disk.hold_elsewhere(lock_path_of("stick/friday.json"), "4242");  // a second coyel took it
    const Refusal kept = lock->keep();
    REQUIRE(kept);
    CHECK(kept->reason == "in_play_elsewhere");
}

TEST_CASE("the games folder lists its saves newest first, and nothing else") {
    MemoryDisk disk;
    disk.put("games/friday.json", save_game(noted_game(1)));
    disk.put("games/notes.txt", "shopping: eggs");
    disk.put("games/.friday.json.lock", "1000\n");
    disk.put("games/saturday.json.tmp", save_game(noted_game(9)));  // a save being written
    disk.put("games/old/thursday.json", save_game(noted_game(3)));  // a subfolder's
    SavedGame moved{noted_game(4), LiveClock{}};
    moved.live->moved_to = "games/sunday.json";
    disk.put("games/moved.json", save_game(moved.game, moved.live));
    disk.put("games/sunday.json", save_game(noted_game(2)));  // written last
    std::vector<std::string> skipped;
    const auto games = read_saved_games(
        {"games"}, [&](const std::string& why) { skipped.push_back(why); }, disk);
    REQUIRE(games.size() == 2);
    CHECK(games[0].path == "games/sunday.json");
    CHECK(games[0].game.log().size() == 2);
    CHECK(games[1].path == "games/friday.json");
    REQUIRE(skipped.size() == 1);
    CHECK(skipped[0].rfind("games/notes.txt:", 0) == 0);
    std::vector<std::string> unreadable;
    CHECK(read_saved_games(
              {"nowhere"}, [&](const std::string& why) { unreadable.push_back(why); }, disk)
              .empty());
    CHECK(unreadable.size() == 1);
}

TEST_CASE("a new game's name never takes a name a file has") {
    MemoryDisk disk;
    disk.add_folder("games");
    const std::vector<std::string> players = {"Ana", "Ben", "Cleo", "Dan"};
    const std::time_t friday = 1796073300;  // 2026-11-30, evening
    const std::string first = new_game_path("games", players, friday, disk);
    CHECK(first.ends_with("-ana-ben-cleo.json"));
    disk.put(first, "a game");
    const std::string base = first.substr(0, first.size() - 5);
    CHECK(new_game_path("games", players, friday, disk) == base + "-2.json");
    disk.put(base + "-2.json", "another");
    CHECK(new_game_path("games", players, friday, disk) == base + "-3.json");
}

TEST_CASE("a follower on a disk sees each save, and the save's folder gone and back") {
    MemoryDisk disk;
    disk.put("games/friday.json", save_game(noted_game(1)));
    SaveFollower follower("games/friday.json", disk);
    follower.start();
    REQUIRE(follower.saved());
    CHECK(follower.saved()->game.log().size() == 1);
    CHECK_FALSE(follower.wait());    // armed: it waits for the disk's events alone
    CHECK_FALSE(follower.update());  // nothing written
    REQUIRE_FALSE(write_atomically(disk, "games/friday.json", save_game(noted_game(2))));
    CHECK(follower.update());
    CHECK(follower.saved()->game.log().size() == 2);
    disk.remove_folder("games");
    CHECK(follower.update());
    CHECK(follower.missing());
    CHECK(follower.saved()->game.log().size() == 2);  // the last good reading is kept
    CHECK(follower.wait() == SaveFollower::rearm_every);
    disk.put("games/friday.json", save_game(noted_game(5)));  // before the watch is back: no event
    CHECK(follower.update());
    CHECK_FALSE(follower.missing());
    CHECK(follower.saved()->game.log().size() == 5);
    CHECK_FALSE(follower.wait());  // the folder back, armed on events again
}

TEST_CASE("the command to go on is `coyel resume` alone only for a save in the games folder") {
    MemoryDisk disk;
    const auto games = games_folder();
    REQUIRE(games);
    CHECK(resume_command(*games + "/friday.json", disk) ==
          "coyel resume " + *games + "/friday.json");  // no games folder yet: named
    disk.add_folder(*games);
    disk.add_folder("tonight");
    CHECK(resume_command(*games + "/friday.json", disk) == "coyel resume");
    CHECK(resume_command("tonight/friday.json", disk) == "coyel resume tonight/friday.json");
    CHECK(resume_command("friday's game.json", disk) == "coyel resume 'friday'\\''s game.json'");
}
