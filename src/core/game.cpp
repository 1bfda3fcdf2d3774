#include "coyel/game.hpp"

#include <fmt/format.h>
#include <algorithm>

#include "coyel/text.hpp"

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

// The night calls in their order (SPEC section 3) and who answers each.
struct NightCall {
    ActionKind kind;
    Role role;
};
constexpr NightCall night_calls[] = {
    {ActionKind::carbon_target, Role::carbon},
    {ActionKind::ngo_protect, Role::ngo},
    {ActionKind::banker, Role::banker},
    {ActionKind::ceo_lobby, Role::ceo},
};

// Runs one action against a scratch copy of the state. Each rule step is a
// small named member; the SPEC section it follows is named beside it.
class Resolver {
  public:
    Resolver(const Game& game, State& state, std::vector<Event>& events)
        : game_(game),
          setup_(game.setup()),
          options_(game.setup().options),
          s_(state),
          events_(events) {}

    std::optional<std::string> apply(const Action& action);

  private:
    void move_clock(std::int64_t at);
    std::optional<std::string> elect_mayor(const Action& action);
    std::optional<std::string> carbon_target(const Action& action);
    std::optional<std::string> ngo_protect(const Action& action);
    std::optional<std::string> banker(const Action& action);
    std::optional<std::string> ceo_lobby(const Action& action);
    std::optional<std::string> slapp(const Action& action);
    std::optional<std::string> vote(const Action& action);
    std::optional<std::string> heat();

    std::optional<std::string> check_player(std::optional<Seat> seat) const;
    std::optional<std::string> check_ballots(const std::vector<Ballot>& ballots) const;
    void next_call(ActionKind answered);
    void resolve_dawn();
    void finish_dawn();
    void tally_vote(const std::vector<Ballot>& ballots);
    void start_night();
    void start_day();
    void take_out(Seat seat, OutCause cause);
    void raise_temperature(int degrees);
    bool check_end();
    void end(Team winner, WinReason reason);

    bool holder_in_game(Role role) const {
        auto seat = game_.seat_of(role);
        return seat && s_.players[*seat].in_game;
    }
    const std::string& name(Seat seat) const { return setup_.players[seat]; }
    Event& emit(Event::Kind kind, std::optional<Seat> player = std::nullopt) {
        Event& event = events_.emplace_back();
        event.kind = kind;
        event.player = player;
        return event;
    }

    const Game& game_;
    const Setup& setup_;
    const Options& options_;
    State& s_;
    std::vector<Event>& events_;
};

std::optional<std::string> Resolver::apply(const Action& action) {
    if (action.at) {
        if (*action.at < 0 || *action.at > max_clock_seconds)
            return fmt::format("at must be from 0 to {} seconds", max_clock_seconds);
        if (*action.at < s_.clock_s)
            return fmt::format("the clock cannot run back: at {} s is before {} s", *action.at,
                               s_.clock_s);
    }
    if (utf8_length(action.text) == std::string::npos ||
        (action.wall && utf8_length(*action.wall) == std::string::npos))
        return std::string{"the text is not valid UTF-8"};
    if (action.kind == ActionKind::note) {  // legal at any time, even after the end
        if (action.at) move_clock(*action.at);
        return std::nullopt;
    }
    if (s_.phase == Phase::over) return std::string{"the game is over"};
    if (action.at) {
        // The clock moves first (SPEC section 8): the limit may end the game,
        // and then only a `clock` entry, which records just that, is legal.
        move_clock(*action.at);
        if (s_.phase == Phase::over && action.kind != ActionKind::clock)
            return fmt::format(
                "the game was over by then: the temperature limit was reached at {} s",
                seconds_to_limit(options_));
    }
    switch (action.kind) {
        case ActionKind::clock:
            if (!action.at) return std::string{"a clock entry needs at"};
            return std::nullopt;
        case ActionKind::heat: return heat();
        case ActionKind::note: return std::nullopt;
        default: break;
    }
    if (action.kind != s_.expects)
        return fmt::format("the game expects {} now, not {}", action_id(*s_.expects),
                           action_id(action.kind));
    switch (action.kind) {
        case ActionKind::elect_mayor: return elect_mayor(action);
        case ActionKind::carbon_target: return carbon_target(action);
        case ActionKind::ngo_protect: return ngo_protect(action);
        case ActionKind::banker: return banker(action);
        case ActionKind::ceo_lobby: return ceo_lobby(action);
        case ActionKind::slapp: return slapp(action);
        case ActionKind::vote: return vote(action);
        default: return std::string{"not an action the game expects"};
    }
}

