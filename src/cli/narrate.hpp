// Turns what the engine reports (events) into what the moderator reads aloud
// and does, using the script's lines.
#pragma once

#include <string>
#include <vector>

#include "coyel/game.hpp"
#include "script.hpp"

namespace coyel::cli {

struct Line {
    enum class Kind {
        aloud,    // read to the table
        do_this,  // what the moderator does: tap, shake the head, note
        alert,    // the temperature rose, the game ended: ring the bell
    };
    Kind kind;
    std::string text;
};

// "+2°C"
std::string degrees(int temperature);

// "a Carbon Emission", "the Environmental NGO"
std::string role_with_article(Role role);

// The lines for the events of one applied action. `game` is the game after it.
// `sleep_line` (a night call's "close your eyes") is placed before the dawn.
// Rises up to `announced_temperature` were told already and are not repeated.
std::vector<Line> narrate(const Game& game, const std::vector<Event>& events,
                          const std::string& sleep_line, int announced_temperature,
                          const Script& script);

// The winner and why, as read aloud.
std::string winner_line(const Game& game, const Script& script);

}  // namespace coyel::cli
