// The moderator's lines to read aloud, from data/script/<language>.json
// (compiled in). Loaded strictly: every line present, no unknown key, every
// placeholder known.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "coyel/result.hpp"

namespace coyel::cli {

// What a line may name: {round}, {name}, {role}, {temperature}, {names}, {ceo}.
struct LineArgs {
    int round = 0;
    std::string name;
    std::string role;
    std::string temperature;
    std::string names;
    std::string ceo;
};

class Script {
  public:
    // Parses a script file's text; `label` names it in errors.
    static Result<Script> parse(std::string_view text, std::string_view label);
    // The built-in English script.
    static const Script& english();

    // The line `key` with its placeholders filled. Precondition: a known key.
    std::string line(std::string_view key, const LineArgs& args = {}) const;

  private:
    std::map<std::string, std::string, std::less<>> lines_;
};

}  // namespace coyel::cli
