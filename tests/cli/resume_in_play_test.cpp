// `coyel resume` alone while another coyel plays the newest game (its lock
// held): the game and the process are named, never "no unfinished game".
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>

#include "process.hpp"
#include "store/save_lock.hpp"

using namespace coyel;
using namespace coyel::test;
namespace fs = std::filesystem;

namespace {

// coyel in a games folder of its own (XDG_DATA_HOME=`root`), standard error joined.
Run in_folder(const std::string& root, const std::string& arguments, const std::string& input) {
    std::ofstream(root + "/input") << input;
    return run_shell("cd " + root + " && NO_COLOR=1 COYEL_FROZEN_CLOCK=1 XDG_DATA_HOME=" + root +
                     " " + COYEL_BINARY + " " + arguments + " < input 2>&1");
}

// The saves of the games folder.
std::set<std::string> saves_in(const std::string& root) {
    std::set<std::string> saves;
    if (fs::exists(root + "/coyel/games"))
        for (const auto& entry : fs::directory_iterator(root + "/coyel/games"))
            if (entry.path().extension() == ".json") saves.insert(entry.path().string());
    return saves;
}

// A game started and left in Night 1, in the games folder: its path.
std::string unfinished_game(const std::string& root, const std::string& players) {
    const auto before = saves_in(root);
    in_folder(root, "new --players " + players + " --roles Ana=carbon", "Ana\nquit\n");
    for (const auto& save : saves_in(root))
        if (!before.count(save)) return save;
    FAIL("no game was saved");
    return "";
}

std::string unwrapped(std::string text) {
    for (auto at = text.find("\n  "); at != std::string::npos; at = text.find("\n  "))
        text.replace(at, 3, " ");
    return text;
}

}  // namespace

TEST_CASE("resume alone, the only unfinished game in play elsewhere: named, with its process") {
    const std::string root = temporary_folder();
    const std::string game = unfinished_game(root, "Ana,Ben,Cleo,Dan,Eve");
    auto held = cli::SaveLock::take(game);  // another coyel, playing it: this test's process
    REQUIRE(held);
    const Run refused = in_folder(root, "resume --lang fr", "");
    CHECK(refused.exit_code == 1);
    const std::string narrow = "\u202f";
    CHECK(unwrapped(refused.out) ==
          game + " (Nuit 1" + narrow + "; joueurs" + narrow +
              ": Ana, Ben, Cleo, Dan, Eve) est en cours dans un autre coyel (processus " +
              std::to_string(::getpid()) + ")" + narrow +
              ": continuez-la là-bas, ou quittez-la d’abord, puis coyel resume.\n");
    CHECK(refused.out.find("no unfinished") == std::string::npos);
    fs::remove_all(root);
}

TEST_CASE("resume alone, the newest in play elsewhere: named, and the next one resumed") {
    const std::string root = temporary_folder();
    // Named so that their paths sort the other way: only their times tell.
    const std::string older = unfinished_game(root, "Ana,Ben,Cleo,Dan,Eve");
    // The newest by its time (a frozen clock stamps no wall time: the file's
    // time then): the older one last played an hour before, not waited for.
    fs::last_write_time(older, fs::last_write_time(older) - std::chrono::hours(1));
    const std::string newest = unfinished_game(root, "Zoé,Ana,Ben,Cleo,Dan");
    auto held = cli::SaveLock::take(newest);
    REQUIRE(held);
    const Run resumed = in_folder(root, "resume --lang en", "quit\n");
    CHECK(resumed.exit_code == 0);
    CHECK(unwrapped(resumed.out)
              .starts_with(newest +
                           " (Night 1; players: Zoé, Ana, Ben, Cleo, Dan) is in play in "
                           "another coyel (process " +
                           std::to_string(::getpid()) +
                           "): the next unfinished game is resumed instead.\nResuming " + older));
    fs::remove_all(root);
}
