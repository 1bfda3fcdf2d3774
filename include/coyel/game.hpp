// The rules engine: a setup and the log of the moderator's inputs. Every
// change goes through `apply`, which checks the action against the rules,
// resolves it and appends it to the log. State is what the log made it; the
// engine has no terminal, no files, no wall clock and no randomness.
//
// Each call's rule is written once, as an ordered table of checks
// (include/coyel/checks.hpp), and used both by `apply` and by the questions
// the front ends ask. A refusal is a reason code with its arguments
// (include/coyel/reasons.hpp): the engine writes no words.
//
// The lean API, for the balance lab's simulator: a game made with Log::off,
// restarted with `restart` for each new deal, and played through
// `current_call`, `legal_choices`, `legal_gestures`, `apply(action, events)`
// and `cast_ballot(choice, events)` allocates nothing once its EventBuffer has
// grown: the state has a fixed size, legal answers are bit sets, and a
// refusal's arguments are written only when one is refused.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "coyel/action.hpp"
#include "coyel/answers.hpp"
#include "coyel/calls.hpp"
#include "coyel/event.hpp"
#include "coyel/legal.hpp"
#include "coyel/reasons.hpp"
#include "coyel/result.hpp"
#include "coyel/seats.hpp"
#include "coyel/setup.hpp"
#include "coyel/state.hpp"

namespace coyel {

// What `undo` took back.
struct Undone {
    // end: the `clock` entry of a temperature end; the clock now stands one
    // second before the limit (see Game::undo).
    enum class Kind { ballot, entry, end } kind;
    Ballot ballot;  // Kind::ballot
    Action action;  // Kind::entry and Kind::end
};

// Whether a game keeps its log. The REPL, the loader and the replay keep it;
// a simulator need not: without it, log() stays empty and undo() and
// replay_prefix() have nothing to replay.
enum class Log { kept, off };

// Whether the news of an answer given with the table's eyes closed waits for
// the moderator to tell it (see news_held). A save written before coyel knew
// what the table was told has its news told at once, as it was played.
enum class News { held, told_at_once };

class Game {
  public:
    // Precondition: check_setup(setup) is empty.
    explicit Game(Setup setup, Log log = Log::kept, News news = News::held);

    const Setup& setup() const { return setup_; }
    const State& state() const { return state_; }
    const std::vector<Action>& log() const { return log_; }
    // Gives log entry `index` its wall-clock time (ISO 8601), if it has none:
    // the front end stamps entries once they are in the log, the clock's
    // degrees included (the engine itself has no wall clock).
    void stamp_wall(std::size_t index, const std::string& wall);
    News news() const { return holds_news_ ? News::held : News::told_at_once; }
    // From the next entry on, news is held (a game from before, played on).
    void start_holding_news() { holds_news_ = true; }

    // The same players and options dealt `roles` (one per seat, a valid deal
    // of check_setup), back before the first call with an empty log: the
    // simulator's next game, made without allocating.
    void restart(std::span<const Role> roles);

    // Checks the action against the rules; if legal, resolves it, appends it to
    // the log and returns what happened. If not, returns why and changes nothing.
    // A complete `vote` replaces any ballots being taken.
    Result<std::vector<Event>> apply(const Action& action);
    // The same, lean: what happened goes into `events` (cleared first), and
    // only a refusal is returned.
    Refusal apply(const Action& action, EventBuffer& events);

    // --- The vote being taken (SPEC section 5), one ballot at a time. ---
    // The next player in seat order to vote, while a vote is expected.
    std::optional<Seat> next_voter() const { return state_.next_voter(); }
    // Whether a vote is being taken: ballots cast, not yet counted. The last
    // ballot closes it, by the vote's count or by the end it reached first.
    bool vote_open() const { return !state_.ballots.empty(); }
    // After a ballot: whether it was the last and the vote was counted (the
    // log's last entry is the vote), rather than the end reached first.
    bool vote_counted() const {
        return !vote_open() && !log_.empty() && log_.back().kind == ActionKind::vote;
    }
    // The next voter's ballot, cast at `at` (the clock moves there first, as
    // advance_clock does). The last one completes the vote: it is applied as
    // one `vote` action stamped `at`, and its events are returned; before
    // that, no events. A refused ballot is not cast and changes nothing: one
    // whose moment is past the temperature limit is refused before the clock moves.
    Result<std::vector<Event>> cast_ballot(std::optional<Seat> choice,
                                           std::optional<std::int64_t> at = std::nullopt);
    // The same, lean: the vote's events go into `events` (cleared first).
    Refusal cast_ballot(std::optional<Seat> choice, EventBuffer& events,
                        std::optional<std::int64_t> at = std::nullopt);

