// `coyel stats [FILES or FOLDERS] [--markdown | --json]`: the group's record
// over its finished games; the figures are the core's (coyel/group_stats.hpp).
#include <fmt/format.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "coyel/group_stats.hpp"
#include "coyel/text.hpp"
#include "group_render.hpp"
#include "language.hpp"
#include "saved_games.hpp"

namespace coyel::cli {

namespace {

// The saves named, or those of the games folder.
Result<std::vector<SavedGame>> read_given(const StatsOptions& given) {
    if (!given.paths.empty()) return read_saved_games(given.paths, print_skipped);
    std::string folder;
    return read_games_folder(folder, print_skipped);
}

// "Bob=Robert=Rob" as one group of names, in the order given.
SameNames same_names(const std::vector<std::string>& given) {
    SameNames same;
    for (const auto& text : given) {
        std::vector<std::string> names;
        std::string_view rest = text;
        while (!rest.empty()) {
            const auto equals = rest.find('=');
            if (const auto name = trim(rest.substr(0, equals)); !name.empty())
                names.emplace_back(name);
            rest = equals == std::string_view::npos ? "" : rest.substr(equals + 1);
        }
        if (!names.empty()) same.push_back(std::move(names));
    }
    return same;
}

}  // namespace

int run_stats(const StatsOptions& given) {
    const auto chosen = choose_script_or_say(given.language);
    if (!chosen) return 2;
    const auto saved = read_given(given);
    if (!saved) {
        fmt::print(stderr, "{}\n", saved.error());
        return 1;
    }
    std::vector<const Game*> games;
    for (const auto& one : *saved) games.push_back(&one.game);
    const GroupStats stats = group_stats(games, same_names(given.same));
    const narration::Narrator narrator(chosen->script());
    if (given.json)
        fmt::print("{}\n", group_stats_json(stats).dump(2));
    else if (given.markdown)
        fmt::print("{}", narration::render_group_markdown(narrator, stats));
    else
        fmt::print("{}", narration::render_group_text(narrator, stats));
    return 0;
}

}  // namespace coyel::cli
