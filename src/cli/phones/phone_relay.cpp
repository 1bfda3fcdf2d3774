#include "phone_relay.hpp"

namespace coyel::cli {

PhoneRelay::PhoneRelay(const narration::Narrator& narrator, PhoneInbox& inbox,
                       const platform::Clock& clock, std::chrono::milliseconds floor,
                       std::chrono::milliseconds poll_every)
    : desk_(narrator, floor, poll_every), inbox_(inbox), clock_(clock) {}

void PhoneRelay::follow(const Game& game, const std::optional<LiveClock>& live) {
    std::optional<std::chrono::milliseconds> talk_left;
    if (live && live->timer_ends_ms)
        talk_left = std::chrono::milliseconds(*live->timer_ends_ms - clock_.unix_ms());
    desk_.follow(game, clock_.now(), talk_left);
}

void PhoneRelay::step() {
    const auto now = clock_.now();
    if (const auto undone = inbox_.take_undone()) desk_.undone_to(*undone, now);
    if (const auto read = inbox_.take_call_read())
        desk_.call_read(read->answered, read->notes_heard, now);
    if (auto due = desk_.due(now)) inbox_.post(std::move(*due));
    if (auto note = desk_.take_table_note()) inbox_.tell_table(std::move(*note));
}

}  // namespace coyel::cli
