#include "views.hpp"

#include <fmt/color.h>
#include <fmt/format.h>

#include <algorithm>

#include "coyel/observe.hpp"
#include "coyel/text.hpp"
#include "terminal.hpp"

namespace coyel::cli {
namespace {

std::string block(const narration::Narrator& narrator, const TableView& view,
                  const std::vector<std::string>& rows, bool colour) {
    std::string out = narrator.header(view);
    const auto dot = out.find(" · ");
    if (colour && dot != std::string::npos)
        out = paint(colour, fmt::emphasis::bold, out.substr(0, dot)) + out.substr(dot);
    out += "\n";
    for (std::size_t seat = 0; seat < rows.size(); ++seat) {
        const bool out_of_game = !view.players[seat].in_game;
        out += paint(colour && out_of_game, fmt::fg(fmt::terminal_color::bright_black), rows[seat]);
        out += "\n";
    }
    return out;
}

// The moderator's observation: the game as it stands, held news included.
std::string moderators_view(const narration::Narrator& narrator, const Game& game, bool colour) {
    const Observation seen = observe(game, Observer::moderator());
    return block(narrator, seen.view, narrator.rows(seen.view), colour) + narrator.next(seen) +
           "\n";
}

}  // namespace

// While news waits for the table, a line says so: the story told so far
// (the table's, the replay's) stops before it.
std::string moderator_view_text(const narration::Narrator& narrator, const Game& game,
                                bool colour) {
    std::string out = moderators_view(narrator, game, colour);
    if (game.news_held()) out += narrator.line("status.news_held") + "\n";
    return out;
}

std::string status_text(const narration::Narrator& narrator, const Game& game, bool colour) {
    std::string out = moderators_view(narrator, game, colour);
    if (game.news_held()) out += narrator.line("status.news_untold") + "\n";
    return out;
}

std::string table_view_text(const narration::Narrator& narrator, const TableView& view,
                            bool colour) {
    std::string out = block(narrator, view, narrator.rows(view), colour);
    if (view.winner) out += narrator.winner(view) + "\n";
    return out;
}

// The table's view: once the end is told it holds every role, and before
// that only those already revealed, so no row can say one early.
std::vector<std::string> roles_at_end(const narration::Narrator& narrator, const Game& game) {
    const TableView view = seen_by_table(game);
    std::size_t width = 0;  // the longest name's, not a fixed column
    for (const auto& player : view.players) width = std::max(width, utf8_length(player.name));
    std::vector<std::string> rows;
    for (Seat seat = 0; seat < static_cast<Seat>(view.players.size()); ++seat) {
        const TablePlayer& player = view.players[seat];
        std::string role = player.role ? narrator.role_title(*player.role) : "";
        if (player.corrupted)
            role = narrator.line("replay.role_corrupted", narration::Args{}.set("role", role));
        rows.push_back(fmt::format("  {:>2}  {:<{}}  {}", seat + 1, player.name, width, role));
    }
    return rows;
}

}  // namespace coyel::cli
