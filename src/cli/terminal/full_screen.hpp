// A terminal given over to one screen (`display`, `new --self`): the
// alternate screen, no cursor, keys read one by one without echo, and the
// terminal as it was when left (also for Ctrl-Z).
#pragma once

#include <termios.h>

#include <string_view>

#include "terminal/display_screen.hpp"

namespace coyel::cli {

class FullScreen {
  public:
    FullScreen() { enter(); }
    FullScreen(const FullScreen&) = delete;
    FullScreen& operator=(const FullScreen&) = delete;
    ~FullScreen() { leave(); }

    void enter();
    void leave();
    static void put(std::string_view text);  // to standard output, at once

  private:
    termios saved_{};
    bool have_saved_ = false;
};

// Standard output's size (80 × 24 when it is no terminal).
ScreenSize screen_size();

// Reads the keys typed on standard input: true when they ask to leave (q).
// `keys_open` turns false at the end of input.
bool quit_typed(bool& keys_open);

}  // namespace coyel::cli
