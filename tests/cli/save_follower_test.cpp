// One save follower for `display` and `serve` (issue 34): the watch is armed
// before the save is read, so a save that lands between the two is shown,
// and a folder removed and made again is followed again.
#include "store/save_follower.hpp"

#include <catch2/catch.hpp>

#include <map>

#include "helpers.hpp"

using namespace coyel;
using namespace coyel::cli;
using namespace coyel::test;

namespace {

// A save on a fake disk, its version a number of log entries; events reach
// the watch only while it is armed, as inotify's do.
struct FakeFolder {
    bool present = true;
    int version = 0;  // entries of the game written last
    bool event = false;
    bool armed = false;
    std::function<void()> after_read;  // a write that lands right after a read

    void write(int entries) {
        version = entries;
        if (armed) event = true;
    }
    void remove() {
        present = false;
        if (armed) event = true;  // IN_DELETE_SELF
    }
};

class FakeWatch final : public FileWatch {
  public:
    explicit FakeWatch(FakeFolder& folder) : folder_(folder) {}
    bool arm() override { return folder_.armed = folder_.present; }
    bool armed() const override { return folder_.armed; }
    int fd() const override { return -1; }
    bool take_changes() override {
        if (!folder_.present) folder_.armed = false;  // lost with the folder
        return std::exchange(folder_.event, false);
    }

  private:
    FakeFolder& folder_;
};

SavedGame game_of(int entries) { return SavedGame{noted_game(entries), std::nullopt}; }

SaveFollower follower_of(FakeFolder& folder) {
    auto reader = [&folder](const std::string&) -> Result<std::string> {
        if (!folder.present) return Error{"no such file"};
        std::string read = save_game(noted_game(folder.version));
        if (auto write = std::exchange(folder.after_read, nullptr)) write();
        return read;
    };
    return SaveFollower(
        "game.json", [&folder](const std::string&) { return std::make_unique<FakeWatch>(folder); },
        reader);
}

std::size_t shown(const SaveFollower& follower) { return follower.saved()->game.log().size(); }

}  // namespace

TEST_CASE("the save follower arms its watch before it reads: a save in between is shown") {
    FakeFolder folder;
    folder.version = 1;
    folder.after_read = [&] { folder.write(2); };  // the moderator's next answer, saved
    SaveFollower follower = follower_of(folder);
    follower.start();
    CHECK(shown(follower) == 1);
    CHECK(follower.update());  // the event of the write after the first read
    CHECK(shown(follower) == 2);
    CHECK_FALSE(follower.update());  // nothing more
}

TEST_CASE("the save follower follows a folder removed and made again") {
    FakeFolder folder;
    folder.version = 3;
    SaveFollower follower = follower_of(folder);
    follower.start();
    CHECK_FALSE(follower.wait());  // armed: it waits on events alone
    folder.remove();
    CHECK(follower.update());
    CHECK(shown(follower) == 3);                          // the last good reading is kept
    CHECK(follower.wait() == SaveFollower::rearm_every);  // looked for again
    CHECK_FALSE(follower.update());                       // still gone
    folder.present = true;
    folder.write(5);  // written before the watch is back: no event
    CHECK(follower.update());
    CHECK(shown(follower) == 5);
    CHECK_FALSE(follower.wait());
}

TEST_CASE("the save follower goes on with the file the game moved to (save AS)") {
    FakeFolder folder;
    std::map<std::string, SavedGame> files;
    SavedGame old = game_of(2);
    old.live = LiveClock{};
    old.live->moved_to = "/games/new.json";
    files.emplace("old.json", old);
    files.emplace("/games/new.json", game_of(4));
    std::vector<std::string> watched;
    SaveFollower follower(
        "old.json",
        [&](const std::string& path) {
            watched.push_back(path);
            return std::make_unique<FakeWatch>(folder);
        },
        [&](const std::string& path) -> Result<std::string> {
            const SavedGame& file = files.at(path);
            return save_game(file.game, file.live);
        });
    follower.start();
    CHECK(follower.path() == "/games/new.json");
    CHECK(shown(follower) == 4);
    CHECK(watched == std::vector<std::string>{"old.json", "/games/new.json"});
}
