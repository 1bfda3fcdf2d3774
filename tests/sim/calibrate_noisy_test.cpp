// --calibrate on a few games whose votes say little or mislead: no length
// comes out negative, and what cannot be measured is said, the model's kept.
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

// `games` lab games at 9 players, saved in a new folder with wall times
// that give each night call 20 s, each election 180 s and each vote `vote`.
std::string saved_with_votes(int games, const VoteLength& vote) {
    const std::string folder = test::temporary_folder();
    sim::SimConfig config;
    config.players = 9;
    config.deck = *default_deck(9);
    config.options.temperature_minutes = default_minutes(9);
    for (int index = 0; index < games; ++index) {
        Game game = sim::play_logged_game(config, sim::game_seed(5, index));
        std::int64_t ms = sim::recorded_epoch_ms + index * sim::recorded_spacing_ms;
        for (std::size_t i = 0; i < game.log().size(); ++i) {
            const Action& entry = game.log()[i];
            if (entry.kind == ActionKind::vote)
                ms += 1000 * vote(static_cast<int>(entry.votes.size()));
            else if (entry.kind == ActionKind::elect_mayor)
                ms += 180'000;
            else if (!is_aside(entry.kind))
                ms += 20'000;
            game.stamp_wall(i, iso_time_text(ms).erase(19, 4));  // to the second
        }
        std::ofstream(folder + "/game-" + std::to_string(index) + ".json") << save_game(game);
    }
    return folder;
}

// Every length printed is 0 or more, its interval too, and the flags hold no negative.
void check_no_negative(const std::string& folder) {
    const auto as_json =
        run_coyel("balance --calibrate " + folder + " --games 300 --threads 2 --json", false);
    REQUIRE(as_json.exit_code == 0);
    const auto out = nlohmann::json::parse(as_json.out);
    for (const char* key : {"call_seconds", "day_seconds", "ballot_seconds", "election_seconds"}) {
        INFO(key << ": " << out[key].dump());
        if (out[key].is_null()) continue;
        CHECK(out[key]["median"].get<double>() >= 0);
        CHECK(out[key]["ci95"][0].get<double>() >= 0);
    }
    const auto text =
        run_coyel("balance --calibrate " + folder + " --games 300 --threads 2", false);
    INFO(text.out);
    CHECK(!std::regex_search(text.out, std::regex("[−-][0-9]")));
    if (!out["skill"]["determined"].get<bool>())
        CHECK(text.out.find("skill K: undetermined (every skill from 1 to 20 explains who won "
                            "these 3 games as well); the model's 2 is kept") != std::string::npos);
}

}  // namespace

TEST_CASE("calibrating three games whose longer votes are quicker: the ballot is not measurable",
          "[sim]") {
    // Each ballot seems to take -30 s: a negative slope, no length.
    const std::string folder = saved_with_votes(3, [](int ballots) { return 600 - 30 * ballots; });
    check_no_negative(folder);
    const auto out = nlohmann::json::parse(
        run_coyel("balance --calibrate " + folder + " --games 300 --threads 2 --json", false).out);
    CHECK(out["not_measurable"]["ballot_seconds"] == true);
    CHECK(out["ballot_seconds"].is_null());
    CHECK(out["kept_from_model"] == nlohmann::json::array({"ballot_seconds"}));
    // The talk is measured with the model's 5 s ballot.
    CHECK(out["day_seconds"]["median"].get<double>() > 0);
    const auto text =
        run_coyel("balance --calibrate " + folder + " --games 300 --threads 2", false);
    CHECK(text.out.find("  a ballot: not measurable (too few or too noisy votes: the estimate came "
                        "out below 0 s); the model's 5 s is kept\n") != std::string::npos);
    CHECK(text.out.find("--ballot-seconds 5 ") != std::string::npos);
}

TEST_CASE("calibrating three games whose votes are all ballots: the talk is not measurable",
          "[sim]") {
    // 40 s a ballot, less 100 s: what is left for the talk is below nothing.
    const std::string folder = saved_with_votes(3, [](int ballots) { return 40 * ballots - 100; });
    check_no_negative(folder);
    const auto out = nlohmann::json::parse(
        run_coyel("balance --calibrate " + folder + " --games 300 --threads 2 --json", false).out);
    CHECK(out["not_measurable"]["day_seconds"] == true);
    CHECK(out["ballot_seconds"]["median"].get<double>() == Approx(40));
    const auto text =
        run_coyel("balance --calibrate " + folder + " --games 300 --threads 2", false);
    CHECK(
        text.out.find("  the day's talk: not measurable (too few or too noisy votes: the estimate "
                      "came out below 0 s); the model's 240 s is kept\n") != std::string::npos);
    CHECK(text.out.find("--day-seconds 240 ") != std::string::npos);
}

TEST_CASE("calibrating one game: the skill is undetermined and the model's is kept", "[sim]") {
    const std::string folder = saved_with_votes(1, [](int ballots) { return 240 + 5 * ballots; });
    const std::string run = "balance --calibrate " + folder + " --games 300 --threads 2 --skill 3";
    const auto out = nlohmann::json::parse(run_coyel(run + " --json", false).out);
    CHECK(out["skill"]["ci95"] == nlohmann::json::array({1, 20}));
    CHECK(out["skill"]["determined"] == false);
    CHECK(out["skill"]["used"] == 3);
    const auto text = run_coyel(run, false);
    CHECK(text.out.rfind("Measured on 1 finished game (median,", 0) == 0);
    CHECK(text.out.find("  skill K: undetermined (every skill from 1 to 20 explains who won this "
                        "game as well); the model's 3 is kept\n") != std::string::npos);
    CHECK(text.out.find("--election-seconds 180 --skill 3\n") != std::string::npos);
}
