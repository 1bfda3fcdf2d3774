// The lab's saves read like games a moderator played: every news told by a
// `tell` as a session logs it, so `coyel replay` states each ending and heads
// each moment with its own round, and `coyel status` says the same as text
// and as JSON, for the lab's saves and for a real game left at the dawn's gate.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "cli/process.hpp"
#include "coyel/save.hpp"
#include "record.hpp"

using namespace coyel;
using coyel::test::run_coyel;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// The replay's headings in order ("Night 2", "Day 2", ...) keep the rounds:
// a night is followed by its own dawn or day, a dawn or day by the next night.
void check_headings(const std::string& replay) {
    static const std::regex heading("^(Night|Dawn|Day) ([0-9]+)$");
    std::string last_kind;
    int last_round = 0;
    for (const auto& line : lines_of(replay)) {
        std::smatch match;
        if (!std::regex_match(line, match, heading)) continue;
        const std::string kind = match[1];
        const int round = std::stoi(match[2]);
        INFO(last_kind << " " << last_round << " then " << line);
        if (last_kind.empty())
            CHECK(line == "Night 1");
        else if (last_kind == "Night")
            CHECK((kind != "Night" && round == last_round));
        else if (kind == "Night")
            CHECK(round == last_round + 1);
        else
            CHECK((round == last_round && last_kind == "Dawn" && kind == "Day"));
        last_kind = kind;
        last_round = round;
    }
    CHECK(!last_kind.empty());
}

const std::map<std::string, std::string> phase_words = {{"setup", "Before the game"},
                                                        {"night", "Night "},
                                                        {"dawn", "Dawn "},
                                                        {"day", "Day "},
                                                        {"over", "Game over"}};

// `coyel status` as text holds what `status --json` says: the phase and
// round, each player in or out, the mayor, the corrupted, the winner.
void check_status_agrees(const std::string& file) {
    const auto text = run_coyel("status " + file, false);
    const auto as_json = run_coyel("status --json " + file, false);
    REQUIRE(text.exit_code == 0);
    REQUIRE(as_json.exit_code == 0);
    const auto status = nlohmann::json::parse(as_json.out);
    const auto lines = lines_of(text.out);
    std::string phase = phase_words.at(status["phase"]);
    if (phase.back() == ' ') phase += std::to_string(status["round"].get<int>());
    CHECK(lines.at(0).rfind(phase + " · ", 0) == 0);
    const auto& players = status["players"];
    for (std::size_t seat = 0; seat < players.size(); ++seat) {
        const auto& player = players[seat];
        const std::string& row = lines.at(seat + 1);
        INFO(row);
        const std::regex words("^ *[0-9]+  (\\S+) +(in|out) +(\\S+)( +.*)?$");
        std::smatch match;
        REQUIRE(std::regex_match(row, match, words));
        CHECK(match[1] == player["name"].get<std::string>());
        CHECK((match[2] == "in") == player["in_game"].get<bool>());
        CHECK(match[3] == player["role"].get<std::string>());
        const std::string marks = match[4];
        CHECK((marks.find("mayor") != std::string::npos) == player["mayor"].get<bool>());
        CHECK((marks.find("corrupted") != std::string::npos) == player["corrupted"].get<bool>());
    }
    if (status["winner"].is_null()) return;
    CHECK(text.out.find("Next: nothing: the " + status["winner"].get<std::string>() +
                        " team won") != std::string::npos);
}

}  // namespace

TEST_CASE("the lab's saves replay with their ending and rounds, and status agrees as text and JSON",
          "[sim]") {
    const char* configurations[] = {
        "--players 5",
        "--players 9",
        "--players 9 --mode night",
        "--players 12 --mode manual",
        "--players 17 --policy random",
        "--players 30 --policy uniform",
        "--players 9 --deck carbon=3,ceo,banker --minutes 20 --skill 1",
    };
    for (const char* configuration : configurations) {
        const std::string folder = test::temporary_folder() + "/saves";
        const auto run = run_coyel(std::string{"balance --games 6 --seed 4 --threads 2 "} +
                                       configuration + " --save-games " + folder,
                                   false);
        REQUIRE(run.exit_code == 0);
        for (int index = 1; index <= 6; ++index) {
            const std::string file = folder + fmt::format("/game-{:05}.json", index);
            INFO(configuration << ": " << file);
            const auto replay = run_coyel("replay " + file, false);
            REQUIRE(replay.exit_code == 0);
            // The ending, told as the table heard it.
            CHECK(std::regex_search(replay.out, std::regex("(the ecosystems|the carbon "
                                                           "emissions) win[!.]\n")));
            check_headings(replay.out);
            check_status_agrees(file);
        }
    }
}

TEST_CASE("status of a game left at the dawn's gate: text and JSON agree, the untold news said",
          "[sim]") {
    sim::SimConfig config;
    config.players = 9;
    config.deck = *default_deck(9);
    config.options.temperature_minutes = default_minutes(9);
    const Game played = sim::recorded_game(config, 3, 0);
    // The game as a moderator leaves it at the first dawn's gate: the
    // night's last call answered, its news not yet told.
    std::size_t gate = 0;
    while (played.log()[gate].kind != ActionKind::tell) ++gate;
    const Game left = played.replay_prefix(gate);
    REQUIRE(left.news_held());
    const std::string file = test::temporary_folder() + "/left.json";
    std::ofstream(file) << save_game(left);
    check_status_agrees(file);
    const auto text = run_coyel("status " + file, false);
    CHECK(text.out.rfind("Day 1 · ", 0) == 0);  // not "Night 1", as the table knows it
    CHECK(text.out.find("The table has not been told the last news yet") != std::string::npos);
    CHECK(nlohmann::json::parse(run_coyel("status --json " + file, false).out)["news_held"] ==
          true);
}