    // --- The game clock (SPEC section 6). ---
    // Moves the clock's reading on to `seconds` of active play. In clock mode
    // each degree passed on the way is logged as a `clock` entry at the second
    // it was reached, so that no degree the table heard is ever lost; the
    // limit ends the game there. Returns what happened; refused before Night 1,
    // after the end, or back in time.
    Result<std::vector<Event>> advance_clock(std::int64_t seconds);
    // The same, lean: the degrees' events go into `events` (cleared first).
    Refusal advance_clock(std::int64_t seconds, EventBuffer& events);
    // Whether the clock may run: only from Night 1 to the end (SPEC section
    // 6). The front ends ask rather than re-derive it; clock_standing says
    // why not, or nothing.
    bool clock_may_run() const { return clock_runs_in(state_.phase); }
    Refusal clock_standing() const;

    // Takes back the last input: a ballot of the vote being taken, else the
    // last log entry that is not a `clock` entry (degrees that really passed
    // stay); a vote taken back returns to its last ballot. The clock's reading
    // never goes back, but for one case: after a temperature end in clock
    // mode, undo takes back the end itself, and the clock then stands one
    // second before the limit, with the vote the end interrupted restored.
    // nullopt when there is nothing to take back, and always without the log.
    std::optional<Undone> undo();

    // A game made of this one's setup and the first `entries` of its log.
    Game replay_prefix(std::size_t entries) const;

    // --- What the table has been told (SPEC section 8, "tell"; docs/rulings.md). ---
    // The news of an input answered with the table's eyes closed (the night's
    // last call, whose events are the dawn; a SLAPP-suit decision) is held
    // until the moderator tells it: a `tell` entry, or an answer the table
    // gives aloud (the vote, an election), which it could not give untold.
    // Held news is every public event of the entries from there on; each
    // entry's `apply` returns its events less those, and the `tell` returns
    // them, so that a front end shows each event when the table hears it.
    // With Log::off nothing is held.
    bool news_held() const { return untold_from_.has_value(); }
    // How many log entries the table has been told: the log's size, or the
    // first entry whose news is held.
    std::size_t told() const { return untold_from_.value_or(log_.size()); }
    // The game as the table knows it: this one, or its prefix of told()
    // entries while news is held (replayed: told_state() is the cheap way).
    Game told_game() const;
    // The state as the table knows it: this one's, or the state before the
    // entry whose news is held, kept as the game goes (its clock this one's:
    // time is public).
    State told_state() const {
        if (!told_state_) return state_;
        State told = *told_state_;
        told.clock_s = std::max(told.clock_s, state_.clock_s);
        return told;
    }
    // Whether `undo` would now take back an answer the table did not hear
    // (a night call, a SLAPP-suit not filed) from before what it was told:
    // the moderator's screen would show hidden facts while players may look.
    bool undo_reveals_secret() const;
    // The end is held like the dawn: once the game is over, the table has
    // heard the winner and the tally, but the roles and corruptions of the
    // players still in wait for a `tell` after the end (the moderator's
    // Enter), so that an undo of a mistyped last input reveals nothing.
    // Never with Log::off or News::told_at_once.
    bool end_held() const { return over() && keeps_log_ && holds_news_ && !end_told_; }

    bool over() const { return state_.phase == Phase::over; }
    // The question the game asks now; nullopt when it is over.
    std::optional<CallId> current_call() const;

