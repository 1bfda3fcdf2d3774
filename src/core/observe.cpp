#include "coyel/observe.hpp"

#include "coyel/checks.hpp"
#include "views.hpp"

namespace coyel {
namespace {

// The live reading, where the clock has run on since the game's own.
void at_reading(TableView& view, const Moment& moment) {
    if (moment.clock_s && *moment.clock_s > view.clock_s && view.clock_may_run())
        view.clock_s = *moment.clock_s;
}

// docs/rulings.md, "Who learns what, when": the facts the night gave this
// player, in the order the rules give them.
std::vector<PrivateFact> told_to(const Game& game, Seat self) {
    const State& state = game.state();
    std::vector<PrivateFact> told;
    const auto tell = [&](PrivateFact::Kind kind, Seat about) { told.push_back({kind, about}); };
    const Role own = game.role(self);
    const auto ceo = game.holder(Role::ceo);
    for (Seat seat = 0; seat < game.player_count(); ++seat)
        if (own == Role::carbon && seat != self && game.role(seat) == Role::carbon)
            tell(PrivateFact::Kind::fellow, seat);
    if (state.corrupted.contains(self) && ceo) tell(PrivateFact::Kind::lobbied, *ceo);
    if (own != Role::ceo) return told;
    for (Seat seat : state.corrupted) tell(PrivateFact::Kind::corrupted, seat);
    for (Seat seat : state.night.lobbied)
        if (!state.night.corrupted_tonight.contains(seat))
            tell(PrivateFact::Kind::lobby_spent, seat);
    if (const auto pointed = phone_pointed_at(game, self)) tell(PrivateFact::Kind::saved, *pointed);
    return told;
}

// What the rules let `self` tap, entry by entry, when their taps count.
std::vector<bool> open_to(const Game& game, Seat self, const std::vector<PhoneChoice>& choices) {
    const auto call = *game.current_call();
    const Choices players = is_ballot(call) ? game.legal_ballots(self) : game.legal_choices();
    const BankerChoices gestures = game.legal_gestures();
    std::vector<bool> open;
    for (const PhoneChoice& choice : choices) {
        if (choice.gesture)
            open.push_back(gestures.contains(*choice.gesture));
        else if (choice.file)
            open.push_back(true);  // filing or not: both are the CEO's to choose
        else
            open.push_back(players.contains(choice.player));
    }
    return open;
}

// A player's phone: no call while the news waits or once they are out, as
// the table knows it.
PhoneView phone_of(const Game& game, Seat self, const TableView& view) {
    PhoneView phone;
    if (game.news_held() || !view.players[self].in_game) return phone;
    phone.choices = phone_choices(game);
    if (phone.choices.empty()) return phone;
    phone.call = game.current_call();
    phone.answers = phone_answerers(game).contains(self);
    phone.open = phone.answers ? open_to(game, self, phone.choices)
                               : std::vector<bool>(phone.choices.size(), true);
    return phone;
}

// The moderator's prompt at the call now expected.
std::optional<CallPrompt> prompt_of(const Game& game) {
    const auto call = game.current_call();
    if (!call) return std::nullopt;
    CallPrompt prompt;
    prompt.call = *call;
    prompt.voter = game.next_voter();
    prompt.slapps_left = game.slapps_left();
    prompt.saved = game.state().saved;
    prompt.ngo_barred = rules::ngo_barred(game.setup(), game.state());
    prompt.gestures = game.legal_banker_choices();
    return prompt;
}

}  // namespace

Observation observe(const Moment& moment, Observer observer) {
    const Game& game = moment.game;
    Observation seen;
    switch (observer.kind) {
        case Observer::Kind::moderator:
            if (moment.as_told) {
                seen.view = view_for(game, observer);
                break;
            }
            seen.view = present_view(game);
            seen.prompt = prompt_of(game);
            break;
        case Observer::Kind::table: seen.view = table_view(game); break;
        case Observer::Kind::player:
            seen.view = view_for(game, observer);
            seen.card = card_view(game, observer.seat);
            seen.told = told_to(game, observer.seat);
            seen.phone = phone_of(game, observer.seat, seen.view);
            break;
    }
    at_reading(seen.view, moment);
    return seen;
}

}  // namespace coyel
