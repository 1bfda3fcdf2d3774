// The moderator's inputs, as the log records them (SPEC section 8).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "coyel/calls.hpp"
#include "coyel/roles.hpp"

namespace coyel {

enum class BankerChoice { none, social, speculation };

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
    bool by_phone = false;  // answered on the answerer's phone ("by": "phone"), not typed

    bool operator==(const Action&) const = default;
};

// The largest `at` accepted: about 31 years of play.
inline constexpr std::int64_t max_clock_seconds = 1'000'000'000;

}  // namespace coyel
