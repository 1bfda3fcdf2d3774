#include "random_games.hpp"

#include <fmt/format.h>

#include <string>

namespace coyel::test {

namespace {
template <typename T>
const T& pick(const std::vector<T>& items, SplitMix64& rng) {
    return items[rng.below(items.size())];
}
bool chance(SplitMix64& rng, int percent) { return static_cast<int>(rng.below(100)) < percent; }
}  // namespace

Setup random_setup(SplitMix64& rng) {
    Setup setup;
    const int players = min_players + static_cast<int>(rng.below(max_players - min_players + 1));
    for (int i = 0; i < players; ++i) setup.players.push_back(fmt::format("P{}x", i + 1));
    Deck deck;
    for (Role role : all_roles)
        if (is_unique(role)) deck[role] = static_cast<int>(rng.below(2));
    // The carbon team must stay below half: at most (players - 1) / 2 in all,
    // its special cards (the CEO) among them, and one carbon emission at least.
    int carbon_room = (players - 1) / 2;
    for (Role role : special_roles) {
        if (team_of(role) != Team::carbon || deck[role] == 0) continue;
        if (carbon_room > 1)
            --carbon_room;
        else
            deck[role] = 0;
    }
    deck[Role::carbon] = 1 + static_cast<int>(rng.below(carbon_room));
    deck[Role::citizen] = players - deck.size();
    setup.roles = deal(deck, rng.next());
    setup.seed = rng.next();
    Options& o = setup.options;
    o.temperature_mode = static_cast<TemperatureMode>(rng.below(3));
    o.temperature_start = static_cast<int>(rng.below(3)) - 1;
    o.temperature_limit = o.temperature_start + 1 + static_cast<int>(rng.below(8));
    o.temperature_minutes = 1 + static_cast<int>(rng.below(60));
    o.banker_actions = static_cast<BankerActions>(rng.below(2));
    o.slapp_uses = static_cast<int>(rng.below(3));
    o.ngo_repeat = chance(rng, 50);
    o.tie = static_cast<TieRule>(rng.below(2));
    o.abstain = chance(rng, 70);
    o.mayor_succession = static_cast<MayorSuccession>(rng.below(2));
    return setup;
}

Action random_action(const Game& game, SplitMix64& rng) {
    Action action;
    const State& state = game.state();
    // The moderator opens the day (after the end too), or the next answer
    // given aloud tells the news.
    if (game.news_held() && (game.over() || chance(rng, 70))) {
        action.kind = ActionKind::tell;
        if (!game.over()) action.at = state.clock_s;
        return action;
    }
    if (state.phase != Phase::setup &&
        game.setup().options.temperature_mode == TemperatureMode::clock)
        action.at = state.clock_s + static_cast<std::int64_t>(rng.below(40));
    if (action.at && *action.at >= seconds_to_limit(game.setup().options)) {
        action.kind = ActionKind::clock;  // the limit came while the table talked
        return action;
    }
    if (chance(rng, 2)) {
        action.kind = ActionKind::note;
        action.text = "a remark";
        return action;
    }
    if (game.setup().options.temperature_mode == TemperatureMode::manual && chance(rng, 3)) {
        action.kind = ActionKind::heat;
        return action;
    }
    action.kind = *state.expects;
    switch (action.kind) {
        case ActionKind::banker: action.choice = pick(game.legal_banker_choices(), rng); break;
        case ActionKind::slapp: action.file = chance(rng, 50); break;
        case ActionKind::vote:
            for (Seat voter : game.seats_in_game())
                action.votes.push_back(Ballot{voter, pick(game.legal_ballots(voter), rng)});
            break;
        default: action.player = pick(game.legal_choices(), rng); break;
    }
    return action;
}

}  // namespace coyel::test

namespace coyel::test {

int play_random_policy(Game& game, SplitMix64& rng, EventBuffer& events) {
    int answers = 0;
    Action action;
    while (!game.over()) {
        const CallId call = *game.current_call();
        if (call == CallId::vote || call == CallId::revote) {
            (void)game.cast_ballot(pick(game.legal_choices(), rng), events);
        } else {
            action.kind = call_info(call).action;
            if (call == CallId::banker) {
                const BankerChoices gestures = game.legal_gestures();
                action.choice = gestures[rng.below(gestures.size())];
            } else if (call == CallId::slapp) {
                action.file = rng.below(2) == 1;
            } else {
                action.player = pick(game.legal_choices(), rng);
            }
            (void)game.apply(action, events);
        }
        ++answers;
    }
    return answers;
}

Setup ten_player_night_setup() {
    Setup setup;
    for (int i = 1; i <= 10; ++i) setup.players.push_back(fmt::format("P{}", i));
    // The ten-player deck of before the lab chose the defaults (issue 23): the
    // benchmarks and the allocation count stay comparable across that change.
    setup.roles = deal(*parse_deck("carbon=3,ngo,ceo,banker,fragile", 10), 1);
    setup.options.temperature_mode = TemperatureMode::night;
    return setup;
}

}  // namespace coyel::test
