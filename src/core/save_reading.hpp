// What the save's reader shares between its files (save.cpp reads the log and
// the live clock, save_setup.cpp the setup): not a public header.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "coyel/result.hpp"
#include "coyel/setup.hpp"

namespace coyel::save_reading {

// The first key of `object` not in `known`, refused with a "did you mean".
Refusal unknown_key(const nlohmann::json& object, std::string_view where,
                    const std::vector<std::string_view>& known);
// "no player named …", with a "did you mean".
std::string no_such_player(const Setup& setup, std::string_view name);
// The save's "setup" object, checked whole.
Result<Setup> setup_from_json(const nlohmann::json& object);

}  // namespace coyel::save_reading
