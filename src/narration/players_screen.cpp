#include "players_screen.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "chronicle.hpp"
#include "coyel/observe.hpp"
#include "coyel/text.hpp"

namespace coyel::narration {
namespace {

using std::chrono::milliseconds;

// The game clock at `now_ms`: the saved reading, moved on by the wall time
// since, while it runs; and how long until its next second.
struct ClockNow {
    std::int64_t seconds = 0;
    std::optional<milliseconds> next_second;
};

ClockNow clock_now(const Game& game, const std::optional<LiveClock>& live, std::int64_t now_ms) {
    const std::int64_t reading = game.state().clock_s;
    if (!live || !live->running) return {reading, std::nullopt};
    const std::int64_t elapsed = std::max<std::int64_t>(0, now_ms - live->wall_ms);
    return {reading + elapsed / 1000, milliseconds(1000 - elapsed % 1000)};
}

std::optional<milliseconds> sooner(std::optional<milliseconds> a, std::optional<milliseconds> b) {
    if (!a) return b;
    if (!b) return a;
    return std::min(*a, *b);
}

// The countdown to the next degree, or how the temperature rises otherwise.
// At zero it waits, still, for the save that logs the degree.
void countdown(const Narrator& narrator, const TableView& view, const ClockNow& clock,
               PlayersScreen& screen) {
    if (view.phase == Phase::over) return;
    const auto to_degree = view.seconds_to_next_degree(clock.seconds);
    if (!to_degree) {
        screen.countdown =
            narrator.line("display.rises", Args{}.set("mode", std::string{id_of(view.mode)}));
        return;
    }
    const std::int64_t left = *to_degree;
    screen.countdown_figure = clock_text(left);
    // Before Night 1 the clock waits; the game over, no countdown is shown.
    const char* running = !view.clock_may_run() ? "waiting" : clock.next_second ? "yes" : "no";
    screen.countdown = narrator.line("display.countdown",
                                     Args{}.set("running", running).set("clock", clock_text(left)));
    if (left > 0) screen.changes_in = clock.next_second;
    if (view.clock_may_run() && clock.next_second)  // the figure is rounded up
        screen.countdown_left =
            left <= 0 ? milliseconds(0) : milliseconds((left - 1) * 1000) + *clock.next_second;
}

// A running timer, shown rounded up (3:00 when set, 0:01 in its last second).
void timer(const Narrator& narrator, const std::optional<LiveClock>& live, std::int64_t now_ms,
           PlayersScreen& screen) {
    if (!live || !live->timer_ends_ms) return;
    const std::int64_t left_ms = std::max<std::int64_t>(0, *live->timer_ends_ms - now_ms);
    screen.timer_figure = clock_text((left_ms + 999) / 1000);
    screen.timer = narrator.line("display.timer", Args{}.set("clock", *screen.timer_figure));
    if (left_ms > 0)
        screen.changes_in =
            sooner(screen.changes_in, milliseconds(left_ms % 1000 ? left_ms % 1000 : 1000));
}

std::vector<PlayersScreen::Row> rows(const Narrator& narrator, const TableView& view) {
    std::vector<PlayersScreen::Row> out;
    for (std::size_t seat = 0; seat < view.players.size(); ++seat) {
        const TablePlayer& player = view.players[seat];
        PlayersScreen::Row& row = out.emplace_back();
        row.seat = static_cast<int>(seat) + 1;
        row.name = player.name;
        row.in_game = player.in_game;
        row.mayor = player.mayor;
        // The role as `role` says it: its title, or the glossary's short name.
        const auto status = [&](const std::string& role) {
            std::string text =
                player.role ? narrator.line(player.in_game ? "display.revealed" : "display.out",
                                            Args{}.set("role", role))
                            : narrator.line("display.in");
            if (player.mayor) text += " · " + narrator.line("display.mayor");
            if (player.corrupted) text += " · " + narrator.line("view.corrupted");  // at the end
            return text;
        };
        row.status = status(player.role ? narrator.role_title(*player.role) : "");
        row.short_status = status(
            player.role ? narrator.line(fmt::format("view.role.{}", role_id(*player.role))) : "");
    }
    return out;
}

// The ballots said aloud so far, and whose comes next (public: a vote is
// taken aloud, in seat order).
std::vector<std::string> vote_so_far(const Narrator& narrator, const TableView& view) {
    std::vector<std::string> lines;
    if (!view.next_voter) return lines;
    for (const Ballot& ballot : view.ballots)
        lines.push_back(narrator.ballot(view, ballot, view.vote_weight(ballot.voter)));
    lines.push_back(narrator.line("display.next_voter",
                                  Args{}.set("name", view.players[*view.next_voter].name)));
    return lines;
}

}  // namespace

PlayersScreen players_screen(const Narrator& narrator, const Game& game,
                             const std::optional<LiveClock>& live, std::int64_t now_ms) {
    TableStory story(narrator);
    return players_screen(story, game, live, now_ms);
}

PlayersScreen players_screen(TableStory& story, const Game& game,
                             const std::optional<LiveClock>& live, std::int64_t now_ms) {
    const Narrator& narrator = story.narrator();
    const TableView view = observe(game, Observer::table()).view;
    PlayersScreen screen;
    screen.phase = narrator.phase_title(view.phase, view.round);
    screen.temperature = view.temperature;
    screen.temperature_limit = view.temperature_limit;
    screen.degrees = narrator.degrees(view.temperature);
    screen.temperature_text = narrator.line(
        "display.temperature", Args{}
                                   .set("temperature", narrator.degrees(view.temperature))
                                   .set("limit", narrator.degrees(view.temperature_limit)));
    countdown(narrator, view, clock_now(game, live, now_ms), screen);
    if (view.phase != Phase::over) timer(narrator, live, now_ms, screen);
    screen.players = rows(narrator, view);
    // A public moment the log has not (the phones' election tied) comes first.
    if (live && !live->table_note.empty()) screen.announcement.push_back(live->table_note);
    if (screen.announcement.empty()) {
        story.follow(game);
        screen.announcement = story.last_announcement();
    }
    // Before any news: the first election's call, as read to the table.
    if (screen.announcement.empty() && game.current_call() == CallId::first_mayor)
        screen.announcement.push_back(narrator.line("call.first_mayor.aloud"));
    if (screen.announcement.empty())
        screen.announcement.push_back(narrator.line("display.waiting"));
    // While the table talks (a timer runs, no ballot cast yet), nobody votes yet.
    const bool talking =
        view.ballots.empty() && live && live->timer_ends_ms && *live->timer_ends_ms > now_ms;
    if (!talking) screen.vote = vote_so_far(narrator, view);
    if (view.winner) {
        screen.result = narrator.winner(view);
        screen.result_figure = narrator.line(
            "display.result_figure", Args{}.set("team", std::string{team_id(*view.winner)}));
    }
    return screen;
}

std::string players_screen_text(const PlayersScreen& screen) {
    std::string out = screen.phase + " · " + screen.temperature_text + "\n";
    if (!screen.countdown.empty()) out += screen.countdown + "\n";
    if (screen.timer) out += *screen.timer + "\n";
    std::size_t width = 0;
    for (const auto& row : screen.players) width = std::max(width, utf8_length(row.name));
    for (const auto& row : screen.players)
        out += fmt::format("  {:>2}  {}{}  {}\n", row.seat, row.name,
                           std::string(width - utf8_length(row.name), ' '), row.status);
    for (const auto& line : screen.announcement) out += line + "\n";
    for (const auto& line : screen.vote) out += line + "\n";
    if (screen.result) out += *screen.result + "\n";
    return out;
}

}  // namespace coyel::narration
