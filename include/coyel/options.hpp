// House rules and their defaults (SPEC section 2).
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "coyel/result.hpp"

namespace coyel {

enum class TemperatureMode { clock, night, manual };
enum class BankerActions { each_once, one_total };
enum class TieRule { none, revote };
enum class MayorSuccession { elect, none };

struct Options {
    TemperatureMode temperature_mode = TemperatureMode::clock;
    int temperature_start = 0;
    int temperature_limit = 5;
    int temperature_minutes = 25;
    BankerActions banker_actions = BankerActions::each_once;
    int slapp_uses = 1;
    bool ngo_repeat = true;
    TieRule tie = TieRule::none;
    bool abstain = true;
    MayorSuccession mayor_succession = MayorSuccession::elect;

    bool operator==(const Options&) const = default;
};

// One option as it is documented: its dotted key, its values, its meaning.
struct OptionInfo {
    std::string_view key;
    std::string_view values;
    std::string_view meaning;
};
const std::vector<OptionInfo>& option_table();

// Sets one option from a JSON value, checking its type and range. `key` is
// dotted ("temperature.mode"). Returns the reason when refused.
Refusal set_option(Options& options, std::string_view key, const nlohmann::json& value);

// Sets one option from "key=value" as typed on a command line.
Refusal set_option_text(Options& options, std::string_view assignment);

// Checks what no single option can: limit above start.
Refusal check_options(const Options& options);

// Reads the save file's "options" object: partial, nested, strict.
Refusal options_from_json(const nlohmann::json& json, Options& options);
nlohmann::json options_to_json(const Options& options);

std::string_view id_of(TemperatureMode mode);
std::string_view id_of(BankerActions actions);
std::string_view id_of(TieRule tie);
std::string_view id_of(MayorSuccession succession);

// Seconds of active game clock from the start to the limit, in clock mode.
inline long long seconds_to_limit(const Options& options) {
    return static_cast<long long>(options.temperature_minutes) * 60;
}

// The temperature the clock alone gives after `seconds` of active play, in
// clock mode (SPEC section 6): one degree per minutes*60/(limit-start) s,
// never past the limit. Other modes: the start.
int clock_temperature(const Options& options, long long seconds);

// The first second of active play at which the clock gives `temperature`
// (clock mode; start < temperature <= limit).
long long clock_rise_at(const Options& options, int temperature);

}  // namespace coyel
