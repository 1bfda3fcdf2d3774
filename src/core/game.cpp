#include "coyel/game.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <span>

#include "coyel/invariants.hpp"
#include "coyel/legal.hpp"
#include "coyel/table_view.hpp"
#include "coyel/text.hpp"
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

namespace {

// SPEC section 6: the clock runs forward only, within its range, for an
// action's `at` and the moderator's clock alike. The check is inline (every
// answer moves the clock); the refusal's one wording is built only when it refuses.
// (`from`, a reading, is never negative, so `to` is not either.)
constexpr bool clock_may_move(std::int64_t from, std::int64_t to) {
    return to >= from && to <= max_clock_seconds;
}
Error clock_move_refusal(std::int64_t from, std::int64_t to) {
    if (to < 0 || to > max_clock_seconds)
        return Error{fmt::format("at must be from 0 to {} seconds", max_clock_seconds)};
    return Error{fmt::format("the clock cannot run back: at {} s is before {} s", to, from)};
}

// The ballots of a `vote` being applied: the action's own (listed), or the
// ones cast one by one (cast), each checked by the rules as it was cast.
struct VoteBallots {
    std::span<const Ballot> listed;
    const BallotList* cast = nullptr;

    template <typename Visit>
    void for_each(Visit visit) const {
        if (cast)
            for (const Ballot ballot : *cast) visit(ballot);
        else
            for (const Ballot& ballot : listed) visit(ballot);
    }
};

// A vote's count: the votes per seat (the mayor's weighing two), the seats
// with the most, and the mayor when they voted.
struct VoteCount {
    // Bytes, not ints (a seat gets at most max_players + 1 votes), the mayor
    // read once, the top seats as a mask: GCC 12 zeroes an array of int with
    // a slow `rep stos`, and an optional written in the loop cost a
    // store-forwarding stall at every vote.
    static_assert(max_players + 1 <= 255);
    std::array<std::uint8_t, max_players> votes{};
    int top = 0;
    SeatSet top_seats;
    std::optional<Seat> double_vote;
    Seat mayor_choice = -1;  // whom the mayor voted for, if anyone

    VoteCount(VoteBallots ballots, std::optional<Seat> mayor_seat, int players) {
        const Seat mayor = mayor_seat.value_or(-1);
        Seat by_mayor_for = -1;
        ballots.for_each([&](const Ballot& ballot) {
            if (!ballot.choice) return;
            const bool by_mayor = ballot.voter == mayor;
            votes[*ballot.choice] += rules::ballot_weight(by_mayor);
            by_mayor_for = by_mayor ? *ballot.choice : by_mayor_for;
        });
        top = *std::max_element(votes.begin(), votes.begin() + players);
        std::uint32_t top_bits = 0;
        for (Seat seat = 0; seat < players; ++seat)
            top_bits |= static_cast<std::uint32_t>(votes[seat] == top) << seat;
        top_seats = SeatSet::from_bits(top_bits);
        if (by_mayor_for >= 0) double_vote = mayor;
        mayor_choice = by_mayor_for;
    }

