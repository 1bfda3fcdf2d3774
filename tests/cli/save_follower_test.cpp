// One save follower for `display` and `serve` (issue 34): the watch is armed
// before the save is read, so a save that lands between the two is shown,
// and a save that says the game went on elsewhere is left for that file.
// The watch is the in-memory disk's (tests/fakes/memory_disk.hpp); a folder
// removed and made again is followed in store_test.
#include "store/save_follower.hpp"

#include <catch2/catch.hpp>

#include "../fakes/memory_disk.hpp"
#include "helpers.hpp"
#include "store/save_file.hpp"

using namespace coyel;
using namespace coyel::cli;
using namespace coyel::test;

namespace {

SavedGame game_of(int entries) { return SavedGame{noted_game(entries), std::nullopt}; }

std::size_t shown(const SaveFollower& follower) { return follower.saved()->game.log().size(); }

}  // namespace

TEST_CASE("the save follower arms its watch before it reads: a save in between is shown") {
    MemoryDisk disk;
    disk.put("games/game.json", save_game(noted_game(1)));
    // The moderator's next answer, saved right after the follower's first read.
    std::function<void()> after_read = [&] {
        disk.put("games/game.json", save_game(noted_game(2)));
    };
    SaveFollower follower(
        "games/game.json", [&disk](const std::string& save) { return watch_save(disk, save); },
        [&](const std::string& save) {
            auto text = read_text_file(save, "save", disk);
            if (auto write = std::exchange(after_read, nullptr)) write();
            return text;
        });
    follower.start();
    CHECK(shown(follower) == 1);
    CHECK(follower.update());  // the event of the write after the first read
    CHECK(shown(follower) == 2);
    CHECK_FALSE(follower.update());  // nothing more
}

TEST_CASE("the save follower goes on with the file the game moved to (save AS)") {
    MemoryDisk disk;
    SavedGame old = game_of(2);
    old.live = LiveClock{};
    old.live->moved_to = "/games/new.json";
    disk.put("old.json", save_game(old.game, old.live));
    disk.put("/games/new.json", save_game(noted_game(4)));
    SaveFollower follower("old.json", disk);
    follower.start();
    CHECK(follower.path() == "/games/new.json");
    CHECK(shown(follower) == 4);
    disk.put("old.json", save_game(noted_game(3)));  // the file left is not followed
    CHECK_FALSE(follower.update());
    disk.put("/games/new.json", save_game(noted_game(5)));  // the one the game went on in is
    CHECK(follower.update());
    CHECK(shown(follower) == 5);
}
