// The command line's setup arguments: players, a manual deal. (Decks and
// options are parsed by the engine: parse_deck, set_option_text.)
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "coyel/result.hpp"
#include "coyel/roles.hpp"

namespace coyel::cli {

// "Ana, Ben ,Cleo" -> {"Ana", "Ben", "Cleo"}; "" -> {}.
std::vector<std::string> split_names(std::string_view text);

// "Ana=carbon, Ben=ngo": a role for each player named, citizen for the rest.
Result<std::vector<Role>> parse_roles(std::string_view text,
                                      const std::vector<std::string>& players);

}  // namespace coyel::cli
