// The rule steps of one action (SPEC sections 3 to 7): the Resolver, which
// Game::resolve runs on the state. Every rule is checked before anything
// changes but the clock's move (see Game::resolve).
#include "resolver.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <span>

#include "coyel/legal.hpp"
#include "coyel/reasons.hpp"
#include "coyel/text.hpp"
#include "rules.hpp"

namespace coyel {

Error clock_move_refusal(std::int64_t from, std::int64_t to) {
    if (to < 0 || to > max_clock_seconds)
        return refusal(Reason::at_out_of_range, {{"most", std::to_string(max_clock_seconds)}});
    return refusal(Reason::clock_back,
                   {{"at", std::to_string(to)}, {"from", std::to_string(from)}});
}

Error over_by_then(const Options& options) {
    return refusal(Reason::over_by_then, {{"seconds", std::to_string(seconds_to_limit(options))}});
}

namespace {

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
    if (s_.phase == Phase::over) return refusal(Reason::game_over);
    if (auto refusal = move_clock_for(action)) return refusal;
    return dispatch(action);
}

Refusal Resolver::check_clock_and_text(const Action& action) const {
    if (action.at && !clock_may_move(s_.clock_s, *action.at))
        return clock_move_refusal(s_.clock_s, *action.at);
    if ((!action.text.empty() && utf8_length(action.text) == std::string::npos) ||
        (action.wall && utf8_length(*action.wall) == std::string::npos))
        return refusal(Reason::text_not_utf8);
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
        if (action.kind == ActionKind::clock && !action.at) return refusal(Reason::clock_needs_at);
        return std::nullopt;  // the clock has moved already; a note changes nothing
    }
    if (action.kind != s_.expects)
        return refusal(Reason::not_now, {{"expected", std::string{action_id(*s_.expects)}},
                                         {"given", std::string{action_id(action.kind)}}});
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
    assert(!"an aside dispatched as an answer");
    return std::nullopt;
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
        return refusal(Reason::heat_manual_only,
                       {{"mode", std::string{id_of(options_.temperature_mode)}}});
    raise_temperature(1);
    return std::nullopt;
}

// A player call's answer: legal when in the legal set, a bit test (the fast
// path); the checks' reason only for one refused.
Refusal Resolver::check_player(const Action& action) const {
    if (rules::legal_players(setup_, cast_, s_, action.kind).contains(action.player))
        return std::nullopt;
    auto refused = rules::player_refusal(setup_, cast_, s_, action.kind, action.player);
    assert(refused && "the fast path refuses what the checks allow");
    return refused;
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
        auto refused = rules::banker_refusal(setup_, cast_, s_, action.choice);
        assert(refused && "the fast path refuses what the checks allow");
        if (refused) return refused;
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
        s_.night.lobbied.insert(target);
        if (event.lobby == LobbyOutcome::corrupted) {
            s_.corrupted.insert(target);
            s_.night.corrupted_tonight.insert(target);
            if (target == holder(Role::banker)) {
                event.one_more_lobby = true;
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
    event.filed = action.file;
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
            return refusal(Reason::voter_no_such_player);
        if (voted.contains(ballot.voter))
            return refusal(Reason::voted_twice, {{"voter", setup_.players[ballot.voter]}});
        voted.insert(ballot.voter);
        if (rules::legal_ballots(setup_, cast_, s_, ballot.voter).contains(ballot.choice)) continue;
        auto refused = rules::ballot_refusal(setup_, cast_, s_, ballot);
        assert(refused && "the fast path refuses what the checks allow");
        if (refused) return refused;
    }
    for (Seat seat : s_.in_game)
        if (!voted.contains(seat))
            return refusal(Reason::not_voted, {{"voter", setup_.players[seat]}});
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
    result.was_revote = was_revote;
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

Refusal resolve_action(const Setup& setup, const Cast& cast, State& state,
                       const BallotList* cast_ballots, EventBuffer& events, BallotList& interrupted,
                       const Action& action) {
    return Resolver(setup, cast, state, cast_ballots, events, interrupted).apply(action);
}

}  // namespace coyel
