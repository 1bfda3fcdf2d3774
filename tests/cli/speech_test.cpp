// The laptop reads aloud (issue 39, --speak): through a pipe with a frozen
// clock, the speaker's log (--speak-log) holds exactly the lines the
// transcript shows between quotation marks, in order; twins that differ in
// an answer given eyes closed are heard the same; `say` repeats, `mute`
// silences, and a game without --speak says so.

#include <catch2/catch.hpp>

#include <algorithm>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "process.hpp"

using namespace coyel::test;

namespace {

// coyel with `arguments`, `answers` typed through a pipe, the clock frozen.
Run typed(const std::string& answers, const std::string& arguments) {
    return run_shell("printf '" + answers + "' | COYEL_FROZEN_CLOCK=1 COYEL_LANG=en " +
                     COYEL_BINARY + " " + arguments + " 2>&1");
}

const std::string game_flags =
    "new --players Ana,Ben,Cleo,Dan,Eve,Finn --roles Ana=carbon,Cleo=ngo,Dan=ceo,Eve=banker "
    "--mode night";

// Plays `answers` (one a line) through a pipe; returns the output and the
// texts the speaker logged, in order.
struct Heard {
    std::string out;
    std::vector<std::string> lines;
};
Heard play_speaking(const std::string& folder, const std::string& name, const std::string& answers,
                    const std::string& more = "") {
    const std::string save = folder + "/" + name + ".json";
    const std::string log = folder + "/" + name + ".log";
    const auto run =
        typed(answers, game_flags + " --save " + save + " --speak-log " + log + " " + more);
    Heard heard{run.out, {}};
    std::ifstream in(log);
    for (std::string line; std::getline(in, line);)
        heard.lines.push_back(nlohmann::json::parse(line)["text"].get<std::string>());
    return heard;
}

// The lines shown between the script's quotation marks, unwrapped.
std::vector<std::string> quoted_lines(const std::string& out) {
    std::vector<std::string> lines;
    std::string current;
    bool open = false;
    std::istringstream in(out);
    for (std::string row; std::getline(in, row);) {
        if (!open && row.rfind("  \u201c", 0) == 0) {
            current = row.substr(5);  // two spaces and the opening mark (3 bytes)
            open = true;
        } else if (open) {
            current += " " + row.substr(3);  // continued under the first letter
        }
        if (open && current.size() >= 3 && current.substr(current.size() - 3) == "\u201d") {
            lines.push_back(current.substr(0, current.size() - 3));
            open = false;
        }
    }
    return lines;
}

}  // namespace

TEST_CASE("the laptop reads aloud exactly the lines to read aloud, in order") {
    const auto folder = temporary_folder();
    const auto heard = play_speaking(folder, "a", "Finn\\nBen\\nBen\\nnone\\nBen\\nno\\nquit\\n");
    const auto shown = quoted_lines(heard.out);
    REQUIRE(shown.size() >= 15);  // the mayor's call, the night, the dawn, the suit, the day
    CHECK(heard.lines == shown);
    for (const auto& line : heard.lines) {
        CHECK(line.find("Answer:") == std::string::npos);  // never the moderator's own lines
        CHECK(line.find("Ben") == std::string::npos);      // nor who was named eyes closed
    }
}

TEST_CASE("twins that differ in the CEO's lobby, eyes closed, are heard the same") {
    const auto folder = temporary_folder();
    const auto lobbied = play_speaking(folder, "a", "Finn\\nBen\\nBen\\nnone\\nBen\\nno\\nquit\\n");
    const auto spared = play_speaking(folder, "b", "Finn\\nBen\\nBen\\nnone\\nnone\\nno\\nquit\\n");
    REQUIRE_FALSE(lobbied.lines.empty());
    CHECK(lobbied.lines == spared.lines);
    CHECK(lobbied.out != spared.out);  // the moderator's screen does differ: the twins are real
}

TEST_CASE("say repeats the last line read aloud, and mute keeps what it silenced") {
    const auto folder = temporary_folder();
    const auto repeated = play_speaking(folder, "a", "Finn\\nsay\\nquit\\n");
    REQUIRE(repeated.lines.size() >= 2);
    CHECK(repeated.lines.back() == "Carbon emissions, pick an ecosystem to damage.");
    CHECK(repeated.lines[repeated.lines.size() - 2] == repeated.lines.back());

    // Muted, the night's first calls are not heard; unmuted, the table hears
    // what it missed, in order, the carbon emissions' wake-up among them
    // (issue 48); then say repeats the last line.
    const auto muted = play_speaking(folder, "b", "mute\\nFinn\\nunmute\\nsay\\nquit\\n");
    REQUIRE(muted.lines.size() >= 4);
    const auto heard = [&](const std::string& text) {
        return std::find(muted.lines.begin(), muted.lines.end(), text) - muted.lines.begin();
    };
    const auto falls = heard("Night 1 falls on Coyel Heaven. Everyone, close your eyes.");
    const auto wakes = heard("Carbon emissions, open your eyes and recognise each other.");
    CHECK(falls < wakes);
    CHECK(wakes < static_cast<long>(muted.lines.size()));
    CHECK(muted.lines.back() == "Carbon emissions, pick an ecosystem to damage.");
    CHECK(muted.lines[muted.lines.size() - 2] == muted.lines.back());
    CHECK(muted.out.find("Muted: nothing is read aloud; unmute reads what the table missed.") !=
          std::string::npos);
}

TEST_CASE("a game not read aloud says so at say, and French is read in French") {
    const auto folder = temporary_folder();
    const auto silent = typed("say\\nquit\\n", game_flags + " --save " + folder + "/s.json");
    CHECK(silent.out.find("The laptop is not reading aloud: start the game with --speak.") !=
          std::string::npos);
    const auto french = play_speaking(folder, "f", "quitter\\n", "--lang fr");
    REQUIRE(french.lines.size() == 1);
    CHECK(french.lines[0].find("maire") != std::string::npos);
}

TEST_CASE("speaking with no sound card nor server: one line says so, and the game goes on") {
    if (::access("/dev/snd", F_OK) == 0) {
        SUCCEED("this machine has a sound card: nothing to check");
        return;
    }
    const auto folder = temporary_folder();
    const auto run =
        run_shell("printf 'Finn\\nquit\\n' | env -u PULSE_SERVER XDG_RUNTIME_DIR=" + folder +
                  " COYEL_FROZEN_CLOCK=1 COYEL_LANG=en " + COYEL_BINARY + " " + game_flags +
                  " --save " + folder + "/g.json --speak 2>&1");
    CHECK(run.exit_code == 0);
    CHECK(run.out.find("The laptop has no sound card nor sound server to read aloud with; the game "
                       "goes on without its voice.") != std::string::npos);
    CHECK(run.out.find("ALSA") == std::string::npos);
    CHECK(run.out.find("Finn is the mayor") != std::string::npos);
}
