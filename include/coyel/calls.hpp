// The table of calls: one descriptor per kind of question the game asks the
// moderator. The REPL, its help and completion, and the chronicle read this
// table instead of switching over the action kind.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "coyel/action.hpp"
#include "coyel/roles.hpp"

namespace coyel {

// A call is an action kind in a situation: the first mayor election and a
// succession are both `elect_mayor`, but are read differently.
enum class CallId : std::uint8_t {
    first_mayor,
    new_mayor,
    carbon_target,
    ngo_protect,
    banker,
    ceo_lobby,
    ceo_extra_lobby,  // the lobby that corrupted the banker grants one more
    slapp,
    vote,
    revote,
};

enum class AnswerKind : std::uint8_t {
    player,            // one player (legal_choices says which)
    player_or_nobody,  // one player or nobody, where the rules allow nobody
    gesture,           // the banker's: social, speculation or none
    yes_no,            // the SLAPP-suit
};

struct CallInfo {
    CallId id;
    ActionKind action;
    std::optional<Role> answerer;  // the role woken to answer; nullopt: the table
    AnswerKind answer;
    std::string_view key;  // its lines in the script: "call.<key>.title", ".aloud", ...
    // The answerer opens their eyes at night, and closes them when the call
    // is over. (The SLAPP-suit's CEO wakes at dawn, with the lines of its own.)
    bool wakes;
};

inline constexpr auto call_table = std::to_array<CallInfo>({
    {CallId::first_mayor, ActionKind::elect_mayor, std::nullopt, AnswerKind::player_or_nobody,
     "first_mayor", false},
    {CallId::new_mayor, ActionKind::elect_mayor, std::nullopt, AnswerKind::player_or_nobody,
     "new_mayor", false},
    {CallId::carbon_target, ActionKind::carbon_target, Role::carbon, AnswerKind::player,
     "carbon_target", true},
    {CallId::ngo_protect, ActionKind::ngo_protect, Role::ngo, AnswerKind::player_or_nobody,
     "ngo_protect", true},
    {CallId::banker, ActionKind::banker, Role::banker, AnswerKind::gesture, "banker", true},
    {CallId::ceo_lobby, ActionKind::ceo_lobby, Role::ceo, AnswerKind::player_or_nobody, "ceo_lobby",
     true},
    {CallId::ceo_extra_lobby, ActionKind::ceo_lobby, Role::ceo, AnswerKind::player_or_nobody,
     "ceo_extra_lobby", true},
    {CallId::slapp, ActionKind::slapp, Role::ceo, AnswerKind::yes_no, "slapp", false},
    {CallId::vote, ActionKind::vote, std::nullopt, AnswerKind::player_or_nobody, "vote", false},
    {CallId::revote, ActionKind::vote, std::nullopt, AnswerKind::player_or_nobody, "revote", false},
});

constexpr const CallInfo& call_info(CallId id) { return call_table[static_cast<std::size_t>(id)]; }

// The night calls in their order (SPEC section 3), each answered by one role.
inline constexpr auto night_order = std::to_array<CallId>(
    {CallId::carbon_target, CallId::ngo_protect, CallId::banker, CallId::ceo_lobby});

constexpr bool wakes_at_night(CallId id) { return call_info(id).wakes; }

// The first call of an action kind in the table: the call itself, for the
// kinds that are one call in every situation (an aside has none).
// Looked up in an array made at compile time: the simulator asks at every answer.
inline constexpr auto first_calls = [] {
    std::array<std::optional<CallId>, static_cast<std::size_t>(last_action_kind) + 1> calls{};
    for (auto row = call_table.rbegin(); row != call_table.rend(); ++row)
        calls[static_cast<std::size_t>(row->action)] = row->id;
    return calls;
}();
constexpr std::optional<CallId> first_call_of(ActionKind kind) {
    return first_calls[static_cast<std::size_t>(kind)];
}

static_assert(call_table.size() == static_cast<std::size_t>(CallId::revote) + 1);
static_assert(
    [] {
        for (std::size_t i = 0; i < call_table.size(); ++i)
            if (static_cast<std::size_t>(call_table[i].id) != i) return false;
        return true;
    }(),
    "call_table is indexed by CallId");

}  // namespace coyel