    // --- Questions the front ends ask rather than re-deriving the rules. ---
    std::optional<Seat> holder(Role role) const;  // the holder of a unique role
    bool in_game(Seat seat) const { return state_.in_game.contains(seat); }
    Role role(Seat seat) const { return setup_.roles[seat]; }
    const std::string& name(Seat seat) const { return setup_.players[seat]; }
    int player_count() const { return setup_.player_count(); }
    SeatSet seats_in_game() const;
    bool banker_corrupted() const { return rules::banker_corrupted(cast_, state_); }

    // The legal answers to the expected call, of its kind: the players (and
    // nobody) it may name (for a vote: the next voter's ballots), the
    // banker's gestures, or the SLAPP-suit's filing it and not. Every answer
    // listed is accepted, and only those; empty once the game is over.
    Answers legal_answers() const;
    // Why `answer` is refused as the answer to the expected call (for a
    // vote: the next voter's ballot), or nullopt when it is legal.
    Refusal answer_refusal(const Answer& answer) const;
    // The legal player answers to the expected call (for a vote: the next
    // voter's ballots); none at the banker's and the SLAPP-suit's calls,
    // whose answers legal_answers lists.
    Choices legal_choices() const;
    // Why `choice` is refused as the answer to the expected call (for a vote:
    // the next voter's ballot), or nullopt when it is legal.
    Refusal choice_refusal(std::optional<Seat> choice) const;
    // The ballots open to `voter` in the vote being taken.
    Choices legal_ballots(Seat voter) const;
    // Why `choice` is not open to the banker tonight, or nullopt if it is.
    Refusal banker_refusal(BankerChoice choice) const;
    // The gestures open to the banker tonight, in the order up, down, none.
    std::vector<BankerChoice> legal_banker_choices() const;
    // The same, lean: a fixed list.
    BankerChoices legal_gestures() const;
    // Why one voter's ballot is refused (SPEC section 5), or nullopt.
    Refusal ballot_refusal(const Ballot& ballot) const;

    // --- The private walk-through of a random deal (SPEC section 8, "pending"). ---
    // How many cards the moderator has been shown, while some are left to
    // show; nullopt when none is (or there was no walk-through).
    std::optional<int> cards_shown() const { return cards_shown_; }
    // Records that `count` cards are shown; every card, or nullopt: none left.
    // Refused once the game has started (the log is not empty) and out of
    // 0..player_count(). The first action applied ends the walk-through.
    Refusal set_cards_shown(std::optional<int> count);

    // Where the game serves now (a laptop that moved: `resume --serve` on
    // another address or port). Not a rule: only where its links lead.
    void serve_at(Setup::Served served) { setup_.served = std::move(served); }

    int slapps_left() const;
    // The moment the clock reaches the next degree, in clock mode.
    std::optional<std::int64_t> next_rise_at() const;
    // The countdown to it from `clock_s` (seconds_to_degree).
    std::optional<std::int64_t> seconds_to_next_degree(std::int64_t clock_s) const {
        return seconds_to_degree(next_rise_at(), clock_s);
    }
    // Vote weight of a voter: the mayor's counts two.
    int vote_weight(Seat voter) const;

  private:
    Refusal cast_ballot_slow_path(std::optional<Seat> choice, EventBuffer& events,
                                  std::optional<std::int64_t> at);
    Refusal apply_cast_vote(std::optional<std::int64_t> at, EventBuffer& events);
    // Applies `action`, appending its events. A vote's ballots are the
    // action's own, or the ones cast one by one (`cast`, checked as cast).
    // A pointer, not a span beside it: nothing to copy for the other actions.
    Refusal apply_ballots(const Action& action, const BallotList* cast, EventBuffer& events);
    Refusal apply_logged(const Action& action, const BallotList* cast, EventBuffer& events);
    Refusal check_and_resolve(const Action& action, const BallotList* cast, EventBuffer& events);
    Refusal resolve(const Action& action, const BallotList* cast, EventBuffer& events);
    bool degree_may_pass(const Action& action) const;
    // Whether moving the clock to `at` changes only its reading: the same
    // second, or a later one in play where no degree can pass (not clock mode).
    bool reading_only(std::int64_t at) const {
        if (at == state_.clock_s) return true;
        return at > state_.clock_s && at <= max_clock_seconds &&
               setup_.options.temperature_mode != TemperatureMode::clock &&
               clock_runs_in(state_.phase);
    }
    Refusal move_clock(std::int64_t seconds, EventBuffer& events);
    std::optional<Undone> undo_temperature_end();
    std::optional<Undone> undo_input();
    std::optional<std::size_t> last_input() const;
    const Action& last_entry_told_or_not() const;
    bool undo_takes_back_end() const;
    // The news of the entry just logged, whose events start at `first`.
    void hold_news(EventBuffer& events, std::size_t first);

