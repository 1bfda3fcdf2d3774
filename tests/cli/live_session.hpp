// A session at a terminal, against fakes: typed lines with the time the
// prompt waited before each, a moving fake clock, a disk that keeps every save.
#pragma once

#include <chrono>
#include <deque>
#include <string>
#include <vector>

#include "../fakes/fake_clock.hpp"
#include "../helpers.hpp"
#include "capture.hpp"
#include "coyel/save.hpp"
#include "repl/session.hpp"

namespace coyel::test {

using namespace std::chrono_literals;
using cli::FileWriter;
using cli::GameClock;
using cli::LineReader;
using cli::LivePrompt;
using cli::Session;
using cli::SessionIo;

// One input: how long the prompt waits with nobody typing, then the line
// typed ("^C" for Ctrl-C, which empties the line and types nothing).
struct Typed {
    std::chrono::milliseconds wait;
    std::string line;
};

// A terminal's reader: while a prompt waits, the fake clock moves on to
// each moment the prompt asks to be woken, and the prompt is woken there.
class LiveReader final : public LineReader {
  public:
    LiveReader(std::deque<Typed> typed, FakeClock& clock)
        : typed_(std::move(typed)), clock_(clock) {}

    std::optional<std::string> read(const std::string&) override { return std::nullopt; }
    std::optional<std::string> read_live(LivePrompt& prompt) override {
        // As the terminal's reader: a prompt closed already ends the read at once.
        if (prompt.closed()) {
            if (++closed_reads_ > 100) FAIL("the prompt stays closed: the session would spin");
            return std::nullopt;
        }
        while (!typed_.empty()) {
            Typed next = typed_.front();
            typed_.pop_front();
            if (!wait(prompt, next.wait)) {  // typed at the next prompt instead
                typed_.push_front({0ms, next.line});
                return std::nullopt;
            }
            prompts.push_back(prompt.text());
            histories.push_back(history);
            if (next.line != "^C") return next.line;
            shown += prompt.on_interrupt();
        }
        return std::nullopt;
    }
    bool interactive() const override { return true; }
    void set_completions(std::vector<std::string> words) override {
        completions = std::move(words);
    }
    void set_history(const std::vector<std::string>& lines) override { history = lines; }

    std::string shown;                 // what the prompt showed above itself
    std::vector<std::string> prompts;  // each prompt as an answer was typed
    int wakes = 0;
    std::vector<std::string> completions;             // what Tab offered at the last prompt
    std::vector<std::string> history;                 // what Up may bring back now
    std::vector<std::vector<std::string>> histories;  // at each prompt, as prompts

  private:
    // False when the prompt closed during the wait (the game ended).
    bool wait(LivePrompt& prompt, std::chrono::milliseconds left) {
        while (left > 0ms) {
            const auto wake = prompt.wake_in();
            if (!wake || *wake > left) break;
            clock_.advance(*wake);
            left -= *wake;
            ++wakes;
            shown += prompt.on_wake();
            if (prompt.closed()) return false;
        }
        clock_.advance(left);
        return true;
    }

    std::deque<Typed> typed_;
    FakeClock& clock_;
    int closed_reads_ = 0;
};

// Every save, in order, as the session wrote them.
struct Disk {
    std::vector<std::string> saves;
    FileWriter writer() {
        return [this](const std::string&, std::string_view text) -> Refusal {
            saves.emplace_back(text);
            return std::nullopt;
        };
    }
    Game last() const {
        auto game = load_game(saves.back(), "game.json");
        REQUIRE(game.ok());
        return std::move(*game);
    }
};

// A game of one minute from +0 to +2°C: a degree every 30 s.
inline Game one_minute_game() {
    Options options;
    options.temperature_minutes = 1;
    options.temperature_limit = 2;
    return make_game(spec_table(), options);
}

struct Table {
    FakeClock clock;
    Disk disk;
    Capture out, err;
    LiveReader reader;
    Session session;
    // `started`: the wall time the session starts at; `clear`: as --no-clear
    // leaves it (off, so that most tests read one screen).
    Table(std::deque<Typed> typed, Game game = one_minute_game(),
          platform::Clock::Wall started = {}, bool clear = false,
          const narration::Script& script = narration::english_script())
        : clock(started),
          reader(std::move(typed), clock),
          session(std::move(game), "game.json", SessionIo{reader, out.file, err.file, false, clear},
                  GameClock(0, clock), disk.writer(), script) {}
};

}  // namespace coyel::test
