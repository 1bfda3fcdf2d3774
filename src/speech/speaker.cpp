#include "speaker.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace coyel::speech {
namespace {

// What mute keeps at the most: a long silence keeps its last lines.
constexpr std::size_t missed_kept = 50;

const Aloud& aloud_of(const Aloud& line) { return line; }
template <typename Line>
const Aloud& aloud_of(const Line& line) {
    return line.aloud;
}

// What a cut leaves of `lines`: the lines closing the eyes `owed` opened
// first (the one waiting, else `make(closing)`), then the lines kept, in
// order. Returns how many were dropped.
template <typename Lines, typename Make>
std::size_t leave_after_cut(const std::vector<std::string>& owed, Lines& lines, Make make) {
    Lines left;
    for (const std::string& close : owed) {
        const auto waiting = std::find_if(lines.begin(), lines.end(), [&](const auto& line) {
            return aloud_of(line).text == close;
        });
        if (waiting != lines.end()) {
            left.push_back(std::move(*waiting));
            lines.erase(waiting);
        } else {
            left.push_back(make(close));
        }
    }
    std::size_t dropped = 0;
    for (auto& line : lines)
        if (aloud_of(line).kept)
            left.push_back(std::move(line));
        else
            ++dropped;
    lines = std::move(left);
    return dropped;
}

}  // namespace

Speaker::Speaker(std::unique_ptr<Voice> voice, platform::AppendFile* log,
                 const platform::Clock& clock)
    : voice_(std::move(voice)), log_(log), clock_(clock), thread_([this] { run(); }) {}

Speaker::~Speaker() {
    {
        std::lock_guard lock(mutex_);
        leaving_ = true;
        waiting_.clear();
    }
    voice_->cut();
    changed_.notify_all();
    thread_.join();
}

// Handed over: due now, counted (mutex held).
void Speaker::queue_locked(Aloud line) {
    waiting_.push_back({std::move(line), clock_.now()});
    ++handed_;
}

void Speaker::say(Aloud line) {
    {
        std::lock_guard lock(mutex_);
        last_ = line;
        if (muted_) {
            missed_.push_back(std::move(line));
            if (missed_.size() > missed_kept) missed_.erase(missed_.begin());
            return;
        }
        queue_locked(std::move(line));
    }
    changed_.notify_all();
}

void Speaker::repeat() {
    {
        std::lock_guard lock(mutex_);
        if (!missed_.empty()) {
            for (Aloud& line : std::exchange(missed_, {})) queue_locked(std::move(line));
        } else {
            if (muted_ || last_.text.empty()) return;
            queue_locked(last_);
        }
    }
    changed_.notify_all();
}

void Speaker::cut() {
    {
        std::lock_guard lock(mutex_);
        if (muted_) {
            // Silent, the cut falls on what the table will hear once unmuted
            // (with what `say` is reading meanwhile): nothing is read now.
            std::vector<Aloud> heard_later;
            for (Line& line : waiting_) heard_later.push_back(std::move(line.aloud));
            finished_ += waiting_.size();
            waiting_.clear();
            for (Aloud& line : missed_) heard_later.push_back(std::move(line));
            missed_ = std::move(heard_later);
            leave_after_cut(owed_, missed_, [](const std::string& close) {
                return Aloud{close, {}, true};
            });
        } else {
            // A line kept (a degree) cut while it is read is read again, whole.
            if (speaking_ && speaking_->aloud.kept) {
                ++handed_;
                waiting_.push_front(Line{speaking_->aloud, clock_.now()});
            }
            // The eyes opened are closed first: lines owed, then lines kept.
            finished_ += leave_after_cut(owed_, waiting_, [&](const std::string& close) {
                ++handed_;
                return Line{Aloud{close, {}, true}, clock_.now()};
            });
        }
        ++cuts_;
    }
    voice_->cut();
    changed_.notify_all();
}

void Speaker::set_muted(bool muted) {
    {
        std::lock_guard lock(mutex_);
        if (muted == muted_) return;
        muted_ = muted;
        if (muted) {
            // What is being said and what waits: unsaid, kept for later.
            if (speaking_) missed_.push_back(speaking_->aloud);
            for (Line& line : waiting_) missed_.push_back(std::move(line.aloud));
            finished_ += waiting_.size();
            waiting_.clear();
            ++cuts_;
        } else {
            for (Aloud& line : std::exchange(missed_, {})) queue_locked(std::move(line));
        }
    }
    if (muted) voice_->cut();
    changed_.notify_all();
}

bool Speaker::muted() const {
    std::lock_guard lock(mutex_);
    return muted_;
}

void Speaker::wait_quiet() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return waiting_.empty() && !speaking_; });
}

void Speaker::on_quiet(std::function<void()> callback) {
    std::lock_guard lock(mutex_);
    on_quiet_ = std::move(callback);
}

bool Speaker::quiet() const {
    std::lock_guard lock(mutex_);
    return waiting_.empty() && !speaking_;
}

std::uint64_t Speaker::handed() const {
    std::lock_guard lock(mutex_);
    return handed_;
}

bool Speaker::heard(std::uint64_t mark) const {
    std::lock_guard lock(mutex_);
    return finished_ >= mark;
}

// A line begins (mutex held): if it wakes someone, their closing line is owed.
void Speaker::begin(const Line& line) {
    const std::string& close = line.aloud.closes_with;
    if (!close.empty() && std::find(owed_.begin(), owed_.end(), close) == owed_.end())
        owed_.push_back(close);
}

// A line ends (mutex held): a closing line read to its end is no longer owed.
void Speaker::finish(const Line& line, bool cut) {
    if (!cut) std::erase(owed_, line.aloud.text);
}

// The speaking thread: one line at a time, in the order handed over.
void Speaker::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        changed_.wait(lock, [&] { return leaving_ || !waiting_.empty(); });
        if (leaving_) return;
        speaking_ = std::move(waiting_.front());
        waiting_.pop_front();
        begin(*speaking_);
        const unsigned cuts_before = cuts_;
        voice_->prepare();
        const std::string text = speaking_->aloud.text;
        lock.unlock();
        const auto start = voice_->speak(text);
        const auto end = clock_.now();
        lock.lock();
        const bool cut = cuts_ != cuts_before;
        write_log(*speaking_, start, end, cut);
        finish(*speaking_, cut);
        speaking_.reset();
        ++finished_;
        changed_.notify_all();
        if (waiting_.empty() && on_quiet_) {
            lock.unlock();  // the callback may ask whether the voice is quiet
            on_quiet_();
            lock.lock();
        }
    }
}

void Speaker::write_log(const Line& line, TimePoint start, TimePoint end, bool cut) {
    if (!log_) return;
    const auto ms = [&](TimePoint at) {
        return std::chrono::duration_cast<std::chrono::milliseconds>(at - born_).count();
    };
    const nlohmann::json entry = {{"due_ms", ms(line.due)},
                                  {"start_ms", ms(start)},
                                  {"end_ms", ms(end)},
                                  {"cut", cut},
                                  {"text", line.aloud.text}};
    (void)log_->append(entry.dump() + "\n");  // the game goes on without the line
}

}  // namespace coyel::speech
