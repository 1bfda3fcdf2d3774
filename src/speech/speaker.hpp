#pragma once
// The laptop reads the calls aloud (issue 39): each line marked aloud is
// handed over at the moment it is due and spoken in that order, one at a
// time, never two at once. The REPL cuts it short (Ctrl-C, undo), repeats the
// last line (`say`) and mutes it; nothing here knows what a line says.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "clock.hpp"
#include "voice.hpp"

namespace coyel::speech {

class Speaker {
  public:
    // With `log`, each line spoken is written there as it ends, one JSON
    // object a line: {"due_ms", "start_ms", "end_ms", "cut", "text"}, times
    // in milliseconds from the speaker's start (--speak-log, and the tests).
    // Times are read on `clock`, which outlives the speaker.
    explicit Speaker(std::unique_ptr<Voice> voice, std::FILE* log = nullptr,
                     const platform::Clock& clock = platform::system_clock());
    ~Speaker();
    Speaker(const Speaker&) = delete;
    Speaker& operator=(const Speaker&) = delete;

    // Due now: spoken once those handed over before it are done.
    void say(std::string line);
    // The last line handed over, again (after any still waiting).
    void repeat();
    // The line being spoken stops; those waiting are dropped.
    void cut();
    // Muted, lines are dropped as they come, and the one being spoken stops.
    void set_muted(bool muted);
    bool muted() const;
    // Waits until nothing is waiting or being spoken.
    void wait_quiet();
    // Nothing waiting or being spoken now.
    bool quiet() const;
    // Called on the speaking thread each time the last line handed over is
    // done: whoever waits on the voice without polling it wakes (set before
    // the first line).
    void on_quiet(std::function<void()> callback);
    // How many lines have been handed over so far: a mark, and whether every
    // line up to it has been spoken to its end, cut or dropped.
    std::uint64_t handed() const;
    bool heard(std::uint64_t mark) const;

  private:
    using TimePoint = platform::Clock::Steady;
    struct Line {
        std::string text;
        TimePoint due;
    };
    void run();
    void write_log(const Line& line, TimePoint start, TimePoint end, bool cut);

    std::unique_ptr<Voice> voice_;
    std::FILE* log_;
    const platform::Clock& clock_;
    std::function<void()> on_quiet_;
    const TimePoint born_ = clock_.now();
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<Line> waiting_;
    std::string last_;
    bool speaking_ = false;
    bool muted_ = false;
    bool leaving_ = false;
    unsigned cuts_ = 0;           // counts cut()s: a line spoken across one was cut short
    std::uint64_t handed_ = 0;    // lines handed over
    std::uint64_t finished_ = 0;  // lines spoken, cut or dropped
    std::thread thread_;
};

}  // namespace coyel::speech
