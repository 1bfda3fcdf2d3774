// The signals a session turns into events rather than deaths: closing the
// terminal (SIGHUP), SIGTERM and SIGQUIT ask it to save and leave; Ctrl-C
// (SIGINT) clears the line being typed; Ctrl-Z, `fg` and a resized window
// are handled at the prompt. Handlers only set flags and wake the reader
// through a pipe, so a signal can arrive at any moment and lose nothing.
#pragma once

#include <chrono>
#include <optional>
#include <vector>

namespace coyel::cli::signals {

// Installs the handlers (once; later calls do nothing).
void watch();

// The signal that asks the program to leave (SIGHUP, SIGTERM, SIGQUIT), or 0.
int leaving();
// Treats an interrupt as a request to leave: for a reader that has no line to clear.
void leave_on(int signal);

// Each true once per signal received since the last call.
bool take_interrupt();  // SIGINT
bool take_stop();       // SIGTSTP
bool take_resize();     // SIGWINCH
bool take_continue();   // SIGCONT

// Stops the process as the default SIGTSTP action would, and returns once
// it is continued.
void stop_now();

enum class Wait { input, timeout, signal };
// Waits until `fd` can be read, `timeout` passes (never, when nullopt) or a
// watched signal arrives, even one that came just before the call.
// `also` (-1: none) ends the wait early as a timeout would: the live
// prompt's news, such as a phone's answer (LivePrompt::wake_fd).
Wait wait_for(int fd, std::optional<std::chrono::milliseconds> timeout, int also = -1);

// The same for several descriptors: which of `fds` can be read (all false
// after a timeout or a signal), and whether a watched signal arrived.
struct Ready {
    std::vector<bool> readable;
    bool signal = false;
};
Ready wait_for_any(const std::vector<int>& fds, std::optional<std::chrono::milliseconds> timeout);

}  // namespace coyel::cli::signals
