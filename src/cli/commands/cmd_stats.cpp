// `coyel stats [FILES or FOLDERS] [--markdown | --json]`: the group's record
// over its finished games; the figures are the core's (coyel/group_stats.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "coyel/group_stats.hpp"
#include "coyel/text.hpp"
#include "group_render.hpp"
#include "language.hpp"
#include "store/saved_games.hpp"

namespace coyel::cli {

namespace {

using narration::Args;

// The saves named, or those of the games folder.
Result<std::vector<ListedSave>> read_given(const StatsOptions& given) {
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

// When the games were played, from their `wall` times: the first and the
// last, and how many games carry any (a save from before walls carries none).
struct Dates {
    std::optional<PlayedSpan> span;
    int dated = 0;
};

Dates dates_of(const std::vector<ListedSave>& saved) {
    Dates dates;
    for (const auto& one : saved) {
        if (!one.game.over()) continue;  // the stats count finished games only
        const auto span = played_span(one.game);
        if (!span) continue;
        ++dates.dated;
        if (!dates.span) dates.span = span;
        dates.span->first = std::min(dates.span->first, span->first);
        dates.span->last = std::max(dates.span->last, span->last);
    }
    return dates;
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
    const Dates dates = dates_of(*saved);
    if (given.json) {
        auto out = group_stats_json(stats);
        if (dates.span)
            out["played"] = {{"first", utc_text(dates.span->first)},
                             {"last", utc_text(dates.span->last)},
                             {"dated_games", dates.dated}};
        fmt::print("{}\n", out.dump(2));
        return 0;
    }
    fmt::print("{}", given.markdown ? narration::render_group_markdown(narrator, stats)
                                    : narration::render_group_text(narrator, stats));
    if (dates.span)
        fmt::print("\n{}\n", narrator.line("balance.stats_played",
                                           Args{}
                                               .set("games", dates.dated)
                                               .set("first", narrator.date_time(dates.span->first))
                                               .set("last", narrator.date_time(dates.span->last))));
    return 0;
}

}  // namespace coyel::cli
