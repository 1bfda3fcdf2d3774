#include "record.hpp"

#include <cassert>

#include "coyel/save.hpp"

namespace coyel::sim {
namespace {

// "2026-01-01T20:03:00Z": to the second, as a session at the table writes it.
std::string wall_text(std::int64_t unix_ms) {
    std::string text = iso_time_text(unix_ms);  // "2026-01-01T20:03:00.000Z"
    return text.erase(19, 4);
}

// The lab's game as a session logs it: news the table was not told when it
// came (the night's last call, whose events are the dawn; a SLAPP-suit) is
// told at once by a `tell` at the same second, as a session does when no
// gate waits for the moderator. So the replay tells the dawn at dawn and
// the ending once it comes, and `status` finds every news told.
Game told_as_played(const Game& played) {
    Game told(played.setup());
    for (const Action& entry : played.log()) {
        [[maybe_unused]] const bool applied = told.apply(entry).ok();
        assert(applied && "the lab's own log replays");
        if (!told.news_held()) continue;
        Action tell;
        tell.kind = ActionKind::tell;
        tell.at = entry.at;
        [[maybe_unused]] const bool tells = told.apply(tell).ok();
        assert(tells && "held news can be told");
    }
    return told;
}

}  // namespace

Game recorded_game(const SimConfig& config, std::uint64_t base_seed, std::int64_t index) {
    Game game = told_as_played(
        play_logged_game(config, game_seed(base_seed, static_cast<std::uint64_t>(index))));
    // The clock starts once the first mayor is elected (SPEC section 2).
    const std::int64_t clock_start_ms = recorded_epoch_ms + index * recorded_spacing_ms +
                                        std::int64_t{config.time.election_seconds} * 1000;
    std::int64_t at = 0;
    for (std::size_t entry = 0; entry < game.log().size(); ++entry) {
        at = game.log()[entry].at.value_or(at);  // every simulated answer is stamped
        game.stamp_wall(entry, wall_text(clock_start_ms + at * 1000));
    }
    return game;
}

}  // namespace coyel::sim
