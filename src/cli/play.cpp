#include "play.hpp"

#include "session.hpp"
#include "terminal.hpp"

namespace coyel::cli {

int play(Game game, const std::string& path, LineReader& reader, SaveLock lock, bool clear) {
    const bool colour = reader.interactive() && colour_enabled(stdout);
    GameClock clock = GameClock::from_environment(game.state().clock_s);
    Session session(std::move(game), path, SessionIo{reader, stdout, stderr, colour, clear},
                    std::move(clock));
    session.hold(std::move(lock));
    return session.run();
}

}  // namespace coyel::cli
