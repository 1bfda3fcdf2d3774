#include "policy.hpp"

namespace coyel::sim {
namespace {

// Draws a seat of `seats`, a carbon emission weighing `heavy` and anyone else 1:
// how a table of skill `heavy` points at a suspect (docs/balance.md).
Pick draw_suspect(const EnginePort& game, SeatSet seats, int heavy, SplitMix64& rng) {
    int total = 0;
    for (Seat seat : seats) total += game.role(seat) == Role::carbon ? heavy : 1;
    if (total == 0) return no_one;
    int ticket = roll(rng, total);
    for (Seat seat : seats) {
        ticket -= game.role(seat) == Role::carbon ? heavy : 1;
        if (ticket < 0) return seat;
    }
    return no_one;
}

// `seats` without the carbon emissions: whom a carbon emission would vote out.
SeatSet without_carbon(const EnginePort& game, SeatSet seats) {
    for (Seat seat : seats)
        if (game.role(seat) == Role::carbon) seats.erase(seat);
    return seats;
}

// Prefers `preferred` among the legal players when it has any; else any legal answer.
Pick prefer(SeatSet preferred, const Choices& legal, SplitMix64& rng) {
    SeatSet both;
    for (Seat seat : preferred)
        if (legal.players.contains(seat)) both.insert(seat);
    if (!both.empty()) return draw_seat(both, rng);
    return draw_choice(legal, rng);
}

// The carbon emissions' target: any legal one, the mayor (two votes) counting double.
Pick table_target(const EnginePort& game, const Choices& legal, SplitMix64& rng) {
    const auto mayor = game.state().mayor;
    const bool mayor_open = mayor && legal.players.contains(*mayor);
    const int total = legal.players.size() + (mayor_open ? 1 : 0);
    const int ticket = roll(rng, total);
    return ticket == legal.players.size() ? *mayor : pick_of(legal.players.nth(ticket));
}

// The NGO protects another player, not last night's.
Pick table_protect(const EnginePort& game, const Choices& legal, SplitMix64& rng) {
    SeatSet others = legal.players;
    if (auto ngo = game.holder(Role::ngo)) others.erase(*ngo);
    if (auto last = game.state().protected_last_night) others.erase(*last);
    return prefer(others, legal, rng);
}

// The CEO lobbies someone the lobby would corrupt, as far as the CEO knows:
// who is corrupted, who is mayor, whether the banker is; not who the NGO is.
Pick table_lobby(const EnginePort& game, const Choices& legal, SplitMix64& rng) {
    SeatSet worth;
    const bool banker_corrupted = game.banker_corrupted();
    for (Seat seat : legal.players) {
        const rules::LobbyFacts known{.target_corrupted = game.corrupted(seat),
                                      .target_is_mayor = seat == game.state().mayor,
                                      .banker_corrupted = banker_corrupted};
        if (rules::lobby_outcome(known) == LobbyOutcome::corrupted) worth.insert(seat);
    }
    return prefer(worth, legal, rng);
}

}  // namespace

Pick choose_player(const SimConfig& config, CallId call, const EnginePort& game, SplitMix64& rng) {
    const Choices legal = game.choices();
    switch (config.policy) {
        case Policy::random: return draw_choice(legal, rng);
        case Policy::uniform:
            // The textbook model: only the carbon emissions act at night.
            if (call == CallId::carbon_target || !legal.nobody)
                return draw_seat(legal.players, rng);
            return no_one;
        case Policy::table: break;
    }
    switch (call) {
        case CallId::carbon_target: return table_target(game, legal, rng);
        case CallId::ngo_protect: return table_protect(game, legal, rng);
        case CallId::ceo_lobby:
        case CallId::ceo_extra_lobby: return table_lobby(game, legal, rng);
        case CallId::first_mayor:
        case CallId::new_mayor:
        case CallId::banker:  // not a player answer: never asked here
        case CallId::slapp:
        case CallId::vote:  // ballots: plan_vote
        case CallId::revote: break;
    }
    return prefer(legal.players, legal, rng);  // a mayor: anyone in the game
}

BankerChoice choose_gesture(const SimConfig& config, const EnginePort& game, SplitMix64& rng) {
    if (config.policy == Policy::uniform) return BankerChoice::none;
    const Gestures open = game.gestures();
    if (config.policy == Policy::random) {
        // `none` is always open: a uniform pick among the open gestures.
        BankerChoice listed[3] = {BankerChoice::none};
        int count = 1;
        if (open.social) listed[count++] = BankerChoice::social;
        if (open.speculation) listed[count++] = BankerChoice::speculation;
        return listed[roll(rng, count)];
    }
    // An honest banker revives the fragile ecosystem as soon as it may; a
    // corrupted one speculates as soon as it may: the corruption at work.
    if (open.social) return BankerChoice::social;
    if (open.speculation) return BankerChoice::speculation;
    return BankerChoice::none;
}

bool choose_slapp(const SimConfig& config, SplitMix64& rng) {
    if (config.policy == Policy::uniform) return false;
    return roll(rng, 2) == 0;  // random and table: a coin (filing unmasks the CEO)
}

VotePlan plan_vote(const SimConfig& config, const EnginePort& game, SeatSet candidates,
                   SplitMix64& rng) {
    switch (config.policy) {
        case Policy::random: return {};
        case Policy::uniform: return {draw_seat(candidates, rng)};
        case Policy::table: return {draw_suspect(game, candidates, config.skill, rng)};
    }
    return {};
}

Pick choose_ballot(const SimConfig& config, const EnginePort& game, const VotePlan& plan,
                   Seat voter, const Choices& legal, SplitMix64& rng) {
    if (config.policy == Policy::random) return draw_choice(legal, rng);
    Pick ballot = plan.suspect;
    if (config.policy == Policy::table && plan.suspect != no_one) {
        SeatSet others = legal.players;
        others.erase(voter);
        if (game.role(voter) == Role::carbon && game.role(plan.suspect) == Role::carbon)
            ballot = draw_seat(without_carbon(game, others), rng);  // a fellow: defend them
        else if (voter == plan.suspect)
            ballot = draw_suspect(game, others, config.skill, rng);  // the suspect points away
    }
    if (ballot != no_one && legal.players.contains(ballot)) return ballot;
    // A corrupted voter may not name the CEO: another player, never themselves.
    SeatSet others = legal.players;
    others.erase(voter);
    return prefer(others, legal, rng);
}

}  // namespace coyel::sim
