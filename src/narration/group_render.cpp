#include "group_render.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "coyel/text.hpp"
#include "render.hpp"

namespace coyel::narration {
namespace {

constexpr std::array<Team, team_count> teams = {Team::ecosystems, Team::carbon};
// Grouped by the team each makes win.
constexpr std::array<WinReason, win_reason_count> reasons = {
    WinReason::no_carbon, WinReason::temperature, WinReason::no_ecosystems};

// The team a reason makes win (SPEC section 7).
Team winner_by(WinReason reason) {
    return reason == WinReason::no_carbon ? Team::ecosystems : Team::carbon;
}

std::string count_text(long long count) { return std::to_string(count); }

// "60%", rounded; "-" without a finished game.
std::string rate(const Narrator& narrator, int part, int whole) {
    if (whole == 0) return narrator.line("group.no_rate");
    return narrator.line("group.percent", Args{}.set("percent", (part * 100 + whole / 2) / whole));
}

std::vector<std::string> columns(const Narrator& narrator,
                                 std::initializer_list<std::string_view> keys) {
    std::vector<std::string> out;
    for (auto key : keys) out.push_back(narrator.line(fmt::format("group.col.{}", key)));
    return out;
}

// A team as a table's heading or cell names it: "ecosystems", "Écosystèmes".
std::string team_label(const Narrator& narrator, Team team) {
    return narrator.line(fmt::format("group.team.{}", team_id(team)));
}

TextTable wins_table(const Narrator& narrator, const GroupStats& stats) {
    TextTable table{narrator.line("group.wins"), columns(narrator, {"team", "wins", "rate"}), {}};
    for (Team team : teams) {
        const int wins = stats.overall.wins[static_cast<std::size_t>(team)];
        table.rows.push_back({team_label(narrator, team), count_text(wins),
                              rate(narrator, wins, stats.overall.finished)});
    }
    return table;
}

TextTable why_table(const Narrator& narrator, const GroupStats& stats) {
    TextTable table{narrator.line("group.why"), columns(narrator, {"team", "why", "games"}), {}};
    for (WinReason reason : reasons)
        table.rows.push_back({team_label(narrator, winner_by(reason)), narrator.win_reason(reason),
                              count_text(stats.reasons[static_cast<std::size_t>(reason)])});
    return table;
}

std::vector<std::string> tally_cells(std::string first, const WinTally& tally) {
    std::vector<std::string> cells{std::move(first), count_text(tally.finished)};
    for (Team team : teams) cells.push_back(count_text(tally.wins[static_cast<std::size_t>(team)]));
    return cells;
}

// Finished games and each team's wins, by player count or by deck.
template <typename Key>
TextTable tally_table(const Narrator& narrator, std::string_view heading, std::string_view first,
                      const std::map<Key, WinTally>& tallies) {
    TextTable table{narrator.line(heading), columns(narrator, {first, "games"}), {}};
    for (Team team : teams) table.columns.push_back(team_label(narrator, team));
    for (const auto& [key, tally] : tallies) {
        if constexpr (std::is_same_v<Key, int>)
            table.rows.push_back(tally_cells(count_text(key), tally));
        else
            table.rows.push_back(tally_cells(narrator.deck(key), tally));
    }
    return table;
}

TextTable length_table(const Narrator& narrator, const GroupStats& stats) {
    TextTable table{narrator.line("group.length"), {""}, {}};
    for (auto key : {"least", "mean", "most"}) table.columns.push_back(columns(narrator, {key})[0]);
    const int finished = stats.overall.finished;
    const Span& r = stats.rounds;
    table.rows.push_back({narrator.line("group.rounds"), count_text(r.least),
                          narrator.number(static_cast<double>(r.total) / finished, 1),
                          count_text(r.most)});
    const Span& s = stats.seconds;
    table.rows.push_back({narrator.line("group.clock"), clock_text(s.least),
                          clock_text((s.total + finished / 2) / finished), clock_text(s.most)});
    return table;
}

std::string cards_held(const Narrator& narrator, const PlayerRecord& player) {
    std::vector<std::string> held;
    for (Role role : all_roles)
        if (int count = player.roles[static_cast<std::size_t>(role)])
            held.push_back(
                narrator.line("group.card_held",
                              Args{}.set("title", narrator.role_title(role)).set("count", count)));
    return join(held, narrator.line("words.list_separator"));
}

TextTable players_table(const Narrator& narrator, const GroupStats& stats) {
    TextTable table{narrator.line("group.players"),
                    columns(narrator, {"player", "games", "wins", "rate", "cards_held"}),
                    {}};
    for (const auto& player : stats.players)
        table.rows.push_back({player.name, count_text(player.finished), count_text(player.wins),
                              rate(narrator, player.wins, player.finished),
                              cards_held(narrator, player)});
    return table;
}

std::string deeds(const Narrator& narrator, Role role, const CardRecord& card) {
    Args args;
    args.set("saves", card.protest_saves)
        .set("filed", card.slapps_filed)
        .set("declined", card.slapps_declined)
        .set("landed", card.lobbies_landed)
        .set("social", card.social_used)
        .set("speculation", card.speculation_used)
        .set("revivals", card.revivals);
    return narrator.line(fmt::format("group.deed.{}", role_id(role)), args);
}

TextTable cards_table(const Narrator& narrator, const GroupStats& stats) {
    TextTable table{narrator.line("group.cards"),
                    columns(narrator, {"card", "games", "team_wins", "rate", "deeds"}),
                    {}};
    for (Role role : told_order) {
        const CardRecord& card = stats.cards[static_cast<std::size_t>(role)];
        if (card.finished == 0 || role == Role::citizen)
            continue;  // the citizens: no row, the deck's rest
        table.rows.push_back(
            {narrator.role_title(role), count_text(card.finished), count_text(card.team_wins),
             rate(narrator, card.team_wins, card.finished), deeds(narrator, role, card)});
    }
    return table;
}

std::string summary(const Narrator& narrator, const GroupStats& stats) {
    return narrator.line("group.summary", Args{}
                                              .set("games", stats.games)
                                              .set("finished", stats.overall.finished)
                                              .set("unfinished", stats.unfinished));
}

}  // namespace

std::string game_standing(const Narrator& narrator, const Game& game) {
    const State& state = game.state();
    if (state.winner)
        return narrator.line("games.won", Args{}.set("team", narrator.team(*state.winner)));
    return narrator.phase_title(state.phase, state.round);
}

std::string player_list(const Narrator& narrator, const Game& game) {
    return join(game.setup().players, narrator.line("words.list_separator"));
}

std::vector<std::string> aligned_rows(const std::vector<std::vector<std::string>>& rows) {
    std::vector<std::size_t> widths;
    for (const auto& row : rows) {
        widths.resize(std::max(widths.size(), row.size()));
        for (std::size_t i = 0; i < row.size(); ++i)
            widths[i] = std::max(widths[i], utf8_length(row[i]));
    }
    std::vector<std::string> lines;
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t i = 0; i < row.size(); ++i) {
            line += row[i];
            if (i + 1 < row.size()) line += std::string(widths[i] - utf8_length(row[i]) + 2, ' ');
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        lines.push_back(line);
    }
    return lines;
}

