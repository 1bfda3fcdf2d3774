// The set-up of a new game as the front end takes it: players, a manual deal
// card by card, and the private walk-through of a random deal (which `coyel
// resume` finishes when it was left early). Decks and options are parsed by
// the engine: parse_deck, set_option_text.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "coyel/game.hpp"
#include "coyel/result.hpp"
#include "coyel/roles.hpp"
#include "disk.hpp"
#include "narrator.hpp"
#include "repl/line_reader.hpp"

namespace coyel::cli {

// "Ana, Ben ,Cleo" -> {"Ana", "Ben", "Cleo"}; "" -> {}.
std::vector<std::string> split_names(std::string_view text);

// The names a moderator may type for the cards besides their ids, by role:
// the titles as printed ("Environmental NGO") and the script's short names
// ("carbone", "banquier").
struct CardNames {
    std::array<std::string, all_roles.size()> titles;
    std::array<std::string, all_roles.size()> words;
    static CardNames of(const narration::Narrator& narrator);
};

// A card typed on the command line that names no card but is within reach
// of one ("emmission"): taken as that card, and said so.
struct CardCorrection {
    std::string typed;
    Role role;
};

// "Ana=carbon, Ben=ngo": a role for each player named, citizen for the rest;
// a role by its id or any of `names`, as match_card reads it, else in any
// built-in script's words, else a typo's nearest card (added to `corrected`).
Result<std::vector<Role>> parse_roles(std::string_view text,
                                      const std::vector<std::string>& players,
                                      const CardNames& names = {},
                                      std::vector<CardCorrection>* corrected = nullptr);

// House rules from --option KEY=VALUE (each), --minutes and --mode, as
// `coyel new` and `coyel balance` take them; the first problem found.
Refusal set_options(const std::vector<std::string>& assignments, std::optional<int> minutes,
                    const std::string& mode, Options& options);

// The roles a typed card names: its id ("ngo"), its title or its short name
// (`names`), whole or its first letters, ignoring case and accents. A whole
// name wins; more than one role: the start is ambiguous.
std::vector<Role> match_card(std::string_view typed, const CardNames& names);

// A list of cards as typed ("carbone=2,ONG,PDG,banquier,fragile") with each
// card by its id ("carbon=2,ngo,ceo,banker,fragile"): any built-in script's
// words, as match_card reads them, else a typo's nearest card (added to
// `corrected`). An item that names no card stays as typed, for parse_deck
// to refuse.
std::string card_ids(std::string_view typed, std::vector<CardCorrection>* corrected = nullptr);

// One line per card corrected, in the script's words, on standard error (a
// balance's JSON stays whole): "emmission" read as "Carbon Emission".
void tell_corrections(const std::vector<CardCorrection>& corrected,
                      const narration::Narrator& narrator);

// The nearest card word to a typo, in any built-in script's words
// ("emmission" -> "Émission"), or "" when none is within reach.
std::string card_hint(std::string_view typed);

// A house rule as typed, its key and value in any built-in script's words
// ("égalité=second-tour", "nuit"), by their ids ("tie=revote", "night").
std::string option_in_ids(std::string_view assignment);
std::string option_value_id(std::string_view typed);

// Clears the screen and the terminal's scrollback, so no card stays behind.
void clear_screen();

// The private walk-through of a random deal: one player's card at a time,
// from the first not shown yet, the screen cleared between. `game` records
// the cards shown and is saved to `path` before the first card and before
// each card shows. False when left early or unsaved (the screen cleared).
// With `phone_address` (address_for_phones()), each card is shown as the QR
// code of its card link instead. Preconditions: game.cards_shown() holds a
// value; with `phone_address`, the setup has card tokens. The save is on `disk`.
bool walk_through(Game& game, const std::string& path, LineReader& reader,
                  const narration::Narrator& narrator,
                  const std::optional<std::string>& phone_address, platform::Disk& disk);

}  // namespace coyel::cli
