#include "engine_port.hpp"

namespace coyel::sim {
namespace {

// An action of `kind` stamped `at`: the fields every answer shares.
Action stamped(ActionKind kind, std::int64_t at) {
    Action action;
    action.kind = kind;
    action.at = at;
    return action;
}

}  // namespace

Gestures EnginePort::gestures() const {
    const BankerChoices legal = game_.legal_gestures();
    return {legal.contains(BankerChoice::social), legal.contains(BankerChoice::speculation)};
}

bool EnginePort::answer_player(CallId call, std::optional<Seat> player, std::int64_t at) {
    Action action = stamped(call_info(call).action, at);
    action.player = player;
    return !game_.apply(action, events_);
}

bool EnginePort::answer_gesture(BankerChoice choice, std::int64_t at) {
    Action action = stamped(ActionKind::banker, at);
    action.choice = choice;
    return !game_.apply(action, events_);
}

bool EnginePort::answer_slapp(bool file, std::int64_t at) {
    Action action = stamped(ActionKind::slapp, at);
    action.file = file;
    return !game_.apply(action, events_);
}

bool EnginePort::cast_ballot(std::optional<Seat> choice, std::int64_t at, bool& completed) {
    const bool refused = game_.cast_ballot(choice, events_, at).has_value();
    completed = !refused && !events_.empty();  // the last ballot applies the vote
    return !refused;
}

void EnginePort::advance_clock(std::int64_t at) {
    if (at > game_.state().clock_s) (void)game_.advance_clock(at, events_);
}

}  // namespace coyel::sim
