#include "coyel/card_view.hpp"

#include "views.hpp"

#include <array>

namespace coyel {

// The card is the player's view of themselves: their role, and the carbon
// emissions that view shows them beside their own.
CardView card_view(const Game& game, Seat seat) {
    const TableView view = view_for(game, Observer::player(seat));
    CardView card{seat, game.name(seat), *view.players[seat].role, {}};
    if (card.role != Role::carbon) return card;
    for (Seat other = 0; other < game.player_count(); ++other)
        if (other != seat && view.players[other].role == Role::carbon)
            card.fellows.push_back(other);
    return card;
}

bool is_card_token(std::string_view token) {
    if (token.size() != card_token_digits) return false;
    for (char digit : token)
        if (!((digit >= '0' && digit <= '9') || (digit >= 'a' && digit <= 'f'))) return false;
    return true;
}

std::optional<Seat> seat_of_card_token(const Setup& setup, std::string_view token) {
    // A fixed-size copy: the loops below run the same whatever the length given.
    std::array<char, card_token_digits> given{};
    const bool right_length = token.size() == card_token_digits;
    for (std::size_t i = 0; i < given.size() && i < token.size(); ++i) given[i] = token[i];
    std::optional<Seat> found;
    for (Seat seat = 0; seat < static_cast<Seat>(setup.card_tokens.size()); ++seat) {
        const std::string& own = setup.card_tokens[seat];
        unsigned difference = own.size() == card_token_digits ? 0U : 1U;
        for (std::size_t i = 0; i < given.size(); ++i)
            difference |= static_cast<unsigned char>(given[i]) ^
                          static_cast<unsigned char>(i < own.size() ? own[i] : 0);
        if (difference == 0 && right_length) found = seat;
    }
    return found;
}

}  // namespace coyel
