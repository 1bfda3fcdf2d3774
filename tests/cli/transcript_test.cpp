// Golden transcripts: whole REPL sessions driven through standard input and
// diffed as text. Each tests/transcripts/NAME has:
//   NAME.args  one coyel command line per run (@SAVE@: the save file,
//              @DATA@: the data folder)
//   NAME.in    the input of each run, runs separated by a line "---"
//   NAME.out   what the runs print, each after a "$ coyel ..." line
// COYEL_UPDATE_GOLDEN=1 rewrites the .out files (then review the diff).
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "transcripts.hpp"

using namespace coyel::test;
namespace fs = std::filesystem;

TEST_CASE("golden transcripts of whole sessions") {
    const fs::path folder = COYEL_TEST_DATA "/transcripts";
    int played = 0;
    for (const auto& entry : fs::directory_iterator(folder)) {
        if (entry.path().extension() != ".args") continue;
        fs::path base = entry.path();
        base.replace_extension();
        SECTION(base.filename().string()) {
            const std::string actual = play_transcript(base);
            const std::string golden = base.string() + ".out";
            if (std::getenv("COYEL_UPDATE_GOLDEN")) std::ofstream(golden) << actual;
            CHECK(actual == read_file(golden));
        }
        ++played;
    }
    CHECK(played >= 3);
}
