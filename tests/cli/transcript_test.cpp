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

#include "process.hpp"

using namespace coyel::test;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> split(const std::string& text, const std::string& separator) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (;;) {
        auto found = text.find(separator, start);
        parts.push_back(text.substr(start, found - start));
        if (found == std::string::npos) return parts;
        start = found + separator.size();
    }
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// Plays one transcript in a fresh folder; returns everything printed.
std::string play(const fs::path& base) {
    const std::string folder = temporary_folder();
    auto commands = split(read_file(base.string() + ".args"), "\n");
    while (!commands.empty() && commands.back().empty()) commands.pop_back();
    const auto inputs = split(read_file(base.string() + ".in"), "---\n");
    REQUIRE(inputs.size() == commands.size());
    std::string transcript;
    for (std::size_t run = 0; run < commands.size(); ++run) {
        const std::string arguments =
            replace_all(replace_all(commands[run], "@SAVE@", "game.json"), "@DATA@", COYEL_DATA);
        const std::string input = folder + "/input" + std::to_string(run);
        std::ofstream(input) << inputs[run];
        transcript += "$ coyel " + arguments + "\n";
        auto result = run_shell("cd " + folder + " && NO_COLOR=1 COYEL_FROZEN_CLOCK=1 " +
                                COYEL_BINARY + " " + arguments + " < " + input + " 2>&1");
        transcript += result.out;
        if (result.exit_code != 0)
            transcript += "[exit " + std::to_string(result.exit_code) + "]\n";
    }
    fs::remove_all(folder);
    // The data folder's place differs between checkouts.
    return replace_all(transcript, COYEL_DATA, "DATA");
}

}  // namespace

TEST_CASE("golden transcripts of whole sessions") {
    const fs::path folder = COYEL_TEST_DATA "/transcripts";
    int played = 0;
    for (const auto& entry : fs::directory_iterator(folder)) {
        if (entry.path().extension() != ".args") continue;
        fs::path base = entry.path();
        base.replace_extension();
        SECTION(base.filename().string()) {
            const std::string actual = play(base);
            const std::string golden = base.string() + ".out";
            if (std::getenv("COYEL_UPDATE_GOLDEN")) std::ofstream(golden) << actual;
            CHECK(actual == read_file(golden));
        }
        ++played;
    }
    CHECK(played >= 3);
}