std::vector<TextTable> group_tables(const Narrator& narrator, const GroupStats& stats) {
    if (stats.overall.finished == 0) return {};
    return {wins_table(narrator, stats),
            why_table(narrator, stats),
            tally_table(narrator, "group.by_player_count", "players", stats.by_player_count),
            tally_table(narrator, "group.by_deck", "deck", stats.by_deck),
            length_table(narrator, stats),
            players_table(narrator, stats),
            cards_table(narrator, stats)};
}

std::string render_group_text(const Narrator& narrator, const GroupStats& stats) {
    std::string out = summary(narrator, stats) + "\n";
    const auto tables = group_tables(narrator, stats);
    if (tables.empty()) out += narrator.line("group.no_finished") + "\n";
    for (const auto& table : tables) {
        out += "\n" + table.heading + "\n";
        std::vector<std::vector<std::string>> rows{table.columns};
        rows.insert(rows.end(), table.rows.begin(), table.rows.end());
        for (const auto& line : aligned_rows(rows)) out += "  " + line + "\n";
    }
    return out;
}

std::string render_group_markdown(const Narrator& narrator, const GroupStats& stats) {
    std::string out = fmt::format("# {}\n\n{}\n", markdown_escape(narrator.line("group.title")),
                                  markdown_escape(summary(narrator, stats)));
    const auto tables = group_tables(narrator, stats);
    if (tables.empty()) out += "\n" + markdown_escape(narrator.line("group.no_finished")) + "\n";
    for (const auto& table : tables) {
        out += fmt::format("\n## {}\n\n", markdown_escape(table.heading));
        auto row_text = [](const std::vector<std::string>& cells) {
            std::string line = "|";
            for (const auto& cell : cells) line += fmt::format(" {} |", markdown_escape(cell));
            return line + "\n";
        };
        out += row_text(table.columns);
        out += row_text(std::vector<std::string>(table.columns.size(), "---"));
        for (const auto& row : table.rows) out += row_text(row);
    }
    return out;
}

}  // namespace coyel::narration
