// Each player's card on their own phone (`coyel new --cards phone`): a secret
// token per player drawn at the deal and kept in the save (Setup::card_tokens),
// its link, and the page that link shows. What a card says is the player's
// observation (coyel/observe.hpp); the words are the walk-through's.
#pragma once

#include <string>
#include <vector>

#include "coyel/game.hpp"
#include "coyel/result.hpp"
#include "narrator.hpp"
#include "phones/tokens.hpp"

namespace coyel::cli {

// One player's card in the script's words: the walk-through's heading
// ("3 · Ana"), the card's title, and for a carbon emission who the others are.
struct CardWords {
    std::string heading;
    std::string title;
    std::string fellows;  // empty for any other card
    std::string team;     // "You play with the ecosystems."
    std::string does;     // what the card does, in one sentence
};
CardWords card_words(const narration::Narrator& narrator, const Game& game, Seat seat);

// Every card page is this long, padded with newlines after its end: its
// size on the Wi-Fi says nothing of the card.
inline constexpr std::size_t card_page_bytes = 8192;

// The page of /card/<token>: the card's words, each escaped, in one page,
// with its one script, which says when the laptop is gone or serves another
// game. Without `answers`, it is the same at every request; with it (the
// phones answer the night), a console above the card draws each call from
// `/card/<token>/call` and sends Done to its `answer`.
std::string card_page(const narration::Narrator& narrator, const Game& game, Seat seat,
                      bool answers = false);

// "sha256-<base64>": the hash of the card's script, for its
// Content-Security-Policy (no other script runs).
std::string card_script_hash();

}  // namespace coyel::cli
