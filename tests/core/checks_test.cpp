// Each call's rule is one ordered table of checks (include/coyel/checks.hpp);
// the bit masks of legal.hpp are its fast path. Over random states (drawn
// fact by fact, and met in random games), every call's fast legal set equals
// the set the checks let pass, and every answer the fast path refuses is one
// a check refuses, and only those; the game lists the same answers, and its
// refusal names the first check that refuses.
#include <catch2/catch.hpp>

#include "../helpers.hpp"
#include "coyel/checks.hpp"
#include "coyel/game.hpp"
#include "coyel/legal.hpp"
#include "random_games.hpp"

using namespace coyel;

namespace {

// Every player answer worth asking: each seat, the seats just outside the
// table, a seat past the bit set's end, and nobody.
std::vector<std::optional<Seat>> player_answers(const Setup& setup) {
    std::vector<std::optional<Seat>> answers = {std::nullopt, -1, 31, 40};
    for (Seat seat = 0; seat <= setup.player_count(); ++seat) answers.push_back(seat);
    return answers;
}

// One call's fast set against its checks: the set, and each answer.
std::string compare_players(const rules::Position& at, ActionKind kind, const Choices& fast) {
    const Answers checked = rules::checked_answers(at, kind, AnswerKind::player_or_nobody);
    if (checked.players != fast)
        return fmt::format("{}: the fast set and the checks' differ", action_id(kind));
    for (const auto& player : player_answers(at.setup)) {
        const bool refused =
            rules::checked_refusal(at, kind, AnswerKind::player_or_nobody, Answer::of(player))
                .has_value();
        if (refused == fast.contains(player))
            return fmt::format("{}: the fast path and the checks disagree on {}", action_id(kind),
                               player.value_or(-99));
    }
    return {};
}

std::string compare_gestures(const rules::Position& at) {
    const GestureSet fast = rules::legal_gestures(at.setup, at.cast, at.state);
    if (rules::checked_answers(at, ActionKind::banker, AnswerKind::gesture).gestures != fast)
        return "banker: the fast set and the checks' differ";
    for (BankerChoice gesture : gesture_order) {
        const bool refused =
            rules::checked_refusal(at, ActionKind::banker, AnswerKind::gesture, Answer::of(gesture))
                .has_value();
        if (refused == fast.contains(gesture) ||
            refused == rules::gesture_open(at.setup, at.cast, at.state, gesture))
            return fmt::format("banker: the fast path and the checks disagree on {}",
                               banker_choice_id(gesture));
    }
    return {};
}

// Every call's rule at this state, whatever the call expected: the checks
// are functions of the state, and a state of the day tests the night's too.
std::string compare_all(const Setup& setup, const Cast& cast, const State& state) {
    const rules::Position at{setup, cast, state};
    for (ActionKind kind : {ActionKind::elect_mayor, ActionKind::carbon_target,
                            ActionKind::ngo_protect, ActionKind::ceo_lobby})
        if (auto broken = compare_players(at, kind, rules::legal_players(setup, cast, state, kind));
            !broken.empty())
            return broken;
    for (Seat voter = 0; voter < setup.player_count(); ++voter) {
        const rules::Position ballot_at{setup, cast, state, voter};
        if (auto broken = compare_players(ballot_at, ActionKind::vote,
                                          rules::legal_ballots(setup, cast, state, voter));
            !broken.empty())
            return fmt::format("{} (voter {})", broken, voter);
    }
    return compare_gestures(at);
}

// A state no game need reach, each fact drawn at random: the checks and the
// fast path are functions of the state alone, and must agree on any.
State random_state(const Setup& setup, SplitMix64& rng) {
    const int players = setup.player_count();
    auto some_seats = [&] {
        return SeatSet::from_bits(static_cast<std::uint32_t>(rng.next()) &
                                  ((std::uint32_t{1} << players) - 1));
    };
    auto some_seat = [&]() -> std::optional<Seat> {
        if (rng.below(3) == 0) return std::nullopt;
        return static_cast<Seat>(rng.below(static_cast<std::uint64_t>(players)));
    };
    State state;
    state.in_game = some_seats();
    state.corrupted = some_seats();
    state.protected_last_night = some_seat();
    state.mayor = some_seat();
    state.social_used = rng.below(2) == 0;
    state.speculation_used = rng.below(2) == 0;
    if (rng.below(2) == 0) state.revote_candidates = some_seats();
    return state;
}

// The game's own answers: what it lists, what it refuses and why, what apply
// accepts. The reason named is the first check's that refuses.
std::string compare_game(const Game& game) {
    const auto call = game.current_call();
    if (!call) return game.legal_answers() == Answers{} ? "" : "answers listed after the end";
    const Answers legal = game.legal_answers();
    const ActionKind kind = call_info(*call).action;
    const Cast cast = Cast::of(game.setup());
    const rules::Position at{game.setup(), cast, game.state(), game.next_voter().value_or(-1)};
    if (legal != rules::checked_answers(at, kind, call_info(*call).answer))
        return "legal_answers differs from the checks";
    std::vector<Answer> answers;
    for (const auto& player : player_answers(game.setup())) answers.push_back(Answer::of(player));
    for (BankerChoice gesture : gesture_order) answers.push_back(Answer::of(gesture));
    answers.push_back(Answer::filing(true));
    for (const Answer& answer : answers) {
        const auto reason = rules::checked_refusal(at, kind, legal.kind, answer);
        const Refusal refusal = game.answer_refusal(answer);
        if (legal.contains(answer) == refusal.has_value() ||
            reason.has_value() != refusal.has_value())
            return "legal_answers, answer_refusal and the checks disagree";
        if (refusal && refusal->reason != reason_info(*reason).id)
            return fmt::format("answer_refusal names {}, the first check {}", refusal->reason,
                               reason_info(*reason).id);
        if (kind == ActionKind::vote) continue;  // ballots: cast_ballot, below
        Game copy = game;
        auto applied = copy.apply(answer_action(kind, answer));
        if (applied.ok() != legal.contains(answer)) return "apply and legal_answers disagree";
        if (!applied.ok() && applied.failure().reason != reason_info(*reason).id)
            return fmt::format("apply names {}, the first check {}", applied.failure().reason,
                               reason_info(*reason).id);
    }
    return {};
}

}  // namespace

