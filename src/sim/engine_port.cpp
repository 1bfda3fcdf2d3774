#include "engine_port.hpp"

namespace coyel::sim {

Gestures EnginePort::gestures() const {
    const BankerChoices legal = game_.legal_gestures();
    return {legal.contains(BankerChoice::social), legal.contains(BankerChoice::speculation)};
}

}  // namespace coyel::sim
