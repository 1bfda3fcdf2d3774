// The players' screen (`coyel display`, the players' page, the laptop face up
// with `--self`): what the table knows at a moment, in the script's words. It
// is made from the table's observation (coyel/observe.hpp), the table's
// chronicle and the save's live clock, with two public facts of the game (its
// clock's reading, and whether the first election is the call now), so
// nothing on it can depend on a hidden fact; the front end only lays it out.
// The time comes in as an input: the narration has no clock.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chronicle.hpp"
#include "coyel/save.hpp"
#include "narrator.hpp"

namespace coyel::narration {

struct PlayersScreen {
    struct Row {
        int seat = 0;  // from 1
        std::string name;
        std::string status;        // "in", "out · Citizen-Ecosystem", "in · Fossil Fuel CEO"
        std::string short_status;  // the same with the card's short name: "out · citizen"
        bool in_game = true;
        bool mayor = false;
    };
    std::string phase;    // "Night 2"
    int temperature = 0;  // degrees above normal, for the thermometer's fill
    int temperature_limit = 0;
    std::string degrees;           // "+1°C", the large figure
    std::string temperature_text;  // "+1°C of +5°C"
    // "next degree in 4:12" (clock mode, the game under way), or how the
    // temperature rises in the other modes; empty at the end.
    std::string countdown;
    std::optional<std::string> countdown_figure;  // "4:12": the same, for large digits
    // While the countdown runs, how long until it reads 0:00 (for a page that
    // counts down by itself between two states).
    std::optional<std::chrono::milliseconds> countdown_left;
    std::optional<std::string> timer_figure;  // "1:30"
    std::optional<std::string> timer;         // "timer 1:30", while one runs
    std::vector<Row> players;                 // seat order
    std::vector<std::string> announcement;    // the last thing the table was told
    // The vote being taken, as its ballots are said aloud: "Ana → Dan", one
    // a line, then "Cleo votes next." Empty outside a vote.
    std::vector<std::string> vote;
    std::optional<std::string> result;         // "The ecosystems team won."
    std::optional<std::string> result_figure;  // "ECOSYSTEMS": the winner, for large type
    // How long until the screen changes with the clock or the timer: the
    // next second of either, while one runs; nullopt when nothing ticks.
    std::optional<std::chrono::milliseconds> changes_in;
};

// The screen of `game` at Unix time `now_ms`, ticking on from the save's
// `live` clock (none: as saved, still). `story` is brought to `game` first:
// a screen drawn again and again keeps one, and pays for the new entries only.
PlayersScreen players_screen(TableStory& story, const Game& game,
                             const std::optional<LiveClock>& live, std::int64_t now_ms);
// The same for one drawing: the table's story told from the start.
PlayersScreen players_screen(const Narrator& narrator, const Game& game,
                             const std::optional<LiveClock>& live, std::int64_t now_ms);

// The screen as plain lines, for `display --once` and scripts.
std::string players_screen_text(const PlayersScreen& screen);

}  // namespace coyel::narration
