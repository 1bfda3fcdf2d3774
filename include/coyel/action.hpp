// The moderator's inputs, as the log records them (SPEC section 8).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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

enum class BankerChoice { none, social, speculation };

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
std::optional<ActionKind> action_from_id(std::string_view id);
std::string_view banker_choice_id(BankerChoice choice);
std::optional<BankerChoice> banker_choice_from_id(std::string_view id);

// One ballot: the voter and whom they named (nullopt: nobody).
struct Ballot {
    Seat voter;
    std::optional<Seat> choice;
    bool operator==(const Ballot&) const = default;
};

struct Action {
    ActionKind kind = ActionKind::note;
    std::optional<Seat> player;                // elect_mayor, carbon_target, ngo_protect, ceo_lobby
    BankerChoice choice = BankerChoice::none;  // banker
    bool file = false;                         // slapp
    std::vector<Ballot> votes;                 // vote, in seat order
    std::string text;                          // note
    std::optional<std::int64_t> at;            // seconds of active game clock
    std::optional<std::string> wall;           // ISO-8601 time of entry, for review only

    bool operator==(const Action&) const = default;
};

// The largest `at` accepted: about 31 years of play.
inline constexpr std::int64_t max_clock_seconds = 1'000'000'000;

}  // namespace coyel
