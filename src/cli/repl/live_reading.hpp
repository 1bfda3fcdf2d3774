// What the save keeper reads of the game's clock when it saves: the live
// reading the players' screens tick on from, and the wall time that stamps
// the entries. The clock's driver gives it (clock_driver.hpp); the keeper
// knows no more of the clock, so that the two do not need each other.
#pragma once

#include <optional>
#include <string>

#include "coyel/save.hpp"

namespace coyel::cli {

class LiveReading {
  public:
    virtual std::optional<LiveClock> live() const = 0;
    // The wall time now, as entries are stamped with it, when it is known.
    virtual std::optional<std::string> wall_now() const = 0;

  protected:
    ~LiveReading() = default;
};

}  // namespace coyel::cli
