#include "coyel/phone_call.hpp"

#include <algorithm>

namespace coyel {
namespace {

// The call now expected, if the phones answer it: a night call that wakes a
// role, the CEO's SLAPP-suit at dawn, the day's vote, or the mayor's election.
std::optional<CallId> phone_call(const Game& game) {
    const auto call = game.current_call();
    if (!call || !(wakes_at_night(*call) || is_ballot(*call) || is_election(*call) ||
                   *call == CallId::slapp))
        return std::nullopt;
    return call;
}

}  // namespace

std::vector<PhoneChoice> phone_choices(const Game& game) {
    const auto call = phone_call(game);
    if (!call) return {};
    std::vector<PhoneChoice> choices;
    const AnswerKind kind = call_info(*call).answer;
    if (kind == AnswerKind::gesture) {
        for (BankerChoice gesture :
             {BankerChoice::social, BankerChoice::speculation, BankerChoice::none})
            choices.push_back(PhoneChoice::of(gesture));
        return choices;
    }
    if (kind == AnswerKind::yes_no) {
        choices.push_back(PhoneChoice::filing(true));
        choices.push_back(PhoneChoice::filing(false));
        return choices;
    }
    if (is_ballot(*call)) {
        // The day's ballot, public: the candidates (the tied players at a
        // revote), then nobody where the options let a voter abstain.
        const State& state = game.state();
        for (Seat seat : state.revote_candidates.empty() ? state.in_game : state.revote_candidates)
            choices.push_back(PhoneChoice::of(seat));
        if (game.setup().options.abstain) choices.push_back({});
        return choices;
    }
    for (Seat seat : game.state().in_game) choices.push_back(PhoneChoice::of(seat));
    if (kind == AnswerKind::player_or_nobody) choices.push_back({});
    return choices;
}

SeatSet phone_answerers(const Game& game) {
    const auto call = phone_call(game);
    if (!call) return {};
    if (is_ballot(*call) || is_election(*call))
        return game.state().in_game;  // every player in the game votes
    SeatSet answerers;
    const Role role = *call_info(*call).answerer;
    for (Seat seat : game.state().in_game)
        if (game.role(seat) == role) answerers.insert(seat);
    return answerers;
}

std::optional<Seat> phone_pointed_at(const Game& game, Seat seat) {
    if (game.current_call() != CallId::slapp || !phone_answerers(game).contains(seat))
        return std::nullopt;
    return game.state().saved;
}

PhoneElection phone_election(const Game& game,
                             const std::vector<std::optional<std::size_t>>& picks) {
    std::vector<int> taps(phone_choices(game).size(), 0);
    for (const auto& pick : picks)
        if (pick && *pick < taps.size()) ++taps[*pick];
    PhoneElection count;
    const int most = taps.empty() ? 0 : *std::max_element(taps.begin(), taps.end());
    if (most == 0) return count;
    for (std::size_t index = 0; index < taps.size(); ++index)
        if (taps[index] == most) count.tied.push_back(index);
    if (count.tied.size() == 1) {
        count.elected = phone_action(game, count.tied.front());
        count.tied.clear();
    }
    return count;
}

std::size_t answers_logged(const Game& game) {
    std::size_t answers = 0;
    for (const Action& entry : game.log()) answers += is_aside(entry.kind) ? 0 : 1;
    return answers;
}

std::optional<Action> phone_action(const Game& game, std::size_t index) {
    const auto call = phone_call(game);
    const auto choices = phone_choices(game);
    if (!call || index >= choices.size()) return std::nullopt;
    Action action;
    action.kind = call_info(*call).action;
    action.player = choices[index].player;
    action.choice = choices[index].gesture.value_or(BankerChoice::none);
    action.file = choices[index].file.value_or(false);
    action.by_phone = true;
    return action;
}

std::optional<Action> phone_answer(const Game& game,
                                   const std::vector<std::optional<std::size_t>>& picks) {
    if (picks.empty() || !picks.front()) return std::nullopt;
    for (const auto& pick : picks)
        if (pick != picks.front()) return std::nullopt;
    return phone_action(game, *picks.front());
}

}  // namespace coyel
