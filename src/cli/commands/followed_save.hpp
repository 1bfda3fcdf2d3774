// What a players' screen follows (`display`, `serve`): the save given or the
// game in play, first read, and the script it speaks. Defined in
// cmd_display.cpp, used by cmd_serve.cpp too.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "coyel/result.hpp"
#include "coyel/save.hpp"
#include "disk.hpp"
#include "language.hpp"

namespace coyel::cli {

// The game a coyel is playing now, here, else in the games folder (its
// lock's holder alive); of several, the one saved last. The error names
// `command` (display, serve) as the one to give a FILE.
Result<std::string> game_in_play(std::string_view command,
                                 platform::Disk& disk = platform::real_disk());

// What a players' screen follows (display, serve): the save given, else the
// game in play, as first read, and the script it speaks: the game's language
// unless --lang or --script says. Else, after saying why on standard error,
// the exit code (2: a wrong --lang; 1: no save to follow).
struct FollowedSave {
    std::string path;
    SavedGame first;
    ChosenScript script;
};
std::variant<FollowedSave, int> open_followed_save(const std::string& given_path,
                                                   const LanguageOptions& language,
                                                   std::string_view command);

}  // namespace coyel::cli
