// --calibrate on folders that say little or mislead: one game, two, twenty
// copies of one, equal wall times, a two-day pause, votes that make a
// negative ballot or talk. No length comes out negative or 0 s, none is
// measured on too little, pauses do not stretch an interval, the flags name
// only what was measured, and what is not measured is said, the model's kept.
#include <catch2/catch.hpp>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <regex>

#include "cli/process.hpp"
#include "coyel/calls.hpp"
#include "coyel/save.hpp"
#include "record.hpp"

using namespace coyel;
using coyel::test::run_coyel;

namespace {

// A vote's length in seconds, from its number of ballots.
using VoteLength = std::function<std::int64_t(int ballots)>;

// How the wall times of saved games are made: each night call `call_s`
// after the answer before, each election `election_s`, each vote `vote`.
struct Timing {
    VoteLength vote = [](int ballots) { return 240 + 5 * ballots; };
    std::int64_t call_s = 20;
    std::int64_t election_s = 180;
    std::int64_t pause_s = 0;  // added before the first new mayor's election saved: a pause
};

// Lab game `index` at 9 players (seed 5), with wall times as `timing` says;
// the pause, if not `paused` yet, before its first new mayor's election.
Game timed_game(int index, const Timing& timing, bool& paused) {
    sim::SimConfig config;
    config.players = 9;
    config.deck = *default_deck(9);
    config.options.temperature_minutes = default_minutes(9);
    Game game = sim::play_logged_game(config, sim::game_seed(5, index));
    std::int64_t ms = sim::recorded_epoch_ms + index * sim::recorded_spacing_ms;
    for (std::size_t i = 0; i < game.log().size(); ++i) {
        const Action& entry = game.log()[i];
        if (entry.kind == ActionKind::vote)
            ms += 1000 * timing.vote(static_cast<int>(entry.votes.size()));
        else if (entry.kind == ActionKind::elect_mayor && i > 0) {
            ms += 1000 * (timing.election_s + (paused ? 0 : timing.pause_s));
            paused = true;
        } else if (!is_aside(entry.kind) && i > 0)
            ms += 1000 * timing.call_s;
        game.stamp_wall(i, iso_time_text(ms).erase(19, 4));  // to the second
    }
    return game;
}

// `games` games saved in a new folder; with `copies`, game 0 saved that many times.
std::string saved(int games, const Timing& timing = {}, int copies = 1) {
    const std::string folder = test::temporary_folder();
    bool paused = timing.pause_s == 0;
    for (int index = 0; index < games; ++index) {
        const std::string text = save_game(timed_game(index, timing, paused));
        for (int copy = 0; copy < (index == 0 ? copies : 1); ++copy)
            std::ofstream(folder + "/game-" + std::to_string(index) + "-" + std::to_string(copy) +
                          ".json")
                << text;
    }
    return folder;
}

nlohmann::json calibrated(const std::string& folder, const std::string& more = "") {
    const auto run = run_coyel(
        "balance --calibrate " + folder + " --games 300 --threads 2 --json" + more, false);
    REQUIRE(run.exit_code == 0);
    return nlohmann::json::parse(run.out);
}

std::string calibrated_text(const std::string& folder, const std::string& more = "") {
    return run_coyel("balance --calibrate " + folder + " --games 300 --threads 2" + more, false)
        .out;
}

// Every length printed is more than 0, its interval 0 or more, and the
// flags hold no negative and no 0 s.
void check_no_negative(const std::string& folder) {
    const auto out = calibrated(folder);
    for (const char* key : {"call_seconds", "day_seconds", "ballot_seconds", "election_seconds"}) {
        INFO(key << ": " << out[key].dump());
        if (out[key].is_null()) continue;
        CHECK(out[key]["median"].get<double>() > 0);
        CHECK(out[key]["ci95"][0].get<double>() >= 0);
    }
    const auto text = calibrated_text(folder);
    INFO(text);
    CHECK(!std::regex_search(text, std::regex("[−-][0-9]")));
    CHECK(!std::regex_search(text, std::regex("seconds 0\\b")));
}

}  // namespace

TEST_CASE("calibrating three games whose longer votes are quicker: the ballot is not measurable",
          "[sim]") {
    // Each ballot seems to take -30 s: a negative slope, no length.
    Timing timing;
    timing.vote = [](int ballots) { return 600 - 30 * ballots; };
    const std::string folder = saved(3, timing);
    check_no_negative(folder);
    const auto out = calibrated(folder);
    CHECK(out["not_measurable"]["ballot_seconds"] == true);
    CHECK(out["status"]["ballot_seconds"] == "not_measurable");
    CHECK(out["ballot_seconds"].is_null());
    // The talk is measured with the model's 5 s ballot.
    CHECK(out["day_seconds"]["median"].get<double>() > 0);
    const auto text = calibrated_text(folder);
    CHECK(text.find("  a ballot: not measurable (too few or too noisy votes: the estimate came "
                    "out below 0 s); the model's 5 s is kept\n") != std::string::npos);
    CHECK(text.find("--ballot-seconds") == std::string::npos);
}

