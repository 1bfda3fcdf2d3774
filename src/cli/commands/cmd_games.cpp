// `coyel games [--json]`: the saved games of the games folder, newest first,
// one line each: when, players, where the game stands, file.
#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "coyel/text.hpp"
#include "group_render.hpp"
#include "language.hpp"
#include "store/saved_games.hpp"
#include "terminal/terminal.hpp"

namespace coyel::cli {
namespace {

nlohmann::ordered_json games_json(const std::vector<ListedSave>& games) {
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

// `text` cut to `width` characters, "…" last, when it is longer.
std::string cut_to(const std::string& text, std::size_t width) {
    if (utf8_length(text) <= width) return text;
    std::string out;
    std::size_t characters = 0;
    for (std::size_t i = 0; i < text.size() && characters + 1 < width; ++characters) {
        std::size_t next = i + 1;
        while (next < text.size() && (static_cast<unsigned char>(text[next]) & 0xC0) == 0x80)
            ++next;
        out.append(text, i, next - i);
        i = next;
    }
    return out + "…";
}

// On a terminal, the players' column is cut so that a line fits the window
// (never below 12 characters); the other columns, the file's above all, stay
// whole. Into a pipe every row is whole.
void fit_players_column(std::vector<std::vector<std::string>>& rows) {
    if (rows.empty() || ::isatty(::fileno(stdout)) == 0) return;
    std::size_t others = 0;
    for (std::size_t column : {0, 2, 3}) {
        std::size_t widest = 0;
        for (const auto& row : rows) widest = std::max(widest, utf8_length(row[column]));
        others += widest + 2;
    }
    const std::size_t window = terminal_width(stdout);
    const std::size_t room = window > others + 12 ? window - others : 12;
    for (auto& row : rows) row[1] = cut_to(row[1], room);
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
    fit_players_column(rows);
    for (const auto& line : narration::aligned_rows(rows)) fmt::print("{}\n", line);
    return 0;
}

}  // namespace coyel::cli
