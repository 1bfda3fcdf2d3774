// Drawing the players' screen on a terminal of any size: a thermometer, the
// temperature and the countdown in large digits that grow with the window,
// the players, the last announcement. What it shows comes whole from the
// narration's PlayersScreen; only the layout is decided here.
#pragma once

#include <string>
#include <vector>

#include "players_screen.hpp"

namespace coyel::cli {

struct ScreenSize {
    int rows = 24;
    int columns = 80;
};

// The whole frame: `size.rows` lines (each cleared to its end), starting at
// the top left. `note` is a line of the display's own (the save missing).
std::string draw_players_screen(const narration::PlayersScreen& screen, ScreenSize size,
                                bool colour, const std::string& note);

// `text` ("+1°C", "4:12") in large digits of half blocks, each dot `scale`
// columns wide and `scale` half lines high: five dots high, so 5 × scale / 2
// lines, rounded up; seven with an accented capital ("ÉCOSYSTÈMES"), its
// accent drawn above it. Characters without a glyph are blank.
std::vector<std::string> large_text(std::string_view text, int scale);

// The largest scale at which `text` fits `rows` × `columns` (0: not even 1).
int largest_scale(std::string_view text, int rows, int columns);

}  // namespace coyel::cli
