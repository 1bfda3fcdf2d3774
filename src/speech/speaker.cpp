#include "speaker.hpp"

#include <nlohmann/json.hpp>

namespace coyel::speech {

Speaker::Speaker(std::unique_ptr<Voice> voice, std::FILE* log, const platform::Clock& clock)
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

void Speaker::say(std::string line) {
    {
        std::lock_guard lock(mutex_);
        last_ = line;
        if (muted_) return;
        waiting_.push_back({std::move(line), clock_.now()});
        ++handed_;
    }
    changed_.notify_all();
}

void Speaker::repeat() {
    {
        std::lock_guard lock(mutex_);
        if (muted_ || last_.empty()) return;
        waiting_.push_back({last_, clock_.now()});
        ++handed_;
    }
    changed_.notify_all();
}

void Speaker::cut() {
    {
        std::lock_guard lock(mutex_);
        finished_ += waiting_.size();  // dropped: as good as heard
        waiting_.clear();
        ++cuts_;
    }
    voice_->cut();
    changed_.notify_all();
}

void Speaker::set_muted(bool muted) {
    {
        std::lock_guard lock(mutex_);
        muted_ = muted;
    }
    if (muted) cut();
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

// The speaking thread: one line at a time, in the order handed over.
void Speaker::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        changed_.wait(lock, [&] { return leaving_ || !waiting_.empty(); });
        if (leaving_) return;
        Line line = std::move(waiting_.front());
        waiting_.pop_front();
        speaking_ = true;
        const unsigned cuts_before = cuts_;
        voice_->prepare();
        lock.unlock();
        const auto start = voice_->speak(line.text);
        const auto end = clock_.now();
        lock.lock();
        write_log(line, start, end, cuts_ != cuts_before);
        speaking_ = false;
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
                                  {"text", line.text}};
    std::fputs((entry.dump() + "\n").c_str(), log_);
    std::fflush(log_);
}

}  // namespace coyel::speech
