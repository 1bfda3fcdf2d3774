// JSON text to a tree, refusing a key that appears twice in one object
// (nlohmann keeps the last of two equal keys, so a file with both is
// ambiguous). Linear in the size of the text, and no recursion per level of
// nesting: a million nested arrays are parsed, not a stack overflow.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "coyel/result.hpp"

namespace coyel {

// The errors, without a label:
//   "not valid JSON: " + nlohmann's message without its "[json.exception...] "
//     prefix: a syntax error, or a number too large for any type (406);
//   "the key \"NAME\" appears twice in one object": the first such key, when
//     the text is otherwise valid JSON (a syntax error anywhere wins).
Result<nlohmann::json> parse_strict_json(std::string_view text);

}  // namespace coyel
