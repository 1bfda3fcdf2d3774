// `coyel balance --advise` as run: at every count its first pick, measured
// again on games neither the race nor its checks played, is no farther from
// fair than the default beyond the noise of those games; what it prints can
// be copied: the command beside the first plays its figures to the digit.
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "advise.hpp"
#include "cli/process.hpp"
#include "coyel/setup.hpp"

using namespace coyel;
using coyel::test::run_coyel;

namespace {

// A candidate's figures on `games` games of `seed`, as `coyel balance` plays them.
nlohmann::json played(int players, const nlohmann::json& candidate, int games, std::uint64_t seed,
                      const std::string& model) {
    std::string args = "balance --players " + std::to_string(players) + " --deck " +
                       candidate["deck"].get<std::string>() + " --games " + std::to_string(games) +
                       " --seed " + std::to_string(seed) + " --threads 2 --json" + model;
    if (!candidate["minutes"].is_null())
        args += " --minutes " + std::to_string(candidate["minutes"].get<int>());
    const auto run = run_coyel(args, false);
    REQUIRE(run.exit_code == 0);
    return nlohmann::json::parse(run.out);
}

double distance(const nlohmann::json& figures) {
    return std::abs(figures["ecosystems_win"].get<double>() - 0.5);
}

// The first pick's figures, by the command printed beside it.
void check_command_plays_first(const nlohmann::json& advice) {
    const auto& first = advice["ranked"].at(0);
    const auto run = run_coyel(first["command"].get<std::string>().substr(6) + " --json", false);
    REQUIRE(run.exit_code == 0);
    const auto figures = nlohmann::json::parse(run.out);
    CHECK(figures["games"] == first["games"]);
    CHECK(figures["ecosystems_win"] == first["ecosystems_win"]);
}

// At every count, the advice with `model` (flags): the first pick is the
// default, or a candidate its check confirmed that fresh games of another
// seed find no farther from fair than the default beyond their noise.
void check_every_count(const std::string& model) {
    constexpr int fresh_games = 20000;  // ±0.7 points a side
    for (int players = min_players; players <= max_players; ++players) {
        INFO(players << " players" << model);
        const auto run = run_coyel(
            "balance --advise --threads 2 --json --players " + std::to_string(players) + model,
            false);
        REQUIRE(run.exit_code == 0);
        const auto advice = nlohmann::json::parse(run.out);
        const auto& reference = advice["reference"];
        CHECK(reference["deck"] == deck_argument(*default_deck(players)));
        CHECK(reference["minutes"] == default_minutes(players));
        CHECK(advice["reference_ranked"] == true);
        const auto& first = advice["ranked"].at(0);
        INFO("first: " << first["flags"] << ", default: " << reference["flags"]);
        check_command_plays_first(advice);
        if (first["flags"] == reference["flags"]) continue;
        // Above the default only when its check confirmed it.
        const auto check = std::find_if(
            advice["checks"].begin(), advice["checks"].end(), [&](const auto& checked) {
                return checked["deck"] == first["deck"] && checked["minutes"] == first["minutes"];
            });
        REQUIRE(check != advice["checks"].end());
        CHECK((*check)["confirmed"] == true);
        // Seed 1000 + players: neither the race's (1) nor the checks' (2).
        const std::uint64_t seed = 1000 + static_cast<std::uint64_t>(players);
        const auto pick = played(players, first, fresh_games, seed, model);
        const auto given = played(players, reference, fresh_games, seed, model);
        const double p = pick["ecosystems_win"], q = given["ecosystems_win"];
        const double noise = 2.576 * std::sqrt((p * (1 - p) + q * (1 - q)) / fresh_games);
        INFO("pick " << p << ", default " << q << ", noise " << noise);
        CHECK(distance(pick) <= distance(given) + noise);
    }
}

}  // namespace

// 26 runs of the advice as a group asks it (all four cards, every length,
// --games as given by default): about 30 s on two cores.
TEST_CASE("balance --advise at every count: the first pick holds up on games it never saw",
          "[sim][long]") {
    check_every_count("");
}

// The same where the default is not fair: a table more skilled (3) than the
// defaults were chosen for, so that the first pick is another deck at every
// count, measured on fresh games (a minute or more on two cores: tools/soak).
TEST_CASE(
    "balance --advise at every count, skill 3: the first pick beats the default on fresh games",
    "[sim][soak]") {
    check_every_count(" --skill 3");
}

TEST_CASE("balance --advise prints the flags that play its first pick, and says when none is fair",
          "[sim]") {
    const auto run =
        run_coyel("balance --players 30 --advise --minutes 45 --games 300 --threads 2", false);
    REQUIRE(run.exit_code == 0);
    CHECK(run.out.find("None is within 3 points of 50%: no deck of these cards is fair at the "
                       "lengths searched.\n") != std::string::npos);
    CHECK(run.out.find("minutes would be: the ecosystems win") != std::string::npos);
    CHECK(run.out.find("To play the first: coyel new --deck carbon=") != std::string::npos);
    const auto fair = run_coyel("balance --players 9 --advise --games 300 --threads 2", false);
    CHECK(fair.out.find("None is within") == std::string::npos);
    CHECK(fair.out.find("  ← default\n") != std::string::npos);
}

TEST_CASE("balance --advise's commands keep the mode, the house rules and the model", "[sim]") {
    // Night mode, a house rule, a time model: the command beside the first
    // plays the figures shown beside it, and `new`'s flags keep the rules.
    const auto run = run_coyel(
        "balance --players 11 --mode night --option tie=revote --call-seconds 30 --skill 3 "
        "--advise --games 400 --threads 2 --json",
        false);
    REQUIRE(run.exit_code == 0);
    const auto advice = nlohmann::json::parse(run.out);
    const auto& first = advice["ranked"].at(0);
    CHECK(first["flags"].get<std::string>().find("--mode night --option tie=revote") !=
          std::string::npos);
    CHECK(first["command"].get<std::string>().find(
              "--mode night --option tie=revote --skill 3 --call-seconds 30 --games ") !=
          std::string::npos);
    check_command_plays_first(advice);
    for (const auto& check : advice["checks"]) {
        const auto fresh =
            run_coyel(check["fresh_command"].get<std::string>().substr(6) + " --json", false);
        CHECK(nlohmann::json::parse(fresh.out)["ecosystems_win"] ==
              check["fresh"]["ecosystems_win"]);
    }
}
