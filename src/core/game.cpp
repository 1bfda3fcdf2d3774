#include "coyel/game.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <span>

#include "coyel/invariants.hpp"
#include "coyel/legal.hpp"
#include "coyel/reasons.hpp"
#include "coyel/table_view.hpp"
#include "coyel/text.hpp"
#include "resolver.hpp"
#include "rules.hpp"

namespace coyel {

std::string_view phase_id(Phase phase) {
    switch (phase) {
        case Phase::setup: return "setup";
        case Phase::night: return "night";
        case Phase::dawn: return "dawn";
        case Phase::day: return "day";
        case Phase::over: return "over";
    }
    return "?";
}

std::string_view win_reason_id(WinReason reason) {
    switch (reason) {
        case WinReason::temperature: return "temperature";
        case WinReason::no_carbon: return "no-carbon";
        case WinReason::no_ecosystems: return "no-ecosystems";
    }
    return "?";
}

Game::Game(Setup setup, Log log, News news)
    : setup_(std::move(setup)), keeps_log_(log == Log::kept), holds_news_(news == News::held) {
    assert(check_setup(setup_).empty());
    restart(setup_.roles);
}

void Game::stamp_wall(std::size_t index, const std::string& wall) {
    if (index < log_.size() && !log_[index].wall) log_[index].wall = wall;
}

void Game::restart(std::span<const Role> roles) {
    assert(roles.size() == setup_.roles.size());
    if (roles.data() != setup_.roles.data())
        std::copy(roles.begin(), roles.end(), setup_.roles.begin());
    // In place, and from a constant: a temporary copied over (or zeroed
    // with `rep stos`) cost a stall at every simulated game.
    cast_.recount(setup_);
    static constexpr State fresh{};
    state_ = fresh;
    state_.in_game = SeatSet::from_bits((std::uint32_t{1} << player_count()) - 1);
    state_.temperature = setup_.options.temperature_start;
    log_.clear();
    interrupted_ballots_.clear();
    cards_shown_.reset();
    untold_from_.reset();
    told_state_.reset();
    held_.clear();
    end_told_ = false;
}

Result<std::vector<Event>> Game::apply(const Action& action) {
    EventBuffer events;
    if (auto refusal = apply(action, events)) return std::move(*refusal);
    return events.to_vector();
}

Refusal Game::apply(const Action& action, EventBuffer& events) {
    events.clear();
    return apply_ballots(action, nullptr, events);
}

namespace {
// An answer the table gives aloud: it hears every piece of news before it.
bool answered_aloud(ActionKind kind) {
    return kind == ActionKind::vote || kind == ActionKind::elect_mayor;
}
}  // namespace

Refusal Game::apply_ballots(const Action& action, const BallotList* cast, EventBuffer& events) {
    if (action.kind == ActionKind::tell && !news_held() && !end_held())
        return refusal(Reason::no_news);
    if (!keeps_log_) [[likely]] {  // the balance lab's games: no log, so no news held
        if (auto refusal = check_and_resolve(action, cast, events)) return refusal;
        cards_shown_.reset();
        return std::nullopt;
    }
    return apply_logged(action, cast, events);
}

// A logged game's entry: the held news told first where this entry tells it,
// then the entry's own news held where it must wait.
Refusal Game::apply_logged(const Action& action, const BallotList* cast, EventBuffer& events) {
    // The held news comes first, told by this entry.
    const std::size_t start = events.size();
    const bool tells =
        news_held() && (action.kind == ActionKind::tell || answered_aloud(action.kind) ||
                        action.kind == ActionKind::slapp);
    const std::size_t told_now = tells ? held_.size() : 0;
    for (std::size_t i = 0; i < told_now; ++i) events.add() = held_[i];
    // The state the table keeps, should this entry's news be held (a SLAPP-suit
    // tells what was held, then may hold its own).
    const bool may_start_holding = holds_news_ && (tells || !news_held());
    const std::optional<State> before =
        may_start_holding ? std::optional<State>{state_} : std::nullopt;
    if (auto refusal = check_and_resolve(action, cast, events)) {
        events.truncate(start);
        return refusal;
    }
    // A `tell` with no news held is the end's: the roles are told.
    if (action.kind == ActionKind::tell && !tells) end_told_ = true;
    log_.push_back(action);
    cards_shown_.reset();  // the game has started: the cards are all out
    if (tells) {
        untold_from_.reset();
        told_state_.reset();
        held_.clear();
    }
    if (holds_news_) hold_news(events, start + told_now);
    if (news_held() && !told_state_) told_state_ = before;
    return std::nullopt;
}

// SPEC section 8, "tell": the news of the night's last call (its dawn) and of
// a SLAPP-suit decision waits until the table opens its eyes.
// The degrees the clock reached before the answer were heard as they came.
void Game::hold_news(EventBuffer& events, std::size_t first) {
    if (!news_held()) {
        const auto news = std::find_if(events.begin() + first, events.end(), [](const Event& e) {
            return e.kind == Event::Kind::dawn || e.kind == Event::Kind::slapp;
        });
        if (news == events.end()) return;
        first = static_cast<std::size_t>(news - events.begin());
        untold_from_ = log_.size() - 1;
    }
    events.move_out(
        first, [](const Event& event) { return public_part(event).has_value(); }, held_);
}

Refusal Game::check_and_resolve(const Action& action, const BallotList* cast, EventBuffer& events) {
#ifdef COYEL_CHECK_INVARIANTS
    // Every test, transcript and fuzz input checks the invariants in these builds.
    const State before = state_;
    auto refusal = resolve(action, cast, events);
    const std::string broken = refusal
                                   ? (state_ == before ? "" : "a refused action changed the state")
                                   : broken_invariant(setup_, before, state_);
    if (!broken.empty()) {
        std::fprintf(stderr, "coyel: engine invariant broken after %s: %s\n",
                     std::string{action_id(action.kind)}.c_str(), broken.c_str());
        std::abort();
    }
#else
    auto refusal = resolve(action, cast, events);
#endif
    return refusal;
}

// Each rule is checked before the state changes, so an action resolves on the
// state itself, but for the clock's move to its `at`, made first. Where no
// degree can pass on the way, that move changes only the reading, put back on
// a refusal; where one can, the limit may end the game and the action be
// refused after all, so a copy of the state is kept to go back to.
Refusal Game::resolve(const Action& action, const BallotList* cast, EventBuffer& events) {
    if (!degree_may_pass(action)) {
        const std::int64_t reading = state_.clock_s;
        auto refusal =
            resolve_action(setup_, cast_, state_, cast, events, interrupted_ballots_, action);
        if (refusal) state_.clock_s = reading;
        return refusal;
    }
    const State rollback = state_;
    auto refusal =
        resolve_action(setup_, cast_, state_, cast, events, interrupted_ballots_, action);
    if (refusal) state_ = rollback;
    return refusal;
}

// Whether moving the clock to the action's `at` may pass a degree: clock
// mode, with the degree due by then not yet reached.
bool Game::degree_may_pass(const Action& action) const {
    const Options& options = setup_.options;
    if (!action.at || options.temperature_mode != TemperatureMode::clock) return false;
    if (*action.at < state_.clock_s || *action.at > max_clock_seconds)
        return false;  // refused first
    return state_.phase != Phase::over &&
           clock_temperature(options, *action.at) > state_.temperature;
}

Refusal Game::set_cards_shown(std::optional<int> count) {
    if (!log_.empty() || state_.phase != Phase::setup) return refusal(Reason::cards_out);
    if (count && (*count < 0 || *count > player_count()))
        return refusal(Reason::cards_shown_range, {{"most", std::to_string(player_count())},
                                                   {"count", std::to_string(*count)}});
    cards_shown_ = count == player_count() ? std::nullopt : count;
    return std::nullopt;
}

Result<std::vector<Event>> Game::advance_clock(std::int64_t seconds) {
    EventBuffer events;
    if (auto refusal = advance_clock(seconds, events)) return std::move(*refusal);
    return events.to_vector();
}

Refusal Game::clock_standing() const {
    if (state_.phase == Phase::setup) return refusal(Reason::clock_not_started);
    if (over()) return refusal(Reason::game_over);
    return std::nullopt;
}

// advance_clock, appending the degrees' events to `events`.
Refusal Game::move_clock(std::int64_t seconds, EventBuffer& events) {
    if (!clock_may_run()) return clock_standing();
    if (!clock_may_move(state_.clock_s, seconds))
        return clock_move_refusal(state_.clock_s, seconds);
    for (auto rise = next_rise_at(); rise && *rise <= seconds; rise = next_rise_at()) {
        Action degree;
        degree.kind = ActionKind::clock;
        degree.at = *rise;
        if (auto refusal = apply_ballots(degree, nullptr, events)) return refusal;
    }
    if (!over()) state_.clock_s = seconds;
    return std::nullopt;
}

Result<std::vector<Event>> Game::cast_ballot(std::optional<Seat> choice,
                                             std::optional<std::int64_t> at) {
    EventBuffer events;
    if (auto refusal = cast_ballot(choice, events, at)) return std::move(*refusal);
    return events.to_vector();
}

// The lean cast_ballot's other cases: a refusal in words, or the clock
// moving to the ballot's moment first.
Refusal Game::cast_ballot_slow_path(std::optional<Seat> choice, EventBuffer& events,
                                    std::optional<std::int64_t> at) {
    const auto voter = next_voter();
    if (!voter) return refusal(Reason::no_vote);
    const Ballot ballot{*voter, choice};
    if (auto refused = rules::ballot_refusal(setup_, cast_, state_, ballot)) return refused;
    if (at && *at != state_.clock_s) {  // the ballot's moment: the clock moves first
        // Past the limit, refused before the clock moves, as apply refuses an
        // answer then: a refusal changes nothing (the `clock` entry ends it).
        if (*at > state_.clock_s && *at <= max_clock_seconds &&
            setup_.options.temperature_mode == TemperatureMode::clock &&
            *at >= seconds_to_limit(setup_.options))
            return over_by_then(setup_.options);
        if (auto refusal = move_clock(*at, events)) return refusal;
        events.clear();  // the degrees are in the log; the answer is the vote's events
    }
    state_.ballots.push_back(ballot);
    if (next_voter()) return std::nullopt;
    return apply_cast_vote(at, events);
}

// Every voter has cast a ballot: the vote is applied as one `vote` entry.
Refusal Game::apply_cast_vote(std::optional<std::int64_t> at, EventBuffer& events) {
    Action vote;
    vote.kind = ActionKind::vote;
    vote.at = at;
    if (keeps_log_) vote.votes = state_.ballots.to_vector();
    const BallotList ballots = state_.ballots;  // applying the vote clears the state's
    auto refusal = apply_ballots(vote, &ballots, events);
    if (refusal) state_.ballots.pop_back();  // the clock ended the game first, say
    return refusal;
}

std::optional<Undone> Game::undo() {
    if (!keeps_log_) return std::nullopt;
    if (undo_takes_back_end()) return undo_temperature_end();
    if (!state_.ballots.empty()) {
        Undone undone{Undone::Kind::ballot, state_.ballots.back(), {}};
        state_.ballots.pop_back();
        return undone;
    }
    return undo_input();
}

// A temperature end in clock mode is taken back first (and not a note
// written after it).
bool Game::undo_takes_back_end() const {
    return over() && state_.win_reason == WinReason::temperature &&
           setup_.options.temperature_mode == TemperatureMode::clock &&
           last_entry_told_or_not().kind == ActionKind::clock;
}

// The last entry but the `tell`s after it: telling is not an input to take
// back, and what it told goes with the input that made it.
const Action& Game::last_entry_told_or_not() const {
    auto entry = std::find_if(log_.rbegin(), log_.rend(),
                              [](const Action& action) { return action.kind != ActionKind::tell; });
    return entry == log_.rend() ? log_.back() : *entry;
}

// The limit is reached at a `clock` entry (any other entry at or past it is
// refused), so taking back the end is taking back that entry. The seconds
// past the limit are dropped: the moderator has one left, paused, to fix a
// wrong answer first.
std::optional<Undone> Game::undo_temperature_end() {
    std::size_t end = log_.size() - 1;
    while (log_[end].kind == ActionKind::tell) --end;
    Undone undone{Undone::Kind::end, {}, log_[end]};
    const BallotList interrupted = interrupted_ballots_;
    *this = replay_prefix(end);
    for (const Ballot& ballot : interrupted) (void)cast_ballot(ballot.choice);
    state_.clock_s = std::max<std::int64_t>(state_.clock_s, seconds_to_limit(setup_.options) - 1);
    return undone;
}

// The last entry that is an input: not a `clock` entry nor a `tell`.
std::optional<std::size_t> Game::last_input() const {
    for (std::size_t i = log_.size(); i-- > 0;)
        if (log_[i].kind != ActionKind::clock && log_[i].kind != ActionKind::tell) return i;
    return std::nullopt;
}

// Takes back the last input; the clock entries after it replay as they were,
// since those degrees really passed, and the `tell`s after it go with it:
// what they told came from it.
std::optional<Undone> Game::undo_input() {
    const auto index = last_input();
    if (!index) return std::nullopt;
    Undone undone{Undone::Kind::entry, {}, log_[*index]};
    const std::int64_t reading = state_.clock_s;
    Game rebuilt = replay_prefix(*index);
    for (std::size_t i = *index + 1; i < log_.size(); ++i) {
        if (log_[i].kind == ActionKind::tell) continue;
        [[maybe_unused]] auto applied = rebuilt.apply(log_[i]);
        assert(applied.ok());
    }
    *this = std::move(rebuilt);
    if (state_.phase != Phase::setup) state_.clock_s = std::max(state_.clock_s, reading);
    // A vote taken back goes back into that vote, less its last ballot.
    if (undone.action.kind == ActionKind::vote && !undone.action.votes.empty()) {
        for (std::size_t i = 0; i + 1 < undone.action.votes.size(); ++i)
            state_.ballots.push_back(undone.action.votes[i]);
        undone.kind = Undone::Kind::ballot;
        undone.ballot = undone.action.votes.back();
    }
    return undone;
}

bool Game::undo_reveals_secret() const {
    if (!keeps_log_ || !state_.ballots.empty()) return false;
    if (undo_takes_back_end()) return false;  // the end is taken back, in public
    const auto index = last_input();
    return index && *index < told() && !answer_is_public(log_[*index]);
}

Game Game::told_game() const {
    if (!news_held()) return *this;
    Game told = replay_prefix(*untold_from_);
    told.state_.clock_s = std::max(told.state_.clock_s, state_.clock_s);  // time is public
    return told;
}

Game Game::replay_prefix(std::size_t entries) const {
    Game game(setup_, Log::kept, news());
    for (std::size_t i = 0; i < entries && i < log_.size(); ++i) {
        [[maybe_unused]] auto applied = game.apply(log_[i]);
        assert(applied.ok());
    }
    return game;
}

std::optional<Seat> Game::holder(Role role) const { return cast_.holder(role); }

SeatSet Game::seats_in_game() const { return state_.in_game; }

Refusal Game::choice_refusal(std::optional<Seat> choice) const {
    if (!state_.expects) return refusal(Reason::game_over);
    if (*state_.expects == ActionKind::vote) {
        const auto voter = next_voter();
        if (!voter) return refusal(Reason::no_vote);
        return ballot_refusal(Ballot{*voter, choice});
    }
    return rules::player_refusal(setup_, cast_, state_, *state_.expects, choice);
}

Answers Game::legal_answers() const {
    const auto call = current_call();
    if (!call) return {};
    Answers answers;
    answers.kind = call_info(*call).answer;
    switch (answers.kind) {
        case AnswerKind::player:
        case AnswerKind::player_or_nobody: answers.players = legal_choices(); break;
        case AnswerKind::gesture:
            answers.gestures = rules::legal_gestures(setup_, cast_, state_);
            break;
        case AnswerKind::yes_no: answers.filing = true; break;
    }
    return answers;
}

Refusal Game::answer_refusal(const Answer& answer) const {
    const auto call = current_call();
    if (!call) return refusal(Reason::game_over);
    const ActionKind kind = call_info(*call).action;
    const auto voter = next_voter();
    if (kind == ActionKind::vote && !voter) return refusal(Reason::no_vote);
    return rules::answer_refusal({setup_, cast_, state_, voter.value_or(-1)}, kind,
                                 call_info(*call).answer, answer);
}

std::vector<BankerChoice> Game::legal_banker_choices() const {
    const BankerChoices choices = legal_gestures();
    return {choices.begin(), choices.end()};
}

BankerChoices Game::legal_gestures() const {
    BankerChoices choices;
    for (BankerChoice choice : gesture_order)
        if (rules::gesture_open(setup_, cast_, state_, choice)) choices.push_back(choice);
    return choices;
}

Refusal Game::banker_refusal(BankerChoice choice) const {
    return rules::banker_refusal(setup_, cast_, state_, choice);
}

Refusal Game::ballot_refusal(const Ballot& ballot) const {
    return rules::ballot_refusal(setup_, cast_, state_, ballot);
}

int Game::slapps_left() const {
    return std::max(0, setup_.options.slapp_uses - state_.slapps_filed);
}

int Game::vote_weight(Seat voter) const { return rules::ballot_weight(state_.mayor == voter); }

std::optional<std::int64_t> Game::next_rise_at() const {
    const Options& options = setup_.options;
    if (over() || options.temperature_mode != TemperatureMode::clock) return std::nullopt;
    return clock_rise_at(options, state_.temperature + 1);
}

}  // namespace coyel
