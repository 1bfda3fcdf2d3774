#include "script.hpp"

#include <fmt/args.h>
#include <fmt/format.h>

#include <array>
#include <cassert>
#include <nlohmann/json.hpp>

#include "embedded.hpp"

namespace coyel::cli {
namespace {

constexpr std::array<std::string_view, 30> keys = {"election",
                                                   "night_falls",
                                                   "carbon_recognise",
                                                   "carbon_wake",
                                                   "carbon_pick",
                                                   "carbon_sleep",
                                                   "ngo_wake",
                                                   "ngo_sleep",
                                                   "banker_wake",
                                                   "banker_sleep",
                                                   "ceo_wake",
                                                   "ceo_extra",
                                                   "ceo_sleep",
                                                   "dawn",
                                                   "temperature",
                                                   "out_damage",
                                                   "saved",
                                                   "out_speculation",
                                                   "revived",
                                                   "slapp_filed",
                                                   "mayor_lost",
                                                   "succession",
                                                   "vote_call",
                                                   "revote_call",
                                                   "vote_out",
                                                   "vote_nobody",
                                                   "temperature_rise",
                                                   "win_no_carbon",
                                                   "win_temperature",
                                                   "win_no_ecosystems"};

std::string fill(std::string_view text, const LineArgs& args) {
    fmt::dynamic_format_arg_store<fmt::format_context> store;
    store.push_back(fmt::arg("round", args.round));
    store.push_back(fmt::arg("name", args.name));
    store.push_back(fmt::arg("role", args.role));
    store.push_back(fmt::arg("temperature", args.temperature));
    store.push_back(fmt::arg("names", args.names));
    store.push_back(fmt::arg("ceo", args.ceo));
    return fmt::vformat(text, store);
}

}  // namespace

Result<Script> Script::parse(std::string_view text, std::string_view label) {
    auto root = nlohmann::json::parse(text, nullptr, false);
    auto fail = [&](const std::string& why) { return Error{fmt::format("{}: {}", label, why)}; };
    if (root.is_discarded() || !root.is_object() || !root.contains("lines") ||
        !root["lines"].is_object())
        return fail("a script is an object with \"lines\"");
    for (const auto& [key, value] : root.items())
        if (key != "language" && key != "lines")
            return fail(fmt::format("unknown key \"{}\"", key));
    Script script;
    for (const auto& [key, value] : root["lines"].items()) {
        if (std::find(keys.begin(), keys.end(), key) == keys.end())
            return fail(fmt::format("unknown line \"{}\"", key));
        if (!value.is_string()) return fail(fmt::format("line \"{}\" must be text", key));
        try {
            fill(value.get<std::string>(), LineArgs{});
        } catch (const fmt::format_error& error) {
            return fail(fmt::format("line \"{}\": {}", key, error.what()));
        }
        script.lines_.emplace(key, value.get<std::string>());
    }
    for (auto key : keys)
        if (!script.lines_.count(key)) return fail(fmt::format("line \"{}\" is missing", key));
    return script;
}

const Script& Script::english() {
    static const Script script = [] {
        auto parsed = parse(embedded::script_en_json, "data/script/en.json");
        assert(parsed.ok());  // a test loads it; a broken build would fail there
        return std::move(*parsed);
    }();
    return script;
}

std::string Script::line(std::string_view key, const LineArgs& args) const {
    auto found = lines_.find(key);
    assert(found != lines_.end());
    return fill(found->second, args);
}

}  // namespace coyel::cli
