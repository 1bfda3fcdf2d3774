// Rescue copies: a free name in the first folder that takes the game.
#include "store/rescue.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "../helpers.hpp"
#include "store/save_lock.hpp"

using namespace coyel::cli;
using coyel::test::read_file;

TEST_CASE("a rescue copy never replaces a file, nor takes a name another coyel holds") {
    const std::string folder =
        std::filesystem::temp_directory_path() / ("coyel-rescue-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    CHECK(rescue_path(folder, "/media/stick/friday.json") == folder + "/friday-rescued.json");
    CHECK(rescue_path(folder, "notes") == folder + "/notes-rescued.json");
    { std::ofstream(folder + "/friday-rescued.json") << "not a save"; }
    CHECK(rescue_path(folder, "friday.json") == folder + "/friday-rescued-2.json");
    auto held = SaveLock::take(folder + "/friday-rescued-2.json");  // a coyel about to write it
    REQUIRE(held);
    std::vector<std::string> tried;
    const Rescue rescue =
        write_rescue({{folder + "/missing", false}, {folder, true}}, "/media/stick/friday.json",
                     [&](const std::string& path) -> coyel::Refusal {
                         tried.push_back(path);
                         if (path.find("/missing/") != std::string::npos)
                             return coyel::Error{"no folder"};
                         std::ofstream(path) << "{}";
                         return std::nullopt;
                     });
    CHECK(tried == std::vector<std::string>{folder + "/missing/friday-rescued.json",
                                            folder + "/friday-rescued-3.json"});
    CHECK(rescue.path == folder + "/friday-rescued-3.json");
    CHECK(rescue.temporary);
    REQUIRE(rescue.failures.size() == 1);
    CHECK(rescue.failures.front().message == "no folder");
    CHECK(read_file(folder + "/friday-rescued.json") == "not a save");
    std::filesystem::remove_all(folder);
}
