// `coyel display [FILE] [--once]`: the players' screen, full screen for a
// projector, following the save as the moderator plays. What it shows is the
// narration's PlayersScreen (never a hidden fact); this file only finds the
// save, watches it and keeps the terminal.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "followed_save.hpp"
#include "language.hpp"
#include "players_screen.hpp"
#include "store/save_file.hpp"
#include "store/save_follower.hpp"
#include "store/save_lock.hpp"
#include "store/saved_games.hpp"
#include "terminal/display_screen.hpp"
#include "terminal/full_screen.hpp"
#include "terminal/signals.hpp"
#include "terminal/terminal.hpp"

namespace coyel::cli {
namespace {

using std::chrono::milliseconds;

// The saves of `folder` a coyel is playing now: each ".NAME.lock" whose
// holder is alive, beside an existing NAME.
// (Its path, and when it was last written.)
using SaveInPlay = std::pair<std::string, std::int64_t>;
void saves_in_play(const std::string& folder, std::vector<SaveInPlay>& found,
                   platform::Disk& disk) {
    for (const auto& entry : disk.list(folder).entries) {
        const std::string& name = entry.name;
        if (name.size() <= 6 || name[0] != '.' || !name.ends_with(".lock")) continue;
        const std::string save =
            (folder == "." ? "" : folder + "/") + name.substr(1, name.size() - 6);
        const auto info = disk.info(save);
        if (info.kind == platform::FileInfo::Kind::file && in_play(save, disk))
            found.emplace_back(save, info.modified_ns);
    }
}

}  // namespace

Result<std::string> game_in_play(std::string_view command, platform::Disk& disk) {
    std::vector<SaveInPlay> found;
    saves_in_play(".", found, disk);
    const auto folder = games_folder();  // the games folder (saved_games.hpp)
    if (found.empty() && folder) saves_in_play(*folder, found, disk);
    if (found.empty())
        return Error{fmt::format("no game is in play here{}: name the save (coyel {} FILE)",
                                 folder ? fmt::format(" nor in {}", *folder) : std::string{},
                                 command)};
    return std::max_element(found.begin(), found.end(),
                            [](const auto& a, const auto& b) { return a.second < b.second; })
        ->first;
}

namespace {

// The screen as of `clock`'s wall time. The clock ticks on only in a game
// some coyel is playing: a save left by a killed coyel says "running" for ever.
narration::PlayersScreen screen_now(narration::TableStory& story, const SavedGame& saved,
                                    const std::string& path, const platform::Clock& clock) {
    std::optional<LiveClock> live = saved.live;
    if (live && live->running && !in_play(path)) live->running = false;
    return narration::players_screen(story, saved.game, live, clock.unix_ms());
}

std::optional<milliseconds> sooner(std::optional<milliseconds> a, std::optional<milliseconds> b) {
    if (!a) return b;
    if (!b) return a;
    return std::min(*a, *b);
}

// Redraws at each change of the save, each second while something ticks, and
// each resize, until q, Ctrl-C or a signal to leave.
int follow(SaveFollower& followed, const narration::Narrator& narrator,
           const platform::Clock& clock) {
    followed.start();  // the watch armed before the first read: no save missed
    signals::watch();
    FullScreen full;
    const bool colour = colour_enabled(stdout);
    bool keys_open = ::isatty(STDIN_FILENO) != 0;
    narration::TableStory story(narrator);  // each save adds its new entries only
    for (;;) {
        const auto screen = screen_now(story, *followed.saved(), followed.path(), clock);
        const std::string note = followed.missing() ? narrator.line("display.missing") : "";
        FullScreen::put(draw_players_screen(screen, screen_size(), colour, note));
        std::vector<int> fds{followed.fd()};
        if (keys_open) fds.push_back(STDIN_FILENO);
        // A few milliseconds past the next second, so that it has come.
        std::optional<milliseconds> timeout;
        if (screen.changes_in) timeout = *screen.changes_in + milliseconds(5);
        timeout = sooner(timeout, followed.wait());  // a folder gone: looked for again
        const auto ready = signals::wait_for_any(fds, timeout);
        if (ready.signal) {
            if (signals::take_interrupt()) return 0;
            if (signals::leaving()) return 128 + signals::leaving();
            if (signals::take_stop()) {
                full.leave();
                signals::stop_now();
                full.enter();
            }
            signals::take_resize();  // the loop redraws at the new size
            signals::take_continue();
        }
        followed.update();
        if (keys_open && ready.readable[1] && quit_typed(keys_open)) return 0;
    }
}

}  // namespace

std::variant<FollowedSave, int> open_followed_save(const std::string& given_path,
                                                   const LanguageOptions& language,
                                                   std::string_view command) {
    if (!choose_script_or_say(language)) return 2;  // a wrong --lang is told first
    std::string path = given_path;
    if (path.empty()) {
        auto found = game_in_play(command);
        if (!found) {
            fmt::print(stderr, "{}\n", found.error());
            return 1;
        }
        path = *found;
    }
    auto first = read_saved_game(path);  // a file that does not load at first is refused
    if (!first) {
        fmt::print(stderr, "{}\n", first.error());
        return 1;
    }
    auto chosen = choose_script_or_say(language, first->live ? first->live->language : "");
    if (!chosen) return 2;
    return FollowedSave{std::move(path), std::move(*first), std::move(*chosen)};
}

int run_display(const DisplayOptions& given, const platform::Clock& clock) {
    auto followed_save = open_followed_save(given.path, given.language, "display");
    if (const int* code = std::get_if<int>(&followed_save)) return *code;
    auto* opened = &std::get<FollowedSave>(followed_save);
    const narration::Narrator narrator(opened->script.script());
    SaveFollower followed(opened->path, platform::real_disk(), std::move(opened->first));
    if (given.once) {
        narration::TableStory story(narrator);
        fmt::print("{}", narration::players_screen_text(
                             screen_now(story, *followed.saved(), followed.path(), clock)));
        return 0;
    }
    if (!::isatty(STDOUT_FILENO)) {
        fmt::print(stderr, "coyel display draws on a terminal: use --once to print the view\n");
        return 1;
    }
    return follow(followed, narrator, clock);
}

}  // namespace coyel::cli