TEST_CASE("calibrating three games whose votes are all ballots: the talk is not measurable",
          "[sim]") {
    // 40 s a ballot, less 100 s: what is left for the talk is below nothing.
    Timing timing;
    timing.vote = [](int ballots) { return 40 * ballots - 100; };
    const std::string folder = saved(3, timing);
    check_no_negative(folder);
    const auto out = calibrated(folder);
    CHECK(out["not_measurable"]["day_seconds"] == true);
    CHECK(out["ballot_seconds"]["median"].get<double>() == Approx(40));
    const auto text = calibrated_text(folder);
    CHECK(text.find("  the day's talk: not measurable (too few or too noisy votes: the estimate "
                    "came out below 0 s); the model's 240 s is kept\n") != std::string::npos);
    CHECK(text.find("--day-seconds") == std::string::npos);
    CHECK(text.find("--ballot-seconds 40") != std::string::npos);
}

TEST_CASE("calibrating one game: nothing is determined and the model's is kept", "[sim]") {
    const std::string folder = saved(1);
    const auto out = calibrated(folder, " --skill 3");
    CHECK(out["skill"]["determined"] == false);
    CHECK(out["skill"]["used"] == 3);
    for (const char* key : {"call_seconds", "day_seconds", "election_seconds"}) {
        INFO(key);
        CHECK(out[key].is_null());  // one game: an interval of no width, not a measure
        CHECK(out["status"][key] != "measured");
    }
    CHECK(out["status"]["call_seconds"] == "undetermined");
    CHECK(out["flags"] == "");
    const auto text = calibrated_text(folder, " --skill 3");
    CHECK(text.rfind("Measured on 1 finished game (median,", 0) == 0);
    CHECK(std::regex_search(text, std::regex("  a night call: undetermined \\([0-9]+ samples in 1 "
                                             "game: too few, or all alike; at least 5 from 3 "
                                             "games are needed\\); the model's 20 s is kept\n")));
    CHECK(
        std::regex_search(text, std::regex("  skill K: undetermined \\(any skill from 1 to [0-9]+ "
                                           "of 1 to 20 explains who won this game about as "
                                           "well\\); the model's 3 is kept\n")));
    CHECK(text.find("Nothing was measured: the model stands as it is (--from-games plays it "
                    "unchanged).\n") != std::string::npos);
    // --from-games says the same, and plays the model unchanged.
    const auto from =
        run_coyel("balance --players 9 --games 200 --threads 2 --from-games " + folder, false);
    CHECK(from.out.rfind("Model measured on 1 finished game (--from-games): nothing measured, the "
                         "model as it is\n",
                         0) == 0);
}

TEST_CASE("calibrating two games: a skill of 1 to 18 is not taken for a measure", "[sim]") {
    const auto out = calibrated(saved(2));
    INFO(out["skill"].dump());
    CHECK(out["skill"]["determined"] == false);
    CHECK(out["skill"]["used"] == 2);
    CHECK(out["status"]["call_seconds"] == "undetermined");  // two games: too few
}

TEST_CASE("twenty copies of one save are one game", "[sim]") {
    const std::string folder = saved(1, {}, 20);
    const auto out = calibrated(folder);
    CHECK(out["games"] == 1);
    CHECK(out["copies"] == 19);
    CHECK(out["skill"]["determined"] == false);  // not skill 20 at the grid's edge
    CHECK(out["flags"] == "");
    CHECK(calibrated_text(folder).find("19 finished games were copies of others (the same saves): "
                                       "each counted once\n") != std::string::npos);
}

TEST_CASE("equal wall times measure nothing: never a length of 0 s", "[sim]") {
    Timing timing;
    timing.vote = [](int) { return 0; };
    timing.call_s = timing.election_s = 0;
    const std::string folder = saved(12, timing);
    check_no_negative(folder);
    const auto out = calibrated(folder);
    for (const char* key : {"call_seconds", "day_seconds", "election_seconds"}) {
        INFO(key);
        CHECK(out[key].is_null());
    }
    CHECK(out["flags"].get<std::string>().find("seconds") == std::string::npos);
    // --from-games then plays the model's lengths, and says so.
    const auto model = nlohmann::json::parse(
        run_coyel("balance --players 9 --games 300 --threads 2 --json --from-games " + folder,
                  false)
            .out)["model"];
    CHECK(model["call_seconds"] == 20);
    CHECK(model["day_seconds"] == 240);
    CHECK(model["election_seconds"] == 180);
}

TEST_CASE("a two-day pause before an election is left out: the interval stays a length's",
          "[sim]") {
    Timing timing;
    timing.pause_s = 2 * 24 * 3600;
    const auto out = calibrated(saved(40, timing));
    INFO(out["election_seconds"].dump());
    REQUIRE(out["status"]["election_seconds"] == "measured");
    CHECK(out["election_seconds"]["median"].get<double>() == Approx(180));
    CHECK(out["election_seconds"]["ci95"][1].get<double>() < 3600);
    CHECK(out["election_seconds"]["left_out"] == 1);
}
