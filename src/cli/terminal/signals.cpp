#include "signals.hpp"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>

namespace coyel::cli::signals {
namespace {

volatile std::sig_atomic_t leaving_signal = 0;
volatile std::sig_atomic_t interrupts = 0;
volatile std::sig_atomic_t stops = 0;
volatile std::sig_atomic_t resizes = 0;
volatile std::sig_atomic_t continues = 0;
int wake_pipe[2] = {-1, -1};  // the handler writes a byte; the reader polls it

void on_signal(int signal) {
    const int saved_errno = errno;
    switch (signal) {
        case SIGINT: interrupts = 1; break;
        case SIGTSTP: stops = 1; break;
        case SIGWINCH: resizes = 1; break;
        case SIGCONT: continues = 1; break;
        default: leaving_signal = signal; break;
    }
    const char byte = 0;
    [[maybe_unused]] auto written = ::write(wake_pipe[1], &byte, 1);  // full: a wake is pending
    errno = saved_errno;
}

void handle(int signal) {
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;  // a save's write goes on; poll() is woken anyway
    ::sigaction(signal, &action, nullptr);
}

bool take(volatile std::sig_atomic_t& flag) {
    if (!flag) return false;
    flag = 0;
    return true;
}

void drain_wake_pipe() {
    char bytes[64];
    while (::read(wake_pipe[0], bytes, sizeof bytes) > 0) {
    }
}

}  // namespace

void watch() {
    if (wake_pipe[0] >= 0) return;
    if (::pipe2(wake_pipe, O_NONBLOCK | O_CLOEXEC) != 0) return;
    for (int signal : {SIGINT, SIGHUP, SIGTERM, SIGQUIT, SIGTSTP, SIGWINCH, SIGCONT})
        handle(signal);
}

int leaving() { return leaving_signal; }
void leave_on(int signal) { leaving_signal = signal; }

bool take_interrupt() { return take(interrupts); }
bool take_stop() { return take(stops); }
bool take_resize() { return take(resizes); }
bool take_continue() { return take(continues); }

void stop_now() {
    std::signal(SIGTSTP, SIG_DFL);
    std::raise(SIGTSTP);  // stopped here until `fg`
    handle(SIGTSTP);
}

Wait wait_for(int fd, std::optional<std::chrono::milliseconds> timeout, int also) {
    pollfd fds[3] = {{fd, POLLIN, 0}, {wake_pipe[0], POLLIN, 0}, {also, POLLIN, 0}};
    const int ms = timeout ? static_cast<int>(std::max<long long>(0, timeout->count())) : -1;
    const int ready = ::poll(fds, 3, ms);  // a negative descriptor is not watched
    if (ready < 0) return Wait::signal;    // EINTR
    if (ready == 0) return Wait::timeout;
    if (fds[1].revents & POLLIN) {
        drain_wake_pipe();
        return Wait::signal;
    }
    if (fds[2].revents & POLLIN) return Wait::timeout;
    return Wait::input;  // readable, or closed: the read says which
}

Ready wait_for_any(const std::vector<int>& fds, std::optional<std::chrono::milliseconds> timeout) {
    std::vector<pollfd> polled;
    for (int fd : fds) polled.push_back({fd, POLLIN, 0});
    if (wake_pipe[0] >= 0) polled.push_back({wake_pipe[0], POLLIN, 0});
    const int ms = timeout ? static_cast<int>(std::max<long long>(0, timeout->count())) : -1;
    Ready ready{std::vector<bool>(fds.size(), false), false};
    const int count = ::poll(polled.data(), static_cast<nfds_t>(polled.size()), ms);
    if (count < 0) {  // EINTR
        ready.signal = true;
        return ready;
    }
    for (std::size_t i = 0; i < fds.size(); ++i)
        ready.readable[i] = (polled[i].revents & (POLLIN | POLLHUP | POLLERR)) != 0;
    if (wake_pipe[0] >= 0 && (polled.back().revents & POLLIN)) {
        drain_wake_pipe();
        ready.signal = true;
    }
    return ready;
}

}  // namespace coyel::cli::signals
