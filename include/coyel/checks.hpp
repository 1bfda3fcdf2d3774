// Each call's rule, written once: an ordered table of checks per call (SPEC
// sections 3 and 5). A check names the reason it refuses and the answers it
// lets pass; an answer is legal when every check of its call lets it pass,
// and is refused for the reason of the first check that does not. So the
// legal set (`checked_answers`) and the first failing reason
// (`checked_refusal`) both come from one table, and a table's order is the
// order a moderator is told the reasons in.
//
// The balance lab asks the legal sets at every answer: legal.hpp keeps them
// as a few bit operations, a fast path that tests/core/checks_test.cpp holds
// equal to these tables over random states, set and reason alike. Game::apply
// asks the fast path whether an answer is legal and, only for one it refuses,
// these tables why.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "coyel/action.hpp"
#include "coyel/answers.hpp"
#include "coyel/calls.hpp"
#include "coyel/reasons.hpp"
#include "coyel/seats.hpp"
#include "coyel/setup.hpp"
#include "coyel/state.hpp"

namespace coyel::rules {

// Whether the banker is corrupted (lobbied by the CEO): what decides the
// banker's gestures and whether the mayor may be lobbied (SPEC section 3).
inline bool banker_corrupted(const Cast& cast, const State& state) {
    const auto banker = cast.holder(Role::banker);
    return banker && state.corrupted.contains(*banker);
}

// SPEC section 3, call 2: the player the NGO may not protect tonight, last
// night's, unless the ngo_repeat option allows it.
inline std::optional<Seat> ngo_barred(const Setup& setup, const State& state) {
    if (setup.options.ngo_repeat) return std::nullopt;
    return state.protected_last_night;
}

// What a check reads: the game as it stands and, for a ballot, its voter.
struct Position {
    const Setup& setup;
    const Cast& cast;
    const State& state;
    Seat voter = -1;
};

// One check: the reason it refuses for, and the answers it lets pass.
template <typename Set>
struct Check {
    Reason reason;
    Set (*passes)(const Position& at);
};
using PlayerCheck = Check<Choices>;      // a player, or nobody
using GestureCheck = Check<GestureSet>;  // the banker's gesture

namespace detail {
inline constexpr std::uint32_t every_bit = 0xFFFFFFFFU;
constexpr Choices everyone(bool nobody) { return {SeatSet::from_bits(every_bit), nobody}; }
constexpr Choices all_but(std::optional<Seat> seat) {
    return {SeatSet::from_bits(seat ? every_bit & ~(1U << *seat) : every_bit), true};
}
inline Choices seats_of(const Setup& setup) {
    const auto seats = (std::uint64_t{1} << setup.player_count()) - 1;
    return {SeatSet::from_bits(static_cast<std::uint32_t>(seats)), true};
}
}  // namespace detail

// --- The checks of a player named at a call (and of nobody, where it may be). ---
inline constexpr PlayerCheck seat_exists{
    Reason::no_such_player, [](const Position& at) { return detail::seats_of(at.setup); }};
inline constexpr PlayerCheck seat_in_game{Reason::out_of_game, [](const Position& at) {
                                              return Choices{at.state.in_game, true};
                                          }};
// SPEC section 3, call 1: the carbon emissions name a player, not one of theirs.
inline constexpr PlayerCheck carbon_names_someone{
    Reason::carbon_must_name, [](const Position&) { return detail::everyone(false); }};
inline constexpr PlayerCheck carbon_spares_its_own{
    Reason::target_is_carbon, [](const Position& at) {
        return Choices{SeatSet::from_bits(~at.cast.carbon_seats), true};
    }};
// SPEC section 3, call 2.
inline constexpr PlayerCheck ngo_not_twice_running{
    Reason::ngo_repeat,
    [](const Position& at) { return detail::all_but(ngo_barred(at.setup, at.state)); }};
// SPEC section 3, call 4.
inline constexpr PlayerCheck ceo_not_themselves{
    Reason::ceo_self,
    [](const Position& at) { return detail::all_but(at.cast.holder(Role::ceo)); }};
// A player given to a call answered otherwise (the banker's, the SLAPP-suit's).
inline constexpr PlayerCheck no_player_answers{Reason::wrong_answer_kind,
                                               [](const Position&) { return Choices{}; }};

// SPEC section 2 and section 4 step 8: anyone in the game, or nobody.
inline constexpr std::array mayor_checks = {seat_exists, seat_in_game};
inline constexpr std::array carbon_checks = {seat_exists, seat_in_game, carbon_names_someone,
                                             carbon_spares_its_own};
inline constexpr std::array ngo_checks = {seat_exists, seat_in_game, ngo_not_twice_running};
inline constexpr std::array lobby_checks = {seat_exists, seat_in_game, ceo_not_themselves};
inline constexpr std::array other_kind_checks = {no_player_answers};

// The checks of a player answering a call of `kind`: elect_mayor,
// carbon_target, ngo_protect or ceo_lobby (a vote's are ballot_checks).
constexpr std::span<const PlayerCheck> player_checks(ActionKind kind) {
    switch (kind) {
        case ActionKind::elect_mayor: return mayor_checks;
        case ActionKind::carbon_target: return carbon_checks;
        case ActionKind::ngo_protect: return ngo_checks;
        case ActionKind::ceo_lobby: return lobby_checks;
        case ActionKind::banker:
        case ActionKind::slapp:
        case ActionKind::vote:
        case ActionKind::clock:
        case ActionKind::heat:
        case ActionKind::note:
        case ActionKind::tell: break;
    }
    return other_kind_checks;
}

// --- SPEC section 5: one voter's ballot (Position::voter). ---
inline constexpr std::array ballot_checks = {
    PlayerCheck{Reason::voter_out,
                [](const Position& at) {
                    return at.state.in_game.contains(at.voter) ? detail::everyone(true) : Choices{};
                }},
    PlayerCheck{Reason::abstain_off,
                [](const Position& at) { return detail::everyone(at.setup.options.abstain); }},
    PlayerCheck{Reason::ballot_no_such_player,
                [](const Position& at) { return detail::seats_of(at.setup); }},
    PlayerCheck{Reason::ballot_out_of_game,
                [](const Position& at) {
                    return Choices{at.state.in_game, true};
                }},
    // A revote is between the tied players only.
    PlayerCheck{Reason::revote_only,
                [](const Position& at) {
                    const SeatSet tied = at.state.revote_candidates;
                    return tied.empty() ? detail::everyone(true) : Choices{tied, true};
                }},
    // A corrupted voter may not name the CEO.
    PlayerCheck{Reason::corrupted_for_ceo,
                [](const Position& at) {
                    if (!at.state.corrupted.contains(at.voter)) return detail::everyone(true);
                    return detail::all_but(at.cast.holder(Role::ceo));
                }},
};

// --- SPEC section 3, call 3: the banker's gesture. The honest banker may
// revive the fragile ecosystem once it is out, the corrupted one speculate on
// it while it is in; each gesture once (once in all with banker.actions =
// one-total). A head shake (none) is always open. ---
namespace detail {
constexpr GestureSet all_gestures_but(bool barred, BankerChoice gesture) {
    return barred ? GestureSet::all().without(gesture) : GestureSet::all();
}
inline std::optional<bool> fragile_in_game(const Position& at) {
    const auto fragile = at.cast.holder(Role::fragile);
    if (!fragile) return std::nullopt;
    return at.state.in_game.contains(*fragile);
}
}  // namespace detail

inline constexpr std::array gesture_checks = {
    GestureCheck{Reason::social_corrupted,
                 [](const Position& at) {
                     return detail::all_gestures_but(banker_corrupted(at.cast, at.state),
                                                     BankerChoice::social);
                 }},
    GestureCheck{Reason::speculation_not_corrupted,
                 [](const Position& at) {
                     return detail::all_gestures_but(!banker_corrupted(at.cast, at.state),
                                                     BankerChoice::speculation);
                 }},
    GestureCheck{Reason::social_used,
                 [](const Position& at) {
                     return detail::all_gestures_but(at.state.social_used, BankerChoice::social);
                 }},
    GestureCheck{Reason::speculation_used,
                 [](const Position& at) {
                     return detail::all_gestures_but(at.state.speculation_used,
                                                     BankerChoice::speculation);
                 }},
    GestureCheck{Reason::one_total_used,
                 [](const Position& at) {
                     const bool spent =
                         at.setup.options.banker_actions == BankerActions::one_total &&
                         (at.state.social_used || at.state.speculation_used);
                     return spent ? GestureSet::of(BankerChoice::none) : GestureSet::all();
                 }},
    GestureCheck{Reason::no_fragile,
                 [](const Position& at) {
                     return detail::fragile_in_game(at) ? GestureSet::all()
                                                        : GestureSet::of(BankerChoice::none);
                 }},
    GestureCheck{Reason::fragile_in_game,
                 [](const Position& at) {
                     return detail::all_gestures_but(detail::fragile_in_game(at) == true,
                                                     BankerChoice::social);
                 }},
    GestureCheck{Reason::fragile_out,
                 [](const Position& at) {
                     return detail::all_gestures_but(detail::fragile_in_game(at) == false,
                                                     BankerChoice::speculation);
                 }},
};

// --- SPEC section 4 step 5: the SLAPP-suit. Its call comes only while the
// CEO has a suit left, so filing it and not are both open: no checks. ---

// --- What the tables give. ---

// The answers every check lets pass, of those in `answers`.
template <typename Set>
constexpr Set passing_every(std::span<const Check<Set>> checks, const Position& at, Set answers) {
    for (const Check<Set>& check : checks) answers = answers & check.passes(at);
    return answers;
}

// The reason of the first check that refuses `answer`; nullopt if none does.
template <typename Set, typename One>
constexpr std::optional<Reason> first_refusing(std::span<const Check<Set>> checks,
                                               const Position& at, const One& answer) {
    for (const Check<Set>& check : checks)
        if (!check.passes(at).contains(answer)) return check.reason;
    return std::nullopt;
}

// The answers the checks allow at a call expecting `kind`, whose answers
// are of `answer_kind` (for a vote: at.voter's ballots).
inline Answers checked_answers(const Position& at, ActionKind kind, AnswerKind answer_kind) {
    Answers answers;
    answers.kind = answer_kind;
    switch (answer_kind) {
        case AnswerKind::player:
        case AnswerKind::player_or_nobody: {
            const auto checks = kind == ActionKind::vote
                                    ? std::span<const PlayerCheck>{ballot_checks}
                                    : player_checks(kind);
            answers.players = passing_every(checks, at, detail::everyone(true));
            break;
        }
        case AnswerKind::gesture:
            answers.gestures = passing_every<GestureSet>(gesture_checks, at, GestureSet::all());
            break;
        case AnswerKind::yes_no: answers.filing = true; break;
    }
    return answers;
}

// Why the checks refuse `answer` at a call expecting `kind`, whose answers
// are of `answer_kind` (for a vote: at.voter's ballot); nullopt if they allow it.
inline std::optional<Reason> checked_refusal(const Position& at, ActionKind kind,
                                             AnswerKind answer_kind, const Answer& answer) {
    switch (answer_kind) {
        case AnswerKind::player:
        case AnswerKind::player_or_nobody:
            if (kind == ActionKind::vote)
                return first_refusing<Choices>(ballot_checks, at, answer.player);
            return first_refusing(player_checks(kind), at, answer.player);
        case AnswerKind::gesture:
            return first_refusing<GestureSet>(gesture_checks, at, answer.gesture);
        case AnswerKind::yes_no: break;
    }
    return std::nullopt;
}

}  // namespace coyel::rules
