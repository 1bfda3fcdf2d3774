// The call now expected, on the moderator's screen: its block (lines to read
// aloud, what to do, the vote so far) shown once per call, and again after
// `help`, a clear or an undo.
#pragma once

#include <cstddef>

#include "coyel/game.hpp"
#include "narrator.hpp"

namespace coyel::cli {

class Output;
class TableGate;

class CallBoard {
  public:
    CallBoard(const Game& game, const narration::Narrator& narrator, Output& out, TableGate& gate)
        : game_(game), narrator_(narrator), out_(out), gate_(gate) {}

    // The block for the call now expected, unless it is shown already.
    void show();
    // What the prompt asks: the gate's Enter, the end's, or the call's answer.
    std::string question() const;
    // The next show() shows the call again.
    void again() { shown_at_ = none; }
    // The inputs that moved the game on so far: notes, heat, clock ticks
    // and tells do not (no new call).
    std::size_t inputs() const;

  private:
    static constexpr std::size_t none = static_cast<std::size_t>(-1);
    void show_slapp_call();
    void show_vote_so_far();

    const Game& game_;
    const narration::Narrator& narrator_;
    Output& out_;
    TableGate& gate_;
    std::size_t shown_at_ = none;  // inputs when the call was shown
};

}  // namespace coyel::cli
