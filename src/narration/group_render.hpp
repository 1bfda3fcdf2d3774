// The group's games in the script's words: where each saved game stands (for
// `coyel games`) and the group's record (`coyel stats`) as text or Markdown.
// The figures are the core's (coyel/group_stats.hpp); only words, rates and
// layout are added here.
#pragma once

#include <string>
#include <vector>

#include "coyel/game.hpp"
#include "coyel/group_stats.hpp"
#include "narrator.hpp"

namespace coyel::narration {

// A titled table of text cells: each rendering lays it out its own way.
struct TextTable {
    std::string heading;
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> rows;
};

// "Night 2", "Before the game", or "ecosystems won".
std::string game_standing(const Narrator& narrator, const Game& game);

// The players in seat order: "Ana, Ben, Cleo".
std::string player_list(const Narrator& narrator, const Game& game);

// Rows of cells as lines, each column as wide as its widest cell (in
// characters), two spaces between; no trailing space.
std::vector<std::string> aligned_rows(const std::vector<std::vector<std::string>>& rows);

// The record's tables, in the order they are shown; none without a finished game.
std::vector<TextTable> group_tables(const Narrator& narrator, const GroupStats& stats);

// The summary line, then each table: for the terminal, and as Markdown.
std::string render_group_text(const Narrator& narrator, const GroupStats& stats);
std::string render_group_markdown(const Narrator& narrator, const GroupStats& stats);

}  // namespace coyel::narration
