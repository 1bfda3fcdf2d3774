// The rule steps of one action, run by Game::resolve (src/core/resolver.cpp).
#pragma once

#include <cstdint>

#include "coyel/action.hpp"
#include "coyel/event.hpp"
#include "coyel/result.hpp"
#include "coyel/setup.hpp"
#include "coyel/state.hpp"

namespace coyel {

// SPEC section 6: the clock runs forward only, within its range, for an
// action's `at` and the moderator's clock alike. The check is inline (every
// answer moves the clock); the refusal's one wording is built only when it refuses.
// (`from`, a reading, is never negative, so `to` is not either.)
inline constexpr bool clock_may_move(std::int64_t from, std::int64_t to) {
    return to >= from && to <= max_clock_seconds;
}
// The refusal of a move clock_may_move refuses.
Error clock_move_refusal(std::int64_t from, std::int64_t to);

// An answer whose moment is past the temperature limit: the game ended there.
Error over_by_then(const Options& options);

// Checks `action` against the rules and resolves it on `state`, its events
// added to `events`. `cast_ballots`: a vote's ballots cast one by one, else
// null (the action's own). `interrupted`: where the end keeps the ballots of a
// vote it cut short. A refusal leaves the state as it was, but for the
// clock's move to the action's `at` (Game::resolve puts it back).
Refusal resolve_action(const Setup& setup, const Cast& cast, State& state,
                       const BallotList* cast_ballots, EventBuffer& events, BallotList& interrupted,
                       const Action& action);

}  // namespace coyel
