#include "engine_port.hpp"

namespace coyel::sim {

Gestures EnginePort::gestures() const {
    return {!game_.banker_refusal(BankerChoice::social),
            !game_.banker_refusal(BankerChoice::speculation)};
}

bool EnginePort::answer_player(CallId call, std::optional<Seat> player, std::int64_t at) {
    Action action;
    action.kind = call_info(call).action;
    action.player = player;
    action.at = at;
    return game_.apply(action).ok();
}

bool EnginePort::answer_gesture(BankerChoice choice, std::int64_t at) {
    Action action;
    action.kind = ActionKind::banker;
    action.choice = choice;
    action.at = at;
    return game_.apply(action).ok();
}

bool EnginePort::answer_slapp(bool file, std::int64_t at) {
    Action action;
    action.kind = ActionKind::slapp;
    action.file = file;
    action.at = at;
    return game_.apply(action).ok();
}

bool EnginePort::cast_ballot(std::optional<Seat> choice, std::int64_t at, bool& completed) {
    auto events = game_.cast_ballot(choice, at);
    completed = events.ok() && !events->empty();
    return events.ok();
}

void EnginePort::advance_clock(std::int64_t at) {
    if (at > game_.state().clock_s) (void)game_.advance_clock(at);
}

}  // namespace coyel::sim