    // Whether the mayor's double vote decided the vote (EventFacts::mayor_decided):
    // counted as anyone's, the top seats would differ. Asked only where the
    // events are read (not by the balance lab's, which are discarded).
    bool decided_by_mayor(int players) const {
        if (mayor_choice < 0 || !top_seats.contains(mayor_choice)) return false;
        if (top_seats.size() > 1) return true;  // the mayor's second vote made the tie
        const int extra = rules::ballot_weight(true) - rules::ballot_weight(false);
        for (Seat seat = 0; seat < players; ++seat)  // alone at the top: caught up by another?
            if (seat != mayor_choice && votes[seat] >= top - extra) return true;
        return false;
    }
};

#ifdef COYEL_CHECK_INVARIANTS
constexpr bool checking_invariants = true;
#else
constexpr bool checking_invariants = false;
#endif

Error not_now(std::string message) { return Error{std::move(message), ErrorCode::not_now}; }

// An answer whose moment is past the temperature limit: the game ended there.
Error over_by_then(const Options& options) {
    const std::int64_t limit = seconds_to_limit(options);
    return reasoned(
        fmt::format("the game was over by then: the temperature limit was reached at {} s", limit),
        ErrorCode::game_over, "over_by_then", {{"seconds", std::to_string(limit)}});
}

// Runs one action on the state: every rule is checked before anything changes
// (but the clock's move, see Game::apply_ballots). Each rule step is a small
// named member; the SPEC section it follows is named beside it.
class Resolver {
  public:
    // `cast_ballots`: a vote's ballots cast one by one, else null (the action's own).
    // `interrupted`: where end() keeps the ballots of a vote the end cut short.
    Resolver(const Setup& setup, const Cast& cast, State& state, const BallotList* cast_ballots,
             EventBuffer& events, BallotList& interrupted)
        : setup_(setup),
          cast_(cast),
          options_(setup.options),
          s_(state),
          cast_ballots_(cast_ballots),
          events_(events),
          interrupted_(interrupted) {}

    Refusal apply(const Action& action);

  private:
    Refusal check_clock_and_text(const Action& action) const;
    Refusal move_clock_for(const Action& action);
    Refusal dispatch(const Action& action);
    // Moves the clock's reading to `at`: in clock mode, the degrees due by then
    // pass (SPEC section 6). Inline: every stamped action moves the clock.
    void move_clock(std::int64_t at) {
        s_.clock_s = at;
        if (s_.phase == Phase::over || options_.temperature_mode != TemperatureMode::clock) return;
        raise_to_clock(at);
    }
    void raise_to_clock(std::int64_t at);
    Refusal elect_mayor(const Action& action);
    Refusal name_at_night(const Action& action);
    Refusal banker(const Action& action);
    Refusal ceo_lobby(const Action& action);
    LobbyOutcome lobby_outcome(Seat target) const;
    Refusal slapp(const Action& action);
    Refusal vote(const Action& action);
    Refusal heat();

    Refusal check_player(const Action& action) const;
    Refusal check_ballots(std::span<const Ballot> ballots) const;
    void next_call(ActionKind answered);
    void resolve_dawn();
    void resolve_night_effects();
    void finish_dawn();
    void tally_vote(VoteBallots votes);
    void start_night();
    void start_day();
    void take_out(Seat seat, OutCause cause);
    void raise_temperature(int degrees);
    bool check_end();
    void end(Team winner, WinReason reason);

    std::optional<Seat> holder(Role role) const { return cast_.holder(role); }
    bool holder_in_game(Role role) const {
        auto seat = holder(role);
        return seat && s_.in_game.contains(*seat);
    }
    Event& emit(Event::Kind kind, std::optional<Seat> player = std::nullopt) {
        Event& event = events_.add();
        event.kind = kind;
        event.player = player;
        return event;
    }

