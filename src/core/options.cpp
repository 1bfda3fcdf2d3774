#include "coyel/options.hpp"

#include <fmt/format.h>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "json_text.hpp"

#include "coyel/text.hpp"

namespace coyel {
namespace {

using json = nlohmann::json;

constexpr int temperature_bound = 1000;  // keeps every clock sum far from overflow

template <typename Enum, std::size_t N>
Refusal set_enum(Enum& field, std::string_view key, const json& value, const Enum (&choices)[N]) {
    std::string allowed;
    for (Enum choice : choices) {
        if (value.is_string() && value.get<std::string>() == id_of(choice)) {
            field = choice;
            return std::nullopt;
        }
        allowed += allowed.empty() ? "" : ", ";
        allowed += id_of(choice);
    }
    return reasoned(fmt::format("option {} must be one of {} (got {})", key, allowed, shown(value)),
                    ErrorCode::invalid, "option_choice",
                    {{"key", std::string{key}}, {"allowed", allowed}, {"got", shown(value)}});
}

Refusal set_int(int& field, std::string_view key, const json& value, int low, int high) {
    if (value.is_number_integer()) {
        long long number = value.get<long long>();
        if (value.is_number_unsigned() && value.get<unsigned long long>() > 1'000'000'000ULL)
            number = high + 1LL;
        if (number >= low && number <= high) {
            field = static_cast<int>(number);
            return std::nullopt;
        }
    }
    return reasoned(fmt::format("option {} must be a whole number from {} to {} (got {})", key, low,
                                high, shown(value)),
                    ErrorCode::invalid, "option_range",
                    {{"key", std::string{key}},
                     {"low", std::to_string(low)},
                     {"high", std::to_string(high)},
                     {"got", shown(value)}});
}

Refusal set_bool(bool& field, std::string_view key, const json& value) {
    if (!value.is_boolean())
        return reasoned(fmt::format("option {} must be true or false (got {})", key, shown(value)),
                        ErrorCode::invalid, "option_bool",
                        {{"key", std::string{key}}, {"got", shown(value)}});
    field = value.get<bool>();
    return std::nullopt;
}

}  // namespace

std::string_view id_of(TemperatureMode mode) {
    switch (mode) {
        case TemperatureMode::clock: return "clock";
        case TemperatureMode::night: return "night";
        case TemperatureMode::manual: return "manual";
    }
    return "?";
}
std::string_view id_of(BankerActions actions) {
    return actions == BankerActions::each_once ? "each-once" : "one-total";
}
std::string_view id_of(TieRule tie) { return tie == TieRule::none ? "none" : "revote"; }
std::string_view id_of(MayorSuccession succession) {
    return succession == MayorSuccession::elect ? "elect" : "none";
}

const std::vector<OptionInfo>& option_table() {
    static const std::vector<OptionInfo> table = {
        {"temperature.mode", "clock | night | manual",
         "what raises the temperature: game time, each dawn, or the moderator's `heat`"},
        {"temperature.start", "integer (0)", "degrees above normal at the start"},
        {"temperature.limit", "integer > start (5)", "the game ends, carbon winning, when reached"},
        {"temperature.minutes", "1-600 (by count)",
         "clock mode: active minutes from start to limit (default: the count's fair length, "
         "data/decks.json)"},
        {"banker_actions", "each-once | one-total",
         "each banker action once per game, or one action in all"},
        {"slapp_uses", "0-99 (1)", "SLAPP-suits the CEO may file per game"},
        {"ngo_repeat", "true | false", "may the NGO protect the same player two nights running"},
        {"tie", "none | revote", "a tied vote removes nobody, or the tied players face a revote"},
        {"abstain", "true | false", "may a voter abstain"},
        {"mayor_succession", "elect | none",
         "a mayor who is out is replaced by election at the next dawn, or not at all"},
    };
    return table;
}

Refusal set_option(Options& options, std::string_view key, const json& value) {
    if (key == "temperature.mode")
        return set_enum(options.temperature_mode, key, value,
                        {TemperatureMode::clock, TemperatureMode::night, TemperatureMode::manual});
    if (key == "temperature.start")
        return set_int(options.temperature_start, key, value, -temperature_bound,
                       temperature_bound);
    if (key == "temperature.limit")
        return set_int(options.temperature_limit, key, value, -temperature_bound,
                       temperature_bound);
    if (key == "temperature.minutes")
        return set_int(options.temperature_minutes, key, value, 1, 600);
    if (key == "banker_actions")
        return set_enum(options.banker_actions, key, value,
                        {BankerActions::each_once, BankerActions::one_total});
    if (key == "slapp_uses") return set_int(options.slapp_uses, key, value, 0, 99);
    if (key == "ngo_repeat") return set_bool(options.ngo_repeat, key, value);
    if (key == "tie") return set_enum(options.tie, key, value, {TieRule::none, TieRule::revote});
    if (key == "abstain") return set_bool(options.abstain, key, value);
    if (key == "mayor_succession")
        return set_enum(options.mayor_succession, key, value,
                        {MayorSuccession::elect, MayorSuccession::none});
    std::vector<std::string_view> keys;
    for (const auto& info : option_table()) keys.push_back(info.key);
    return reasoned(
        fmt::format("unknown option \"{}\"{}", printable_excerpt(key), did_you_mean(key, keys)),
        ErrorCode::invalid, "unknown_option",
        {{"key", printable_excerpt(key)}, {"closest", std::string{closest(key, keys)}}});
}

Refusal set_option_text(Options& options, std::string_view assignment) {
    auto equals = assignment.find('=');
    if (equals == std::string_view::npos)
        return reasoned(fmt::format("option \"{}\" needs a value, as in tie=revote", assignment),
                        ErrorCode::invalid, "option_needs_value",
                        {{"text", std::string{assignment}}});
    std::string key{trim(assignment.substr(0, equals))};
    std::string text{trim(assignment.substr(equals + 1))};
    // Numbers and booleans as JSON literals; anything else is a string.
    json value = json::parse(text, nullptr, false);
    if (value.is_discarded() || value.is_string() || value.is_structured()) value = text;
    return set_option(options, key, value);
}

Refusal check_options(const Options& options) {
    if (options.temperature_limit <= options.temperature_start)
        return Error{fmt::format("temperature.limit ({}) must be above temperature.start ({})",
                                 options.temperature_limit, options.temperature_start)};
    return std::nullopt;
}

Refusal options_from_json(const json& object, Options& options) {
    if (!object.is_object()) return Error{"options must be an object"};
    for (const auto& [key, value] : object.items()) {
        if (key == "temperature") {
            if (!value.is_object()) return Error{"options.temperature must be an object"};
            for (const auto& [sub, subvalue] : value.items())
                if (auto error = set_option(options, "temperature." + sub, subvalue)) return error;
        } else if (auto error = set_option(options, key, value)) {
            return error;
        }
    }
    return check_options(options);
}

int clock_temperature(const Options& options, long long seconds) {
    if (options.temperature_mode != TemperatureMode::clock) return options.temperature_start;
    const long long span = options.temperature_limit - options.temperature_start;
    const long long degrees = std::min(span, seconds * span / seconds_to_limit(options));
    return options.temperature_start + static_cast<int>(degrees);
}

long long clock_rise_at(const Options& options, int temperature) {
    const long long span = options.temperature_limit - options.temperature_start;
    const long long degree = temperature - options.temperature_start;
    return (degree * seconds_to_limit(options) + span - 1) / span;  // rounded up
}

json options_to_json(const Options& options) {
    return json{{"temperature",
                 {{"mode", id_of(options.temperature_mode)},
                  {"start", options.temperature_start},
                  {"limit", options.temperature_limit},
                  {"minutes", options.temperature_minutes}}},
                {"banker_actions", id_of(options.banker_actions)},
                {"slapp_uses", options.slapp_uses},
                {"ngo_repeat", options.ngo_repeat},
                {"tie", id_of(options.tie)},
                {"abstain", options.abstain},
                {"mayor_succession", id_of(options.mayor_succession)}};
}

}  // namespace coyel
