#include "view.hpp"

#include <fmt/color.h>
#include <fmt/format.h>

#include "coyel/text.hpp"
#include "terminal.hpp"

namespace coyel::cli {

std::string phase_title(const Game& game) {
    const State& state = game.state();
    switch (state.phase) {
        case Phase::setup: return "Before the game";
        case Phase::night: return fmt::format("Night {}", state.round);
        case Phase::dawn: return fmt::format("Dawn {}", state.round);
        case Phase::day: return fmt::format("Day {}", state.round);
        case Phase::over: return "Game over";
    }
    return "?";
}

std::string describe_action(const Action& action, const Game& game) {
    auto who = [&](std::optional<Seat> seat) {
        return seat ? game.name(*seat) : std::string{"nobody"};
    };
    switch (action.kind) {
        case ActionKind::elect_mayor:
            return fmt::format("the election of {} as mayor", who(action.player));
        case ActionKind::carbon_target:
            return fmt::format("the carbon emissions' target, {}", who(action.player));
        case ActionKind::ngo_protect:
            return fmt::format("the NGO's protection of {}", who(action.player));
        case ActionKind::banker:
            return fmt::format("the banker's gesture ({})", banker_choice_id(action.choice));
        case ActionKind::ceo_lobby: return fmt::format("the CEO's lobby on {}", who(action.player));
        case ActionKind::slapp: return action.file ? "the SLAPP-suit" : "the SLAPP-suit not filed";
        case ActionKind::vote: return "the vote";
        case ActionKind::clock: return "a clock reading";
        case ActionKind::heat: return "a degree of heat";
        case ActionKind::note: return fmt::format("the note \"{}\"", action.text);
    }
    return "?";
}

std::string win_reason_text(WinReason reason) {
    switch (reason) {
        case WinReason::temperature: return "the temperature reached the limit";
        case WinReason::no_carbon: return "no carbon emission is left in the game";
        case WinReason::no_ecosystems: return "no ecosystem is left in the game";
    }
    return "?";
}

std::string expects_text(const Game& game) {
    const State& state = game.state();
    if (!state.expects) {
        return fmt::format("nothing: the {} team won, as {}", team_id(*state.winner),
                           win_reason_text(*state.win_reason));
    }
    switch (*state.expects) {
        case ActionKind::elect_mayor:
            return state.phase == Phase::setup ? "the mayor election" : "the new mayor's election";
        case ActionKind::carbon_target: return "the carbon emissions' target";
        case ActionKind::ngo_protect: return "the NGO's protection";
        case ActionKind::banker: return "the banker's gesture";
        case ActionKind::ceo_lobby: return "the CEO's lobby";
        case ActionKind::slapp: return "the CEO's SLAPP-suit decision";
        case ActionKind::vote:
            return state.revote_candidates.empty() ? "the day vote" : "the revote";
        default: return std::string{action_id(*state.expects)};
    }
}

std::string temperature_line(const Game& game) {
    const State& state = game.state();
    const Options& options = game.setup().options;
    std::string line = fmt::format("{:+}°C of {:+}°C · clock {}", state.temperature,
                                   options.temperature_limit, format_clock(state.clock_s));
    if (auto next = game.next_rise_at())
        line += fmt::format(" · next degree at {}", format_clock(*next));
    else if (options.temperature_mode != TemperatureMode::clock && !game.over())
        line += fmt::format(" · rises {}", options.temperature_mode == TemperatureMode::night
                                               ? "at each dawn"
                                               : "on `heat`");
    return line;
}

std::string one_line_summary(const Game& game) {
    const State& state = game.state();
    std::string next = state.expects ? fmt::format("expects {}", action_id(*state.expects))
                                     : fmt::format("{} won ({})", team_id(*state.winner),
                                                   win_reason_id(*state.win_reason));
    return fmt::format("{} players, round {}, {}, {}, {:+}°C, {} log entries", game.player_count(),
                       state.round, phase_id(state.phase), next, state.temperature,
                       game.log().size());
}

namespace {

std::string player_table(const Game& game, bool colour, bool secrets) {
    const State& state = game.state();
    std::size_t width = 4;
    for (Seat seat = 0; seat < game.player_count(); ++seat)
        width = std::max(width, utf8_length(game.name(seat)));
    std::string out;
    for (Seat seat = 0; seat < game.player_count(); ++seat) {
        const bool in = state.players[seat].in_game;
        const std::string& name = game.name(seat);
        std::string padded = name + std::string(width - utf8_length(name), ' ');
        std::string role = secrets || !in ? std::string{role_id(game.role(seat))} : "";
        std::vector<std::string> marks;
        if (state.mayor == seat) marks.push_back("mayor");
        if (secrets && state.players[seat].corrupted) marks.push_back("corrupted");
        if (!secrets && game.role(seat) == Role::ceo && state.ceo_revealed && in)
            role = "ceo";  // revealed by a SLAPP-suit
        std::string line = fmt::format("  {:>2}  {}  {:<4} {:<8} {}", seat + 1, padded,
                                       in ? "in" : "out", role, join(marks, ", "));
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += paint(colour && !in, fmt::fg(fmt::terminal_color::bright_black), line) + "\n";
    }
    return out;
}

std::string header(const Game& game, bool colour) {
    return paint(colour, fmt::emphasis::bold, phase_title(game)) + " · " + temperature_line(game) +
           "\n";
}

}  // namespace

std::string moderator_view(const Game& game, bool colour) {
    std::string out = header(game, colour);
    out += player_table(game, colour, true);
    out += fmt::format("Next: {}.\n", expects_text(game));
    return out;
}

std::string table_view(const Game& game, bool colour) {
    std::string out = header(game, colour);
    out += player_table(game, colour, false);
    if (game.over()) out += fmt::format("The {} team won.\n", team_id(*game.state().winner));
    return out;
}

}  // namespace coyel::cli