TEST_CASE("the fast bit masks equal each call's ordered checks, over random states") {
    SplitMix64 rng(4747);
    for (int drawn = 0; drawn < 20000; ++drawn) {
        const Setup setup = test::random_setup(rng);
        const State state = random_state(setup, rng);
        INFO("state " << drawn);
        REQUIRE(compare_all(setup, Cast::of(setup), state) == "");
    }
}

TEST_CASE("a game's answers are the checks', over the states of random games") {
    SplitMix64 rng(4748);
    int states = 0;
    for (int played = 0; played < 400; ++played) {
        Game game(test::random_setup(rng));
        for (;;) {
            ++states;
            INFO("game " << played << ", state " << states);
            REQUIRE(compare_all(game.setup(), Cast::of(game.setup()), game.state()) == "");
            REQUIRE(compare_game(game) == "");
            if (game.over()) break;
            REQUIRE(game.apply(test::random_action(game, rng)).ok());
        }
    }
    CHECK(states > 8000);
}

TEST_CASE("a refusal names the first check of its call's table that refuses") {
    // Hana, once protected, is refused to the NGO for ngo_repeat; out of the
    // game, for out_of_game: the table checks the seat before the rule.
    Game g = test::make_game();
    test::ok(g, test::elect(g, "Dan"));
    test::night(g, "Ben", "Hana");
    test::ok(g, test::vote_all(g, "Hana"));  // Hana, protected last night, is voted out
    test::ok(g, test::target(g, "Cleo"));
    CHECK(g.choice_refusal(test::seat(g, "Hana"))->reason == "out_of_game");
    // A player given to the banker's call: of another kind.
    Game banker = test::make_game();
    test::ok(banker, test::elect(banker, nullptr));
    test::ok(banker, test::target(banker, "Ben"));
    test::ok(banker, test::protect(banker, nullptr));
    REQUIRE(banker.current_call() == CallId::banker);
    CHECK(test::words(*banker.choice_refusal(0)) == "banker is not answered with a player");
    CHECK(banker.legal_answers().kind == AnswerKind::gesture);
    CHECK(banker.legal_answers().list() == std::vector<Answer>{Answer::of(BankerChoice::none)});
}
