#include "rules.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "coyel/text.hpp"

namespace coyel::rules {
namespace {

Error refused(std::string message) { return Error{std::move(message), ErrorCode::refused}; }

const std::string& name(const Setup& setup, Seat seat) { return setup.players[seat]; }

Refusal seat_refusal(const Setup& setup, const State& state, std::optional<Seat> seat) {
    if (!seat) return std::nullopt;
    if (*seat < 0 || *seat >= setup.player_count()) return Error{"no such player"};
    if (!state.players[*seat].in_game)
        return refused(fmt::format("{} is out of the game", name(setup, *seat)));
    return std::nullopt;
}

}  // namespace

std::optional<Seat> holder(const Setup& setup, Role role) {
    const auto found = std::find(setup.roles.begin(), setup.roles.end(), role);
    if (found == setup.roles.end()) return std::nullopt;
    return static_cast<Seat>(found - setup.roles.begin());
}

Refusal player_refusal(const Setup& setup, const State& state, ActionKind call,
                       std::optional<Seat> choice) {
    if (auto refusal = seat_refusal(setup, state, choice)) return refusal;
    switch (call) {
        case ActionKind::elect_mayor: return std::nullopt;  // anyone in the game, or nobody
        case ActionKind::carbon_target:                     // SPEC section 3, call 1
            if (!choice) return refused("the carbon emissions must name a player");
            if (setup.roles[*choice] == Role::carbon)
                return refused(
                    fmt::format("{} is a carbon emission: the target must be another player",
                                name(setup, *choice)));
            return std::nullopt;
        case ActionKind::ngo_protect:  // SPEC section 3, call 2
            if (!setup.options.ngo_repeat && choice && choice == state.protected_last_night)
                return refused(fmt::format(
                    "the NGO protected {} last night and may not protect them two nights "
                    "running (ngo_repeat is off)",
                    name(setup, *choice)));
            return std::nullopt;
        case ActionKind::ceo_lobby:  // SPEC section 3, call 4
            if (choice && choice == holder(setup, Role::ceo))
                return refused("the CEO cannot lobby themselves");
            return std::nullopt;
        case ActionKind::banker:
        case ActionKind::slapp:
        case ActionKind::vote:
        case ActionKind::clock:
        case ActionKind::heat:
        case ActionKind::note: break;
    }
    return Error{fmt::format("{} is not answered with a player", action_id(call))};
}

// SPEC section 3, call 3.
Refusal banker_refusal(const Setup& setup, const State& state, BankerChoice choice) {
    if (choice == BankerChoice::none) return std::nullopt;
    const auto banker = holder(setup, Role::banker);
    const auto fragile = holder(setup, Role::fragile);
    const bool corrupted = banker && state.players[*banker].corrupted;
    const bool one_total = setup.options.banker_actions == BankerActions::one_total;
    const bool any_used = state.social_used || state.speculation_used;
    if (choice == BankerChoice::social) {
        if (corrupted) return refused("social responsibility needs a banker who is not corrupted");
        if (state.social_used) return refused("social responsibility has been used already");
        if (one_total && any_used)
            return refused("the banker has used their one action (one-total)");
        if (!fragile) return refused("there is no fragile ecosystem in this game");
        if (state.players[*fragile].in_game)
            return refused("social responsibility needs the fragile ecosystem out of the game");
        return std::nullopt;
    }
    if (!corrupted) return refused("speculation needs a corrupted banker");
    if (state.speculation_used) return refused("speculation has been used already");
    if (one_total && any_used) return refused("the banker has used their one action (one-total)");
    if (!fragile) return refused("there is no fragile ecosystem in this game");
    if (!state.players[*fragile].in_game) return refused("the fragile ecosystem is already out");
    return std::nullopt;
}

Refusal ballot_refusal(const Setup& setup, const State& state, const Ballot& ballot) {
    const std::string& voter = name(setup, ballot.voter);
    if (!state.players[ballot.voter].in_game)
        return refused(fmt::format("{} is out of the game and cannot vote", voter));
    if (!ballot.choice) {
        if (!setup.options.abstain)
            return refused(
                fmt::format("{} must name a player: abstaining is off in this game", voter));
        return std::nullopt;
    }
    const Seat choice = *ballot.choice;
    if (choice < 0 || choice >= setup.player_count())
        return Error{fmt::format("{} voted for no such player", voter)};
    if (!state.players[choice].in_game)
        return refused(
            fmt::format("{} voted for {}, who is out of the game", voter, name(setup, choice)));
    const auto& tied = state.revote_candidates;
    if (!tied.empty() && std::find(tied.begin(), tied.end(), choice) == tied.end()) {
        std::vector<std::string> names;
        for (Seat seat : tied) names.push_back(name(setup, seat));
        return refused(fmt::format("in the revote {} may vote only for {}{}", voter, join_or(names),
                                   setup.options.abstain ? " or nobody" : ""));
    }
    // SPEC section 5: a corrupted voter may not vote for the Fossil Fuel CEO.
    if (state.players[ballot.voter].corrupted && choice == holder(setup, Role::ceo))
        return refused(fmt::format(
            "{} is corrupted and may not vote for the Fossil Fuel CEO: ask them for another name",
            voter));
    return std::nullopt;
}

Choices legal_players(const Setup& setup, const State& state, ActionKind call) {
    Choices choices;
    for (Seat seat = 0; seat < setup.player_count(); ++seat)
        if (!player_refusal(setup, state, call, seat)) choices.players.insert(seat);
    choices.nobody = !player_refusal(setup, state, call, std::nullopt);
    return choices;
}

Choices legal_ballots(const Setup& setup, const State& state, Seat voter) {
    Choices choices;
    for (Seat seat = 0; seat < setup.player_count(); ++seat)
        if (!ballot_refusal(setup, state, Ballot{voter, seat})) choices.players.insert(seat);
    choices.nobody = !ballot_refusal(setup, state, Ballot{voter, std::nullopt});
    return choices;
}

std::optional<Seat> next_voter(const State& state) {
    if (state.expects != ActionKind::vote) return std::nullopt;
    const Seat after = state.ballots.empty() ? -1 : state.ballots.back().voter;
    for (Seat seat = after + 1; seat < static_cast<Seat>(state.players.size()); ++seat)
        if (state.players[seat].in_game) return seat;
    return std::nullopt;
}

}  // namespace coyel::rules
