#include "rules.hpp"

#include <algorithm>
#include <cassert>

#include "coyel/text.hpp"

namespace coyel::rules {

namespace {

using Named = std::vector<std::pair<std::string, std::string>>;

const std::string& name(const Setup& setup, Seat seat) { return setup.players[seat]; }

// The arguments of a check's reason: whom the answer named, who cast the
// ballot, the tied players of a revote. The words are the script's.
Named arguments(Reason reason, const Position& at, ActionKind kind, const Answer& answer) {
    switch (reason) {
        case Reason::no_such_player:
        case Reason::carbon_must_name:
        case Reason::ceo_self:
        case Reason::social_corrupted:
        case Reason::speculation_not_corrupted:
        case Reason::social_used:
        case Reason::speculation_used:
        case Reason::one_total_used:
        case Reason::no_fragile:
        case Reason::fragile_in_game:
        case Reason::fragile_out: return {};
        case Reason::out_of_game:
        case Reason::target_is_carbon:
        case Reason::ngo_repeat: return {{"name", name(at.setup, *answer.player)}};
        case Reason::voter_out:
        case Reason::abstain_off:
        case Reason::ballot_no_such_player:
        case Reason::corrupted_for_ceo: return {{"voter", name(at.setup, at.voter)}};
        case Reason::ballot_out_of_game:
            return {{"voter", name(at.setup, at.voter)}, {"name", name(at.setup, *answer.player)}};
        case Reason::revote_only: {
            std::vector<std::string> names;
            for (Seat seat : at.state.revote_candidates) names.push_back(name(at.setup, seat));
            return {{"voter", name(at.setup, at.voter)},
                    {"names", join(names, "\n")},
                    {"nobody", at.setup.options.abstain ? "yes" : "no"}};
        }
        case Reason::wrong_answer_kind: return {{"call", std::string{action_id(kind)}}};
        case Reason::game_over:     // the moment's reasons and the malformed action's:
        case Reason::over_by_then:  // never a check's
        case Reason::not_now:
        case Reason::no_news:
        case Reason::no_vote:
        case Reason::heat_manual_only:
        case Reason::clock_not_started:
        case Reason::clock_back:
        case Reason::at_out_of_range:
        case Reason::cards_out:
        case Reason::clock_needs_at:
        case Reason::text_not_utf8:
        case Reason::voter_no_such_player:
        case Reason::voted_twice:
        case Reason::not_voted:
        case Reason::cards_shown_range: break;
    }
    assert(!"a reason no check gives");
    return {};
}

}  // namespace

std::optional<Seat> holder(const Setup& setup, Role role) {
    const auto found = std::find(setup.roles.begin(), setup.roles.end(), role);
    if (found == setup.roles.end()) return std::nullopt;
    return static_cast<Seat>(found - setup.roles.begin());
}

Refusal answer_refusal(const Position& at, ActionKind kind, AnswerKind answer_kind,
                       const Answer& answer) {
    const auto reason = checked_refusal(at, kind, answer_kind, answer);
    if (!reason) return std::nullopt;
    return refusal(*reason, arguments(*reason, at, kind, answer));
}

Refusal player_refusal(const Setup& setup, const Cast& cast, const State& state, ActionKind kind,
                       std::optional<Seat> choice) {
    return answer_refusal({setup, cast, state}, kind, AnswerKind::player_or_nobody,
                          Answer::of(choice));
}

Refusal banker_refusal(const Setup& setup, const Cast& cast, const State& state,
                       BankerChoice choice) {
    return answer_refusal({setup, cast, state}, ActionKind::banker, AnswerKind::gesture,
                          Answer::of(choice));
}

Refusal ballot_refusal(const Setup& setup, const Cast& cast, const State& state,
                       const Ballot& ballot) {
    return answer_refusal({setup, cast, state, ballot.voter}, ActionKind::vote,
                          AnswerKind::player_or_nobody, Answer::of(ballot.choice));
}

}  // namespace coyel::rules
