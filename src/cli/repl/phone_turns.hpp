// The phones' turns in a session (`--cards phone`, `new --self`): their
// answers taken as typed ones would be, each call put on them once the
// table has heard it, and, with no moderator, each day's talk timer and
// the game held to its voice's pace. The session lends what it owns; the
// rules stay the engine's.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "call_board.hpp"
#include "clock_driver.hpp"
#include "coyel/game.hpp"
#include "narrator.hpp"
#include "output.hpp"
#include "phones/phone_inbox.hpp"
#include "save_keeper.hpp"
#include "speaker.hpp"
#include "table_gate.hpp"

namespace coyel::cli {

class PhoneTurns {
  public:
    // How an answer is given: an action applied (told and saved), or one
    // ballot cast for a player (none: a blank ballot) at the call.
    struct Answering {
        std::function<bool(Action)> apply;
        std::function<void(std::optional<Seat>, CallId)> cast_ballot;
    };
    PhoneTurns(const Game& game, const narration::Narrator& narrator, Output& out,
               ClockDriver& clock, SaveKeeper& keeper, TableGate& gate, CallBoard& board,
               Answering answering)
        : game_(game),
          narrator_(narrator),
          out_(out),
          clock_(clock),
          keeper_(keeper),
          gate_(gate),
          board_(board),
          answering_(std::move(answering)) {}

    void listen_to(PhoneInbox& inbox) { phones_ = &inbox; }
    void speak_with(speech::Speaker& speaker) { speaker_ = &speaker; }
    // No moderator: each day's vote opens with a talk timer of `talk`.
    void play_by_themselves(std::string talk);
    bool by_themselves() const { return talk_.has_value(); }

    // Takes what the phones sent; whether one answered the call since the
    // prompt last opened (it closes, so that the next call shows).
    void take();
    bool answered() const { return answered_; }
    void prompt_opened() { answered_ = false; }
    bool take_answered() { return std::exchange(answered_, false); }
    // Puts the call on the phones once the table has heard it.
    void report_call_read();
    // With no moderator, what their `timer` would do.
    void run_by_themselves();
    // When the prompt's wait should look again: sooner than `clock` while
    // an answer or a call waits for the voice.
    std::optional<std::chrono::milliseconds> wake_in(
        std::optional<std::chrono::milliseconds> clock) const;
    int fd() const { return phones_ ? phones_->fd() : -1; }
    // An undo: the call is asked again on the phones.
    void undone();

  private:
    bool voice_behind() const;

    const Game& game_;
    const narration::Narrator& narrator_;
    Output& out_;
    ClockDriver& clock_;
    SaveKeeper& keeper_;
    TableGate& gate_;
    CallBoard& board_;
    Answering answering_;
    speech::Speaker* speaker_ = nullptr;  // none unless --speak
    PhoneInbox* phones_ = nullptr;        // none unless --cards phone
    std::vector<PhoneAnswer> waiting_;    // taken from the inbox, not yet applied
    bool answered_ = false;               // the prompt closes: a new call is shown
    std::optional<std::string> talk_;     // the talk timer's length, with no moderator
    int talk_round_ = 0;                  // the last day whose talk timer was started
    bool talk_heard_ = true;              // and started again once the voice had read the day
};

}  // namespace coyel::cli
