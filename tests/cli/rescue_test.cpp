// Rescue copies: a free name in the first folder that takes the game, on an
// in-memory disk (tests/fakes/memory_disk.hpp).
#include "store/rescue.hpp"

#include "../fakes/memory_disk.hpp"
#include "../helpers.hpp"
#include "store/save_file.hpp"
#include "store/save_lock.hpp"

using namespace coyel::cli;
using coyel::test::MemoryDisk;

TEST_CASE("a rescue copy never replaces a file, nor takes a name another coyel holds") {
    MemoryDisk disk;
    disk.add_folder("tmp");
    CHECK(rescue_path("tmp", "/media/stick/friday.json", disk) == "tmp/friday-rescued.json");
    CHECK(rescue_path("tmp", "notes", disk) == "tmp/notes-rescued.json");
    disk.put("tmp/friday-rescued.json", "not a save");
    CHECK(rescue_path("tmp", "friday.json", disk) == "tmp/friday-rescued-2.json");
    // A coyel about to write it.
    disk.hold_elsewhere(lock_path_of("tmp/friday-rescued-2.json"), "4242");
    std::vector<std::string> tried;
    const Rescue rescue = write_rescue(
        {{"missing", false}, {"tmp", true}}, "/media/stick/friday.json",
        [&](const std::string& path) -> coyel::Refusal {
            tried.push_back(path);
            return write_atomically(disk, path, "{}");
        },
        disk);
    CHECK(tried ==
          std::vector<std::string>{"missing/friday-rescued.json", "tmp/friday-rescued-3.json"});
    CHECK(rescue.path == "tmp/friday-rescued-3.json");
    CHECK(rescue.temporary);
    REQUIRE(rescue.failures.size() == 1);
    CHECK(rescue.failures.front().message ==
          "cannot write missing/friday-rescued.json.tmp: No such file or directory");
    CHECK(disk.text_of("tmp/friday-rescued.json") == "not a save");
    CHECK(disk.text_of("tmp/friday-rescued-3.json") == "{}");
    CHECK_FALSE(disk.text_of(lock_path_of("tmp/friday-rescued-3.json")));  // let go once written
}
