#include "phone_turns.hpp"

#include <algorithm>
#include <utility>

#include "coyel/phone_call.hpp"

namespace coyel::cli {

// With no moderator the game goes at its voice's pace: the phones' answer
// is taken once the lines before it are read, so that the next call is
// read as its phones show it, never before the last is heard.
bool PhoneTurns::voice_behind() const { return talk_ && speaker_ && !speaker_->quiet(); }

// An answer, the SLAPP-suit's call or the talk's start, held for the voice:
// looked at again soon.
std::optional<std::chrono::milliseconds> PhoneTurns::wake_in(
    std::optional<std::chrono::milliseconds> clock) const {
    constexpr std::chrono::milliseconds soon{50};
    const bool waiting =
        !waiting_.empty() || game_.current_call() == CallId::slapp || (talk_ && !talk_heard_);
    if (!phones_ || !waiting || !voice_behind()) return clock;
    return clock ? std::min(*clock, soon) : soon;
}

// The phones show a call once the table has heard it: after the
// moderator's Enter at a gate (at once in a pipe, which has none), or with
// no moderator once the voice has read what came before and the call (the
// dawn before a new mayor's election, the eyes closing before the SLAPP-suit).
void PhoneTurns::report_call_read() {
    if (!phones_ || game_.news_held() || !game_.current_call()) return;
    if (gate_.open() || voice_behind()) return;
    phones_->call_read(answers_logged(game_));
}

// The phones' answers, each taken as if typed while its call is still the
// one expected (a typed answer or an undo since leaves it behind), and
// logged "by": "phone"; at a gate, kept until it is passed. One taken
// closes the prompt, so that the next call shows.
void PhoneTurns::take() {
    if (!phones_) return;
    if (auto note =
            phones_->take_table_note()) {  // public: every screen shows it, the voice says it
        keeper_.note_for_table(*note);
        out_.aloud(*note);
        keeper_.save();
    }
    for (PhoneAnswer& answer : phones_->take()) waiting_.push_back(std::move(answer));
    const auto stale = [this](const PhoneAnswer& answer) {
        return game_.over() || answers_logged(game_) != answer.answered ||
               game_.current_call() != answer.call ||
               game_.state().ballots.size() != answer.ballots;
    };
    std::erase_if(waiting_, stale);
    if (gate_.open() || voice_behind()) return;
    for (PhoneAnswer& answer : std::exchange(waiting_, {})) {
        if (stale(answer)) continue;  // an answer before it moved the game on
        if (answer.action.kind == ActionKind::vote) {
            // A ballot, public: echoed as a typed one is, no "phones answered".
            answering_.cast_ballot(answer.action.player, answer.call);
        } else {
            out_.say(narrator_.line("repl.by_phone"));
            answering_.apply(std::move(answer.action));
        }
        answered_ = true;
    }
}

// With no moderator the phones' answers wait for the voice (voice_behind):
// the voice falling quiet wakes the prompt's wait, which may have seen it
// still speaking just before, to take them (after speak_with and listen_to).
void PhoneTurns::play_by_themselves(std::string talk) {
    talk_ = std::move(talk);
    if (speaker_ && phones_) speaker_->on_quiet([inbox = phones_] { inbox->wake(); });
}

// With no moderator, what their `timer` would do: each day's vote opens
// with the talk timer. (No gate waits for an Enter: the screen is not the
// moderator's, so the dawn and the end are told at once, as in a pipe.)
void PhoneTurns::run_by_themselves() {
    if (!talk_) return;
    const bool vote_opens = game_.current_call() == CallId::vote && game_.state().ballots.empty();
    if (vote_opens && talk_round_ != game_.state().round) {
        talk_round_ = game_.state().round;
        talk_heard_ = false;
        board_.show();         // the vote's call first, then how long the talk lasts
        clock_.timer(*talk_);  // from now the phones show no ballot
        clock_.hold_timer();
        out_.aloud(narrator_.line("self.talk"));
    }
    // The talk lasts its whole length from when the voice has read the dawn
    // and the call: the timer runs from then.
    if (vote_opens && !talk_heard_ && !voice_behind()) {
        talk_heard_ = true;
        clock_.release_timer();
    }
}

// The call is asked again on the phones, even if the server never read the
// save the phones' answer made (an undo within its 50 ms).
void PhoneTurns::undone() {
    if (phones_) phones_->undone_to(answers_logged(game_));
}

}  // namespace coyel::cli
