// A JSON value as a message shows it: never throws (broken UTF-8 is
// replaced, as nlohmann's plain dump() would throw on it) and never runs
// longer than a line.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace coyel {

inline std::string shown(const nlohmann::json& value) {
    std::string text = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    constexpr std::size_t longest = 40;
    if (text.size() > longest) text = text.substr(0, longest - 3) + "...";
    return text;
}

}  // namespace coyel
