#include "session.hpp"

#include <fmt/color.h>
#include <fmt/format.h>

#include <algorithm>
#include <csignal>
#include <utility>

#include "chronicle.hpp"
#include "coyel/observe.hpp"
#include "coyel/phone_call.hpp"
#include "coyel/save.hpp"
#include "coyel/text.hpp"
#include "terminal/signals.hpp"
#include "terminal/views.hpp"

namespace coyel::cli {

using narration::Args;
using narration::clock_text;

Session::Session(Game game, std::string path, SessionIo io, GameClock clock, FileWriter writer,
                 const narration::Script& script)
    : Session(std::move(game), std::move(path), io, std::move(clock),
              writing_text(std::move(writer)), script) {}

Session::Session(Game game, std::string path, SessionIo io, GameClock clock, platform::Disk& disk,
                 const narration::Script& script)
    : Session(std::move(game), std::move(path), io, std::move(clock), writer_on(disk), script) {
    use_disk(disk);
}

Session::Session(Game game, std::string path, SessionIo io, GameClock clock, GameWriter writer,
                 const narration::Script& script)
    : game_(std::move(game)),
      io_(io),
      narrator_(script),
      story_(narrator_),
      out_(io_.out, io_.err, io_.colour, io_.reader, narrator_),
      clock_(std::move(clock), game_, out_, narrator_, keeper_),
      keeper_(std::move(path), std::move(writer), game_, out_, narrator_, clock_),
      gate_(io_.clear && io_.reader.interactive()),
      board_(game_, narrator_, out_, gate_),
      commands_(game_, narrator_, out_, clock_, keeper_, gate_, board_, *this),
      answers_(game_, narrator_, out_, commands_),
      phones_(game_, narrator_, out_, clock_, keeper_, gate_, board_,
              {[this](Action action) { return apply(std::move(action)); },
               [this](std::optional<Seat> player, CallId call) { cast_ballot("", player, call); }}),
      announced_temperature_(game_.state().temperature) {
    game_.start_holding_news();  // a game saved before coyel knew it: from now on
    // The clock goes on from the game's reading, from Night 1 on, and only
    // while the game is played. At a terminal, a resumed game waits for the
    // moderator to find their place: Enter or `resume` starts it.
    clock_.begin(io_.reader.interactive());
}

// --- The loop -----------------------------------------------------------

int Session::run() {
    const GameClock& clock = clock_.clock();
    keeper_.save();                              // a new game is on disk before its first answer
    if (clock.running() && clock.seconds() > 0)  // a resumed game: the clock goes on now
        out_.say(narrator_.line("repl.running", Args{}.set("clock", clock_text(clock.seconds()))));
    if (clock_.waits_for_enter())
        out_.say(narrator_.line("repl.resumed_paused",
                                Args{}.set("clock", clock_text(clock.seconds()))));
    // A resumed game recalls what the table was told last, unless news waits.
    if (io_.reader.interactive() && !game_.log().empty() && !game_.news_held()) show_news();
    while (!quit_) {
        catch_up_clock();
        clock_.check_timer();
        phones_.take();  // one kept at a gate now passed
        phones_.prompt_opened();
        if (game_.news_held() && !gate_.open()) hold_news_behind_gate();
        if (game_.over() && !end_shown_ && !gate_.open()) show_end();
        phones_.run_by_themselves();
        if (!game_.over() && !gate_.open()) board_.show();
        if (!game_.over() && !gate_.open()) clock_.remind_if_paused();
        phones_.report_call_read();
        io_.reader.set_completions(answers_.completions());
        gate_.update_history(game_, io_.reader);
        out_.flush();
        if (!read_one()) break;
    }
    return finish();
}

// Reads one line and does what it says; false when the session must end
// without asking (a signal, the end of a pipe).
bool Session::read_one() {
    auto line = io_.reader.read_live(*this);
    if (!line) {
        if (signals::leaving()) return false;
        if (phones_.take_answered()) return true;     // the phones answered the call
        if (closed()) return true;                    // the game ended while the prompt waited
        if (!io_.reader.interactive()) return false;  // the end of a pipe: nobody to ask
        out_.write("\n");                             // Ctrl-D: off the prompt's line
        commands_.quit();                             // as `quit`, which may ask
        return true;
    }
    const std::size_t tried = keeper_.tries();
    gate_.remember(*line, game_);
    if (gate_.open() && trim(*line).empty()) {
        pass_gate();
    } else if (gate_.is(Gate::Kind::privacy)) {
        // The screen was not turned away: nothing shows, and the word
        // that called it off ("no", "non", a name) does nothing else.
        gate_.drop();
        out_.say(narrator_.line("repl.private.cancelled"));
    } else {
        handle(*line);  // commands work at a gate: `undo` takes back the night's last answer
    }
    // Each input tries a failing file again: a freed disk heals by itself.
    if (keeper_.failing() && !quit_ && keeper_.tries() == tried) keeper_.save();
    return true;
}

// Keeps the whole game (leave() has, after `quit`), then names the file that
// holds it and how to go on; after a closed terminal, nothing is said: nobody
// is there to read it. A signal or the end of a pipe never asks.
int Session::finish() {
    if (!quit_) keep_for_leaving();
    const int signal = signals::leaving();
    if (signal != SIGHUP) {
        keeper_.tell_kept();
        out_.flush();
    }
    if (signal) return 128 + signal;
    return keeper_.kept_whole() ? 0 : 1;
}

// Saves the clock's last reading, stopped, and the vote being taken.
bool Session::keep_for_leaving() {
    clock_.clock().stop();  // a closed program is not being played (SPEC section 6)
    return keeper_.keep_for_leaving([this] { catch_up_clock(); });
}

// `quit`, Ctrl-D, Enter after the end: the session ends once the whole game is kept.
// When nothing could be written it goes on, says so and asks; `quit!` leaves anyway.
void Session::leave(bool anyway) {
    const bool running = clock_.clock().running();
    if (keep_for_leaving() || anyway) {
        quit_ = true;
        return;
    }
    if (running) clock_.clock().start();
    keeper_.tell_nothing_saved();
}

// --- The live prompt ------------------------------------------------------

std::string Session::text() const {
    const std::string status =
        game_.over() ? narrator_.line("repl.prompt.over") : clock_.prompt_status(keeper_.failing());
    return narrator_.line("repl.prompt",
                          Args{}.set("status", status).set("question", board_.question()));
}

// The prompt changes when the clock's seconds or the timer's do, and sooner
// while the phones' answer waits for the voice.
std::optional<std::chrono::milliseconds> Session::wake_in() const {
    return phones_.wake_in(clock_.wake_in());
}

std::string Session::on_wake() {
    return out_.captured([this] {
        catch_up_clock();
        clock_.check_timer();
        phones_.take();
        phones_.report_call_read();
        phones_.run_by_themselves();
    });
}

// With no moderator (after speak_with and answers_from_phones).
void Session::plays_by_itself(std::string talk) {
    narrator_.point_on_phones(true);
    phones_.play_by_themselves(std::move(talk));
}

void Session::speak_with(speech::Speaker& speaker) {
    speaker_ = &speaker;
    commands_.speak_with(speaker);
    phones_.speak_with(speaker);
    out_.listen_aloud([&speaker](const speech::Aloud& line) { speaker.say(line); });
}

std::string Session::on_interrupt() {
    if (speaker_) speaker_->cut();
    return out_.captured([this] { out_.say(narrator_.line("repl.interrupt")); });
}

// The phones answered, or the end came, while the prompt waited; at a gate
// the end waits for Enter.
bool Session::closed() const {
    return phones_.answered() || (game_.over() && !end_shown_ && !gate_.open());
}

// A program stopped with Ctrl-Z is not being played: its clock stops too.
void Session::on_suspend(bool stopped) { clock_.suspend(stopped, announced_temperature_); }

// Enter was pressed at a gate: the screen and its scrollback go, then what
// was held back shows, and the call again.
void Session::pass_gate() {
    const Gate gate = gate_.pass();
    if (gate.kind != Gate::Kind::end)
        out_.write("\x1b[H\x1b[2J\x1b[3J");  // the table saw the winner
    board_.again();                          // the call again, unless `then` shows it
    if (clock_.waits_for_enter())
        commands_.resume();  // this Enter starts a resumed game's clock too
    if (gate.then) gate.then();
}

void Session::handle(const std::string& line) {
    const bool was_over = game_.over();
    catch_up_clock();                       // the answer comes now: any degree before it first
    if (game_.over() && !was_over) return;  // the limit came first; the end is told
    const std::string_view text = trim(line);
    if (text.empty()) {
        if (game_.over()) commands_.quit();  // after the end, Enter finishes
        if (clock_.waits_for_enter()) commands_.resume();
        return;
    }
    const std::string word{text};
    if (commands_.take(word)) return;
    // An answer taken at a resumed game's paused clock: the moderator has
    // found their place, and the game's time runs from this answer on.
    const std::size_t before = board_.inputs();
    answer(word);
    if (clock_.waits_for_enter() && board_.inputs() != before) commands_.resume();
}

// Stamps the action with the clock, applies it, tells what happened and saves.
bool Session::apply(Action action) {
    if (!action.at) action.at = clock_.stamp();
    const auto answered = game_.current_call();
    auto applied = game_.apply(action);
    if (applied && !is_aside(action.kind)) keeper_.note_for_table({});  // the tie is answered
    tell(applied, action, is_aside(action.kind) ? std::nullopt : answered);
    return applied.ok();
}

// Tells what an input did (or why it was refused), starts or stops the
// clock with the game, and saves.
void Session::tell(const Result<std::vector<Event>>& applied, const Action& action,
                   std::optional<CallId> answered) {
    if (!applied) return answers_.refuse(applied.failure(), "");
    std::optional<CallId> closed;
    if (answered && closes_eyes(*answered, game_.current_call())) closed = answered;
    tell_lines(*applied, action, closed);
    if (!game_.clock_may_run())
        clock_.clock().stop();
    else if (answered == CallId::first_mayor)
        clock_.clock().start();  // Night 1 begins; a later election leaves a paused clock paused
    keeper_.save();
}

// What an input did, in the narrator's words. News the table is not told
// yet (the night's dawn, a SLAPP-suit's outcome: Game::news_held) waits for
// the moderator: on a terminal behind a gate, Enter clearing the screen
// first; elsewhere it is told at once.
void Session::tell_lines(const std::vector<Event>& events, const Action& action,
                         std::optional<CallId> closed) {
    const TableView view = seen_by_table(game_);
    out_.show(narrator_.input(view, action, events, closed, announced_temperature_));
    announced_temperature_ = std::max(announced_temperature_, view.temperature);
    if (game_.news_held()) hold_news_behind_gate();
}

// The held news waits behind a gate on a terminal, or is told at once.
void Session::hold_news_behind_gate() {
    if (!gate_.clears()) return tell_news();
    const bool after_slapp = game_.log()[game_.told()].kind == ActionKind::slapp;
    gate_.wait({Gate::Kind::news, after_slapp ? "repl.clear_screen" : "repl.open_day",
                [this] { tell_news(); }});
}

// The moderator tells the table the held news: logged as a `tell` at this
// second, so that the players' screens and the replay tell it now too, with
// the temperature of this moment (a degree passed at the gate is in it).
void Session::tell_news() {
    catch_up_clock();
    // After the SLAPP-suit's clear, the dawn's news comes back below its outcome.
    const bool after_slapp = game_.log()[game_.told()].kind == ActionKind::slapp;
    if (after_slapp && gate_.clears()) story_.follow(game_);
    const auto dawn =
        after_slapp && gate_.clears() ? story_.last_announcement() : std::vector<std::string>{};
    Action tell;
    tell.kind = ActionKind::tell;
    tell.at = clock_.stamp();
    auto applied = game_.apply(tell);
    if (!applied) return out_.refuse(narrator_.refusal(applied.failure()));
    std::vector<Event> told;  // the players may look from now on
    for (const Event& event : *applied)
        if (auto shown = public_part(event)) told.push_back(*shown);
    const TableView view = seen_by_table(game_);
    out_.show(narrator_.input(view, tell, told, std::nullopt, announced_temperature_));
    announced_temperature_ = std::max(announced_temperature_, view.temperature);
    if (!dawn.empty()) out_.say(narrator_.line("repl.news_at_dawn"));
    for (const auto& line : dawn) out_.say("  " + line);
    if (game_.over()) clock_.clock().stop();
    board_.again();
    keeper_.save();
}

// What the table was told last, again: after a clear, at `news`, on resuming.
void Session::show_news() {
    story_.follow(game_);
    const auto lines = story_.last_announcement();
    if (lines.empty()) return;
    out_.say(narrator_.line("repl.news"));
    for (const auto& line : lines) out_.say("  " + line);
}

void Session::answer(const std::string& text) {
    if (gate_.is(Gate::Kind::end)) return out_.refuse(narrator_.line("repl.end_first"));
    if (gate_.open()) return out_.refuse(narrator_.line("repl.gate_first"));
    if (game_.over()) return out_.refuse(narrator_.line("repl.game_is_over"));
    const CallId call = *game_.current_call();
    const auto action = answers_.read(text);
    if (!action) return;
    if (action->kind != ActionKind::vote) {
        apply(*action);
        return;
    }
    cast_ballot(text, action->player, call);
}

// One ballot of the vote; the last one counts it.
void Session::cast_ballot(const std::string& text, std::optional<Seat> player, CallId call) {
    const Ballot ballot{*game_.next_voter(), player};
    const int weight = game_.vote_weight(ballot.voter);
    auto cast = game_.cast_ballot(player, clock_.stamp());
    // The laptop faces the table during the vote: a ballot refused for a
    // secret (a corrupted voter's for the CEO) says no why, only whom to ask.
    if (!cast && cast.code() == ErrorCode::refused_secretly)
        return out_.refuse(
            narrator_.line("repl.ballot_refused", Args{}.set("voter", game_.name(ballot.voter))));
    if (!cast) return answers_.refuse(cast.failure(), text);
    out_.say("  " +
             narrator_.ballot(seen_by_table(game_), ballot, weight));       // whom it was taken for
    if (game_.vote_counted()) return tell(cast, game_.log().back(), call);  // the last ballot
    keeper_.save();
}

// The end, as the moderator announces it: the winner and why. The roles
// and corruptions of the players still in wait for Enter on a terminal
// (Game::end_held), so that an undo of a mistyped last ballot shows none;
// through a pipe they are told at once.
void Session::show_end() {
    end_shown_ = true;
    clock_.drop_timer();
    out_.say("");
    out_.bold(narrator_.line("repl.game_over"));
    const State& state = game_.state();
    out_.say(
        narrator_.line("repl.winner", Args{}
                                          .set("team", narrator_.team(*state.winner))
                                          .set("reason", narrator_.win_reason(*state.win_reason))));
    if (!game_.end_held()) return tell_roles();
    if (io_.reader.interactive())
        return gate_.wait({Gate::Kind::end, "repl.end_reveal", [this] { tell_roles(); }});
    Action tell;
    tell.kind = ActionKind::tell;
    if (apply(tell)) tell_roles();
}

bool Session::undo() {
    const bool was_over = game_.over();
    auto undone = game_.undo();
    if (!undone) return false;
    out_.say(narrator_.undone(seen_by_table(game_), *undone));
    announced_temperature_ = game_.state().temperature;  // a degree again is told again
    // A wait that held back the input's news goes with it; the end's too.
    if (gate_.is(Gate::Kind::end)) end_shown_ = false;
    if (!gate_.is(Gate::Kind::secrets_up)) gate_.drop();
    clock_.follow_undo(*undone, was_over);
    if (!game_.over()) end_shown_ = false;
    board_.again();
    keeper_.save();
    phones_.undone();
    return true;
}

// Every role, once the table is told them (the end's `tell`, logged).
void Session::tell_roles() {
    if (game_.end_held()) {
        Action tell;
        tell.kind = ActionKind::tell;
        if (!apply(tell)) return;
    }
    out_.say(narrator_.line("repl.every_role"));
    for (const auto& row : roles_at_end(narrator_, game_)) out_.say(row);
    out_.say(narrator_.line("repl.end_hint"));
}

}  // namespace coyel::cli