    Setup setup_;
    Cast cast_;  // who holds each role, from setup_
    bool keeps_log_ = true;
    bool holds_news_ = true;
    State state_;
    std::vector<Action> log_;
    // The ballots of a vote the temperature limit cut short: undoing that
    // end restores them. Kept in memory only.
    BallotList interrupted_ballots_;
    std::optional<int> cards_shown_;          // see cards_shown()
    std::optional<std::size_t> untold_from_;  // see news_held()
    std::optional<State> told_state_;         // the state before it: see told_state()
    std::vector<Event> held_;                 // the public events not told yet
    bool end_told_ = false;                   // see end_held()
};

// --- Inline: the simulator asks these at every answer (see the lean API above). ---

// The kinds that are two calls, by the state; every other kind is its one
// call in the table (asides are never expected).
inline std::optional<CallId> Game::current_call() const {
    if (!state_.expects) return std::nullopt;
    switch (*state_.expects) {
        case ActionKind::elect_mayor:
            return state_.phase == Phase::setup ? CallId::first_mayor : CallId::new_mayor;
        case ActionKind::ceo_lobby:
            return state_.night.extra_lobby ? CallId::ceo_extra_lobby : CallId::ceo_lobby;
        case ActionKind::vote:
            return state_.revote_candidates.empty() ? CallId::vote : CallId::revote;
        case ActionKind::carbon_target:
        case ActionKind::ngo_protect:
        case ActionKind::banker:
        case ActionKind::slapp:
        case ActionKind::clock:  // asides: never expected
        case ActionKind::heat:
        case ActionKind::note:
        case ActionKind::tell: break;
    }
    return first_call_of(*state_.expects);
}

inline Choices Game::legal_choices() const {
    if (!state_.expects) return {};
    if (*state_.expects == ActionKind::vote) {
        const auto voter = next_voter();
        return voter ? rules::legal_ballots(setup_, cast_, state_, *voter) : Choices{};
    }
    if (*state_.expects == ActionKind::banker || *state_.expects == ActionKind::slapp) return {};
    return rules::legal_players(setup_, cast_, state_, *state_.expects);
}

inline Choices Game::legal_ballots(Seat voter) const {
    return rules::legal_ballots(setup_, cast_, state_, voter);
}

// A legal ballot where only the clock's reading moves, the common case, in a
// few instructions; refusals in words and degrees passing take the slow path.
inline Refusal Game::cast_ballot(std::optional<Seat> choice, EventBuffer& events,
                                 std::optional<std::int64_t> at) {
    events.clear();
    const auto voter = next_voter();
    if (!voter || !legal_ballots(*voter).contains(choice) || (at && !reading_only(*at)))
        return cast_ballot_slow_path(choice, events, at);
    if (at) state_.clock_s = *at;
    state_.ballots.push_back(Ballot{*voter, choice});
    if (next_voter()) return std::nullopt;
    return apply_cast_vote(at, events);
}

// Where only the reading moves, the common case, without a call.
inline Refusal Game::advance_clock(std::int64_t seconds, EventBuffer& events) {
    events.clear();
    if (!reading_only(seconds)) return move_clock(seconds, events);
    state_.clock_s = seconds;
    return std::nullopt;
}

}  // namespace coyel
