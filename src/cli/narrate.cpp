#include "narrate.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "coyel/text.hpp"

namespace coyel::cli {

std::string degrees(int temperature) { return fmt::format("{:+}°C", temperature); }

std::string role_with_article(Role role) {
    const bool unique = role != Role::citizen && role != Role::carbon;
    return fmt::format("{} {}", unique ? "the" : "a", role_title(role));
}

std::string winner_line(const Game& game, const Script& script) {
    const State& state = game.state();
    LineArgs args;
    args.temperature = degrees(state.temperature);
    switch (*state.win_reason) {
        case WinReason::no_carbon: return script.line("win_no_carbon", args);
        case WinReason::temperature: return script.line("win_temperature", args);
        case WinReason::no_ecosystems: return script.line("win_no_ecosystems", args);
    }
    return {};
}

std::vector<Line> narrate(const Game& game, const std::vector<Event>& events,
                          const std::string& sleep_line, int announced_temperature,
                          const Script& script) {
    std::vector<Line> lines;
    auto aloud = [&](std::string text) { lines.push_back({Line::Kind::aloud, std::move(text)}); };
    auto do_this = [&](std::string text) {
        lines.push_back({Line::Kind::do_this, std::move(text)});
    };
    auto alert = [&](std::string text) { lines.push_back({Line::Kind::alert, std::move(text)}); };
    auto args_for = [&](std::optional<Seat> seat) {
        LineArgs args;
        args.round = game.state().round;
        if (seat) {
            args.name = game.name(*seat);
            args.role = role_with_article(game.role(*seat));
        }
        return args;
    };
    bool slept = sleep_line.empty();
    auto sleep = [&] {
        if (!slept) aloud(sleep_line);
        slept = true;
    };
    for (const auto& event : events) {
        switch (event.kind) {
            case Event::Kind::mayor_elected:
                do_this(event.player ? fmt::format("{} is the mayor: their vote counts for two.",
                                                   game.name(*event.player))
                                     : "No mayor: the game goes on without one.");
                break;
            case Event::Kind::mayor_lost:
                aloud(script.line("mayor_lost", args_for(event.player)));
                break;
            case Event::Kind::temperature_rose: {
                // Already told: at the prompt (clock) or in the dawn's own line.
                if (event.value <= announced_temperature) break;
                announced_temperature = event.value;
                LineArgs args;
                args.temperature = degrees(event.value);
                alert(script.line("temperature_rise", args));
                break;
            }
            case Event::Kind::lobby:
                if (!event.player)
                    do_this("The CEO lobbies nobody.");
                else if (event.lobby == LobbyOutcome::corrupted)
                    do_this(
                        fmt::format("Tap {} on the shoulder: they open their eyes, recognise the "
                                    "CEO, and close them again.",
                                    game.name(*event.player)));
                else
                    do_this("Do not tap anyone: shake your head at the CEO. The lobby is spent.");
                if (event.extra) aloud(script.line("ceo_extra"));
                break;
            case Event::Kind::dawn: {
                sleep();
                aloud(script.line("dawn"));
                LineArgs args;
                args.temperature = degrees(game.state().temperature);
                aloud(script.line("temperature", args));
                announced_temperature = game.state().temperature;
                break;
            }
            case Event::Kind::player_out: {
                LineArgs args = args_for(event.player);
                switch (event.cause) {
                    case OutCause::damage: aloud(script.line("out_damage", args)); break;
                    case OutCause::speculation: aloud(script.line("out_speculation", args)); break;
                    case OutCause::slapp:
                        args.ceo = game.name(*game.seat_of(Role::ceo));
                        aloud(script.line("slapp_filed", args));
                        break;
                    case OutCause::vote: aloud(script.line("vote_out", args)); break;
                }
                break;
            }
            case Event::Kind::saved: aloud(script.line("saved")); break;
            case Event::Kind::fragile_revived:
                aloud(script.line("revived", args_for(event.player)));
                break;
            case Event::Kind::slapp:
                if (!event.extra) do_this("No SLAPP-suit: the protest stands.");
                break;
            case Event::Kind::vote_result: {
                std::vector<std::string> counts;
                std::vector<Seat> order;
                for (Seat seat = 0; seat < game.player_count(); ++seat)
                    if (event.tally[seat] > 0) order.push_back(seat);
                std::stable_sort(order.begin(), order.end(),
                                 [&](Seat a, Seat b) { return event.tally[a] > event.tally[b]; });
                for (Seat seat : order)
                    counts.push_back(fmt::format("{} {}", game.name(seat), event.tally[seat]));
                std::string mayor = event.double_vote ? fmt::format(" ({}, the mayor, counted two)",
                                                                    game.name(*event.double_vote))
                                                      : "";
                do_this(counts.empty() ? "Tally: no votes."
                                       : "Tally: " + join(counts, ", ") + mayor + ".");
                const bool revote = std::any_of(events.begin(), events.end(), [](const Event& e) {
                    return e.kind == Event::Kind::revote;
                });
                if (!event.player && !revote) aloud(script.line("vote_nobody"));
                break;
            }
            case Event::Kind::revote: {
                std::vector<std::string> names;
                for (Seat seat : event.seats) names.push_back(game.name(seat));
                LineArgs args;
                args.names = join_or(names) + (game.setup().options.abstain ? " (or nobody)" : "");
                aloud(script.line("revote_call", args));
                break;
            }
            case Event::Kind::game_over:
                sleep();
                alert(winner_line(game, script));
                break;
        }
    }
    sleep();
    return lines;
}

}  // namespace coyel::cli
