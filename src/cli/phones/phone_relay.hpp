// The phones' side of a game in play (`--cards phone`, `--self`): the desk
// (phone_desk.hpp) follows each save the session makes, hears the session's
// news (an undo, a call heard by the table) and, once a call's answer is
// due, passes it to the session through the inbox, with the table's notes
// (a tied election). The server runs one on the machine's clock, under its
// lock (serve_follow.cpp, serve_routes.cpp); the tests run one on a fake
// clock, the phones played by test code, so that a whole game at the
// table's real pace runs in milliseconds. Nothing here knows HTTP.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "clock.hpp"
#include "coyel/game.hpp"
#include "coyel/save.hpp"
#include "narrator.hpp"
#include "phone_desk.hpp"
#include "phone_inbox.hpp"

namespace coyel::cli {

class PhoneRelay {
  public:
    // `inbox` and `clock` outlive the relay; `floor` and `poll_every` as the desk's.
    PhoneRelay(const narration::Narrator& narrator, PhoneInbox& inbox, const platform::Clock& clock,
               std::chrono::milliseconds floor = phone_call_floor,
               std::chrono::milliseconds poll_every = phone_poll_every);

    // A save the session made: the game and its live clock (the talk timer).
    void follow(const Game& game, const std::optional<LiveClock>& live);
    // The session's news, then the call's answer to the session once due.
    void step();

    // What `seat`'s phone shows now, and its Done (phone_desk.hpp).
    std::string poll(Seat seat) const { return desk_.poll(seat, clock_.now()); }
    PhoneDesk::Posted post(Seat seat, std::string_view nonce, std::size_t index) {
        return desk_.post(seat, nonce, index, clock_.now());
    }
    // When the desk next changes by itself (a call's floor passing, the talk's end).
    std::optional<platform::Clock::Steady> next_change() const {
        return desk_.next_change(clock_.now());
    }

  private:
    PhoneDesk desk_;
    PhoneInbox& inbox_;
    const platform::Clock& clock_;
};

}  // namespace coyel::cli
