// The engine's invariants: what must hold after every accepted action. Game::apply
// checks them in debug, sanitizer and fuzzing builds (COYEL_CHECK_INVARIANTS),
// so every test, transcript and fuzz input does; the random-play test calls
// this directly in every build.
#pragma once

#include <string>

#include "coyel/game.hpp"

namespace coyel {

// The first invariant broken going from `before` to `after`, or "" when all hold.
std::string broken_invariant(const Setup& setup, const State& before, const State& after);

}  // namespace coyel
