#include "self_play.hpp"

#include <unistd.h>

#include <csignal>

#include "players_screen.hpp"
#include "terminal/display_screen.hpp"
#include "terminal/signals.hpp"
#include "terminal/terminal.hpp"

namespace coyel::cli {

using std::chrono::milliseconds;

TableScreen::Drawn TableScreen::draw(ScreenSize size, bool colour) {
    while (!waiting_.empty() &&
           (!shown_ || !voice_ || voice_->heard(waiting_.front().heard_after))) {
        shown_ = std::move(waiting_.front());
        waiting_.pop_front();
    }
    if (!shown_) return {};
    const auto screen =
        narration::players_screen(story_, shown_->game, shown_->live, clock_.unix_ms());
    Drawn drawn{draw_players_screen(screen, size, colour, ""), screen.changes_in};
    if (waiting_.empty()) return drawn;
    const milliseconds soon{50};
    drawn.stays = drawn.stays ? std::min(*drawn.stays, soon) : soon;
    return drawn;
}

// No command asks a question with nobody at the keyboard; should one, the q was the answer.
std::optional<std::string> SelfReader::read(const std::string&) { return std::string{"yes"}; }

std::optional<std::string> SelfReader::read_live(LivePrompt& prompt) {
    for (;;) {
        (void)prompt.on_wake();  // the clock, the timer, the phones: what it says goes nowhere
        if (prompt.closed()) return std::nullopt;
        const TableScreen::Drawn drawn = screen_.draw(screen_size(), colour_enabled(stdout));
        if (!drawn.text.empty()) FullScreen::put(drawn.text);
        std::optional<milliseconds> wait = drawn.stays;
        if (wait) *wait += milliseconds(5);  // a few milliseconds past the next second
        if (const auto wake = prompt.wake_in(); wake && (!wait || *wake < *wait)) wait = wake;
        std::vector<int> fds;
        if (keys_open_) fds.push_back(STDIN_FILENO);
        if (prompt.wake_fd() >= 0) fds.push_back(prompt.wake_fd());  // seen by on_wake
        const auto ready = signals::wait_for_any(fds, wait);
        if (ready.signal) {
            if (signals::take_interrupt()) signals::leave_on(SIGINT);
            if (signals::leaving()) return std::nullopt;
            if (signals::take_stop()) {  // not played while stopped: the clock stops too
                leave();
                prompt.on_suspend(true);
                signals::stop_now();
                prompt.on_suspend(false);
                enter();
            }
            signals::take_resize();  // the next draw takes the new size
            signals::take_continue();
        }
        if (keys_open_ && ready.readable[0] && quit_typed(keys_open_)) return std::string{"quit"};
    }
}

}  // namespace coyel::cli
