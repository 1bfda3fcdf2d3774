// The engine states what decided a vote and a lobby on its events, and each
// fact the front ends need (the banker corrupted, the clock may run, the
// countdown to the next degree) is one rule they ask.
#include "../helpers.hpp"
#include "coyel/observe.hpp"

using namespace coyel;
using namespace coyel::test;

namespace {
const Event& result_of(const std::vector<Event>& events) {
    REQUIRE(!events.empty());
    REQUIRE(events.front().kind == Event::Kind::vote_result);
    return events.front();
}

}  // namespace

TEST_CASE("a vote's event says one player is out, and that the mayor's double vote decided it") {
    Game g = day_one();
    // Ana 4 (Hana's two among them), Cleo 3: counted once, Hana's vote would tie.
    const auto events = ok(g, vote(g, {{"Ana", "Cleo"},
                                       {"Cleo", "Ana"},
                                       {"Dan", "Cleo"},
                                       {"Eve", "Ana"},
                                       {"Finn", "Gus"},
                                       {"Gus", "Cleo"},
                                       {"Hana", "Ana"}}));
    const Event& result = result_of(events);
    CHECK(result.vote == VoteOutcome::out);
    CHECK(result.player == seat(g, "Ana"));
    CHECK(result.mayor_decided);
}

TEST_CASE("a mayor on the winning side by a wide margin did not decide the vote") {
    Game g = day_one();
    const auto events = ok(g, vote(g, {{"Ana", "Cleo"},
                                       {"Cleo", "Ana"},
                                       {"Dan", "Ana"},
                                       {"Eve", "Ana"},
                                       {"Finn", "Ana"},
                                       {"Gus", "Ana"},
                                       {"Hana", "Ana"}}));
    const Event& result = result_of(events);
    CHECK(result.vote == VoteOutcome::out);
    CHECK(result.double_vote == seat(g, "Hana"));
    CHECK_FALSE(result.mayor_decided);
}

TEST_CASE("a tie the mayor's double vote made is decided by the mayor") {
    Game g = day_one();
    // Cleo 3 (Ana, Dan, Gus), Ana 3 (Eve, and Hana's two): counted once, Cleo alone.
    const auto events = ok(g, vote(g, {{"Ana", "Cleo"},
                                       {"Cleo", nullptr},
                                       {"Dan", "Cleo"},
                                       {"Eve", "Ana"},
                                       {"Finn", nullptr},
                                       {"Gus", "Cleo"},
                                       {"Hana", "Ana"}}));
    const Event& result = result_of(events);
    CHECK(result.vote == VoteOutcome::tie);
    CHECK_FALSE(result.player);
    CHECK(result.mayor_decided);
}

TEST_CASE("a tie removes nobody, and an abstaining mayor decided nothing") {
    Game g = day_one();
    const Event result = result_of(ok(g, tie_ana_cleo(g)));  // a copy: the events are a temporary
    CHECK(result.vote == VoteOutcome::tie);
    CHECK_FALSE(result.double_vote);
    CHECK_FALSE(result.mayor_decided);
}

TEST_CASE("tie = revote: the first tie sends to the revote, tied again is its own outcome") {
    Options options;
    options.tie = TieRule::revote;
    Game g = day_one(options);
    CHECK(result_of(ok(g, tie_ana_cleo(g))).vote == VoteOutcome::revote);
    const Event result = result_of(ok(g, tie_ana_cleo(g)));
    CHECK(result.vote == VoteOutcome::tied_again);
    CHECK(result.was_revote);
}

TEST_CASE("no votes at all is its own outcome, with no revote") {
    Options options;
    options.tie = TieRule::revote;
    Game g = day_one(options);
    CHECK(result_of(ok(g, vote_all(g, nullptr))).vote == VoteOutcome::no_votes);
}

TEST_CASE("a lobby's outcome is one rule of the facts that decide it") {
    using rules::lobby_outcome;
    using rules::LobbyFacts;
    CHECK(lobby_outcome(LobbyFacts{}) == LobbyOutcome::corrupted);
    CHECK(lobby_outcome({.target_corrupted = true, .target_is_ngo = true}) ==
          LobbyOutcome::already_corrupted);
    CHECK(lobby_outcome({.target_is_ngo = true, .target_is_mayor = true}) ==
          LobbyOutcome::refused_ngo);
    CHECK(lobby_outcome({.target_is_mayor = true}) == LobbyOutcome::refused_mayor);
    CHECK(lobby_outcome({.target_is_mayor = true, .banker_corrupted = true}) ==
          LobbyOutcome::corrupted);
}

TEST_CASE("the banker corrupted: asked of the game, it follows the lobby") {
    Game g = make_game();
    ok(g, elect(g, "Hana"));
    CHECK_FALSE(g.banker_corrupted());
    ok(g, target(g, "Ben"));
    ok(g, protect(g, nullptr));
    ok(g, bank(BankerChoice::none));
    const auto events = ok(g, lobby(g, "Eve"));  // the banker
    CHECK(g.banker_corrupted());
    REQUIRE(events.front().kind == Event::Kind::lobby);
    CHECK(events.front().lobby == LobbyOutcome::corrupted);
    CHECK(events.front().one_more_lobby);  // one more lobby: now the mayor may be lobbied
    CHECK(ok(g, lobby(g, "Hana")).front().lobby == LobbyOutcome::corrupted);
}

TEST_CASE("the clock may run from Night 1 to the end, for the game and the table alike") {
    CHECK_FALSE(clock_runs_in(Phase::setup));
    CHECK(clock_runs_in(Phase::night));
    CHECK(clock_runs_in(Phase::dawn));
    CHECK(clock_runs_in(Phase::day));
    CHECK_FALSE(clock_runs_in(Phase::over));
    Game g = make_game();
    CHECK_FALSE(g.clock_may_run());
    CHECK_FALSE(seen_by_table(g).clock_may_run());
    ok(g, elect(g, nullptr));
    CHECK(g.clock_may_run());
    CHECK(seen_by_table(g).clock_may_run());
}

TEST_CASE("the countdown to the next degree: from a reading, never below zero") {
    CHECK(seconds_to_degree(300, 120) == 180);
    CHECK(seconds_to_degree(300, 301) == 0);
    CHECK_FALSE(seconds_to_degree(std::nullopt, 10));
    Game g = make_game();  // 25 minutes, 0 to 5: a degree every 300 s
    ok(g, at(elect(g, nullptr), 0));
    ok(g, clock_at(250));
    CHECK(g.seconds_to_next_degree(g.state().clock_s) == 50);
    CHECK(seen_by_table(g).seconds_to_next_degree(260) == 40);
    Options night;
    night.temperature_mode = TemperatureMode::night;
    CHECK_FALSE(make_game(spec_table(), night).seconds_to_next_degree(0));
}
