#include "terminal/full_screen.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>

namespace coyel::cli {

void FullScreen::enter() {
    if (::tcgetattr(STDIN_FILENO, &saved_) == 0) {
        termios keys = saved_;
        keys.c_lflag &= ~static_cast<tcflag_t>(ICANON | ECHO);  // Ctrl-C stays a signal
        keys.c_cc[VMIN] = 1;
        keys.c_cc[VTIME] = 0;
        have_saved_ = ::tcsetattr(STDIN_FILENO, TCSANOW, &keys) == 0;
    }
    put("\x1b[?1049h\x1b[?25l");
}

void FullScreen::leave() {
    put("\x1b[?25h\x1b[?1049l");
    if (have_saved_) ::tcsetattr(STDIN_FILENO, TCSANOW, &saved_);
    have_saved_ = false;
}

void FullScreen::put(std::string_view text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
}

ScreenSize screen_size() {
    winsize size{};
    if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 || size.ws_row == 0) return {};
    return {size.ws_row, size.ws_col};
}

bool quit_typed(bool& keys_open) {
    char typed[64];
    const ssize_t n = ::read(STDIN_FILENO, typed, sizeof typed);
    if (n <= 0) keys_open = n < 0 && (errno == EINTR || errno == EAGAIN);
    for (ssize_t i = 0; i < n; ++i)
        if (typed[i] == 'q' || typed[i] == 'Q') return true;
    return false;
}

}  // namespace coyel::cli
