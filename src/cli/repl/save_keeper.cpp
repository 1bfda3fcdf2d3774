#include "save_keeper.hpp"

#include <algorithm>
#include <memory>
#include <utility>

#include "coyel/text.hpp"
#include "output.hpp"

namespace coyel::cli {

using narration::Args;

namespace {
// Each place a save was tried and why it failed, in one line.
std::string joined(const std::vector<std::string>& failures) {
    std::string text;
    for (const auto& failure : failures) text += (text.empty() ? "" : "; ") + failure;
    return text;
}

// "friday" has none, "friday.json" and "games/fri.day.json" do.
std::string extension_of(const std::string& path) {
    const auto slash = path.rfind('/');
    const auto dot = path.rfind('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash) ||
        dot == (slash == std::string::npos ? 0 : slash + 1))
        return "";
    return path.substr(dot);
}
}  // namespace

// This session's entries without a `wall` time get the time they are first
// saved at: within a second of their input (every input saves), and the
// clock's degrees at the tick that logs them. Entries of a game resumed from
// a save without walls keep none: their time is not known.
void SaveKeeper::stamp_walls() {
    const auto wall = clock_.wall_now();
    walls_from_ = std::min(walls_from_, game_.log().size());
    if (!wall) return;
    for (std::size_t i = walls_from_; i < game_.log().size(); ++i) game_.stamp_wall(i, *wall);
}

// The lock is the game's in memory, not the file's: written again after its
// folder came back, the save is this session's again, or not written at all.
std::optional<std::string> SaveKeeper::write_game(const std::string& to) {
    if (to == path_ && !locks_.empty())
        if (auto refused = locks_.back().keep()) return narrator_.refusal(*refused);
    stamp_walls();
    auto live = clock_.live();
    if (live) live->table_note = table_note_;
    if (auto failure = writer_(to, game_, live)) return narrator_.refusal(*failure);
    return std::nullopt;
}

bool SaveKeeper::save() {
    ++tries_;
    if (auto failure = write_game(path_)) {
        tell_failed(*failure);
        return false;
    }
    if (failing_) out_.say(narrator_.line("repl.saved_again", Args{}.set("path", path_)));
    failing_ = false;
    return true;
}

// One line, at once, naming the file and why; the bell rings when the file
// starts to fall behind, and the prompt says so until a save works again.
// Said again only for a new reason: a block after every answer would push
// the call off the screen.
void SaveKeeper::tell_failed(const std::string& why) {
    const bool was_failing = std::exchange(failing_, true);
    const bool told_already = was_failing && why == failure_told_;
    failure_told_ = why;
    if (told_already) return;
    if (!was_failing) out_.bell();
    out_.tell_whole(narrator_.line("repl.save_failed", Args{}.set("path", path_).set("why", why)),
                    true);
}

// A save every second must not say the same failure every second: it is
// told once, and again when saving works again.
void SaveKeeper::save_reading() {
    if (leaving_) return;  // the leaving save keeps the reading
    if (!failing_) {
        save();
        return;
    }
    if (write_game(path_)) return;
    failing_ = false;
    out_.say(narrator_.line("repl.saved_again", Args{}.set("path", path_)));
}

// Saves the clock's last reading, stopped, and the vote being taken; when the
// game's file cannot take them, a rescue copy does (rescue.hpp). Nothing when
// no copy could be written either (lost_why_ says why).
bool SaveKeeper::keep_for_leaving(const std::function<void()>& catch_up) {
    leaving_ = true;
    catch_up();
    leaving_ = false;
    ++tries_;
    auto failure = write_game(path_);
    kept_.reset();
    if (!failure) {
        failing_ = false;
        kept_ = Kept{path_, false, false, {}};
        return true;
    }
    failing_ = true;
    const Rescue rescue = write_rescue(
        rescue_folders_ ? *rescue_folders_ : rescue_folders(*disk_), path_,
        [this](const std::string& to) -> Refusal {
            if (auto why = write_game(to)) return Error{*why};  // worded already
            return std::nullopt;
        },
        *disk_);
    if (rescue.path) {
        kept_ = Kept{*rescue.path, true, rescue.temporary, *failure};
        return true;
    }
    lost_why_ = {*failure};
    for (const Error& why : rescue.failures) lost_why_.push_back(why.message);
    return false;
}

void SaveKeeper::tell_nothing_saved() const {
    out_.bell();
    out_.tell_whole(narrator_.line("repl.nothing_saved", Args{}.set("why", joined(lost_why_))),
                    true);
}

// "Saved to FILE" only when FILE holds the whole game.
void SaveKeeper::tell_kept() const {
    if (!kept_)
        return out_.tell_whole(narrator_.line("repl.lost", Args{}.set("why", joined(lost_why_))),
                               true);
    const bool over = game_.over();
    if (kept_->rescued)
        out_.tell_whole(
            narrator_.line("repl.rescued", Args{}
                                               .set("path", path_)
                                               .set("why", kept_->why)
                                               .set("rescue", kept_->path)
                                               .set("temporary", kept_->temporary ? "yes" : "no")
                                               .set("over", over ? "yes" : "no")),
            false);
    else
        out_.say(narrator_.line(over ? "repl.saved_review" : "repl.saved_quit",
                                Args{}.set("path", kept_->path)));
    out_.command_line(narrator_.line(over ? "repl.review_command" : "repl.resume_command",
                                     Args{}.set("path", kept_->path)));
}

// Later saves go to NAME (NAME.json when it has no extension).
void SaveKeeper::save_as(const std::string& argument) {
    std::string path = argument;
    if (istarts_with(path, "as ")) path = std::string{trim(std::string_view{path}.substr(3))};
    if (!path.empty() && extension_of(path).empty()) path += ".json";  // `save friday`
    if (path.empty() || path == path_) {                               // the game's own file, again
        if (save()) out_.say(narrator_.line("repl.saved", Args{}.set("path", path_)));
        return;
    }
    if (disk_->exists(path))
        return out_.refuse(narrator_.line("repl.save_exists", Args{}.set("path", path)));
    const std::string previous = path_;
    if (!take_new_file(path)) return;
    out_.say(narrator_.line("repl.saved_as", Args{}.set("path", path_)));
    point_to_new_file(previous);
}

// The game goes on in `path` if it can be written there, locked as the
// game's (the new file is this session's alone from now on); else it stays
// where it was.
bool SaveKeeper::take_new_file(const std::string& path) {
    std::optional<SaveLock> taken;
    if (!locks_.empty()) {
        auto lock = SaveLock::take(path, *disk_);
        if (!lock) {
            out_.refuse(narrator_.line("repl.save_elsewhere",
                                       Args{}.set("why", narrator_.refusal(lock.failure()))));
            return false;
        }
        taken = std::move(*lock);
    }
    const std::string previous = path_;
    path_ = path;
    if (taken) locks_.push_back(std::move(*taken));
    ++tries_;
    const auto failure = write_game(path_);
    if (!failure) {
        failing_ = false;  // the whole game is in its new file
        return true;
    }
    // Nothing changed: the game's own file is as whole (or as behind) as it was.
    path_ = previous;
    if (taken) locks_.pop_back();
    out_.refuse(narrator_.line("repl.save_as_failed", Args{}
                                                          .set("path", path)
                                                          .set("why", *failure)
                                                          .set("previous", previous)
                                                          .set("kept", failing_ ? "no" : "yes")));
    return false;
}

// The old file says where the game went on: the players' screens that follow
// it follow the new one, and `resume`, `games` and `stats` skip it.
void SaveKeeper::point_to_new_file(const std::string& previous) {
    LiveClock live = clock_.live().value_or(LiveClock{});
    live.running = false;
    live.moved_to = disk_->full_path(path_);
    if (writer_(previous, game_, live))  // the old file may be where the failing disk is
        return out_.refuse(
            narrator_.line("repl.old_file_not_pointed", Args{}.set("path", previous)));
    out_.say(narrator_.line("repl.old_file_points", Args{}.set("path", previous)));
}

GameWriter writing_text(FileWriter writer) {
    // The lines of the entries written before are kept (SaveWriter): a
    // save after an input costs that input, not the whole log.
    return [writer = std::move(writer), text = std::make_shared<SaveWriter>()](
               const std::string& to, const Game& saved, const std::optional<LiveClock>& live) {
        return writer(to, text->text(saved, live));
    };
}

}  // namespace coyel::cli
