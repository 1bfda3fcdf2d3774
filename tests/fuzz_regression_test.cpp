// Every input the fuzzers ever broke coyel with, replayed for good.
#include <filesystem>

#include <catch2/catch.hpp>

#include "cli/process.hpp"
#include "targets.hpp"

namespace fs = std::filesystem;

TEST_CASE("fuzz regressions: every input kept in fuzz/regressions/ runs clean") {
    const fs::path root = COYEL_TEST_DATA "/../fuzz/regressions";
    int replayed = 0;
    for (const auto& [name, target] :
         {std::pair{"load", &coyel::fuzz::load}, std::pair{"session", &coyel::fuzz::session},
          std::pair{"command_line", &coyel::fuzz::command_line}}) {
        if (!fs::exists(root / name)) continue;
        for (const auto& entry : fs::directory_iterator(root / name)) {
            const std::string bytes = coyel::test::read_file(entry.path().string());
            INFO(entry.path());
            target(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
            ++replayed;
        }
    }
    CHECK(replayed >= 1);
}
