// Playing a golden transcript (transcript_test.cpp describes the files):
// each command line of NAME.args with its part of NAME.in as standard input.
#pragma once

#include <filesystem>
#include <fstream>

#include "process.hpp"

namespace coyel::test {

inline std::vector<std::string> split(const std::string& text, const std::string& separator) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (;;) {
        auto found = text.find(separator, start);
        parts.push_back(text.substr(start, found - start));
        if (found == std::string::npos) return parts;
        start = found + separator.size();
    }
}

inline std::string replace_all(std::string text, const std::string& from, const std::string& to) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// Plays one transcript in a fresh folder; returns everything printed, each
// run after its "$ coyel ..." line. Refusals (standard error) are kept in
// their place unless `with_refusals` is false.
inline std::string play_transcript(const std::filesystem::path& base, bool with_refusals = true) {
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
        auto result =
            run_shell("cd " + folder + " && NO_COLOR=1 COYEL_FROZEN_CLOCK=1 " + COYEL_BINARY + " " +
                      arguments + " < " + input + (with_refusals ? " 2>&1" : " 2>/dev/null"));
        transcript += result.out;
        if (result.exit_code != 0)
            transcript += "[exit " + std::to_string(result.exit_code) + "]\n";
    }
    std::filesystem::remove_all(folder);
    // The data folder's place differs between checkouts.
    return replace_all(transcript, COYEL_DATA, "DATA");
}

}  // namespace coyel::test
