// The table's gate: the one place the REPL asks whether the laptop's screen
// may show a hidden fact now (issue 34). Every output that may carry one
// (`status`, an undo's confirmation, the end's roles, the line editor's
// history) asks it, and it asks the core's moment (table_may_look, the dawn
// or the end held) and the session's own: a wait for Enter while the
// table's eyes are still open (the SLAPP-suit's call read aloud, the end
// told), or a screen turned away.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "coyel/game.hpp"

namespace coyel::cli {

class LineReader;

// A wait for Enter, then the screen and its scrollback are cleared and
// `then` runs.
struct Gate {
    enum class Kind {
        news,          // the night's lines stay; Enter clears them, then the table hears the news
        eyes_closing,  // the SLAPP-suit's call read aloud: the table looks until Enter
        end,           // the winner told; the roles wait for Enter, while the table looks
        privacy,       // turn the screen away first: anything but Enter calls it off
        secrets_up,    // `status`'s roles on a turned-away screen: Enter hides them
    };
    Kind kind;
    std::string prompt_key;
    std::function<void()> then;
};

class TableGate {
  public:
    // `clears`: a terminal whose screen is cleared at each gate (not --no-clear).
    explicit TableGate(bool clears) : clears_(clears) {}

    // Whether Enter clears the screen: a terminal, not --no-clear.
    bool clears() const { return clears_; }
    bool open() const { return gate_.has_value(); }
    const Gate& gate() const { return *gate_; }
    bool is(Gate::Kind kind) const { return gate_ && gate_->kind == kind; }
    // A new wait replaces the one before (its call shows again once it is gone).
    void wait(Gate gate) { gate_ = std::move(gate); }
    // Enter: the wait ends; its `then` is the caller's to run, after the clear.
    Gate pass();
    void drop() { gate_.reset(); }

    // Whether the players may be looking at the laptop now: the core's
    // moment, but a wait whose eyes are open looks, and a screen turned away
    // does not.
    bool table_looks(const Game& game) const;
    // Whether a hidden fact must wait for the screen to be turned away first.
    bool ask_before_secret(const Game& game) const { return clears_ && table_looks(game); }

    // The line editor's history is an output like the others: a line read
    // while the table's eyes were closed is kept only until they open.
    void remember(const std::string& line, const Game& game);
    // Before each read: the history the reader may offer now.
    void update_history(const Game& game, LineReader& reader);

  private:
    bool clears_;
    std::optional<Gate> gate_;
    struct Remembered {
        std::string line;
        bool eyes_closed;
    };
    std::vector<Remembered> history_;
    bool history_changed_ = false;
};

}  // namespace coyel::cli
