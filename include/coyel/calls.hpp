// The tables of actions and of calls: one row per kind of entry in the log
// (what the save writes, whether the table hears it), and one per kind of
// question the game asks the moderator (who answers, how, its script lines,
// the night's order). The save, the table's view, the REPL, its help and
// completion, the chronicle and the simulator read these rows instead of
// switching over the kind: a new call is a row here.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "coyel/roles.hpp"

namespace coyel {

enum class ActionKind {
    elect_mayor,
    carbon_target,
    ngo_protect,
    banker,
    ceo_lobby,
    slapp,
    vote,
    clock,
    heat,
    note,
    tell,
};

// What an entry of the log carries beside "do", "at" and "wall" (SPEC
// section 8): the save reads and writes each field once, whatever the kind.
enum class Field : std::uint8_t {
    none,    // clock, heat, tell
    player,  // "player": a name or null
    choice,  // "choice": the banker's gesture
    file,    // "file": whether the SLAPP-suit is filed
    votes,   // "votes": each voter's name to a name or null
    text,    // "text": a note
};

// Whether the table hears an answer: a call answered aloud or with eyes closed.
enum class Heard : std::uint8_t { always, never, if_filed };

// One row per action kind: every per-kind fact, so that no front end
// switches over the kind to learn it.
struct ActionInfo {
    ActionKind kind;
    std::string_view id;  // the "do" of the save file
    Field field;
    // Beside the flow of calls, legal at any time before the end (a note and
    // a `tell` even after it): it answers no call.
    bool aside;
    Heard heard;  // a SLAPP-suit is heard when filed: the table opens its eyes to it
    // Whether the record (replay, story) gives the answer a line of its own:
    // the night's calls no event tells, and a note. The others are told by their events.
    bool own_record;
};

inline constexpr auto action_table = std::to_array<ActionInfo>({
    {ActionKind::elect_mayor, "elect_mayor", Field::player, false, Heard::always, false},
    {ActionKind::carbon_target, "carbon_target", Field::player, false, Heard::never, true},
    {ActionKind::ngo_protect, "ngo_protect", Field::player, false, Heard::never, true},
    {ActionKind::banker, "banker", Field::choice, false, Heard::never, true},
    {ActionKind::ceo_lobby, "ceo_lobby", Field::player, false, Heard::never, false},
    {ActionKind::slapp, "slapp", Field::file, false, Heard::if_filed, false},
    {ActionKind::vote, "vote", Field::votes, false, Heard::always, false},
    {ActionKind::clock, "clock", Field::none, true, Heard::always, false},
    {ActionKind::heat, "heat", Field::none, true, Heard::always, false},
    {ActionKind::note, "note", Field::text, true, Heard::never, true},
    {ActionKind::tell, "tell", Field::none, true, Heard::always, false},
});

constexpr const ActionInfo& action_info(ActionKind kind) {
    return action_table[static_cast<std::size_t>(kind)];
}
constexpr bool is_aside(ActionKind kind) { return action_info(kind).aside; }

// The last action kind, for tables indexed by kind.
inline constexpr ActionKind last_action_kind = ActionKind::tell;
static_assert(action_table.size() == static_cast<std::size_t>(last_action_kind) + 1);
static_assert(
    [] {
        for (std::size_t i = 0; i < action_table.size(); ++i)
            if (static_cast<std::size_t>(action_table[i].kind) != i) return false;
        return true;
    }(),
    "action_table's rows are in the order of ActionKind");

constexpr std::string_view action_id(ActionKind kind) { return action_info(kind).id; }

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

// Whether answering `answered` ends that answerer's call, so that they close
// their eyes, when `next` is the call now expected: the CEO's extra lobby is
// the same call going on; the SLAPP-suit's CEO woke alone at dawn.
constexpr bool closes_eyes(CallId answered, std::optional<CallId> next) {
    if (answered == CallId::slapp) return true;
    if (!wakes_at_night(answered)) return false;
    if (!next || !wakes_at_night(*next)) return true;
    return call_info(*next).answerer != call_info(answered).answerer;
}

// A night call's place in night_order (night_order.size() for a call of the
// day): the index of what it decided tonight (NightCalls).
constexpr std::size_t night_place(CallId id) {
    std::size_t place = 0;
    while (place < night_order.size() && night_order[place] != id) ++place;
    return place;
}

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
