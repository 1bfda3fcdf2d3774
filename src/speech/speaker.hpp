#pragma once
// The laptop reads the calls aloud (issue 39): each line marked aloud is
// handed over at the moment it is due and spoken in that order, one at a
// time, never two at once. The REPL cuts it short (Ctrl-C, undo), repeats the
// last line (`say`) and mutes it. A cut never leaves anyone's eyes open: a
// line that wakes someone owes the line that puts them back to sleep, which
// is read before anything else once the first has begun (issue 48). Nothing
// here knows what a line says.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "clock.hpp"
#include "disk.hpp"
#include "voice.hpp"

namespace coyel::speech {

// A line to read aloud, and what no cut may lose of it.
struct Aloud {
    std::string text;
    // Once this line has begun, `closes_with` is owed: it wakes someone
    // ("Fossil Fuel CEO, open your eyes"), and that line puts them back to
    // sleep. Empty: it wakes nobody.
    std::string closes_with;
    // Never dropped by a cut (a degree, the end): read after the line being read.
    bool kept = false;
    bool operator==(const Aloud&) const = default;
};

class Speaker {
  public:
    // With `log`, each line spoken is written there as it ends, one JSON
    // object a line: {"due_ms", "start_ms", "end_ms", "cut", "text"}, times
    // in milliseconds from the speaker's start (--speak-log, and the tests).
    // Times are read on `clock`, which outlives the speaker.
    // A log that cannot be written (a full disk) loses lines, never the voice.
    Speaker(std::unique_ptr<Voice> voice, platform::AppendFile* log, const platform::Clock& clock);
    ~Speaker();
    Speaker(const Speaker&) = delete;
    Speaker& operator=(const Speaker&) = delete;

    // Due now: spoken once those handed over before it are done.
    void say(Aloud line);
    void say(std::string text) { say(Aloud{std::move(text), {}, false}); }
    // What the table missed while muted, if anything; else the last line
    // handed over, again (after any still waiting).
    void repeat();
    // The line being spoken stops, and those waiting are dropped, but the
    // lines owed (to close the eyes a line opened) come first, then the
    // lines kept (a degree), in order. Muted, nothing is read: the cut falls
    // on what the table missed, which keeps the lines owed and kept.
    void cut();
    // Muted, the line being spoken stops and the lines, as they come, are
    // kept unsaid; unmuted, the table hears what it missed, in order.
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
        Aloud aloud;
        TimePoint due;
    };
    void run();
    void begin(const Line& line);
    void finish(const Line& line, bool cut);
    void queue_locked(Aloud line);
    void write_log(const Line& line, TimePoint start, TimePoint end, bool cut);

    std::unique_ptr<Voice> voice_;
    platform::AppendFile* log_;
    const platform::Clock& clock_;
    std::function<void()> on_quiet_;
    const TimePoint born_ = clock_.now();
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<Line> waiting_;
    std::optional<Line> speaking_;   // the line being spoken
    std::vector<std::string> owed_;  // lines that close eyes opened, in the order opened
    std::vector<Aloud> missed_;      // handed over while muted, unsaid
    Aloud last_;
    bool muted_ = false;
    bool leaving_ = false;
    unsigned cuts_ = 0;           // counts cut()s: a line spoken across one was cut short
    std::uint64_t handed_ = 0;    // lines handed over
    std::uint64_t finished_ = 0;  // lines spoken, cut or dropped
    std::thread thread_;
};

}  // namespace coyel::speech