    const Setup& setup_;
    const Cast& cast_;
    const Options& options_;
    State& s_;
    const BallotList* cast_ballots_;
    EventBuffer& events_;
    BallotList& interrupted_;
};

Refusal Resolver::apply(const Action& action) {
    if (auto refusal = check_clock_and_text(action)) return refusal;
    // Legal at any time, even after the end: a note, and telling the table
    // news it was not told yet (an end at dawn among them).
    if (action.kind == ActionKind::note || action.kind == ActionKind::tell) {
        if (action.at) move_clock(*action.at);
        return std::nullopt;
    }
    if (s_.phase == Phase::over)
        return Error{"the game is over", ErrorCode::game_over, "game_over"};
    if (auto refusal = move_clock_for(action)) return refusal;
    return dispatch(action);
}

Refusal Resolver::check_clock_and_text(const Action& action) const {
    if (action.at && !clock_may_move(s_.clock_s, *action.at))
        return clock_move_refusal(s_.clock_s, *action.at);
    if ((!action.text.empty() && utf8_length(action.text) == std::string::npos) ||
        (action.wall && utf8_length(*action.wall) == std::string::npos))
        return Error{"the text is not valid UTF-8"};
    return std::nullopt;
}

// The clock moves first (SPEC section 8): the limit may end the game, and
// then only a `clock` entry, which records just that, is legal.
Refusal Resolver::move_clock_for(const Action& action) {
    if (!action.at) return std::nullopt;
    move_clock(*action.at);
    if (s_.phase == Phase::over && action.kind != ActionKind::clock) return over_by_then(options_);
    return std::nullopt;
}

Refusal Resolver::dispatch(const Action& action) {
    if (is_aside(action.kind)) {
        if (action.kind == ActionKind::heat) return heat();
        if (action.kind == ActionKind::clock && !action.at) return Error{"a clock entry needs at"};
        return std::nullopt;  // the clock has moved already; a note changes nothing
    }
    if (action.kind != s_.expects)
        return not_now(fmt::format("the game expects {} now, not {}", action_id(*s_.expects),
                                   action_id(action.kind)));
    switch (action.kind) {
        case ActionKind::elect_mayor: return elect_mayor(action);
        case ActionKind::carbon_target:
        case ActionKind::ngo_protect: return name_at_night(action);
        case ActionKind::banker: return banker(action);
        case ActionKind::ceo_lobby: return ceo_lobby(action);
        case ActionKind::slapp: return slapp(action);
        case ActionKind::vote: return vote(action);
        case ActionKind::clock:
        case ActionKind::heat:
        case ActionKind::note:
        case ActionKind::tell: break;  // handled above: asides, legal at any time
    }
    return not_now("not an action the game expects");
}

// SPEC section 6: in clock mode one degree per minutes*60/(limit-start)
// seconds, so the limit falls exactly at minutes*60 seconds.
void Resolver::raise_to_clock(std::int64_t at) {
    const int target = clock_temperature(options_, at);
    if (target > s_.temperature) raise_temperature(target - s_.temperature);
}

void Resolver::raise_temperature(int degrees) {
    for (int i = 0; i < degrees && s_.phase != Phase::over; ++i) {
        ++s_.temperature;
        emit(Event::Kind::temperature_rose).value = s_.temperature;
        // SPEC section 6: reaching the limit ends the game at once.
        if (s_.temperature >= options_.temperature_limit) check_end();
    }
}

Refusal Resolver::heat() {
    if (options_.temperature_mode != TemperatureMode::manual)
        return reasoned(fmt::format("heat is only for temperature.mode manual (this game: {})",
                                    id_of(options_.temperature_mode)),
                        ErrorCode::not_now, "heat_manual_only",
                        {{"mode", std::string{id_of(options_.temperature_mode)}}});
    raise_temperature(1);
    return std::nullopt;
}

// A player call's answer: legal when in the legal set, a bit test; the
// reason in words only for one refused.
Refusal Resolver::check_player(const Action& action) const {
    if (rules::legal_players(setup_, cast_, s_, action.kind).contains(action.player))
        return std::nullopt;
    const auto why = rules::player_rule(setup_, cast_, s_, action.kind, action.player);
    return rules::explain(why, setup_, s_, action.kind, Ballot{0, action.player});
}

// SPEC section 2 (first election) and section 4 step 8 (succession).
Refusal Resolver::elect_mayor(const Action& action) {
    if (auto refusal = check_player(action)) return refusal;
    s_.mayor = action.player;
    s_.mayor_vacant = false;
    emit(Event::Kind::mayor_elected, action.player);
    if (s_.phase == Phase::setup) {
        start_night();  // Night 1
    } else {
        start_day();
    }
    return std::nullopt;
}

// A night call answered with a player, its effect at dawn: the carbon
// emissions' target, the NGO's protest.
Refusal Resolver::name_at_night(const Action& action) {
    if (auto refusal = check_player(action)) return refusal;
    s_.night.named_by(*first_call_of(action.kind)) = action.player;
    next_call(action.kind);
    return std::nullopt;
}

Refusal Resolver::banker(const Action& action) {
    if (!rules::gesture_open(setup_, cast_, s_, action.choice)) {
        const auto why = rules::banker_rule(setup_, cast_, s_, action.choice);
        return rules::explain(why, setup_, s_, action.kind, Ballot{});
    }
    s_.night.banker = action.choice;
    if (action.choice == BankerChoice::social) s_.social_used = true;
    if (action.choice == BankerChoice::speculation) s_.speculation_used = true;
    next_call(ActionKind::banker);
    return std::nullopt;
}

// SPEC section 3, call 4: one lobby a night, plus one at once when a lobby
// corrupts the banker. Refused and wasted lobbies are still spent.
Refusal Resolver::ceo_lobby(const Action& action) {
    if (auto refusal = check_player(action)) return refusal;
    Event& event = emit(Event::Kind::lobby, action.player);
    --s_.night.lobbies_left;
    s_.night.extra_lobby = false;
    if (action.player) {
        const Seat target = *action.player;
        event.lobby = lobby_outcome(target);
        if (event.lobby == LobbyOutcome::corrupted) {
            s_.corrupted.insert(target);
            if (target == holder(Role::banker)) {
                event.extra = true;
                ++s_.night.lobbies_left;
                s_.night.extra_lobby = true;
            }
        }
    }
    if (s_.night.lobbies_left == 0) resolve_dawn();
    return std::nullopt;
}

LobbyOutcome Resolver::lobby_outcome(Seat target) const {
    return rules::lobby_outcome({.target_corrupted = s_.corrupted.contains(target),
                                 .target_is_ngo = setup_.roles[target] == Role::ngo,
                                 .target_is_mayor = s_.mayor == target,
                                 .banker_corrupted = rules::banker_corrupted(cast_, s_)});
}

// Moves on to the next night call whose holder is in the game, or to dawn.
// A mask test per call: the loop is over a constant table, unrolled.
void Resolver::next_call(ActionKind answered) {
    bool after = false;
    for (CallId id : night_order) {
        const CallInfo& call = call_info(id);
        if (after && (s_.in_game.bits() & cast_.seats_of(*call.answerer)) != 0) {
            s_.expects = call.action;
            if (call.action == ActionKind::ceo_lobby) s_.night.lobbies_left = 1;
            return;
        }
        after = after || call.action == answered;
    }
    resolve_dawn();
}

// SPEC section 4, steps 1 to 6. The night's effects resolve together; the
// end check is step 7 (finish_dawn), except for the temperature, which ends
// the game at once.
void Resolver::resolve_dawn() {
    s_.phase = Phase::dawn;
    emit(Event::Kind::dawn);
    if (options_.temperature_mode == TemperatureMode::night) {
        raise_temperature(1);
        if (s_.phase == Phase::over) return;
    }
    resolve_night_effects();
    if (s_.saved && s_.in_game.contains(*s_.saved) && holder_in_game(Role::ceo) &&
        s_.slapps_filed < options_.slapp_uses) {
        s_.expects = ActionKind::slapp;
        return;
    }
    finish_dawn();
}

// SPEC section 4, steps 2 to 4.
void Resolver::resolve_night_effects() {
    const Seat target = *s_.night.named_by(CallId::carbon_target);
    if (s_.night.named_by(CallId::ngo_protect) == target) {
        s_.saved = target;
        emit(Event::Kind::saved, target);
    } else {
        take_out(target, OutCause::damage);
    }
    const auto fragile = holder(Role::fragile);
    if (s_.night.banker == BankerChoice::speculation && s_.in_game.contains(*fragile))
        take_out(*fragile, OutCause::speculation);
    if (s_.night.banker == BankerChoice::social && !s_.in_game.contains(*fragile)) {
        s_.in_game.insert(*fragile);
        emit(Event::Kind::fragile_revived, *fragile);
    }
}

Refusal Resolver::slapp(const Action& action) {
    Event& event = emit(Event::Kind::slapp, s_.saved);
    event.extra = action.file;
    if (action.file) {
        ++s_.slapps_filed;
        s_.ceo_revealed = true;
        take_out(*s_.saved, OutCause::slapp);
    }
    finish_dawn();
    return std::nullopt;
}

// SPEC section 4, steps 7 and 8.
void Resolver::finish_dawn() {
    s_.saved.reset();
    if (check_end()) return;
    if (s_.mayor_vacant && options_.mayor_succession == MayorSuccession::elect) {
        s_.expects = ActionKind::elect_mayor;
        return;
    }
    start_day();
}

Refusal Resolver::check_ballots(std::span<const Ballot> ballots) const {
    SeatSet voted;
    for (const auto& ballot : ballots) {
        if (ballot.voter < 0 || ballot.voter >= setup_.player_count())
            return Error{"a vote from no such player"};
        if (voted.contains(ballot.voter))
            return Error{fmt::format("{} voted twice", setup_.players[ballot.voter])};
        voted.insert(ballot.voter);
        if (auto why = rules::ballot_rule(setup_, cast_, s_, ballot); why != rules::allowed)
            return rules::explain(why, setup_, s_, ActionKind::vote, ballot);
    }
    for (Seat seat : s_.in_game)
        if (!voted.contains(seat))
            return Error{fmt::format("{} has not voted", setup_.players[seat])};
    return std::nullopt;
}

Refusal Resolver::vote(const Action& action) {
    const VoteBallots votes{action.votes, cast_ballots_};
    if (!votes.cast) {
        if (auto refusal = check_ballots(votes.listed)) return refusal;
    } else if (checking_invariants) {  // checked as cast; these builds check again
        // On the stack: checked builds allocate nothing per answer either.
        std::array<Ballot, max_players> cast{};
        std::copy(votes.cast->begin(), votes.cast->end(), cast.begin());
        if (auto refusal = check_ballots({cast.data(), votes.cast->size()})) return refusal;
    }
    tally_vote(votes);
    s_.ballots.clear();
    if (s_.phase != Phase::over && s_.revote_candidates.empty()) start_night();
    return std::nullopt;
}

// SPEC section 5: the single player with the most votes is out; a tie at the
// top removes nobody, or (tie = revote) sends the tied players to one revote.
void Resolver::tally_vote(VoteBallots votes) {
    const int players = setup_.player_count();
    const VoteCount count(votes, s_.mayor, players);
    Event& result = emit(Event::Kind::vote_result);
    result.tally.assign(count.votes.begin(), count.votes.begin() + players);
    result.double_vote = count.double_vote;
    const bool was_revote = !s_.revote_candidates.empty();
    result.extra = was_revote;
    if (events_.keeps()) result.mayor_decided = count.decided_by_mayor(players);
    s_.revote_candidates = SeatSet{};
    if (count.top == 0) {  // no votes at all: nobody, and no revote
        result.vote = VoteOutcome::no_votes;
        return;
    }
    const SeatSet tied = count.top_seats;
    for (Seat seat : tied) result.seats.push_back(seat);
    if (tied.size() == 1) {
        result.vote = VoteOutcome::out;
        result.player = *tied.begin();
        take_out(*tied.begin(), OutCause::vote);
        check_end();
        return;
    }
    if (options_.tie == TieRule::revote && !was_revote) {
        result.vote = VoteOutcome::revote;
        s_.revote_candidates = tied;
        Event& revote = emit(Event::Kind::revote);
        for (Seat seat : tied) revote.seats.push_back(seat);
        return;
    }
    result.vote = was_revote ? VoteOutcome::tied_again : VoteOutcome::tie;
}

void Resolver::start_night() {
    ++s_.round;
    s_.phase = Phase::night;
    s_.protected_last_night = s_.night.named_by(CallId::ngo_protect);
    static constexpr NightCalls no_calls_yet{};  // copied: see EventFacts' reset
    s_.night = no_calls_yet;
    s_.expects = ActionKind::carbon_target;
}

void Resolver::start_day() {
    s_.phase = Phase::day;
    s_.expects = ActionKind::vote;
}

void Resolver::take_out(Seat seat, OutCause cause) {
    s_.in_game.erase(seat);
    Event& event = emit(Event::Kind::player_out, seat);
    event.role = setup_.roles[seat];
    event.cause = cause;
    if (s_.mayor == seat) {
        s_.mayor.reset();
        s_.mayor_vacant = true;
        emit(Event::Kind::mayor_lost, seat);
    }
}

// SPEC section 7: first match wins.
bool Resolver::check_end() {
    if (s_.phase == Phase::over) return true;
    const bool carbon_in = (s_.in_game.bits() & cast_.carbon_seats) != 0;
    const bool ecosystems_in = (s_.in_game.bits() & cast_.ecosystem_seats) != 0;
    if (s_.temperature >= options_.temperature_limit)
        end(Team::carbon, WinReason::temperature);
    else if (!carbon_in)
        end(Team::ecosystems, WinReason::no_carbon);
    else if (!ecosystems_in)
        end(Team::carbon, WinReason::no_ecosystems);
    return s_.phase == Phase::over;
}

void Resolver::end(Team winner, WinReason reason) {
    s_.phase = Phase::over;
    s_.expects.reset();
    s_.winner = winner;
    s_.win_reason = reason;
    interrupted_ = s_.ballots;  // undoing a temperature end restores them
    s_.ballots.clear();         // a vote the end interrupted is void
    Event& event = emit(Event::Kind::game_over);
    event.winner = winner;
    event.reason = reason;
}

}  // namespace

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
        return Error{"there is no news to tell", ErrorCode::not_now, "no_news"};
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
        held_.clear();
    }
    if (holds_news_) hold_news(events, start + told_now);
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
            Resolver(setup_, cast_, state_, cast, events, interrupted_ballots_).apply(action);
        if (refusal) state_.clock_s = reading;
        return refusal;
    }
    const State rollback = state_;
    auto refusal =
        Resolver(setup_, cast_, state_, cast, events, interrupted_ballots_).apply(action);
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
    if (!log_.empty() || state_.phase != Phase::setup)
        return Error{"the game has started: the cards are all out"};
    if (count && (*count < 0 || *count > player_count()))
        return Error{
            fmt::format("cards shown must be from 0 to {}, not {}", player_count(), *count)};
    cards_shown_ = count == player_count() ? std::nullopt : count;
    return std::nullopt;
}

