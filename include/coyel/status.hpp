// The derived state of a game as `coyel status --json` prints it (SPEC
// section 9, a contract: fields may be added, never renamed or dropped).
#pragma once

#include <nlohmann/json_fwd.hpp>

#include "coyel/game.hpp"

namespace coyel {

nlohmann::ordered_json status_json(const Game& game);

}  // namespace coyel
