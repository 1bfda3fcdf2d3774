#include "play.hpp"

#include "session.hpp"
#include "terminal/terminal.hpp"

namespace coyel::cli {

int play(Game game, const std::string& path, LineReader& reader, SaveLock lock, bool clear,
         const narration::Script& script) {
    const bool colour = reader.interactive() && colour_enabled(stdout);
    GameClock clock = GameClock::from_environment(game.state().clock_s);
    Session session(std::move(game), path, SessionIo{reader, stdout, stderr, colour, clear},
                    std::move(clock), write_atomically, script);
    session.hold(std::move(lock));
    return session.run();
}

}  // namespace coyel::cli
