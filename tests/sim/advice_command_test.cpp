// `coyel balance --advise` as run: at every count its first pick is ranked
// at least as high as the count's default under the documented ranking, and
// what it prints can be copied: the flags, the JSON deck as --deck takes it.
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "advise.hpp"
#include "cli/process.hpp"
#include "coyel/setup.hpp"

using namespace coyel;
using coyel::test::run_coyel;

namespace {

sim::AdviceRank rank_of(const nlohmann::json& candidate, int players) {
    const Deck deck = *parse_deck(candidate["deck"].get<std::string>(), players);
    return sim::advice_rank(std::abs(candidate["ecosystems_win"].get<double>() - 0.5), deck);
}

}  // namespace

// Few games (32 a candidate: one round of the race): the ranking is what is checked,
// not the figures' precision, and 26 counts stay quick.
TEST_CASE(
    "balance --advise at every count puts first a pick ranked at least as high as the default",
    "[sim][long]") {
    for (int players = min_players; players <= max_players; ++players) {
        INFO(players << " players");
        const auto run = run_coyel(
            "balance --advise --games 32 --threads 2 --json --players " + std::to_string(players),
            false);
        REQUIRE(run.exit_code == 0);
        const auto advice = nlohmann::json::parse(run.out);
        const auto& reference = advice["reference"];
        CHECK(reference["deck"] == deck_argument(*default_deck(players)));
        CHECK(reference["minutes"] == default_minutes(players));
        CHECK(advice["reference_ranked"] == true);
        const auto& first = advice["ranked"].at(0);
        INFO("first: " << first["flags"] << ", default: " << reference["flags"]);
        CHECK(!(rank_of(reference, players) < rank_of(first, players)));
        // Every candidate shown is behind the one before it: the ranking as documented.
        for (std::size_t i = 1; i < advice["ranked"].size(); ++i)
            CHECK(!(rank_of(advice["ranked"][i], players) <
                    rank_of(advice["ranked"][i - 1], players)));
    }
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
