#include "call_board.hpp"

#include <vector>

#include "coyel/observe.hpp"
#include "output.hpp"
#include "table_gate.hpp"

namespace coyel::cli {

std::size_t CallBoard::inputs() const {
    std::size_t inputs = game_.state().ballots.size();
    for (const auto& action : game_.log()) inputs += !is_aside(action.kind);
    return inputs;
}

void CallBoard::show() {
    const std::size_t now = inputs();
    if (now == shown_at_) return;
    const bool first = shown_at_ == none;
    shown_at_ = now;
    if (game_.current_call() == CallId::slapp && gate_.clears()) return show_slapp_call();
    // Later voters: their prompts alone; but a session that starts (or a
    // screen cleared) in the middle of a vote shows where it stands.
    if (game_.vote_open() && !first) return;
    out_.show(narrator_.call(observe(game_, Observer::moderator())));
    show_vote_so_far();
}

// The SLAPP-suit call comes while the table has just heard the dawn: its
// lines to read aloud close their eyes, and only then, on a cleared screen,
// does the moderator see whom the protest saved.
void CallBoard::show_slapp_call() {
    std::vector<narration::Line> lines = narrator_.call(observe(game_, Observer::moderator()));
    std::vector<narration::Line> aloud;
    for (const auto& line : lines)
        if (line.kind != narration::Line::Kind::instruction) aloud.push_back(line);
    out_.show(aloud);
    gate_.wait({Gate::Kind::eyes_closing, "repl.eyes_closed", [this, lines] {
                    out_.show(lines);
                    shown_at_ = inputs();
                }});
}

void CallBoard::show_vote_so_far() {
    const auto& ballots = game_.state().ballots;
    if (ballots.empty()) return;
    const TableView view = seen_by_table(game_);
    out_.say(narrator_.line("repl.ballots_taken"));
    for (const Ballot& ballot : ballots)
        out_.say("  " + narrator_.ballot(view, ballot, game_.vote_weight(ballot.voter)));
}

std::string CallBoard::question() const {
    if (gate_.open()) return narrator_.line(gate_.gate().prompt_key);
    if (game_.over()) return narrator_.line("repl.end_question");
    return narrator_.question(observe(game_, Observer::moderator()));
}

}  // namespace coyel::cli
