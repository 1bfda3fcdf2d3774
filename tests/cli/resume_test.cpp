// Resume: a game stopped after any input goes on with the very prompt it
// stopped at, and ends exactly as the same game played in one go.
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "process.hpp"

using namespace coyel::test;

namespace {

const std::string new_game =
    "new --players \"Ana,Ben,Cleo,Dan,Eve,Finn,Gus,Hana\" --roles "
    "\"Ana=carbon,Cleo=ngo,Dan=ceo,Eve=banker,Finn=fragile,Gus=carbon\" --mode night --option "
    "tie=revote --save game.json";

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    for (auto end = text.find('\n'); end != std::string::npos; end = text.find('\n', start)) {
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

// The answered prompts: "[+1°C] Ana votes for> Cleo".
std::vector<std::string> prompts(const std::string& output) {
    std::vector<std::string> found;
    for (const auto& line : lines_of(output))
        if (line.find("> ") != std::string::npos && line.front() == '[') found.push_back(line);
    return found;
}

std::string coyel_in(const std::string& folder, const std::string& arguments,
                     const std::string& input) {
    std::ofstream(folder + "/input") << input;
    return run_shell("cd " + folder + " && NO_COLOR=1 COYEL_FROZEN_CLOCK=1 " + COYEL_BINARY + " " +
                     arguments + " < input 2>&1")
        .out;
}

}  // namespace

TEST_CASE("resume after any input: the same prompts, the same end", "[long]") {
    const auto answers = lines_of(read_file(COYEL_TEST_DATA "/transcripts/full_game.in"));
    const std::string folder = temporary_folder();
    std::string all;
    for (const auto& answer : answers) all += answer + "\n";
    const auto whole = prompts(coyel_in(folder, new_game, all));
    const std::string whole_status = run_coyel("status " + folder + "/game.json --json").out;
    REQUIRE(whole.size() == answers.size());
    for (std::size_t split = 0; split <= answers.size(); ++split) {
        INFO("stopped after " << split << " answers");
        std::remove((folder + "/game.json").c_str());
        std::string first, second;
        for (std::size_t i = 0; i < answers.size(); ++i)
            (i < split ? first : second) += answers[i] + "\n";
        auto seen = prompts(coyel_in(folder, new_game, first));
        auto rest = prompts(coyel_in(folder, "resume game.json", second));
        seen.insert(seen.end(), rest.begin(), rest.end());
        CHECK(seen == whole);
        CHECK(run_coyel("status " + folder + "/game.json --json").out == whole_status);
    }
    std::filesystem::remove_all(folder);
}
