// Who may be named, and which gestures are open, as bit masks: a few
// instructions, inline, since the balance lab asks them at every answer. The
// rule itself is checks.hpp's table of checks per call; these are its fast
// path, held equal to it over random states by tests/core/checks_test.cpp
// (the legal set, and for every answer whether some check refuses it).
// Game::legal_choices and legal_answers list them for the front ends.
#pragma once

#include <optional>

#include "coyel/action.hpp"
#include "coyel/answers.hpp"
#include "coyel/checks.hpp"
#include "coyel/event.hpp"
#include "coyel/seats.hpp"
#include "coyel/setup.hpp"
#include "coyel/state.hpp"

namespace coyel::rules {

// SPEC section 5: the mayor's ballot counts two, every other ballot one.
inline constexpr int ballot_weight(bool by_mayor) { return by_mayor ? 2 : 1; }

namespace detail {
inline SeatSet without(SeatSet seats, std::optional<Seat> seat) {
    if (seat) seats.erase(*seat);
    return seats;
}
}  // namespace detail

// What a lobby on a player does (SPEC section 3, call 4), from the facts that
// decide it, so that one who knows only some of them (the simulated CEO, who
// does not know the NGO) asks the same rule.
struct LobbyFacts {
    bool target_corrupted = false;
    bool target_is_ngo = false;
    bool target_is_mayor = false;
    bool banker_corrupted = false;
};
inline constexpr LobbyOutcome lobby_outcome(const LobbyFacts& facts) {
    if (facts.target_corrupted) return LobbyOutcome::already_corrupted;
    if (facts.target_is_ngo) return LobbyOutcome::refused_ngo;
    if (facts.target_is_mayor && !facts.banker_corrupted) return LobbyOutcome::refused_mayor;
    return LobbyOutcome::corrupted;
}

// The players (and whether nobody) legal as the answer to `call`:
// elect_mayor, carbon_target, ngo_protect or ceo_lobby; none for the others
// (checks.hpp: player_checks).
inline Choices legal_players(const Setup& setup, const Cast& cast, const State& state,
                             ActionKind call) {
    switch (call) {
        case ActionKind::elect_mayor: return {state.in_game, true};
        case ActionKind::carbon_target:  // SPEC section 3, call 1
            return {SeatSet::from_bits(state.in_game.bits() & ~cast.carbon_seats), false};
        case ActionKind::ngo_protect:  // SPEC section 3, call 2
            return {detail::without(state.in_game, ngo_barred(setup, state)), true};
        case ActionKind::ceo_lobby:  // SPEC section 3, call 4
            return {detail::without(state.in_game, cast.holder(Role::ceo)), true};
        case ActionKind::banker:
        case ActionKind::slapp:
        case ActionKind::vote:
        case ActionKind::clock:
        case ActionKind::heat:
        case ActionKind::note:
        case ActionKind::tell: break;
    }
    return {};
}

// Whether the banker may make `choice` tonight (SPEC section 3, call 3;
// checks.hpp: gesture_checks).
inline bool gesture_open(const Setup& setup, const Cast& cast, const State& state,
                         BankerChoice choice) {
    if (choice == BankerChoice::none) return true;
    const auto fragile = cast.holder(Role::fragile);
    if (!fragile) return false;
    const bool speculation = choice == BankerChoice::speculation;
    const bool corrupted = banker_corrupted(cast, state);
    const bool used = speculation ? state.speculation_used : state.social_used;
    const bool one_total_used = setup.options.banker_actions == BankerActions::one_total &&
                                (state.social_used || state.speculation_used);
    return corrupted == speculation && !used && !one_total_used &&
           state.in_game.contains(*fragile) == speculation;
}

// The gestures open to the banker tonight.
inline GestureSet legal_gestures(const Setup& setup, const Cast& cast, const State& state) {
    GestureSet open = GestureSet::of(BankerChoice::none);
    for (BankerChoice choice : {BankerChoice::social, BankerChoice::speculation})
        if (gesture_open(setup, cast, state, choice)) open = open.with(choice);
    return open;
}

// The ballots open to `voter` in the vote being taken (SPEC section 5;
// checks.hpp: ballot_checks).
inline Choices legal_ballots(const Setup& setup, const Cast& cast, const State& state, Seat voter) {
    if (!state.in_game.contains(voter)) return {};
    SeatSet choices = state.in_game;
    if (!state.revote_candidates.empty())
        choices = SeatSet::from_bits(choices.bits() & state.revote_candidates.bits());
    if (state.corrupted.contains(voter)) choices = detail::without(choices, cast.holder(Role::ceo));
    return {choices, setup.options.abstain};
}

}  // namespace coyel::rules
