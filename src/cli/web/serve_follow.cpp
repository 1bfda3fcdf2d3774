// The server's follower of the save, on the caller's thread: each good
// reading published to the routes and the streams, the phones' desk kept
// in step, and their answer passed to the session once due.
#include <poll.h>

#include <algorithm>

#include "serve_impl.hpp"
#include "serve_state.hpp"
#include "store/save_lock.hpp"

namespace coyel::cli {
namespace {

using namespace std::chrono_literals;

}  // namespace

void PublicServer::Impl::publish() {
    auto built = std::make_shared<const PublicState>(state_of_reading());
    // The reading copied before the lock is taken (the copy grows with the
    // log; only this thread changes the follower), and the one it replaces
    // let go after: the routes wait for neither.
    std::optional<SavedGame> reading = follower.saved();
    std::lock_guard lock(mutex);
    path = follower.path();
    missing = follower.missing();
    if (reading) std::swap(saved, reading);
    state = std::move(built);
    if (relay && saved) relay->follow(saved->game, saved->live);
    ++version;
    changed.notify_all();
}

PublicState PublicServer::Impl::state_of_reading() {
    shows_clock_running = false;
    const auto& reading = follower.saved();
    if (!reading) return PublicState{"{\"game\":\"" + game_id + "\"", std::nullopt, std::nullopt};
    std::optional<LiveClock> live = reading->live;
    if (live && live->running && !in_play(follower.path())) live->running = false;
    shows_clock_running = live && live->running;
    const std::string note = follower.missing() ? narrator.line("display.missing") : "";
    return public_state(story, reading->game, live, clock.unix_ms(), note, game_id);
}

std::string PublicServer::Impl::state_now() {
    std::shared_ptr<const PublicState> now;
    {
        std::lock_guard lock(mutex);
        now = state;
    }
    return now ? now->at(clock.unix_ms()) : "{}";
}

// Follows the save (save_follower.hpp: inotify, armed before each read),
// and every 50 ms at most wakes the parked streams that are due a message
// (a change, a ping, a phone gone).
void PublicServer::Impl::follow_save() {
    for (;;) {
        {
            std::lock_guard lock(mutex);
            if (stopping) return;
        }
        pollfd watched{follower.fd(), POLLIN, 0};
        const int wait_ms =
            static_cast<int>(std::min<std::int64_t>(50, follower.wait().value_or(50ms).count()));
        (void)::poll(&watched, follower.fd() >= 0 ? 1 : 0, wait_ms);
        // A save's clock stops with the coyel playing it, which may leave no save behind.
        if (follower.update() || (shows_clock_running && !in_play(follower.path()))) publish();
        admission->sweep(clock.now());  // before the wake: a parked stream closed is woken
        wake_streams();
        pass_phone_answer();
    }
}

void PublicServer::Impl::pass_phone_answer() {
    std::lock_guard lock(mutex);
    if (relay) relay->step();
}

}  // namespace coyel::cli
