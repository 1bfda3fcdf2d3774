#include "views.hpp"

namespace coyel {

namespace {

// The view of `state`, the game's own or the one the table was told (Game::told_state).
TableView view_of(const Game& game, const State& state) {
    const Options& options = game.setup().options;
    TableView view;
    view.round = state.round;
    view.phase = state.phase;
    view.temperature = state.temperature;
    view.temperature_limit = options.temperature_limit;
    view.mode = options.temperature_mode;
    view.abstain = options.abstain;
    view.clock_s = state.clock_s;
    const bool over = state.phase == Phase::over;
    if (!over && options.temperature_mode == TemperatureMode::clock)
        view.next_rise_at = clock_rise_at(options, state.temperature + 1);
    for (Seat seat : state.revote_candidates) view.revote_between.push_back(seat);
    view.ballots = state.ballots.to_vector();
    view.next_voter = state.next_voter();
    view.winner = state.winner;
    view.win_reason = state.win_reason;
    for (Seat seat = 0; seat < game.player_count(); ++seat) {
        TablePlayer& player = view.players.emplace_back();
        player.name = game.name(seat);
        player.in_game = state.in_game.contains(seat);
        player.mayor = state.mayor == seat;
        const bool revealed_ceo = state.ceo_revealed && game.role(seat) == Role::ceo;
        // At the end, every role once the moderator tells them (Game::end_held).
        const bool end_told = over && !game.end_held();
        if (!player.in_game || revealed_ceo || end_told) player.role = game.role(seat);
        if (end_told) player.corrupted = state.corrupted.contains(seat);
    }
    return view;
}

}  // namespace

// While news is held, the table knows the game as it was before it.
TableView table_view(const Game& game) { return view_of(game, game.told_state()); }

namespace {

// A player knows their own card, and what the night showed them
// (docs/rules.md): the carbon emissions met each other on night 1; a
// corrupted player was tapped and recognised the CEO; the CEO knows whom
// their lobbies corrupted. (The CEO's lobby is the one way to be corrupted:
// a card that corrupts otherwise must keep whose work a corruption is.)
void add_what_a_player_knows(const Game& game, Seat self, TableView& view) {
    const State& state = game.state();
    const auto show_role = [&](Seat seat) { view.players[seat].role = game.role(seat); };
    const Role own = game.role(self);
    show_role(self);
    for (Seat seat = 0; seat < game.player_count(); ++seat) {
        const Role role = game.role(seat);
        if (own == Role::carbon && role == Role::carbon) show_role(seat);
        if (state.corrupted.contains(self) && role == Role::ceo) show_role(seat);
        if (own == Role::ceo && state.corrupted.contains(seat)) view.players[seat].corrupted = true;
    }
    if (state.corrupted.contains(self)) view.players[self].corrupted = true;
}

}  // namespace

namespace {

void show_every_role(const Game& game, TableView& view) {
    for (Seat seat = 0; seat < game.player_count(); ++seat) {
        view.players[seat].role = game.role(seat);
        view.players[seat].corrupted = game.state().corrupted.contains(seat);
    }
}

}  // namespace

TableView present_view(const Game& game) {
    TableView view = view_of(game, game.state());
    show_every_role(game, view);
    return view;
}

TableView view_for(const Game& game, Observer observer) {
    TableView view = table_view(game);
    switch (observer.kind) {
        case Observer::Kind::table: break;
        case Observer::Kind::moderator: show_every_role(game, view); break;
        case Observer::Kind::player: add_what_a_player_knows(game, observer.seat, view); break;
    }
    return view;
}

bool table_may_look(const Game& game) {
    if (game.news_held()) return false;
    const auto call = game.current_call();
    return !call || (!wakes_at_night(*call) && *call != CallId::slapp);
}

std::optional<Event> public_part(const Event& event) {
    switch (event.kind) {
        case Event::Kind::lobby: return std::nullopt;  // answered eyes closed
        case Event::Kind::slapp:  // the call is public (a protest saved someone), and so is
            return event;         // its outcome: the table opens its eyes to it
        case Event::Kind::saved: {
            Event shown = event;
            shown.player.reset();  // "a protest saved an ecosystem": not whom
            return shown;
        }
        case Event::Kind::mayor_elected:
        case Event::Kind::mayor_lost:
        case Event::Kind::temperature_rose:
        case Event::Kind::dawn:
        case Event::Kind::player_out:
        case Event::Kind::fragile_revived:
        case Event::Kind::vote_result:
        case Event::Kind::revote:
        case Event::Kind::game_over: return event;
    }
    return std::nullopt;
}

bool answer_is_public(const Action& action) {
    switch (action_info(action.kind).heard) {
        case Heard::always: return true;
        case Heard::never: return false;
        case Heard::if_filed: return action.file;
    }
    return false;
}

}  // namespace coyel
