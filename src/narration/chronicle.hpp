// A game's story, told from its log replayed through the engine: what each
// input was, what the engine said happened, and who could know it. The
// replay command renders it as text, Markdown or HTML.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "coyel/game.hpp"

namespace coyel::cli {

enum class View { moderator, table };

// One moment of the game.
struct Moment {
    enum class Kind { heading, call, outcome, announcement, vote, note, end };
    Kind kind;
    std::size_t entry = 0;  // the log entry (from 1) that made it; 0 for the setup
    int round = 0;
    std::int64_t at = 0;     // game clock, seconds
    std::string text;        // as the moderator saw it
    std::string table_text;  // as the players knew it; "" when they did not
    // For Kind::vote: one row per voter, then the tally.
    struct Row {
        std::string voter;
        std::string choice;  // "" for nobody
        int weight = 1;
    };
    std::vector<Row> rows;
    std::vector<std::pair<std::string, int>> tally;
};

// A point of the chart: after an entry, the clock, the temperature and who is in.
struct Sample {
    std::int64_t at;
    std::size_t entry;
    int temperature;
    int ecosystems_in;
    int carbon_in;
};

struct Statistics {
    int rounds = 0;
    std::int64_t seconds = 0;
    int protest_saves = 0;
    int lobbies_tried = 0, lobbies_landed = 0, lobbies_refused = 0;
    int votes_decided_by_mayor = 0;
    std::vector<std::pair<std::string, int>> carbon_voters;  // most votes for a carbon first
};

struct Chronicle {
    std::vector<Moment> moments;
    std::vector<Sample> samples;
    Statistics statistics;
    Game game;  // the game as far as the chronicle went
};

// Replays the first `upto` entries (all when nullopt) of `game`'s log.
Chronicle make_chronicle(const Game& game, std::optional<std::size_t> upto = std::nullopt);

}  // namespace coyel::cli
