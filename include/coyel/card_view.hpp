// One player's own card, as the walk-through of the deal shows it and as the
// card link of `coyel new --cards phone` shows it on that player's phone:
// decided here once, so no front end re-derives who may know what.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "coyel/game.hpp"

namespace coyel {

struct CardView {
    Seat seat = 0;
    std::string name;
    Role role = Role::citizen;
    // The other carbon emissions, for a carbon emission only: they recognise
    // each other on night 1 (docs/rules.md), so the card may tell it.
    std::vector<Seat> fellows;
    bool operator==(const CardView&) const = default;
};

// A card token is this many lowercase hex digits: 128 bits of a real random
// source, drawn by the front end at the deal (Setup::card_tokens).
inline constexpr std::size_t card_token_digits = 32;

// Whether `token` has the shape of a card token (its length and digits).
bool is_card_token(std::string_view token);

// The seat whose card token is `token`, or nullopt. Every seat's token is
// compared in full whatever matches, so the time taken tells nothing of how
// close a forged token came.
std::optional<Seat> seat_of_card_token(const Setup& setup, std::string_view token);

}  // namespace coyel
