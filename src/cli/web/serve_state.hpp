// What `coyel serve` gives the players' browsers: the players' screen
// (players_screen.hpp, made from the core's table view only) as JSON, and the
// one embedded page that draws it. Nothing here reads a file or a clock.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "chronicle.hpp"
#include "coyel/save.hpp"
#include "narrator.hpp"

namespace coyel::cli {

// The public state as built once per save the server follows: its JSON
// but for the figures that tick, which at() adds for the moment it is sent.
struct PublicState {
    std::string head;                               // the JSON object, its closing brace left off
    std::optional<std::int64_t> countdown_ends_ms;  // Unix time the shown countdown reaches zero
    std::optional<std::int64_t> timer_ends_ms;      // and the shown timer
    // The whole JSON at Unix time `now_ms`: with, while a figure ticks, how
    // many milliseconds it has left (countdown_ms, timer_ms), so that the
    // browser ticks on without asking.
    std::string at(std::int64_t now_ms) const;
};

// The public state at Unix time `now_ms`: texts in the script's words, and
// when the ticking figures reach zero. `note` (may be empty) says the save
// is missing, as `display` does; `game_id` (game_fingerprint()) tells this
// game from another served later at the same address.
PublicState public_state(const narration::Narrator& narrator, const Game& game,
                         const std::optional<LiveClock>& live, std::int64_t now_ms,
                         const std::string& note, const std::string& game_id = "");
// The same with the table's story kept from one reading to the next: each
// save adds its new entries only (chronicle.hpp).
PublicState public_state(narration::TableStory& story, const Game& game,
                         const std::optional<LiveClock>& live, std::int64_t now_ms,
                         const std::string& note, const std::string& game_id = "");
// The same as one line of JSON at `now_ms`.
std::string public_state_json(const narration::Narrator& narrator, const Game& game,
                              const std::optional<LiveClock>& live, std::int64_t now_ms,
                              const std::string& note, const std::string& game_id = "");

// The script's language as an HTML lang attribute: letters, digits and '-' only.
std::string page_language(const narration::Narrator& narrator);

// The page at `/`: HTML, CSS and script in one, in the script's language. It
// builds every text with textContent, never as markup.
std::string public_page(const narration::Narrator& narrator);

// "sha256-<base64>": the hash of the page's one script, the same in every
// language, for its Content-Security-Policy (no other inline script runs).
std::string page_script_hash();

// SHA-256 of `bytes` in base64, as CSP hashes spell it (FIPS 180-4).
std::string sha256_base64(std::string_view bytes);

}  // namespace coyel::cli
