#include "clock_driver.hpp"

#include <algorithm>

#include "answer.hpp"
#include "coyel/observe.hpp"
#include "coyel/text.hpp"
#include "output.hpp"
#include "save_keeper.hpp"

namespace coyel::cli {

using narration::Args;
using narration::clock_text;

void ClockDriver::begin(bool interactive) {
    if (clock_.seconds() < game_.state().clock_s) clock_.set(game_.state().clock_s);
    if (game_.clock_may_run()) {
        if (interactive)
            start_on_enter_ = true;
        else
            clock_.start();
    }
}

// Each degree passed is logged at its own second, told at once and saved,
// and the limit ends the game there. The reading alone is saved too, every
// second it runs, so that a killed process loses at most the last one.
void ClockDriver::catch_up(int announced) {
    const State& state = game_.state();
    if (!game_.clock_may_run() || clock_.seconds() <= state.clock_s) return;
    auto events = game_.advance_clock(clock_.seconds());
    if (!events) return out_.refuse(narrator_.refusal(events.failure()));
    if (!events->empty()) {
        Action degree;
        degree.kind = ActionKind::clock;
        out_.show(narrator_.input(seen_by_table(game_), degree, *events, std::nullopt, announced));
        if (game_.over()) clock_.stop();
    }
    keeper_.save_reading();
}

void ClockDriver::check_timer() {
    if (!timer_) return;
    if (timer_->phase != game_.state().phase || timer_->round != game_.state().round) {
        timer_.reset();
        return;
    }
    if (timer_->held || clock_.now() < timer_->ends) return;
    timer_.reset();
    keeper_.save();  // the page shows whose ballot comes next, even with the clock paused
    out_.alert(narrator_.line("repl.time_up"));
}

void ClockDriver::hold_timer() {
    if (timer_) timer_->held = true;
}

void ClockDriver::release_timer() {
    if (!timer_ || !timer_->held) return;
    timer_->held = false;
    timer_->ends = clock_.now() + timer_->length;
    keeper_.save();  // the players' screen and the phones count from now
}

std::optional<std::chrono::milliseconds> ClockDriver::timer_left() const {
    if (!timer_) return std::nullopt;
    if (timer_->held) return timer_->length;
    return std::chrono::duration_cast<std::chrono::milliseconds>(timer_->ends - clock_.now());
}

// Time never runs back with an undo, but for the end by temperature: the
// clock then stands paused one second before the limit (Game::undo).
void ClockDriver::follow_undo(const Undone& undone, bool was_over) {
    clock_.set(game_.state().clock_s);
    if (undone.kind == Undone::Kind::end || game_.state().phase == Phase::setup)
        clock_.stop();
    else if (was_over && !game_.over())
        clock_.start();  // the end taken back: the game goes on
}

// A program stopped with Ctrl-Z is not being played: its clock stops too
// (SPEC section 6), saved as it stood.
void ClockDriver::suspend(bool stopped, int announced) {
    if (stopped) {
        catch_up(announced);
        running_before_suspend_ = clock_.running();
        clock_.stop();
        keeper_.save();  // a players' screen stops ticking too
    } else if (running_before_suspend_) {
        clock_.start();
        keeper_.save();
    }
}

// The game's reason, but after the end the REPL's fuller line: what undo and Enter do.
void ClockDriver::refuse_clock(const Error& standing) const {
    if (game_.over()) return out_.refuse(narrator_.line("repl.game_is_over"));
    out_.refuse(narrator_.refusal(standing));
}

void ClockDriver::pause() {
    if (auto standing = game_.clock_standing()) return refuse_clock(*standing);
    start_on_enter_ = false;
    clock_.stop();
    keeper_.save();  // a players' screen stops ticking
    out_.say(narrator_.line("repl.paused", Args{}.set("clock", clock_text(clock_.seconds()))));
}

void ClockDriver::resume() {
    if (auto standing = game_.clock_standing()) return refuse_clock(*standing);
    start_on_enter_ = false;
    clock_.start();
    keeper_.save();
    out_.say(narrator_.line("repl.running", Args{}.set("clock", clock_text(clock_.seconds()))));
}

void ClockDriver::tell_reading() const {
    Args args;
    args.set("running", clock_.running() ? "yes" : "no")
        .set("temperature", narrator_.header(seen_by_table(game_)));
    out_.say(narrator_.line("repl.clock", args));
}

void ClockDriver::remind_if_paused() {
    const State& state = game_.state();
    if (state.phase != Phase::night && state.phase != Phase::day) return;
    const auto now = std::pair{state.phase, state.round};
    const bool first = !phase_seen_;
    if (std::exchange(phase_seen_, now) == now || first) return;  // the session's first: told
    if (!game_.clock_may_run() || clock_.running() || start_on_enter_) return;
    out_.say(narrator_.line("repl.still_paused",
                            Args{}
                                .set("phase", narrator_.phase_title(state.phase, state.round))
                                .set("clock", clock_text(clock_.seconds()))));
}

std::optional<int> timer_seconds(std::string_view text) {
    auto number = [](std::string_view digits) -> std::optional<int> {
        if (digits.empty() || digits.size() > 4 || !is_all_digits(digits)) return std::nullopt;
        return std::stoi(std::string{digits});
    };
    std::optional<int> seconds;
    if (auto colon = text.find(':'); colon != std::string_view::npos) {
        auto minutes = number(text.substr(0, colon));
        auto rest = number(text.substr(colon + 1));
        if (minutes && rest && *rest < 60 && text.size() - colon == 3)
            seconds = *minutes * 60 + *rest;
    } else if (!text.empty() && (text.back() == 's' || text.back() == 'S')) {
        seconds = number(text.substr(0, text.size() - 1));
    } else if (auto minutes = number(text)) {
        seconds = *minutes * 60;
    }
    if (!seconds || *seconds == 0 || *seconds > longest_timer_seconds) return std::nullopt;
    return seconds;
}

void ClockDriver::timer(const std::string& argument) {
    if (game_.over()) return out_.refuse(narrator_.line("repl.game_is_over"));
    if (is_word(AnswerWords::from(narrator_.script()).off, argument)) {  // `timer off`
        if (!timer_) return out_.refuse(narrator_.line("repl.no_timer"));
        timer_.reset();
        keeper_.save();  // a players' screen shows the timer too
        return out_.say(narrator_.line("repl.timer_off"));
    }
    const auto seconds = argument.empty() ? std::optional<int>{180} : timer_seconds(argument);
    if (!seconds) return out_.refuse(narrator_.line("repl.timer_usage"));
    timer_ = Timer{clock_.now() + std::chrono::seconds(*seconds), std::chrono::seconds(*seconds),
                   game_.state().phase, game_.state().round};
    keeper_.save();
    Args args;
    args.set("minutes", *seconds / 60).set("clock", clock_text(*seconds));
    args.set("whole", *seconds % 60 == 0 ? "yes" : "no");
    out_.say(narrator_.line("repl.timer", args));
}

std::optional<LiveClock> ClockDriver::live() const {
    const State& state = game_.state();
    auto wall = clock_.wall_ms_of_reading(state.clock_s);
    if (!wall) return std::nullopt;
    LiveClock live;
    live.running = clock_.running() && game_.clock_may_run();
    live.wall_ms = *wall;
    live.language = narrator_.script().language();
    if (timer_ && timer_->phase == state.phase && timer_->round == state.round)
        live.timer_ends_ms =
            clock_.wall_ms(timer_->held ? clock_.now() + timer_->length : timer_->ends);
    return live;
}

std::optional<std::chrono::milliseconds> ClockDriver::wake_in() const {
    using std::chrono::milliseconds;
    std::optional<milliseconds> wake;
    if (clock_.running() && !clock_.frozen() && game_.clock_may_run())
        wake = clock_.until_next_second();
    if (auto left = timer_left()) {
        const milliseconds next{left->count() > 0 ? (left->count() - 1) % 1000 + 1 : 0};
        wake = wake ? std::min(*wake, next) : next;
    }
    return wake;
}

std::string ClockDriver::prompt_status(bool unsaved) const {
    const State& state = game_.state();
    std::string status = narrator_.degrees(state.temperature);
    if (auto left = game_.seconds_to_next_degree(clock_.seconds()); left && game_.clock_may_run())
        status += narrator_.line("repl.prompt.next_in", Args{}.set("clock", clock_text(*left)));
    if (game_.clock_may_run() && !clock_.running()) status += narrator_.line("repl.prompt.paused");
    if (unsaved) status += narrator_.line("repl.prompt.unsaved");
    if (auto left = timer_left()) {  // shown rounded up: 3:00 when set, 0:01 in the last second
        const auto seconds = std::max<long long>(0, (left->count() + 999) / 1000);
        status += narrator_.line("repl.prompt.timer", Args{}.set("clock", clock_text(seconds)));
    }
    return status;
}

}  // namespace coyel::cli
