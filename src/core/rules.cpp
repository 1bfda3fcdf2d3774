#include "rules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

#include "coyel/text.hpp"

namespace coyel::rules {

enum class Why : std::uint8_t {
    allowed,  // = rules::allowed, the first
    no_such_player,
    out_of_game,
    not_a_player_call,
    carbon_must_name,
    target_is_carbon,
    ngo_repeat,
    ceo_self,
    social_corrupted,
    social_used,
    one_total_used,
    no_fragile,
    fragile_in_game,
    speculation_not_corrupted,
    speculation_used,
    fragile_out,
    voter_out,
    abstain_off,
    ballot_no_such_player,
    ballot_out_of_game,
    revote_only,
    corrupted_for_ceo,
};
static_assert(Why::allowed == allowed);

namespace {

// Which rule's words say a refusal. Each code names its group here, by a
// switch with no default: a code added to Why and forgotten does not build
// (-Werror=switch), rather than take the words of its neighbours.
enum class Group { player, banker, ballot };

constexpr Group group_of(Why why) {
    switch (why) {
        case Why::allowed:
        case Why::no_such_player:
        case Why::out_of_game:
        case Why::not_a_player_call:
        case Why::carbon_must_name:
        case Why::target_is_carbon:
        case Why::ngo_repeat:
        case Why::ceo_self: return Group::player;
        case Why::social_corrupted:
        case Why::social_used:
        case Why::one_total_used:
        case Why::no_fragile:
        case Why::fragile_in_game:
        case Why::speculation_not_corrupted:
        case Why::speculation_used:
        case Why::fragile_out: return Group::banker;
        case Why::voter_out:
        case Why::abstain_off:
        case Why::ballot_no_such_player:
        case Why::ballot_out_of_game:
        case Why::revote_only:
        case Why::corrupted_for_ceo: return Group::ballot;
    }
    return Group::player;
}

// Whether the table may hear why: one code only, a corrupted voter's ballot
// for the CEO, is the table's secret (ErrorCode::refused_secretly). Stated
// per code, so that no new code becomes secret, or public, by its place.
constexpr bool secret(Why why) {
    switch (why) {
        case Why::corrupted_for_ceo: return true;
        case Why::allowed:
        case Why::no_such_player:
        case Why::out_of_game:
        case Why::not_a_player_call:
        case Why::carbon_must_name:
        case Why::target_is_carbon:
        case Why::ngo_repeat:
        case Why::ceo_self:
        case Why::social_corrupted:
        case Why::social_used:
        case Why::one_total_used:
        case Why::no_fragile:
        case Why::fragile_in_game:
        case Why::speculation_not_corrupted:
        case Why::speculation_used:
        case Why::fragile_out:
        case Why::voter_out:
        case Why::abstain_off:
        case Why::ballot_no_such_player:
        case Why::ballot_out_of_game:
        case Why::revote_only: return false;
    }
    return false;
}
static_assert(secret(Why::corrupted_for_ceo) && !secret(Why::revote_only));

using Named = std::vector<std::pair<std::string, std::string>>;

Error refused(std::string message, std::string reason, Named args = {}) {
    return reasoned(std::move(message), ErrorCode::refused, std::move(reason), std::move(args));
}

const std::string& name(const Setup& setup, Seat seat) { return setup.players[seat]; }

Why seat_rule(const Setup& setup, const State& state, std::optional<Seat> seat) {
    if (!seat) return Why::allowed;
    if (*seat < 0 || *seat >= setup.player_count()) return Why::no_such_player;
    if (!state.in_game.contains(*seat)) return Why::out_of_game;
    return Why::allowed;
}

// The words of the player rules' refusals; `choice` is the player refused.
Error explain_player(Why why, const Setup& setup, ActionKind call, std::optional<Seat> choice) {
    switch (why) {
        case Why::no_such_player:
            return reasoned("no such player", ErrorCode::invalid, "no_such_player");
        case Why::out_of_game:
            return refused(fmt::format("{} is out of the game", name(setup, *choice)),
                           "out_of_game", {{"name", name(setup, *choice)}});
        case Why::carbon_must_name:
            return refused("the carbon emissions must name a player", "carbon_must_name");
        case Why::target_is_carbon:
            return refused(fmt::format("{} is a carbon emission: the target must be another player",
                                       name(setup, *choice)),
                           "target_is_carbon", {{"name", name(setup, *choice)}});
        case Why::ngo_repeat:
            return refused(
                fmt::format("the NGO protected {} last night and may not protect them two nights "
                            "running (ngo_repeat is off)",
                            name(setup, *choice)),
                "ngo_repeat", {{"name", name(setup, *choice)}});
        case Why::ceo_self: return refused("the CEO cannot lobby themselves", "ceo_self");
        default: break;  // not_a_player_call, or another group's: see group_of
    }
    return Error{fmt::format("{} is not answered with a player", action_id(call))};
}

Error explain_banker(Why why) {
    switch (why) {
        case Why::social_corrupted:
            return refused("social responsibility needs a banker who is not corrupted",
                           "social_corrupted");
        case Why::social_used:
            return refused("social responsibility has been used already", "social_used");
        case Why::one_total_used:
            return refused("the banker has used their one action (one-total)", "one_total_used");
        case Why::no_fragile:
            return refused("there is no fragile ecosystem in this game", "no_fragile");
        case Why::fragile_in_game:
            return refused("social responsibility needs the fragile ecosystem out of the game",
                           "fragile_in_game");
        case Why::speculation_not_corrupted:
            return refused("speculation needs a corrupted banker", "speculation_not_corrupted");
        case Why::speculation_used:
            return refused("speculation has been used already", "speculation_used");
        case Why::fragile_out:
            return refused("the fragile ecosystem is already out", "fragile_out");
        default: break;  // another group's: see group_of
    }
    assert(!"a banker refusal routed here by group_of");
    return Error{"refused"};
}

Error explain_ballot(Why why, const Setup& setup, const State& state, const Ballot& ballot) {
    const std::string& voter = name(setup, ballot.voter);
    switch (why) {
        case Why::voter_out:
            return refused(fmt::format("{} is out of the game and cannot vote", voter), "voter_out",
                           {{"voter", voter}});
        case Why::abstain_off:
            return refused(
                fmt::format("{} must name a player: abstaining is off in this game", voter),
                "abstain_off", {{"voter", voter}});
        case Why::ballot_no_such_player:
            return reasoned(fmt::format("{} voted for no such player", voter), ErrorCode::invalid,
                            "ballot_no_such_player", {{"voter", voter}});
        case Why::ballot_out_of_game:
            return refused(fmt::format("{} voted for {}, who is out of the game", voter,
                                       name(setup, *ballot.choice)),
                           "ballot_out_of_game",
                           {{"voter", voter}, {"name", name(setup, *ballot.choice)}});
        case Why::corrupted_for_ceo:
            return Error{fmt::format("{} is corrupted and may not vote for the Fossil Fuel CEO: "
                                     "ask them for another name",
                                     voter),
                         secret(why) ? ErrorCode::refused_secretly : ErrorCode::refused,
                         "corrupted_for_ceo",
                         {{"voter", voter}}};
        case Why::revote_only: {
            std::vector<std::string> names;
            for (Seat seat : state.revote_candidates) names.push_back(name(setup, seat));
            return refused(fmt::format("in the revote {} may vote only for {}{}", voter,
                                       join_or(names), setup.options.abstain ? " or nobody" : ""),
                           setup.options.abstain ? "revote_only_or_nobody" : "revote_only",
                           {{"voter", voter}, {"names", join(names, "\n")}});
        }
        default: break;  // another group's: see group_of
    }
    assert(!"a ballot refusal routed here by group_of");
    return Error{"refused"};
}

}  // namespace

std::optional<Seat> holder(const Setup& setup, Role role) {
    const auto found = std::find(setup.roles.begin(), setup.roles.end(), role);
    if (found == setup.roles.end()) return std::nullopt;
    return static_cast<Seat>(found - setup.roles.begin());
}

// The rule is the legal set (legal_players); this names the part refusing.
Why player_rule(const Setup& setup, const Cast& cast, const State& state, ActionKind call,
                std::optional<Seat> choice) {
    if (Why why = seat_rule(setup, state, choice); why != Why::allowed) return why;
    if (legal_players(setup, cast, state, call).contains(choice)) return Why::allowed;
    switch (call) {
        case ActionKind::carbon_target:
            return choice ? Why::target_is_carbon : Why::carbon_must_name;
        case ActionKind::ngo_protect: return Why::ngo_repeat;
        case ActionKind::ceo_lobby: return Why::ceo_self;
        case ActionKind::elect_mayor:
        case ActionKind::banker:
        case ActionKind::slapp:
        case ActionKind::vote:
        case ActionKind::clock:
        case ActionKind::heat:
        case ActionKind::note:
        case ActionKind::tell: break;
    }
    return Why::not_a_player_call;
}

// The rule is gesture_open (SPEC section 3, call 3); this names the part refusing.
Why banker_rule(const Setup& setup, const Cast& cast, const State& state, BankerChoice choice) {
    if (gesture_open(setup, cast, state, choice)) return Why::allowed;
    const auto fragile = cast.holder(Role::fragile);
    const bool corrupted = banker_corrupted(cast, state);
    const bool one_total = setup.options.banker_actions == BankerActions::one_total;
    const bool any_used = state.social_used || state.speculation_used;
    if (choice == BankerChoice::social) {
        if (corrupted) return Why::social_corrupted;
        if (state.social_used) return Why::social_used;
        if (one_total && any_used) return Why::one_total_used;
        return fragile ? Why::fragile_in_game : Why::no_fragile;
    }
    if (!corrupted) return Why::speculation_not_corrupted;
    if (state.speculation_used) return Why::speculation_used;
    if (one_total && any_used) return Why::one_total_used;
    return fragile ? Why::fragile_out : Why::no_fragile;
}

// The rule is the legal set (legal_ballots); this names the part refusing.
Why ballot_rule(const Setup& setup, const Cast& cast, const State& state, const Ballot& ballot) {
    if (legal_ballots(setup, cast, state, ballot.voter).contains(ballot.choice))
        return Why::allowed;
    if (!state.in_game.contains(ballot.voter)) return Why::voter_out;
    if (!ballot.choice) return Why::abstain_off;
    const Seat choice = *ballot.choice;
    if (choice < 0 || choice >= setup.player_count()) return Why::ballot_no_such_player;
    if (!state.in_game.contains(choice)) return Why::ballot_out_of_game;
    if (!state.revote_candidates.empty() && !state.revote_candidates.contains(choice))
        return Why::revote_only;
    return Why::corrupted_for_ceo;
}

Refusal explain(Why why, const Setup& setup, const State& state, ActionKind call,
                const Ballot& ballot) {
    if (why == Why::allowed) return std::nullopt;
    switch (group_of(why)) {
        case Group::ballot: return explain_ballot(why, setup, state, ballot);
        case Group::banker: return explain_banker(why);
        case Group::player: return explain_player(why, setup, call, ballot.choice);
    }
    return std::nullopt;
}

Refusal player_refusal(const Setup& setup, const Cast& cast, const State& state, ActionKind call,
                       std::optional<Seat> choice) {
    return explain(player_rule(setup, cast, state, call, choice), setup, state, call,
                   Ballot{0, choice});
}

Refusal banker_refusal(const Setup& setup, const Cast& cast, const State& state,
                       BankerChoice choice) {
    return explain(banker_rule(setup, cast, state, choice), setup, state, ActionKind::banker,
                   Ballot{});
}

Refusal ballot_refusal(const Setup& setup, const Cast& cast, const State& state,
                       const Ballot& ballot) {
    return explain(ballot_rule(setup, cast, state, ballot), setup, state, ActionKind::vote, ballot);
}

}  // namespace coyel::rules
