// The fuzz targets' bodies, shared by the libFuzzer mains (fuzz/*.cpp) and
// the regression test that replays every input kept in fuzz/regressions/.
#pragma once

#include <cstddef>
#include <cstdint>

namespace coyel::fuzz {

// Any bytes as a save file: refused cleanly, or loaded; a loaded game saves,
// loads again to the same state and gives its status.
void load(const std::uint8_t* data, std::size_t size);

// Any bytes as the moderator's input, line by line, to a REPL on a fixed
// game; the save it leaves always loads, and holds the game it ends with.
void session(const std::uint8_t* data, std::size_t size);

// Any bytes to the command line's parsers: players, decks, roles, options.
void command_line(const std::uint8_t* data, std::size_t size);

}  // namespace coyel::fuzz