// SPEC section 6: in clock mode one degree per minutes*60/(limit-start)
// seconds, so the limit falls exactly at minutes*60 seconds.
void Resolver::move_clock(std::int64_t at) {
    s_.clock_s = at;
    if (s_.phase == Phase::over || options_.temperature_mode != TemperatureMode::clock) return;
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

std::optional<std::string> Resolver::heat() {
    if (options_.temperature_mode != TemperatureMode::manual)
        return fmt::format("heat is only for temperature.mode manual (this game: {})",
                           id_of(options_.temperature_mode));
    raise_temperature(1);
    return std::nullopt;
}

std::optional<std::string> Resolver::check_player(std::optional<Seat> seat) const {
    if (seat && (*seat < 0 || *seat >= setup_.player_count())) return std::string{"no such player"};
    if (seat && !s_.players[*seat].in_game)
        return fmt::format("{} is out of the game", name(*seat));
    return std::nullopt;
}

// SPEC section 2 (first election) and section 4 step 8 (succession).
std::optional<std::string> Resolver::elect_mayor(const Action& action) {
    if (auto refusal = check_player(action.player)) return refusal;
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

std::optional<std::string> Resolver::carbon_target(const Action& action) {
    if (!action.player) return std::string{"the carbon emissions must name a player"};
    if (auto refusal = check_player(action.player)) return refusal;
    if (setup_.roles[*action.player] == Role::carbon)
        return fmt::format("{} is a carbon emission: the target must be another player",
                           name(*action.player));
    s_.night.target = action.player;
    next_call(ActionKind::carbon_target);
    return std::nullopt;
}

std::optional<std::string> Resolver::ngo_protect(const Action& action) {
    if (auto refusal = check_player(action.player)) return refusal;
    if (!options_.ngo_repeat && action.player && action.player == s_.protected_last_night)
        return fmt::format(
            "the NGO protected {} last night and may not protect them two nights "
            "running (ngo_repeat is off)",
            name(*action.player));
    s_.night.protect = action.player;
    next_call(ActionKind::ngo_protect);
    return std::nullopt;
}

std::optional<std::string> Resolver::banker(const Action& action) {
    if (auto refusal = game_.banker_refusal(action.choice)) return refusal;
    s_.night.banker = action.choice;
    if (action.choice == BankerChoice::social) s_.social_used = true;
    if (action.choice == BankerChoice::speculation) s_.speculation_used = true;
    next_call(ActionKind::banker);
    return std::nullopt;
}

// SPEC section 3, call 4: one lobby a night, plus one at once when a lobby
// corrupts the banker. Refused and wasted lobbies are still spent.
std::optional<std::string> Resolver::ceo_lobby(const Action& action) {
    if (auto refusal = check_player(action.player)) return refusal;
    const auto ceo = game_.seat_of(Role::ceo);
    if (action.player && action.player == ceo)
        return std::string{"the CEO cannot lobby themselves"};
    Event& event = emit(Event::Kind::lobby, action.player);
    --s_.night.lobbies_left;
    if (action.player) {
        const Seat target = *action.player;
        const auto banker = game_.seat_of(Role::banker);
        const bool banker_corrupted = banker && s_.players[*banker].corrupted;
        if (s_.players[target].corrupted) {
            event.lobby = LobbyOutcome::already_corrupted;
        } else if (setup_.roles[target] == Role::ngo) {
            event.lobby = LobbyOutcome::refused_ngo;
        } else if (s_.mayor == target && !banker_corrupted) {
            event.lobby = LobbyOutcome::refused_mayor;
        } else {
            event.lobby = LobbyOutcome::corrupted;
            s_.players[target].corrupted = true;
            if (target == banker) {
                event.extra = true;
                ++s_.night.lobbies_left;
            }
        }
    }
    if (s_.night.lobbies_left == 0) resolve_dawn();
    return std::nullopt;
}

// Moves on to the next night call whose holder is in the game, or to dawn.
void Resolver::next_call(ActionKind answered) {
    bool after = false;
    for (const auto& call : night_calls) {
        if (after && holder_in_game(call.role)) {
            s_.expects = call.kind;
            if (call.kind == ActionKind::ceo_lobby) s_.night.lobbies_left = 1;
            return;
        }
        after = after || call.kind == answered;
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
    const Seat target = *s_.night.target;
    if (s_.night.protect == target) {
        s_.saved = target;
        emit(Event::Kind::saved, target);
    } else {
        take_out(target, OutCause::damage);
    }
    const auto fragile = game_.seat_of(Role::fragile);
    if (s_.night.banker == BankerChoice::speculation && s_.players[*fragile].in_game)
        take_out(*fragile, OutCause::speculation);
    if (s_.night.banker == BankerChoice::social && !s_.players[*fragile].in_game) {
        s_.players[*fragile].in_game = true;
        emit(Event::Kind::fragile_revived, *fragile);
    }
    if (s_.saved && s_.players[*s_.saved].in_game && holder_in_game(Role::ceo) &&
        game_.slapps_left() > 0) {
        s_.expects = ActionKind::slapp;
        return;
    }
    finish_dawn();
}

std::optional<std::string> Resolver::slapp(const Action& action) {
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

std::optional<std::string> Resolver::check_ballots(const std::vector<Ballot>& ballots) const {
    // The committed state serves: moving the clock changed nobody's place.
    std::vector<bool> voted(setup_.players.size(), false);
    for (const auto& ballot : ballots) {
        if (ballot.voter < 0 || ballot.voter >= setup_.player_count())
            return std::string{"a vote from no such player"};
        if (voted[ballot.voter]) return fmt::format("{} voted twice", name(ballot.voter));
        voted[ballot.voter] = true;
        if (auto refusal = game_.ballot_refusal(ballot)) return refusal;
    }
    for (Seat seat : game_.seats_in_game())
        if (!voted[seat]) return fmt::format("{} has not voted", name(seat));
    return std::nullopt;
}

std::optional<std::string> Resolver::vote(const Action& action) {
    if (auto refusal = check_ballots(action.votes)) return refusal;
    tally_vote(action.votes);
    if (s_.phase != Phase::over && s_.revote_candidates.empty()) start_night();
    return std::nullopt;
}

// SPEC section 5: the single player with the most votes is out; a tie at the
// top removes nobody, or (tie = revote) sends the tied players to one revote.
void Resolver::tally_vote(const std::vector<Ballot>& ballots) {
    Event& result = emit(Event::Kind::vote_result);
    result.tally.assign(setup_.players.size(), 0);
    for (const auto& ballot : ballots) {
        if (!ballot.choice) continue;
        result.tally[*ballot.choice] += game_.vote_weight(ballot.voter);
        if (game_.vote_weight(ballot.voter) == 2) result.double_vote = ballot.voter;
    }
    const int top = *std::max_element(result.tally.begin(), result.tally.end());
    const bool was_revote = !s_.revote_candidates.empty();
    s_.revote_candidates.clear();
    if (top == 0) return;  // no votes at all: nobody, and no revote
    for (Seat seat = 0; seat < setup_.player_count(); ++seat)
        if (result.tally[seat] == top) result.seats.push_back(seat);
    if (result.seats.size() == 1) {
        const Seat out = result.seats.front();
        result.player = out;
        take_out(out, OutCause::vote);
        check_end();
        return;
    }
    if (options_.tie == TieRule::revote && !was_revote) {
        s_.revote_candidates = result.seats;
        emit(Event::Kind::revote).seats = s_.revote_candidates;
    }
}

void Resolver::start_night() {
    ++s_.round;
    s_.phase = Phase::night;
    s_.protected_last_night = s_.night.protect;
    s_.night = NightCalls{};
    s_.expects = ActionKind::carbon_target;
}

void Resolver::start_day() {
    s_.phase = Phase::day;
    s_.expects = ActionKind::vote;
}

void Resolver::take_out(Seat seat, OutCause cause) {
    s_.players[seat].in_game = false;
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
    bool carbon_in = false, ecosystems_in = false;
    for (Seat seat = 0; seat < setup_.player_count(); ++seat) {
        if (!s_.players[seat].in_game) continue;
        carbon_in = carbon_in || setup_.roles[seat] == Role::carbon;
        ecosystems_in = ecosystems_in || team_of(setup_.roles[seat]) == Team::ecosystems;
    }
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
    Event& event = emit(Event::Kind::game_over);
    event.winner = winner;
    event.reason = reason;
}

}  // namespace

Game::Game(Setup setup) : setup_(std::move(setup)) {
    assert(check_setup(setup_).empty());
    state_.players.assign(setup_.players.size(), PlayerState{});
    state_.temperature = setup_.options.temperature_start;
}

Result<std::vector<Event>> Game::apply(const Action& action) {
    State next = state_;
    std::vector<Event> events;
    Resolver resolver(*this, next, events);
    if (auto refusal = resolver.apply(action)) return Error{std::move(*refusal)};
    state_ = std::move(next);
    log_.push_back(action);
    return events;
}

Game Game::replay_prefix(std::size_t entries) const {
    Game game(setup_);
    for (std::size_t i = 0; i < entries && i < log_.size(); ++i) {
        [[maybe_unused]] auto applied = game.apply(log_[i]);
        assert(applied.ok());
    }
    return game;
}

std::optional<Seat> Game::seat_of(Role role) const {
    for (Seat seat = 0; seat < player_count(); ++seat)
        if (setup_.roles[seat] == role) return seat;
    return std::nullopt;
}

std::vector<Seat> Game::seats_in_game() const {
    std::vector<Seat> seats;
    for (Seat seat = 0; seat < player_count(); ++seat)
        if (state_.players[seat].in_game) seats.push_back(seat);
    return seats;
}

int Game::slapps_left() const {
    return std::max(0, setup_.options.slapp_uses - state_.slapps_filed);
}

std::optional<std::string> Game::ballot_refusal(const Ballot& ballot) const {
    const std::string& voter = name(ballot.voter);
    if (!state_.players[ballot.voter].in_game)
        return fmt::format("{} is out of the game and cannot vote", voter);
    if (!ballot.choice) {
        if (!setup_.options.abstain)
            return fmt::format("{} must name a player: abstaining is off in this game", voter);
        return std::nullopt;
    }
    const Seat choice = *ballot.choice;
    if (choice < 0 || choice >= player_count())
        return fmt::format("{} voted for no such player", voter);
    if (!state_.players[choice].in_game)
        return fmt::format("{} voted for {}, who is out of the game", voter, name(choice));
    const auto& candidates = state_.revote_candidates;
    if (!candidates.empty() &&
        std::find(candidates.begin(), candidates.end(), choice) == candidates.end()) {
        std::vector<std::string> names;
        for (Seat seat : candidates) names.push_back(name(seat));
        return fmt::format("in the revote {} may vote only for {}{}", voter, join_or(names),
                           setup_.options.abstain ? " or nobody" : "");
    }
    // SPEC section 5: a corrupted voter may not vote for the Fossil Fuel CEO.
    if (state_.players[ballot.voter].corrupted && choice == seat_of(Role::ceo))
        return fmt::format(
            "{} is corrupted and may not vote for the Fossil Fuel CEO: ask them for another name",
            voter);
    return std::nullopt;
}

int Game::vote_weight(Seat voter) const { return state_.mayor == voter ? 2 : 1; }

std::optional<std::int64_t> Game::next_rise_at() const {
    const Options& options = setup_.options;
    if (over() || options.temperature_mode != TemperatureMode::clock) return std::nullopt;
    return clock_rise_at(options, state_.temperature + 1);
}

std::optional<std::string> Game::banker_refusal(BankerChoice choice) const {
    if (choice == BankerChoice::none) return std::nullopt;
    const auto banker = seat_of(Role::banker);
    const auto fragile = seat_of(Role::fragile);
    const bool corrupted = banker && state_.players[*banker].corrupted;
    const bool one_total = setup_.options.banker_actions == BankerActions::one_total;
    const bool any_used = state_.social_used || state_.speculation_used;
    if (choice == BankerChoice::social) {
        if (corrupted) return "social responsibility needs a banker who is not corrupted";
        if (state_.social_used) return "social responsibility has been used already";
        if (one_total && any_used) return "the banker has used their one action (one-total)";
        if (!fragile) return "there is no fragile ecosystem in this game";
        if (state_.players[*fragile].in_game)
            return "social responsibility needs the fragile ecosystem out of the game";
        return std::nullopt;
    }
    if (!corrupted) return "speculation needs a corrupted banker";
    if (state_.speculation_used) return "speculation has been used already";
    if (one_total && any_used) return "the banker has used their one action (one-total)";
    if (!fragile) return "there is no fragile ecosystem in this game";
    if (!state_.players[*fragile].in_game) return "the fragile ecosystem is already out";
    return std::nullopt;
}

std::vector<BankerChoice> Game::legal_banker_choices() const {
    std::vector<BankerChoice> choices;
    for (auto choice : {BankerChoice::social, BankerChoice::speculation, BankerChoice::none})
        if (!banker_refusal(choice)) choices.push_back(choice);
    return choices;
}

std::vector<std::optional<Seat>> Game::legal_players(std::optional<Seat> voter) const {
    std::vector<std::optional<Seat>> choices;
    if (!state_.expects) return choices;
    const auto ceo = seat_of(Role::ceo);
    auto add_if = [&](auto&& allowed) {
        for (Seat seat : seats_in_game())
            if (allowed(seat)) choices.emplace_back(seat);
    };
    switch (*state_.expects) {
        case ActionKind::elect_mayor:
            add_if([](Seat) { return true; });
            choices.emplace_back(std::nullopt);
            break;
        case ActionKind::carbon_target:
            add_if([&](Seat seat) { return role(seat) != Role::carbon; });
            break;
        case ActionKind::ngo_protect:
            add_if([&](Seat seat) {
                return setup_.options.ngo_repeat || state_.protected_last_night != seat;
            });
            choices.emplace_back(std::nullopt);
            break;
        case ActionKind::ceo_lobby:
            add_if([&](Seat seat) { return seat != ceo; });
            choices.emplace_back(std::nullopt);
            break;
        case ActionKind::vote:
            // The voter's open choices are exactly the ballots the rules accept.
            add_if([&](Seat seat) { return voter && !ballot_refusal(Ballot{*voter, seat}); });
            if (setup_.options.abstain) choices.emplace_back(std::nullopt);
            break;
        default: break;
    }
    return choices;
}

}  // namespace coyel
