// The secrets the phones are known by: a card's token, drawn at the deal
// and kept in the save (Setup::card_tokens), and the link it makes; and a
// call's nonce, drawn each time a call opens on a phone. Both come from
// the kernel's random source, never from names or the seed.
#pragma once

#include <string>
#include <vector>

#include "coyel/result.hpp"

namespace coyel::cli {

// 16 bytes from getrandom(2), which blocks only until the kernel's pool is
// first seeded, as card_token_digits hex digits: a card's token, a call's nonce.
Result<std::string> fresh_token();

// `count` distinct tokens of card_token_digits hex digits, 128 bits each
// from the kernel's random source (getrandom), never from names or the seed.
Result<std::vector<std::string>> fresh_card_tokens(int count);

// A card's link, "http://192.168.1.20:8080/card/3f…", from the address the
// page is served at (ending in '/') and the card's token.
std::string card_link(const std::string& address, const std::string& token);

}  // namespace coyel::cli