Result<std::vector<Event>> Game::advance_clock(std::int64_t seconds) {
    EventBuffer events;
    if (auto refusal = advance_clock(seconds, events)) return std::move(*refusal);
    return events.to_vector();
}

// advance_clock, appending the degrees' events to `events`.
Refusal Game::clock_standing() const {
    if (state_.phase == Phase::setup)
        return Error{"the clock starts with Night 1", ErrorCode::not_now, "clock_not_started"};
    if (over()) return Error{"the game is over", ErrorCode::game_over, "game_over"};
    return std::nullopt;
}

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
    if (!voter) return Error{"no vote is being taken", ErrorCode::not_now, "no_vote"};
    const Ballot ballot{*voter, choice};
    if (auto why = rules::ballot_rule(setup_, cast_, state_, ballot); why != rules::allowed)
        return rules::explain(why, setup_, state_, ActionKind::vote, ballot);
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
    if (!state_.expects) return Error{"the game is over", ErrorCode::game_over, "game_over"};
    if (*state_.expects == ActionKind::vote) {
        const auto voter = next_voter();
        if (!voter) return Error{"no vote is being taken", ErrorCode::not_now, "no_vote"};
        return ballot_refusal(Ballot{*voter, choice});
    }
    return rules::player_refusal(setup_, cast_, state_, *state_.expects, choice);
}

std::vector<BankerChoice> Game::legal_banker_choices() const {
    const BankerChoices choices = legal_gestures();
    return {choices.begin(), choices.end()};
}

BankerChoices Game::legal_gestures() const {
    BankerChoices choices;
    for (auto choice : {BankerChoice::social, BankerChoice::speculation, BankerChoice::none})
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
