// A link as a QR code on the terminal: the page's address and the card
// links, for a phone to scan (libqrencode).
#pragma once

#include <string>

namespace coyel::cli {

// `text` as a QR code in Unicode half blocks, two modules a character, light
// modules drawn (for a dark terminal), with a quiet zone; "" if it cannot be made.
std::string qr_code_text(const std::string& text);

}  // namespace coyel::cli
