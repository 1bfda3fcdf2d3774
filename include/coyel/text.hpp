// Small text helpers shared by the engine's edges: names, answers, files.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace coyel {

std::string_view trim(std::string_view text);

// ASCII case folding: names and answers match without regard to case.
std::string to_lower(std::string_view text);
bool iequals(std::string_view a, std::string_view b);
bool istarts_with(std::string_view text, std::string_view prefix);

// Names as people type them. Latin letters (Latin-1 and Latin Extended-A)
// are understood beyond ASCII; other scripts are compared as they are.
//
// The spelling, ignoring case: lower case, accented letters written as letter
// then combining mark, so "É" and "E" + U+0301 compare equal, "É" and "E" not.
std::string spelling_key(std::string_view text);
// The letters, ignoring case and accents: "Émile" -> "emile", "Œ" -> "oe",
// "Ł" -> "l", combining marks (U+0300-U+036F) dropped.
std::string fold_accents(std::string_view text);

// Which of `names` the typed text means, in their order: those whose own
// spelling it is (ignoring case), else, if none, those it fits once accents
// are set aside. Zoe and Zoé playing, "zoe" is Zoe; "ZOË" could be either.
// How it fits: the whole name, the name's start, one of its words whole, or
// the start of the name or of one of its words (words part at spaces and
// hyphens: "alvarez" is a word of José Álvarez, "pierre" of Jean-Pierre).
enum class NameMatch { whole, prefix, word, word_prefix };
std::vector<std::size_t> match_names(const std::vector<std::string_view>& names,
                                     std::string_view typed, NameMatch how);

// The longest start all `names` share, ignoring case, in whole characters,
// spelt as the first name spells it: {"Pía", "Píe"} -> "Pí". Empty for none.
std::string common_start(const std::vector<std::string>& names);

// Number of code points, or npos when `text` is not valid UTF-8.
std::size_t utf8_length(std::string_view text);

// True when every code point is printable: no control characters (C0, DEL, C1).
bool is_printable_utf8(std::string_view text);

bool is_all_digits(std::string_view text);

// `text` made safe to show in one line of a message: control characters and
// broken UTF-8 become '?', and past 32 characters it ends with "...".
std::string printable_excerpt(std::string_view text);

// Levenshtein distance, case-insensitive.
std::size_t edit_distance(std::string_view a, std::string_view b);

// " (did you mean \"x\"?)" for the closest candidate within reach, else "".
std::string did_you_mean(std::string_view typed, const std::vector<std::string_view>& candidates);
// The candidate did_you_mean suggests, or "" when none is within reach.
std::string_view closest(std::string_view typed, const std::vector<std::string_view>& candidates);

// "Ana, Ben or Cleo"
std::string join_or(const std::vector<std::string>& items);
std::string join(const std::vector<std::string>& items, std::string_view separator);

// A language code: "en", "fr", "fr-CA", "pt-BR" (2 or 3 letters, then `-` and
// 1 to 8 letters or digits).
bool is_language_code(std::string_view code);

}  // namespace coyel
