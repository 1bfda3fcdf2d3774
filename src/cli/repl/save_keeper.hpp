// The save keeper: the game written to its file after every input, a
// failure told once (and the file's healing), `save AS`, the locks kept,
// and the whole game kept on the way out, in a rescue copy if it must be.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "coyel/game.hpp"
#include "coyel/save.hpp"
#include "disk.hpp"
#include "live_reading.hpp"
#include "narrator.hpp"
#include "store/rescue.hpp"
#include "store/save_file.hpp"
#include "store/save_lock.hpp"

namespace coyel::cli {

class Output;

// Where the session's saves go: `game`, to be written to `path`; a failure's
// reason, or nothing. Given a FileWriter, the session passes it the text of
// save_game(game); the fuzz target keeps the game and serialises only the last.
// `live` is what a players' screen needs to tick on (save.hpp).
using GameWriter = std::function<Refusal(const std::string& path, const Game& game,
                                         const std::optional<LiveClock>& live)>;
// A GameWriter that hands `writer` the text of save_game(game, live)
// (written by a SaveWriter of its own).
GameWriter writing_text(FileWriter writer);

class SaveKeeper {
  public:
    SaveKeeper(std::string path, GameWriter writer, Game& game, Output& out,
               const narration::Narrator& narrator, const LiveReading& clock)
        : path_(std::move(path)),
          writer_(std::move(writer)),
          game_(game),
          out_(out),
          narrator_(narrator),
          clock_(clock),
          walls_from_(game.log().size()) {}

    const std::string& path() const { return path_; }
    // The game in memory is ahead of its file.
    bool failing() const { return failing_; }
    // How many saves were tried so far: an input that tried none tries again.
    std::size_t tries() const { return tries_; }

    // Saves now; false (and the moderator told at once) when the file cannot
    // be written. Until a save works again, the game is ahead of its file.
    bool save();
    // The clock's reading, every second: a failure is not told again.
    void save_reading();
    // `save`, `save NAME` or `save as NAME`.
    void save_as(const std::string& argument);

    // The lock on the save file (save_lock.hpp). `save AS` adds the new
    // file's and keeps the old one's: resuming the old file would fork the game.
    void hold(SaveLock lock) { locks_.push_back(std::move(lock)); }
    // A public moment the log has not, for the players' screens (LiveClock's
    // table_note) from the next save on; empty: none.
    void note_for_table(std::string note) { table_note_ = std::move(note); }
    // Where rescue copies may go, in order (rescue_folders() by default).
    void rescue_in(std::vector<RescueFolder> folders) { rescue_folders_ = std::move(folders); }
    // The disk the locks, rescue copies and names are looked up on (the
    // machine's by default); the writer writes the saves.
    void use_disk(platform::Disk& disk) { disk_ = &disk; }

    // Keeps the whole game as the session ends, after `catch_up` brought it
    // to the clock's last reading: its file, else a rescue copy. False when
    // nothing could be written.
    bool keep_for_leaving(const std::function<void()>& catch_up);
    // The game's own file holds the whole game.
    bool kept_whole() const { return kept_ && !kept_->rescued; }
    // Names the file that holds the game and how to go on, or why none does.
    void tell_kept() const;
    // `quit` found nothing writable: says why, and that the game goes on.
    void tell_nothing_saved() const;

  private:
    // Where the whole game is kept as the session ends.
    struct Kept {
        std::string path;
        bool rescued = false;    // a rescue copy: the game's own file could not be written
        bool temporary = false;  // in the temporary folder
        std::string why;         // why the game's own file could not be written
    };
    void stamp_walls();
    // Why the game could not be written to `to`, in the script's words, or nullopt.
    std::optional<std::string> write_game(const std::string& to);
    void tell_failed(const std::string& why);
    bool take_new_file(const std::string& path);
    void point_to_new_file(const std::string& previous);

    std::string path_;
    GameWriter writer_;
    Game& game_;
    Output& out_;
    const narration::Narrator& narrator_;
    const LiveReading& clock_;
    std::vector<SaveLock> locks_;
    bool failing_ = false;
    std::string failure_told_;  // the reason last told, so that it is told once
    bool leaving_ = false;      // the leaving save is the last one
    std::size_t tries_ = 0;
    std::size_t walls_from_;  // log entries before this one are not this session's
    std::optional<std::vector<RescueFolder>> rescue_folders_;
    platform::Disk* disk_ = &platform::real_disk();
    std::optional<Kept> kept_;           // set once the game is kept for leaving
    std::vector<std::string> lost_why_;  // why nothing could be written, if so
    std::string table_note_;             // see note_for_table
};

}  // namespace coyel::cli
