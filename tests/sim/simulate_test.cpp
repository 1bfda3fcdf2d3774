// The simulator's statistics and policies: deterministic for a seed whatever
// the threads, legal answers only, skill and time doing what they say.
#include <catch2/catch.hpp>

#include "../fakes/fake_clock.hpp"
#include "advise.hpp"
#include "random_games.hpp"
#include "simulate.hpp"

using namespace coyel;
using namespace std::chrono_literals;
using sim::Policy;

namespace {

sim::SimConfig default_game(int players, Policy policy) {
    sim::SimConfig config;
    config.players = players;
    config.deck = *default_deck(players);
    config.policy = policy;
    return config;
}

int ends(const sim::Summary& summary, WinReason reason) {
    return static_cast<int>(summary.tally.ends[static_cast<std::size_t>(reason)]);
}

}  // namespace

TEST_CASE("the Wilson interval of 50 wins in 100 games", "[sim]") {
    const auto interval = sim::wilson95(50, 100);
    CHECK(interval.low == Approx(0.4038).margin(0.0001));
    CHECK(interval.high == Approx(0.5962).margin(0.0001));
    CHECK(sim::wilson95(0, 10).low == 0.0);
    CHECK(sim::wilson95(10, 10).high == Approx(1.0));
    CHECK(sim::wilson95(10, 10).low == Approx(0.7225).margin(0.0001));
}

TEST_CASE("the same seed gives the same figures on one thread or three", "[sim]") {
    for (Policy policy : {Policy::random, Policy::uniform, Policy::table}) {
        const auto config = default_game(9, policy);
        const auto one = sim::simulate(config, 600, 77, 1);
        const auto three = sim::simulate(config, 600, 77, 3);
        CHECK(one.tally == three.tally);
        CHECK(one.tally.games == 600);
        CHECK_FALSE(sim::simulate(config, 600, 78, 1).tally == one.tally);
    }
}

TEST_CASE("a run tells its progress after each batch and its speed on the clock it is given",
          "[sim]") {
    const auto config = default_game(9, Policy::table);
    test::FakeClock clock;
    std::vector<std::int64_t> told;
    const sim::Progress progress = [&](std::int64_t done, std::int64_t games) {
        CHECK(games == 3 * 4096);
        told.push_back(done);
        clock.advance(1s);  // each batch of 4,096 games takes a second of this clock
        return true;
    };
    const auto summary = sim::simulate(config, 3 * 4096, 5, 1, progress, &clock);
    CHECK(told == std::vector<std::int64_t>{4096, 2 * 4096, 3 * 4096});
    CHECK(summary.games_per_second == 4096);
    CHECK(sim::simulate(config, 4096, 5, 1).games_per_second == 0);  // no clock: not measured
}

TEST_CASE("a progress line is shown every 250 ms of its clock and a stop passed on then", "[sim]") {
    test::FakeClock clock;
    std::vector<std::int64_t> shown;
    const auto progress = sim::paced(
        [&](std::int64_t done, std::int64_t) {
            shown.push_back(done);
            return done < 5;
        },
        clock);
    CHECK(progress(1, 0));  // at once: nothing shown yet
    clock.advance(249ms);
    CHECK(progress(2, 0));
    clock.advance(1ms);
    CHECK(progress(3, 0));  // 250 ms in: shown
    clock.advance(200ms);
    CHECK(progress(4, 0));
    clock.advance(50ms);
    CHECK_FALSE(progress(5, 0));  // shown, and it asks to stop
    CHECK(shown == std::vector<std::int64_t>{3, 5});
    CHECK_FALSE(sim::paced({}, clock));  // nobody to tell: none
}

TEST_CASE("every policy plays random setups to the end with legal answers only", "[sim]") {
    SplitMix64 rng(2024);
    for (int round = 0; round < 60; ++round) {
        const Setup setup = test::random_setup(rng);
        for (Policy policy : {Policy::random, Policy::uniform, Policy::table}) {
            sim::SimConfig config;
            config.players = setup.player_count();
            config.deck = deck_of(setup.roles);
            config.options = setup.options;
            config.policy = policy;
            config.skill = 1 + static_cast<int>(rng.below(5));
            const auto summary = sim::simulate(config, 20, rng.next(), 1);
            INFO("setup " << round << ", policy " << sim::policy_id(policy));
            CHECK(summary.tally.refused == 0);
            CHECK(summary.tally.ends[0] + summary.tally.ends[1] + summary.tally.ends[2] == 20);
        }
    }
}

