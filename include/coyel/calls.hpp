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
};

inline constexpr std::array<CallInfo, 10> call_table = {{
    {CallId::first_mayor, ActionKind::elect_mayor, std::nullopt, AnswerKind::player_or_nobody,
     "first_mayor"},
    {CallId::new_mayor, ActionKind::elect_mayor, std::nullopt, AnswerKind::player_or_nobody,
     "new_mayor"},
    {CallId::carbon_target, ActionKind::carbon_target, Role::carbon, AnswerKind::player,
     "carbon_target"},
    {CallId::ngo_protect, ActionKind::ngo_protect, Role::ngo, AnswerKind::player_or_nobody,
     "ngo_protect"},
    {CallId::banker, ActionKind::banker, Role::banker, AnswerKind::gesture, "banker"},
    {CallId::ceo_lobby, ActionKind::ceo_lobby, Role::ceo, AnswerKind::player_or_nobody,
     "ceo_lobby"},
    {CallId::ceo_extra_lobby, ActionKind::ceo_lobby, Role::ceo, AnswerKind::player_or_nobody,
     "ceo_extra_lobby"},
    {CallId::slapp, ActionKind::slapp, Role::ceo, AnswerKind::yes_no, "slapp"},
    {CallId::vote, ActionKind::vote, std::nullopt, AnswerKind::player_or_nobody, "vote"},
    {CallId::revote, ActionKind::vote, std::nullopt, AnswerKind::player_or_nobody, "revote"},
}};

constexpr const CallInfo& call_info(CallId id) { return call_table[static_cast<std::size_t>(id)]; }

// The night calls in their order (SPEC section 3), each answered by one role.
inline constexpr std::array<CallId, 4> night_order = {CallId::carbon_target, CallId::ngo_protect,
                                                      CallId::banker, CallId::ceo_lobby};

// True for the calls whose answerer opens their eyes at night, and closes
// them when the call is over.
constexpr bool wakes_at_night(CallId id) {
    return id == CallId::carbon_target || id == CallId::ngo_protect || id == CallId::banker ||
           id == CallId::ceo_lobby || id == CallId::ceo_extra_lobby;
}

}  // namespace coyel
