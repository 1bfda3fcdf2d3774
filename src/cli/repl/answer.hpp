// Reading what the moderator types at a prompt: a player (a name in any
// case, its first letters, a seat number), "none", yes/no, a gesture.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "coyel/action.hpp"
#include "coyel/game.hpp"
#include "coyel/result.hpp"
#include "script.hpp"

namespace coyel::cli {

// The words that answer a question, from the script ("answer.yes": "oui|o")
// and from English, which always works too. The script's first word of each
// is the one Tab offers and the hints name.
struct AnswerWords {
    std::vector<std::string> nobody, yes, no, up, down, shake, back, quit, off;

    static AnswerWords from(const narration::Script& script);
    static const AnswerWords& english();
};

// A script's line of words as a list: "oui|o" → {"oui", "o"}.
std::vector<std::string> alternatives(const std::string& text);

// Whether `typed` is one of `words`, ignoring case, accents and surrounding space.
bool is_word(const std::vector<std::string>& words, std::string_view typed);

// A player or nobody (nullopt). Out players are found too, so that the
// engine can say why they cannot be chosen. `allow_none`: "none" is an answer.
// Accents may be left out where that names one player: "emile" is Émile.
Result<std::optional<Seat>> parse_player(std::string_view text, const Game& game, bool allow_none,
                                         const AnswerWords& words = AnswerWords::english());

// A whole name, ignoring case, surrounding space, and accents if that names
// one player.
bool is_player_name(std::string_view text, const Game& game);
// A name exactly as dealt, case and accents included.
bool is_exact_name(std::string_view text, const Game& game);

Result<bool> parse_yes_no(std::string_view text, const AnswerWords& words = AnswerWords::english());

// up / social, down / speculation, none / shake (and the script's words).
Result<BankerChoice> parse_gesture(std::string_view text,
                                   const AnswerWords& words = AnswerWords::english());

}  // namespace coyel::cli