TEST_CASE("a more skilled table finds the carbon emissions more often", "[sim]") {
    auto config = default_game(10, Policy::table);
    const auto rows = sim::skill_table(config, 4, {3000, 5, 2});
    REQUIRE(rows.size() == 4);
    // Far apart: the intervals of skill 1 and skill 4 do not meet.
    CHECK(rows[0].ci95.high < rows[3].ci95.low);
    CHECK(rows[0].ecosystems_win < rows[1].ecosystems_win);
}

TEST_CASE("the clock moves only by the modelled lengths", "[sim]") {
    auto config = default_game(8, Policy::table);
    config.time = {0, 0, 0, 0};  // nothing takes any time: the temperature never rises
    const auto frozen = sim::simulate(config, 500, 3, 2);
    CHECK(ends(frozen, WinReason::temperature) == 0);
    CHECK(frozen.minutes_mean == 0.0);
    config.time = {20, 240, 5, 180};
    const auto timed = sim::simulate(config, 500, 3, 2);
    CHECK(ends(timed, WinReason::temperature) > 0);
    CHECK(timed.minutes_mean <= config.options.temperature_minutes);
    config.time.day_seconds = 600;  // long talks: more games reach the limit
    CHECK(ends(sim::simulate(config, 500, 3, 2), WinReason::temperature) >
          ends(timed, WinReason::temperature));
}

TEST_CASE("one more carbon emission costs the ecosystems points", "[sim]") {
    auto two = default_game(9, Policy::table);
    two.deck = *parse_deck("carbon=2,ngo,ceo,banker,fragile", 9);
    two.options.temperature_minutes = 35;
    const auto values = sim::card_values(two, {3000, 9, 2});
    auto carbon = std::find_if(values.begin(), values.end(),
                               [](const auto& value) { return value.role == Role::carbon; });
    REQUIRE(carbon != values.end());
    CHECK(carbon->in_deck);  // two in the deck: measured by taking one out
    CHECK(carbon->points() < -5);
    CHECK(carbon->with.ci95.high < carbon->without.ci95.low);
}

TEST_CASE("advice ranks fair candidates by the cards kept, the others by distance", "[sim]") {
    auto config = default_game(6, Policy::table);
    config.options.temperature_mode = TemperatureMode::night;
    sim::AdviceAsk ask;
    ask.top = 5;
    const auto advice = sim::advise(config, {400, 4, 2}, ask);
    REQUIRE(advice.ranked.size() == 5);
    CHECK(advice.reference.deck == config.deck);
    // In rank order, but for the candidates the checks left below the
    // reference (just below it, in their own order).
    std::vector<sim::Candidate> ranked;
    for (const auto& candidate : advice.ranked) {
        const bool left_below =
            std::any_of(advice.checks.begin(), advice.checks.end(), [&](const sim::Check& check) {
                return !check.confirmed && check.candidate.deck == candidate.deck;
            });
        if (!left_below) ranked.push_back(candidate);
    }
    for (std::size_t i = 1; i < ranked.size(); ++i)
        CHECK(!(sim::advice_rank(ranked[i]) < sim::advice_rank(ranked[i - 1])));
    for (const auto& candidate : advice.ranked) {
        CHECK(check_deck(candidate.deck, 6).empty());
        CHECK(candidate.minutes == 0);               // night mode: no length to choose
        CHECK(candidate.summary.tally.games >= 64);  // raced: at least the first round
        CHECK(candidate.summary.tally.games <= 400);
    }
}

TEST_CASE("a deck played once for many lengths tallies what each length plays", "[sim]") {
    // Each game played to the longest limit, cut where a shorter one would end
    // it: the same tallies as playing each length, field by field.
    struct Case {
        int players;
        Policy policy;
        sim::TimeModel time;
        std::vector<int> minutes;
    };
    const Case cases[] = {
        {5, Policy::table, {}, {10, 14, 15, 20, 120}},
        {9, Policy::table, {30, 300, 8, 120}, {10, 25, 35, 36, 60}},
        {17, Policy::random, {}, {20, 45, 90}},
        {30, Policy::table, {}, {10, 40, 80, 81, 120}},
        {12, Policy::uniform, {20, 240, 5, 180, 0}, {1, 2, 3, 600}},
    };
    for (const auto& [players, policy, time, minutes] : cases) {
        auto config = default_game(players, policy);
        config.time = time;
        const auto swept = sim::play_games_at_lengths(config, minutes, 100, 700, 13);
        REQUIRE(swept.size() == minutes.size());
        for (std::size_t i = 0; i < minutes.size(); ++i) {
            INFO(players << " players, " << minutes[i] << " minutes");
            config.options.temperature_minutes = minutes[i];
            const auto played = sim::play_games(config, 100, 700, 13);
            CHECK(swept[i] == played);
            CHECK(played.refused == 0);
        }
    }
}
