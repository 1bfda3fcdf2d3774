// The save file, format version 1 (SPEC section 8): setup plus log, nothing
// derived. Loading is strict and replays every entry through the engine.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "coyel/game.hpp"
#include "coyel/result.hpp"

namespace coyel {

inline constexpr std::string_view save_format_name = "coyel-heaven";
inline constexpr int save_format_version = 1;

// What a players' screen needs to tick between saves, written by the session
// in play as the top-level key "live" (beyond SPEC: other tools may ignore
// it). Times are Unix milliseconds, written as ISO-8601 UTC text.
// The longest `timer` the REPL sets: ten hours. A save's timer ending later
// than that after its wall time is not one coyel wrote.
inline constexpr std::int64_t longest_timer_seconds = 10 * 60 * 60;

struct LiveClock {
    bool running = false;  // the game clock runs in a coyel that is playing the save
    // When the game clock read the save's reading (state().clock_s): while it
    // runs, the moment that second began; while paused, the moment of saving.
    std::int64_t wall_ms = 0;
    std::optional<std::int64_t> timer_ends_ms;  // a `timer` running for this phase
    // The code of the language the game is told in ("fr"), for the players'
    // screens to speak it too; empty when not said.
    std::string language;
    // Where the game went on (`save AS`): the players' screens that follow
    // this file follow that one from now on. Empty in the game's own file.
    std::string moved_to;
    // A public moment not in the log, for every players' screen to show:
    // the phones' election tied ("A tie: Ana or Hana? …"). Empty most of the time.
    std::string table_note;
    bool operator==(const LiveClock&) const = default;
};

// A save as read: the game, and the live clock when the file has one.
struct SavedGame {
    Game game;
    std::optional<LiveClock> live;
};

// Reads a save and its "live" key; load_game() below, which drops the key,
// is the same check.
Result<SavedGame> load_save(std::string_view text, std::string_view label);

// Reads a save from its text (reading the file is the front end's). Errors
// are one line, prefixed with `label` (usually the file name): "game.json:
// log entry 5 (ceo_lobby): Ana is out of the game". The "pending" key (beyond
// SPEC, so other tools may ignore it) restores the ballots of a vote still
// being taken and the cards shown of a walk-through not finished.
Result<Game> load_game(std::string_view text, std::string_view label);

// One save read again and again as the game goes on: a players' screen
// (`display`, the players' page) following the moderator's saves. When the
// new text is the last good one's up to the end of its log's last entry,
// only what follows is parsed, and only the new entries are applied, on the
// game kept from that reading. Anything else (an undo, another game in the
// file, a broken file) is read whole. Either way the reading is the one
// load_save gives: the same game, live clock and error.
class SaveReader {
  public:
    SaveReader() = default;
    // From a reading already made (and checked) without its text: the next
    // one is read whole.
    explicit SaveReader(std::optional<SavedGame> first) : saved_(std::move(first)) {}

    // Reads `text`, the reading kept from now on; on an error (load_save's)
    // the last good reading stays.
    Refusal read(std::string text, std::string_view label);
    // The last good reading, if any.
    const std::optional<SavedGame>& saved() const { return saved_; }
    // Whether the last good reading applied only the entries after the one
    // before (the tests and the benchmark ask).
    bool read_new_entries_only() const { return new_entries_only_; }

  private:
    struct Step;
    std::optional<Step> step_after_held(std::string_view text, std::string_view label);
    bool clock_goes_on(const nlohmann::json& root) const;
    void keep_whole(std::string text, SavedGame saved, std::int64_t clock_after_log);

    std::optional<SavedGame> saved_;
    std::string text_;                  // the last good reading's text
    bool log_found_ = false;            // whether its log was found in it, as below
    std::size_t log_open_ = 0;          // just after the "[" of its log
    std::size_t log_end_ = 0;           // just after its log's last entry (or the "[")
    std::size_t entries_ = 0;           // its log's entries
    std::int64_t clock_after_log_ = 0;  // the clock's reading after them, before "pending"
    bool new_entries_only_ = false;
};

// The save file's text: stable key order, one log entry per line, and the
// ballots of a vote being taken as "pending", so a resumed game asks the
// next voter, not the first (and, before the game, the cards shown so far).
// With `live`, the "live" key too.
std::string save_game(const Game& game, const std::optional<LiveClock>& live = std::nullopt);

// save_game's text, written again and again as the game goes on (the REPL's
// save after each input): each entry's line is kept once written, so that a
// save costs the entries new since the last one, the log's lines joined.
class SaveWriter {
  public:
    std::string text(const Game& game, const std::optional<LiveClock>& live = std::nullopt);

  private:
    Setup setup_;
    std::string head_;                // the text before the log, of setup_
    std::vector<Action> entries_;     // the entries written last
    std::vector<std::string> lines_;  // and their lines
};

// "2026-11-30T20:21:31.123Z" for Unix milliseconds, and back (nullopt for
// anything not in exactly that shape, or outside the years 1970 to 9999).
std::string iso_time_text(std::int64_t unix_ms);
std::optional<std::int64_t> iso_time_from_text(std::string_view text);

// One log entry as the save file writes it, on one line.
std::string action_text(const Action& action, const Setup& setup);

// One log entry from the save file; names resolve against the setup.
Result<Action> action_from_json(const nlohmann::json& entry, const Setup& setup);

// The largest save file coyel reads: far above any real game.
inline constexpr std::size_t max_save_bytes = 16 * 1024 * 1024;

}  // namespace coyel
