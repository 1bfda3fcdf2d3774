// `coyel games [--json]`: the saved games of the games folder, newest first,
// one line each: when, players, where the game stands, file.
#include <fmt/format.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "group_render.hpp"
#include "language.hpp"
#include "saved_games.hpp"

namespace coyel::cli {
namespace {

// "2026-11-30T21:15:04Z"
std::string utc_text(std::time_t when) {
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&when));
    return text;
}

nlohmann::ordered_json games_json(const std::vector<SavedGame>& games) {
    using json = nlohmann::ordered_json;
    json out = json::array();
    for (const auto& saved : games) {
        const State& state = saved.game.state();
        out.push_back({{"file", saved.path},
                       {"when", utc_text(saved.when)},
                       {"players", saved.game.setup().players},
                       {"round", state.round},
                       {"phase", phase_id(state.phase)},
                       {"winner", state.winner ? json(team_id(*state.winner)) : json(nullptr)},
                       {"win_reason", state.win_reason ? json(win_reason_id(*state.win_reason))
                                                       : json(nullptr)}});
    }
    return out;
}

}  // namespace

int run_games(bool as_json, const LanguageOptions& language) {
    const auto chosen = choose_script_or_say(language);
    if (!chosen) return 2;
    std::string folder;
    auto games = read_games_folder(folder, print_skipped);
    if (!games) {
        fmt::print(stderr, "{}\n", games.error());
        return 1;
    }
    if (as_json) {
        fmt::print("{}\n", games_json(*games).dump(2));
        return 0;
    }
    const narration::Narrator narrator(chosen->script());
    if (games->empty())
        fmt::print("{}\n", narrator.line("games.none", narration::Args{}.set("folder", folder)));
    std::vector<std::vector<std::string>> rows;
    for (const auto& saved : *games)
        rows.push_back({local_time_text(saved.when), narration::player_list(narrator, saved.game),
                        narration::game_standing(narrator, saved.game), saved.path});
    for (const auto& line : narration::aligned_rows(rows)) fmt::print("{}\n", line);
    return 0;
}

}  // namespace coyel::cli
