// No moderator (`coyel new --self`, issue 39): the laptop lies face up on
// the table. Its screen is the players' screen of the game as last saved,
// never the moderator's lines (those go nowhere; the lines read aloud go to
// the voice), and its keys are only q to leave. The phones answer every call.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>

#include "clock.hpp"
#include "coyel/game.hpp"
#include "coyel/save.hpp"
#include "line_reader.hpp"
#include "narrator.hpp"
#include "players_screen.hpp"
#include "speaker.hpp"
#include "terminal/display_screen.hpp"
#include "terminal/full_screen.hpp"

namespace coyel::cli {

// The players' screen, drawn full screen from each save the session makes.
class TableScreen {
  public:
    // `voice`, if any: the screen shows a save once the lines handed to the
    // voice before it are heard, so that the dawn or the end is not seen
    // before it is told.
    TableScreen(const narration::Narrator& narrator, const speech::Speaker* voice,
                const platform::Clock& clock)
        : story_(narrator), voice_(voice), clock_(clock) {}

    // What the session has just saved, once the lines handed to the voice
    // so far (this save's among them) are heard.
    void saved(const Game& game, const std::optional<LiveClock>& live) {
        waiting_.push_back(Shown{game, live, voice_ ? voice_->handed() : 0});
    }
    // Whether the game last saved is over.
    bool over() const {
        return waiting_.empty() ? shown_ && shown_->game.over() : waiting_.back().game.over();
    }
    // The screen as it stands now, at `size`, and how long it stays so
    // (nullopt: until the next save; 50 ms while a save waits for the voice).
    // Empty text before the first save.
    struct Drawn {
        std::string text;
        std::optional<std::chrono::milliseconds> stays;
    };
    Drawn draw(ScreenSize size, bool colour);

  private:
    struct Shown {
        Game game;
        std::optional<LiveClock> live;
        std::uint64_t heard_after = 0;  // the voice's mark when it was saved
    };
    narration::TableStory story_;  // the table's, fed each save's new entries
    const speech::Speaker* voice_;
    const platform::Clock& clock_;
    std::optional<Shown> shown_;
    std::deque<Shown> waiting_;  // saves not yet heard, oldest first
};

// The session's reader with nobody at the keyboard: it waits for the
// session's wake-ups (the clock, the timer, the phones), redrawing the
// table's screen meanwhile; q asks to leave, as `quit` would.
class SelfReader final : public LineReader {
  public:
    explicit SelfReader(TableScreen& screen) : screen_(screen) {}

    // The terminal given over to the table's screen, and back.
    void enter() { full_.emplace(); }
    void leave() { full_.reset(); }

    std::optional<std::string> read(const std::string& prompt) override;
    std::optional<std::string> read_live(LivePrompt& prompt) override;
    bool interactive() const override { return false; }

  private:
    TableScreen& screen_;
    std::optional<FullScreen> full_;
    bool keys_open_ = true;
};

}  // namespace coyel::cli
