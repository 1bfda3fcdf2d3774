// What the save's reader shares between its files (save.cpp reads the log and
// the live clock, save_setup.cpp the setup, save_reader.cpp a save read again
// as it grows): not a public header.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "coyel/result.hpp"
#include "coyel/save.hpp"
#include "coyel/setup.hpp"

namespace coyel::save_reading {

// The first key of `object` not in `known`, refused with a "did you mean".
Refusal unknown_key(const nlohmann::json& object, std::string_view where,
                    const std::vector<std::string_view>& known);
// "no player named …", with a "did you mean".
std::string no_such_player(const Setup& setup, std::string_view name);
// The save's "setup" object, checked whole.
Result<Setup> setup_from_json(const nlohmann::json& object);

// A save read whole: load_save's reading, and the clock's reading after the
// log's last entry, before "pending" moved it on.
struct WholeReading {
    SavedGame saved;
    std::int64_t clock_after_log = 0;
};
Result<WholeReading> read_whole(std::string_view text, std::string_view label);

// read_whole in three steps, errors prefixed with `label`:
// the save's root, parsed and checked (a coyel save of this version, no
// unknown key, a setup, a list for the log, "told" a count);
Result<nlohmann::json> save_root(std::string_view text, std::string_view label);
// the log's entries applied to `game`, numbered in refusals after the
// `entries_before` already applied;
Refusal replay_log(const nlohmann::json& log, std::size_t entries_before, Game& game,
                   std::string_view label);
// what follows the log: "told" checked, "pending" restored, "live" read.
Result<SavedGame> finish_save(const nlohmann::json& root, Game game, std::string_view label);

}  // namespace coyel::save_reading
