// Every call the simulator makes into the rules engine, in this one file: the
// engine's lean API (no log, events into a buffer kept from one answer to the
// next, legal answers as fixed sets), so that playing allocates nothing.
// A simulated game is a real `Game`: the engine decides every rule; the
// policies only choose among the answers it calls legal.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "coyel/calls.hpp"
#include "coyel/game.hpp"

namespace coyel::sim {

// The banker's legal gestures as a small set, so that asking costs no vector.
struct Gestures {
    bool social = false;
    bool speculation = false;
};

class EnginePort {
  public:
    // Precondition: check_setup(setup) is empty.
    // With Log::kept the game keeps its log: a simulated game saved (record.hpp).
    // Its events are kept then: the news it holds (what the save's "told" says) follows them.
    explicit EnginePort(Setup setup, Log log = Log::off)
        : game_(std::move(setup), log),
          events_(log == Log::kept ? Events::kept : Events::discarded) {}
    // The same players and options with a new deal, back before the first call.
    void restart(std::span<const Role> roles) { game_.restart(roles); }

    // --- What the game asks. ---
    std::optional<CallId> call() const { return game_.current_call(); }
    Choices choices() const { return game_.legal_choices(); }
    Choices ballots(Seat voter) const { return game_.legal_ballots(voter); }
    std::optional<Seat> next_voter() const { return game_.next_voter(); }
    Gestures gestures() const;

    // --- Answers, each stamped `at` seconds of game clock. False if refused. ---
    // Inline, like the engine's fast paths they call: one per answer.
    bool answer_player(CallId call, std::optional<Seat> player, std::int64_t at) {
        Action& action = stamped(call_info(call).action, at);
        action.player = player;
        return !game_.apply(action, events_);
    }
    bool answer_gesture(BankerChoice choice, std::int64_t at) {
        Action& action = stamped(ActionKind::banker, at);
        action.choice = choice;
        return !game_.apply(action, events_);
    }
    bool answer_slapp(bool file, std::int64_t at) {
        Action& action = stamped(ActionKind::slapp, at);
        action.file = file;
        return !game_.apply(action, events_);
    }
    // One ballot of the vote being taken; `completed` is set when it was the last.
    bool cast_ballot(std::optional<Seat> choice, std::int64_t at, bool& completed) {
        const bool refused = game_.cast_ballot(choice, events_, at).has_value();
        completed = !refused && !game_.vote_open();  // counted, or the end came first
        return !refused;
    }
    // Moves the clock to `at` (clock mode: the degrees on the way, maybe the end).
    void advance_clock(std::int64_t at) {
        if (at > game_.state().clock_s) (void)game_.advance_clock(at, events_);
    }

    // --- Facts a policy may use (each documented where it is used). ---
    const Setup& setup() const { return game_.setup(); }
    const State& state() const { return game_.state(); }
    SeatSet in_game() const { return game_.seats_in_game(); }
    Role role(Seat seat) const { return game_.role(seat); }
    bool corrupted(Seat seat) const { return game_.state().corrupted.contains(seat); }
    bool banker_corrupted() const { return game_.banker_corrupted(); }
    std::optional<Seat> holder(Role role) const { return game_.holder(role); }
    bool over() const { return game_.over(); }
    // The game itself, with its log when kept.
    const Game& game() const { return game_; }

  private:
    // The answer's action, of `kind` stamped `at`; the caller sets the field
    // its kind reads. One action reused: building and destroying one per
    // answer (strings, a vector) cost more than the rule it carries.
    Action& stamped(ActionKind kind, std::int64_t at) {
        action_.kind = kind;
        action_.at = at;
        return action_;
    }

    Game game_;
    EventBuffer events_;  // discarded unless logged: the policies never read what an answer did
    Action action_;       // the last answer; no text, wall time or ballots, ever
};

}  // namespace coyel::sim
