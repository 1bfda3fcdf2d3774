#include "session.hpp"

#include <fmt/color.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <utility>

#include <csignal>

#include "answer.hpp"
#include "chronicle.hpp"
#include "commands/views.hpp"
#include "coyel/save.hpp"
#include "coyel/table_view.hpp"
#include "coyel/text.hpp"
#include "store/saved_games.hpp"
#include "terminal/signals.hpp"
#include "terminal/terminal.hpp"

namespace coyel::cli {

using narration::Args;
using narration::clock_text;

namespace {

// Whether answering `answered` ends that answerer's call, so that they close
// their eyes: the CEO's extra lobby is the same call going on.
bool closes_call(CallId answered, std::optional<CallId> now) {
    if (answered == CallId::slapp) return true;  // the CEO woke alone at dawn
    if (!wakes_at_night(answered)) return false;
    if (!now || !wakes_at_night(*now)) return true;
    return call_info(*now).answerer != call_info(answered).answerer;
}

// Each place a save was tried and why it failed, in one line.
std::string joined(const std::vector<std::string>& failures) {
    std::string text;
    for (const auto& failure : failures) text += (text.empty() ? "" : "; ") + failure;
    return text;
}
}  // namespace

// One table drives dispatch, `help` and tab completion, so they never disagree.
// Each command's help is the script's line "repl.command.<name>".
struct Session::Command {
    std::string_view name;
    std::string_view argument;  // "" when it takes none
    void (Session::*run)(const std::string&);
};

const std::vector<Session::Command>& Session::commands() {
    static const std::vector<Command> table = {
        {"help", "", &Session::cmd_help},         {"status", "", &Session::cmd_status},
        {"table", "", &Session::cmd_table},       {"undo", "", &Session::cmd_undo},
        {"note", "TEXT", &Session::cmd_note},     {"pause", "", &Session::cmd_pause},
        {"resume", "", &Session::cmd_resume},     {"clock", "", &Session::cmd_clock},
        {"heat", "", &Session::cmd_heat},         {"timer", "[LENGTH]", &Session::cmd_timer},
        {"save", "AS", &Session::cmd_save},       {"quit", "", &Session::cmd_quit},
        {"quit!", "", &Session::cmd_quit_anyway}, {"news", "", &Session::cmd_news},
    };
    return table;
}

std::vector<std::pair<std::string_view, std::string_view>> Session::command_list() {
    std::vector<std::pair<std::string_view, std::string_view>> list;
    for (const auto& command : commands()) list.emplace_back(command.name, command.argument);
    return list;
}

Session::Session(Game game, std::string path, SessionIo io, GameClock clock, FileWriter writer,
                 const narration::Script& script)
    : Session(std::move(game), std::move(path), io, std::move(clock),
              GameWriter{[writer = std::move(writer)](const std::string& to, const Game& saved,
                                                      const std::optional<LiveClock>& live) {
                  return writer(to, save_game(saved, live));
              }},
              script) {}

Session::Session(Game game, std::string path, SessionIo io, GameClock clock, GameWriter writer,
                 const narration::Script& script)
    : game_(std::move(game)),
      path_(std::move(path)),
      io_(io),
      clock_(std::move(clock)),
      writer_(std::move(writer)),
      narrator_(script),
      words_(AnswerWords::from(script)),
      announced_temperature_(game_.state().temperature),
      gate_(io_.clear && io_.reader.interactive()),
      walls_from_(game_.log().size()) {
    game_.start_holding_news();  // a game saved before coyel knew it: from now on
    // The clock goes on from the game's reading, from Night 1 on, and only
    // while the game is played. At a terminal, a resumed game waits for the
    // moderator to find their place: Enter or `resume` starts it.
    if (clock_.seconds() < game_.state().clock_s) clock_.set(game_.state().clock_s);
    if (game_.clock_may_run()) {
        if (io_.reader.interactive())
            start_on_enter_ = true;
        else
            clock_.start();
    }
}

// --- Output -------------------------------------------------------------

// The terminal's width, so that a long line is never cut by the terminal
// nor wrapped short in a wide window; 80 on a pipe, for stable transcripts.
std::size_t Session::columns() const {
    return io_.reader.interactive() ? terminal_width(io_.out) : 80;
}

bool Session::clears() const { return io_.clear && io_.reader.interactive(); }

void Session::write(std::string_view text) {
    if (capture_) {
        capture_->append(text);
        return;
    }
    std::fwrite(text.data(), 1, text.size(), io_.out);  // no exception on a closed terminal
}

// What `show` writes, as text: for the live prompt to show above itself.
template <typename Show>
std::string Session::captured(Show show) {
    std::string text;
    capture_ = &text;
    show();
    capture_ = nullptr;
    return text;
}

void Session::say(const std::string& text) {
    for (const auto& line : wrap(text, columns(), 2)) write(line + "\n");
}

// A command to copy, on a line of its own and never wrapped.
void Session::command_line(const std::string& command) { write("    " + command + "\n"); }

// A line read aloud between the script's quotation marks, wrapped so that
// the text of every row starts under the first letter.
std::vector<std::string> Session::quoted(const std::string& text) const {
    const auto [open, close] = narrator_.quote_marks();
    return wrap(open + text + close, columns() - 2, utf8_length(open));
}

// Lines for the table stand out: indented, quoted, in colour on a terminal.
void Session::aloud(const std::string& text) {
    for (const auto& line : quoted(text))
        write("  " + paint(io_.colour, fmt::fg(fmt::terminal_color::cyan), line) + "\n");
}

void Session::alert(const std::string& text, bool ring) {
    if (ring && io_.reader.interactive()) write("\a");
    for (const auto& line : quoted(text))
        write("  " +
              paint(io_.colour, fmt::emphasis::bold | fmt::fg(fmt::terminal_color::yellow), line) +
              "\n");
}

void Session::show(const std::vector<narration::Line>& lines) {
    using Kind = narration::Line::Kind;
    // One bell for what happened at once: the last degree and the end it
    // brings ring together.
    bool rung = false;
    for (const auto& line : lines) {
        switch (line.kind) {
            case Kind::heading:
                say("");
                say(paint(io_.colour, fmt::emphasis::bold, line.text));
                break;
            case Kind::call:
            case Kind::aloud: aloud(line.text); break;
            case Kind::alert: alert(line.text, !std::exchange(rung, true)); break;
            case Kind::instruction:
            case Kind::record: say(line.text); break;
        }
    }
}

// An answer that names nothing may be a mistyped command: say which. One
// the rules forbid says why, on the screen only: with their eyes closed, the
// table hears nothing of it (the moderator signals to choose again).
void Session::refuse_answer(const Error& error, const std::string& text) {
    const std::string reason = narrator_.refusal(error);
    if (error.code == ErrorCode::refused) {
        refuse(reason);
        if (!table_may_look(game_)) say(narrator_.line("repl.choose_again"));
        return;
    }
    if (error.code != ErrorCode::unknown_answer) return refuse(reason);
    const std::string word = text.substr(0, text.find(' '));
    std::vector<std::string_view> names(game_.setup().players.begin(), game_.setup().players.end());
    if (!closest(word, names).empty()) return refuse(reason);
    const std::vector<std::string> words = command_words();
    std::vector<std::string_view> command_names(words.begin(), words.end());
    refuse(reason + narrator_.did_you_mean(word, command_names));
}

void Session::refuse(const std::string& reason) {
    const bool to_err = !io_.reader.interactive() && !capture_;
    if (to_err) std::fflush(io_.out);  // keep the order when both go to one place
    for (const auto& line : wrap(reason, columns(), 2)) {
        if (to_err)
            fmt::print(io_.err, "{}\n", line);
        else
            write(paint(io_.colour, fmt::fg(fmt::terminal_color::red), line) + "\n");
    }
}

// --- Saving -------------------------------------------------------------

// What a players' screen needs to tick on from this save (save.hpp); none
// with a frozen clock, whose moments have no wall time.
std::optional<LiveClock> Session::live_clock() const {
    const State& state = game_.state();
    auto wall = clock_.wall_ms_of_reading(state.clock_s);
    if (!wall) return std::nullopt;
    LiveClock live;
    live.running = clock_.running() && game_.clock_may_run();
    live.wall_ms = *wall;
    live.language = narrator_.script().language();
    if (timer_ && timer_->phase == state.phase && timer_->round == state.round)
        live.timer_ends_ms = clock_.wall_ms(timer_->ends);
    return live;
}

// This session's entries without a `wall` time get the time they are first
// saved at: within a second of their input (every input saves), and the
// clock's degrees at the tick that logs them. Entries of a game resumed from
// a save without walls keep none: their time is not known.
void Session::stamp_walls() {
    const auto wall = clock_.wall_now();
    walls_from_ = std::min(walls_from_, game_.log().size());
    if (!wall) return;
    for (std::size_t i = walls_from_; i < game_.log().size(); ++i) game_.stamp_wall(i, *wall);
}

// The lock is the game's in memory, not the file's: written again after its
// folder came back, the save is this session's again, or not written at all.
std::optional<std::string> Session::write_game(const std::string& to) {
    if (to == path_ && !locks_.empty())
        if (auto refused = locks_.back().keep()) return narrator_.refusal(*refused);
    stamp_walls();
    return writer_(to, game_, live_clock());
}

bool Session::save() {
    ++saves_tried_;
    if (auto failure = write_game(path_)) {
        tell_save_failed(*failure);
        return false;
    }
    if (save_failing_) say(narrator_.line("repl.saved_again", Args{}.set("path", path_)));
    save_failing_ = false;
    return true;
}

// One line, at once, naming the file and why; the bell rings when the file
// starts to fall behind, and the prompt says so until a save works again.
// Said again only for a new reason: a block after every answer would push
// the call off the screen.
void Session::tell_save_failed(const std::string& why) {
    const bool was_failing = std::exchange(save_failing_, true);
    const bool told_already = was_failing && why == failure_told_;
    failure_told_ = why;
    if (told_already) return;
    if (!was_failing && io_.reader.interactive()) write("\a");
    tell_whole(narrator_.line("repl.save_failed", Args{}.set("path", path_).set("why", why)), true);
}

// What a script may look for about its save comes whole on one line in a
// pipe (failures on standard error); a terminal wraps it as any line.
void Session::tell_whole(const std::string& text, bool failure) {
    if (io_.reader.interactive() || capture_) return failure ? refuse(text) : say(text);
    std::fflush(io_.out);  // keep the order when both go to one place
    fmt::print(failure ? io_.err : io_.out, "{}\n", text);
}

// --- The loop -----------------------------------------------------------

int Session::run() {
    save();                                        // a new game is on disk before its first answer
    if (clock_.running() && clock_.seconds() > 0)  // a resumed game: the clock goes on now
        say(narrator_.line("repl.running", Args{}.set("clock", clock_text(clock_.seconds()))));
    if (start_on_enter_)
        say(narrator_.line("repl.resumed_paused",
                           Args{}.set("clock", clock_text(clock_.seconds()))));
    // A resumed game recalls what the table was told last, unless news waits.
    if (io_.reader.interactive() && !game_.log().empty() && !game_.news_held()) show_news();
    while (!quit_) {
        catch_up_clock();
        check_timer();
        if (game_.news_held() && !gate_.open()) hold_news_behind_gate();
        if (game_.over() && !end_shown_ && !gate_.open()) show_end();
        if (!game_.over() && !gate_.open()) show_call();
        refresh_completions();
        gate_.update_history(game_, io_.reader);
        std::fflush(io_.out);
        auto line = io_.reader.read_live(*this);
        if (!line) {
            if (signals::leaving()) break;
            if (closed()) continue;                // the game ended while the prompt waited
            if (!io_.reader.interactive()) break;  // the end of a pipe: nobody to ask
            write("\n");                           // Ctrl-D: off the prompt's line
            cmd_quit("");                          // as `quit`, which may ask
            continue;
        }
        const std::size_t tried = saves_tried_;
        gate_.remember(*line, game_);
        if (gate_.open() && trim(*line).empty()) {
            pass_gate();
        } else if (gate_.is(Gate::Kind::privacy)) {
            // The screen was not turned away: nothing shows, and the word
            // that called it off ("no", "non", a name) does nothing else.
            gate_.drop();
            say(narrator_.line("repl.private.cancelled"));
        } else {
            handle(*line);  // commands work at a gate: `undo` takes back the night's last answer
        }
        // Each input tries a failing file again: a freed disk heals by itself.
        if (save_failing_ && !quit_ && saves_tried_ == tried) save();
    }
    return finish();
}

// Keeps the whole game (leave() has, after `quit`), then names the file that
// holds it and how to go on; after a closed terminal, nothing is said: nobody
// is there to read it. A signal or the end of a pipe never asks.
int Session::finish() {
    if (!quit_) kept_ = keep_for_leaving();
    const int signal = signals::leaving();
    if (signal != SIGHUP) {
        if (kept_)
            tell_kept(*kept_);
        else
            tell_whole(narrator_.line("repl.lost", Args{}.set("why", joined(lost_why_))), true);
        std::fflush(io_.out);
    }
    if (signal) return 128 + signal;
    return kept_ && !kept_->rescued ? 0 : 1;
}

// Saves the clock's last reading, stopped, and the vote being taken; when the
// game's file cannot take them, a rescue copy does (rescue.hpp). Nothing when
// no copy could be written either (lost_why_ says why).
std::optional<Session::Kept> Session::keep_for_leaving() {
    clock_.stop();  // a closed program is not being played (SPEC section 6)
    leaving_ = true;
    catch_up_clock();
    leaving_ = false;
    ++saves_tried_;
    auto failure = write_game(path_);
    if (!failure) {
        save_failing_ = false;
        return Kept{path_, false, false, {}};
    }
    save_failing_ = true;
    const Rescue rescue = write_rescue(rescue_folders_ ? *rescue_folders_ : rescue_folders(), path_,
                                       [this](const std::string& to) { return write_game(to); });
    if (rescue.path) return Kept{*rescue.path, true, rescue.temporary, *failure};
    lost_why_ = {*failure};
    lost_why_.insert(lost_why_.end(), rescue.failures.begin(), rescue.failures.end());
    return std::nullopt;
}

// `quit`, Ctrl-D, Enter after the end: the session ends once the whole game
// is kept. When nothing could be written it goes on, says so and asks;
// `quit!` leaves anyway.
void Session::leave(bool anyway) {
    const bool running = clock_.running();
    kept_ = keep_for_leaving();
    if (kept_ || anyway) {
        quit_ = true;
        return;
    }
    if (running) clock_.start();
    if (io_.reader.interactive()) write("\a");
    tell_whole(narrator_.line("repl.nothing_saved", Args{}.set("why", joined(lost_why_))), true);
}

// "Saved to FILE" only when FILE holds the whole game.
void Session::tell_kept(const Kept& kept) {
    const bool over = game_.over();
    if (kept.rescued)
        tell_whole(
            narrator_.line("repl.rescued", Args{}
                                               .set("path", path_)
                                               .set("why", kept.why)
                                               .set("rescue", kept.path)
                                               .set("temporary", kept.temporary ? "yes" : "no")
                                               .set("over", over ? "yes" : "no")),
            false);
    else
        say(narrator_.line(over ? "repl.saved_review" : "repl.saved_quit",
                           Args{}.set("path", kept.path)));
    command_line(narrator_.line(over ? "repl.review_command" : "repl.resume_command",
                                Args{}.set("path", kept.path)));
}

// Brings the game to the live clock's reading (SPEC section 6): each degree
// passed is logged at its own second, told at once and saved, and the limit
// ends the game there. The reading alone is saved too, every second it runs,
// so that a killed process loses at most the last one.
void Session::catch_up_clock() {
    const State& state = game_.state();
    if (!game_.clock_may_run() || clock_.seconds() <= state.clock_s) return;
    auto events = game_.advance_clock(clock_.seconds());
    if (!events) return refuse(narrator_.refusal(events.failure()));
    if (!events->empty()) {
        Action degree;
        degree.kind = ActionKind::clock;
        show(narrator_.input(table_view(game_), degree, *events, std::nullopt,
                             announced_temperature_));
        if (game_.over()) clock_.stop();
    }
    save_reading();
}

// A save every second must not say the same failure every second: it is
// told once, and again when saving works again.
void Session::save_reading() {
    if (leaving_) return;  // the leaving save keeps the reading
    if (!save_failing_) {
        save();
        return;
    }
    if (write_game(path_)) return;
    save_failing_ = false;
    say(narrator_.line("repl.saved_again", Args{}.set("path", path_)));
}

// A timer lasts the phase it was started in, and rings once at zero.
void Session::check_timer() {
    if (!timer_) return;
    if (timer_->phase != game_.state().phase || timer_->round != game_.state().round) {
        timer_.reset();
        return;
    }
    if (clock_.now() < timer_->ends) return;
    timer_.reset();
    alert(narrator_.line("repl.time_up"));
}

std::optional<std::chrono::milliseconds> Session::timer_left() const {
    if (!timer_) return std::nullopt;
    return std::chrono::duration_cast<std::chrono::milliseconds>(timer_->ends - clock_.now());
}

// --- The live prompt ------------------------------------------------------

std::string Session::text() const {
    if (gate_.open())
        return narrator_.line(
            "repl.prompt",
            Args{}
                .set("status", game_.over() ? narrator_.line("repl.prompt.over") : prompt_status())
                .set("question", narrator_.line(gate_.gate().prompt_key)));
    if (game_.over())
        return narrator_.line("repl.prompt",
                              Args{}
                                  .set("status", narrator_.line("repl.prompt.over"))
                                  .set("question", narrator_.line("repl.end_question")));
    return narrator_.line(
        "repl.prompt",
        Args{}.set("status", prompt_status()).set("question", narrator_.question(game_)));
}

// The prompt changes when the clock's seconds or the timer's do.
std::optional<std::chrono::milliseconds> Session::wake_in() const {
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

std::string Session::on_wake() {
    return captured([this] {
        catch_up_clock();
        check_timer();
    });
}

std::string Session::on_interrupt() {
    return captured([this] { say(narrator_.line("repl.interrupt")); });
}

// The end came while the prompt waited; at a gate the end waits for Enter.
bool Session::closed() const { return game_.over() && !end_shown_ && !gate_.open(); }

// A program stopped with Ctrl-Z is not being played: its clock stops too
// (SPEC section 6), saved as it stood.
void Session::on_suspend(bool stopped) {
    if (stopped) {
        catch_up_clock();
        running_before_suspend_ = clock_.running();
        clock_.stop();
        save();  // a players' screen stops ticking too
    } else if (running_before_suspend_) {
        clock_.start();
        save();
    }
}

std::string Session::prompt_status() const {
    const State& state = game_.state();
    std::string status = narrator_.degrees(state.temperature);
    if (auto next = game_.next_rise_at(); next && game_.clock_may_run()) {
        const std::int64_t left = std::max<std::int64_t>(0, *next - clock_.seconds());
        status += narrator_.line("repl.prompt.next_in", Args{}.set("clock", clock_text(left)));
    }
    if (game_.clock_may_run() && !clock_.running()) status += narrator_.line("repl.prompt.paused");
    if (save_failing_) status += narrator_.line("repl.prompt.unsaved");
    if (auto left = timer_left()) {  // shown rounded up: 3:00 when set, 0:01 in the last second
        const auto seconds = std::max<long long>(0, (left->count() + 999) / 1000);
        status += narrator_.line("repl.prompt.timer", Args{}.set("clock", clock_text(seconds)));
    }
    return status;
}

// What Tab completes to: the answers of the call, then the commands.
void Session::refresh_completions() {
    std::vector<std::string> words;
    const auto call = game_.current_call();
    const AnswerKind kind = call ? call_info(*call).answer : AnswerKind::yes_no;
    if (kind == AnswerKind::gesture)
        words = {words_.up.front(), words_.down.front(), words_.shake.front()};
    if (call && kind == AnswerKind::yes_no) words = {words_.yes.front(), words_.no.front()};
    if (kind == AnswerKind::player || kind == AnswerKind::player_or_nobody) {
        // Every player in the game, not only the legal ones: a shorter list
        // would show a glancing player who the carbon emissions are.
        for (Seat seat : game_.seats_in_game()) words.push_back(game_.name(seat));
        if (kind == AnswerKind::player_or_nobody) words.push_back(words_.nobody.front());
    }
    for (auto& word : command_words()) words.push_back(std::move(word));
    io_.reader.set_completions(std::move(words));
}

// Notes, heat, clock ticks and tells do not move the game on: no new call.
std::size_t Session::inputs_so_far() const {
    std::size_t inputs = game_.state().ballots.size();
    for (const auto& action : game_.log()) inputs += !is_aside(action.kind);
    return inputs;
}

// The block for the call now expected, shown once per call.
void Session::show_call() {
    const std::size_t inputs = inputs_so_far();
    if (inputs == shown_at_) return;
    const bool first = shown_at_ == static_cast<std::size_t>(-1);
    shown_at_ = inputs;
    if (game_.current_call() == CallId::slapp && clears()) return show_slapp_call();
    // Later voters: their prompts alone; but a session that starts (or a
    // screen cleared) in the middle of a vote shows where it stands.
    if (game_.vote_open() && !first) return;
    show(narrator_.call(game_));
    show_vote_so_far();
}

// The SLAPP-suit call comes while the table has just heard the dawn: its
// lines to read aloud close their eyes, and only then, on a cleared screen,
// does the moderator see whom the protest saved.
void Session::show_slapp_call() {
    std::vector<narration::Line> lines = narrator_.call(game_);
    std::vector<narration::Line> aloud;
    for (const auto& line : lines)
        if (line.kind != narration::Line::Kind::instruction) aloud.push_back(line);
    show(aloud);
    gate_.wait({Gate::Kind::eyes_closing, "repl.eyes_closed", [this, lines] {
                    show(lines);
                    shown_at_ = inputs_so_far();
                }});
}

void Session::show_vote_so_far() {
    const auto& ballots = game_.state().ballots;
    if (ballots.empty()) return;
    const TableView view = table_view(game_);
    say(narrator_.line("repl.ballots_taken"));
    for (const Ballot& ballot : ballots)
        say("  " + narrator_.ballot(view, ballot, game_.vote_weight(ballot.voter)));
}

// Enter was pressed at a gate: the screen and its scrollback go, then what
// was held back shows, and the call again.
void Session::pass_gate() {
    const Gate gate = gate_.pass();
    if (gate.kind != Gate::Kind::end) write("\x1b[H\x1b[2J\x1b[3J");  // the table saw the winner
    shown_at_ = static_cast<std::size_t>(-1);  // the call again, unless `then` shows it
    if (start_on_enter_) cmd_resume("");       // this Enter starts a resumed game's clock too
    if (gate.then) gate.then();
}

namespace {
bool is_exact_name(const std::string& text, const Game& game) {
    const auto& names = game.setup().players;
    return std::find(names.begin(), names.end(), text) != names.end();
}
}  // namespace

void Session::handle(const std::string& line) {
    const bool was_over = game_.over();
    catch_up_clock();                       // the answer comes now: any degree before it first
    if (game_.over() && !was_over) return;  // the limit came first; the end is told
    const std::string_view text = trim(line);
    if (text.empty()) {
        if (game_.over()) cmd_quit("");  // after the end, Enter finishes
        if (start_on_enter_) cmd_resume("");
        return;
    }
    // A player's exact name always answers; `/word` is always a command, so
    // a player called "Undo" never blocks undo.
    if (text.front() == '/') {
        run_command(std::string{text.substr(1)}, true);
        return;
    }
    // A player's name in its exact case is the player; the same word in
    // another case that is also a command is not guessed at.
    const std::string word{text};
    if (is_player_name(text, game_) && !is_exact_name(word, game_) && is_command(word)) {
        const Seat player = *find_player(game_.setup().players, text);
        return refuse(narrator_.line("repl.name_or_command", Args{}
                                                                 .set("word", word)
                                                                 .set("command", to_lower(word))
                                                                 .set("name", game_.name(player))));
    }
    if (!is_player_name(text, game_) && run_command(word, false)) return;
    // An answer taken at a resumed game's paused clock: the moderator has
    // found their place, and the game's time runs from this answer on.
    const std::size_t before = inputs_so_far();
    answer(word);
    if (start_on_enter_ && inputs_so_far() != before) cmd_resume("");
}

const Session::Command* Session::command_named(std::string_view word) const {
    const std::string wanted = to_lower(fold_accents(word));
    for (const auto& command : commands()) {
        if (to_lower(word) == command.name) return &command;
        for (const auto& alternative :
             alternatives(narrator_.line(fmt::format("repl.word.{}", command.name))))
            if (to_lower(fold_accents(alternative)) == wanted) return &command;
    }
    return nullptr;
}

std::string Session::command_word(const Command& command) const {
    const auto words = alternatives(narrator_.line(fmt::format("repl.word.{}", command.name)));
    return words.empty() ? std::string{command.name} : words.front();
}

std::vector<std::string> Session::command_words() const {
    std::vector<std::string> words;
    for (const auto& command : commands())
        for (auto& word : alternatives(narrator_.line(fmt::format("repl.word.{}", command.name))))
            if (std::find(words.begin(), words.end(), word) == words.end())
                words.push_back(std::move(word));
    for (const auto& command : commands())
        if (std::find(words.begin(), words.end(), command.name) == words.end())
            words.emplace_back(command.name);
    return words;
}

bool Session::is_command(const std::string& text) const {
    return command_named(text.substr(0, text.find(' '))) != nullptr;
}

// Runs `line` if it starts with a command word. `forced` (typed with '/'):
// an unknown word is refused rather than read as an answer.
bool Session::run_command(const std::string& line, bool forced) {
    const auto space = line.find(' ');
    const std::string word = to_lower(line.substr(0, space));
    const std::string argument{
        trim(space == std::string::npos ? "" : std::string_view{line}.substr(space + 1))};
    if (const Command* command = command_named(word)) {
        if (command->argument.empty() && !argument.empty() && !forced)
            return false;  // "Note Taker" et al.
        (this->*command->run)(argument);
        return true;
    }
    if (forced) {
        std::vector<std::string> words = command_words();
        std::vector<std::string_view> names(words.begin(), words.end());
        refuse(narrator_.line(
            "repl.unknown_command",
            Args{}.set("word", word).set("hint", narrator_.did_you_mean(word, names))));
        return true;
    }
    return false;
}

// The moment an input is stamped with: the clock's reading, which
// catch_up_clock() has brought the game to.
namespace {
std::optional<std::int64_t> stamp(const Game& game) {
    if (!game.clock_may_run()) return std::nullopt;
    return game.state().clock_s;
}
}  // namespace

// Stamps the action with the clock, applies it, tells what happened and saves.
bool Session::apply(Action action) {
    if (!action.at) action.at = stamp(game_);
    const auto answered = game_.current_call();
    auto applied = game_.apply(action);
    tell(applied, action, is_aside(action.kind) ? std::nullopt : answered);
    return applied.ok();
}

// Tells what an input did (or why it was refused), starts or stops the
// clock with the game, and saves.
void Session::tell(const Result<std::vector<Event>>& applied, const Action& action,
                   std::optional<CallId> answered) {
    if (!applied) return refuse_answer(applied.failure(), "");
    std::optional<CallId> closed;
    if (answered && closes_call(*answered, game_.current_call())) closed = answered;
    tell_lines(*applied, action, closed);
    if (!game_.clock_may_run())
        clock_.stop();
    else if (answered == CallId::first_mayor)
        clock_.start();  // Night 1 begins; a later election leaves a paused clock paused
    save();
}

// What an input did, in the narrator's words. News the table is not told
// yet (the night's dawn, a SLAPP-suit's outcome: Game::news_held) waits for
// the moderator: on a terminal behind a gate, Enter clearing the screen
// first; elsewhere it is told at once.
void Session::tell_lines(const std::vector<Event>& events, const Action& action,
                         std::optional<CallId> closed) {
    const TableView view = table_view(game_);
    show(narrator_.input(view, action, events, closed, announced_temperature_));
    announced_temperature_ = std::max(announced_temperature_, view.temperature);
    if (game_.news_held()) hold_news_behind_gate();
}

// The held news waits behind a gate on a terminal, or is told at once.
void Session::hold_news_behind_gate() {
    if (!clears()) return tell_news();
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
    const auto dawn = after_slapp && clears() ? narration::last_announcement(narrator_, game_)
                                              : std::vector<std::string>{};
    Action tell;
    tell.kind = ActionKind::tell;
    tell.at = stamp(game_);
    auto applied = game_.apply(tell);
    if (!applied) return refuse(narrator_.refusal(applied.failure()));
    std::vector<Event> told;  // the players may look from now on
    for (const Event& event : *applied)
        if (auto shown = public_part(event)) told.push_back(*shown);
    const TableView view = table_view(game_);
    show(narrator_.input(view, tell, told, std::nullopt, announced_temperature_));
    announced_temperature_ = std::max(announced_temperature_, view.temperature);
    if (!dawn.empty()) say(narrator_.line("repl.news_at_dawn"));
    for (const auto& line : dawn) say("  " + line);
    if (game_.over()) clock_.stop();
    shown_at_ = static_cast<std::size_t>(-1);
    save();
}

// What the table was told last, again: after a clear, at `news`, on resuming.
void Session::show_news() {
    const auto lines = narration::last_announcement(narrator_, game_);
    if (lines.empty()) return;
    say(narrator_.line("repl.news"));
    for (const auto& line : lines) say("  " + line);
}

void Session::answer(const std::string& text) {
    if (gate_.is(Gate::Kind::end)) return refuse(narrator_.line("repl.end_first"));
    if (gate_.open()) return refuse(narrator_.line("repl.gate_first"));
    if (game_.over()) return refuse(narrator_.line("repl.game_is_over"));
    const CallId call = *game_.current_call();
    Action action;
    action.kind = call_info(call).action;
    switch (call_info(call).answer) {
        case AnswerKind::gesture: {
            auto gesture = parse_gesture(text, words_);
            if (!gesture) return refuse_answer(gesture.failure(), text);
            action.choice = *gesture;
            break;
        }
        case AnswerKind::yes_no: {
            auto filed = parse_yes_no(text, words_);
            if (!filed) return refuse_answer(filed.failure(), text);
            action.file = *filed;
            break;
        }
        case AnswerKind::player:
        case AnswerKind::player_or_nobody: {
            auto player = parse_player(
                text, game_, call_info(call).answer == AnswerKind::player_or_nobody, words_);
            if (!player) return refuse_answer(player.failure(), text);
            action.player = *player;
        }
    }
    if (action.kind != ActionKind::vote) {
        apply(action);
        return;
    }
    const Ballot ballot{*game_.next_voter(), action.player};
    const int weight = game_.vote_weight(ballot.voter);
    auto cast = game_.cast_ballot(action.player, stamp(game_));
    // The laptop faces the table during the vote: a ballot refused for a
    // secret (a corrupted voter's for the CEO) says no why, only whom to ask.
    if (!cast && cast.code() == ErrorCode::refused_secretly)
        return refuse(
            narrator_.line("repl.ballot_refused", Args{}.set("voter", game_.name(ballot.voter))));
    if (!cast) return refuse_answer(cast.failure(), text);
    say("  " + narrator_.ballot(table_view(game_), ballot, weight));        // whom it was taken for
    if (game_.vote_counted()) return tell(cast, game_.log().back(), call);  // the last ballot
    save();
}

// The end, as the moderator announces it: the winner and why. The roles
// and corruptions of the players still in wait for Enter on a terminal
// (Game::end_held), so that an undo of a mistyped last ballot shows none;
// through a pipe they are told at once.
void Session::show_end() {
    end_shown_ = true;
    timer_.reset();
    say("");
    say(paint(io_.colour, fmt::emphasis::bold, narrator_.line("repl.game_over")));
    const State& state = game_.state();
    say(narrator_.line("repl.winner", Args{}
                                          .set("team", narrator_.team(*state.winner))
                                          .set("reason", narrator_.win_reason(*state.win_reason))));
    if (!game_.end_held()) return tell_roles();
    if (io_.reader.interactive())
        return gate_.wait({Gate::Kind::end, "repl.end_reveal", [this] { tell_roles(); }});
    Action tell;
    tell.kind = ActionKind::tell;
    if (apply(tell)) tell_roles();
}

// Every role, once the table is told them (the end's `tell`, logged).
void Session::tell_roles() {
    if (game_.end_held()) {
        Action tell;
        tell.kind = ActionKind::tell;
        if (!apply(tell)) return;
    }
    const State& state = game_.state();
    say(narrator_.line("repl.every_role"));
    std::size_t width = 0;  // the longest name's, not a fixed column
    for (const auto& name : game_.setup().players) width = std::max(width, utf8_length(name));
    for (Seat seat = 0; seat < game_.player_count(); ++seat) {
        std::string role = narrator_.role_title(game_.role(seat));
        if (state.corrupted.contains(seat))
            role = narrator_.line("replay.role_corrupted", Args{}.set("role", role));
        say(fmt::format("  {:>2}  {:<{}}  {}", seat + 1, game_.name(seat), width, role));
    }
    say(narrator_.line("repl.end_hint"));
}

// --- Commands -----------------------------------------------------------

void Session::cmd_help(const std::string&) {
    const auto call = game_.current_call();
    const AnswerKind kind = call ? call_info(*call).answer : AnswerKind::yes_no;
    say(narrator_.line("repl.help.answers",
                       Args{}.set("kind", !call                                  ? "none"
                                          : kind == AnswerKind::player_or_nobody ? "nobody"
                                          : kind == AnswerKind::player           ? "player"
                                          : kind == AnswerKind::gesture          ? "gesture"
                                                                                 : "yes_no")));
    say(narrator_.line("repl.help.commands"));
    // A long meaning wraps under the meanings' column.
    for (const auto& command : commands()) {
        // The command and its argument's placeholder in the script's words: "note TEXTE".
        std::string usage = command_word(command);
        if (!command.argument.empty())
            usage += " " + narrator_.line(fmt::format("repl.argument.{}", command.name));
        usage.append(16 - std::min<std::size_t>(16, utf8_length(usage)), ' ');
        for (const auto& line :
             wrap(fmt::format("  {} {}", usage,
                              narrator_.line(fmt::format("repl.command.{}", command.name))),
                  columns(), 19))
            write(line + "\n");
    }
    shown_at_ = static_cast<std::size_t>(-1);  // show the call again
}

// Before a screen with secrets, while the table may look: the screen turned
// away first, then Enter (which clears it) shows them.
// The wait it replaces comes back once the screen is the table's again
// (the SLAPP-suit's call read aloud again, the end's roles still held).
void Session::ask_privacy(const std::string& reason_key, std::function<void()> then) {
    say(narrator_.line(reason_key));
    if (gate_.is(Gate::Kind::end)) end_shown_ = false;
    shown_at_ = static_cast<std::size_t>(-1);
    gate_.wait({Gate::Kind::privacy, "repl.private.gate", std::move(then)});
}

void Session::cmd_status(const std::string&) {
    if (gate_.ask_before_secret(game_))
        return ask_privacy("repl.private.status", [this] { show_status(); });
    show_status();
}

// Enter hides the roles again, and the day's news comes back; at dawn's
// gate, that Enter does both.
void Session::show_status() {
    write(moderator_view_text(narrator_, game_, io_.colour));
    if (clears() && !gate_.open())
        gate_.wait({Gate::Kind::secrets_up, "repl.hide_roles", [this] {
                        if (table_may_look(game_)) show_news();
                    }});
}

void Session::cmd_news(const std::string&) { show_news(); }

void Session::cmd_table(const std::string&) {
    write(table_view_text(narrator_, table_view(game_), io_.colour));
}

// Time never runs back with an undo, but for the end by temperature: the
// clock then stands paused one second before the limit (Game::undo).
void Session::cmd_undo(const std::string&) {
    if (gate_.ask_before_secret(game_) && game_.undo_reveals_secret())
        return ask_privacy("repl.private.undo", [this] { undo_now(); });
    undo_now();
}

void Session::undo_now() {
    const bool was_over = game_.over();
    auto undone = game_.undo();
    if (!undone) return refuse(narrator_.line("repl.nothing_to_undo"));
    say(narrator_.undone(game_, *undone));
    announced_temperature_ = game_.state().temperature;  // a degree again is told again
    // A wait that held back the input's news goes with it; the end's too.
    if (gate_.is(Gate::Kind::end)) end_shown_ = false;
    if (!gate_.is(Gate::Kind::secrets_up)) gate_.drop();
    clock_.set(game_.state().clock_s);
    if (undone->kind == Undone::Kind::end || game_.state().phase == Phase::setup)
        clock_.stop();
    else if (was_over && !game_.over())
        clock_.start();  // the end taken back: the game goes on
    // Otherwise the clock runs, or stays paused, as it was.
    if (!game_.over()) end_shown_ = false;
    shown_at_ = static_cast<std::size_t>(-1);
    save();
}

void Session::cmd_note(const std::string& text) {
    if (text.empty()) return refuse(narrator_.line("repl.note_needs_text"));
    Action note;
    note.kind = ActionKind::note;
    note.text = text;
    apply(note);  // its record line says it is kept
}

// The game's reason, but after the end the REPL's fuller line: what undo and Enter do.
void Session::refuse_clock(const Error& standing) {
    if (game_.over()) return refuse(narrator_.line("repl.game_is_over"));
    refuse(narrator_.refusal(standing));
}

void Session::cmd_pause(const std::string&) {
    if (auto standing = game_.clock_standing()) return refuse_clock(*standing);
    start_on_enter_ = false;
    clock_.stop();
    save();  // a players' screen stops ticking
    say(narrator_.line("repl.paused", Args{}.set("clock", clock_text(clock_.seconds()))));
}

void Session::cmd_resume(const std::string&) {
    if (auto standing = game_.clock_standing()) return refuse_clock(*standing);
    start_on_enter_ = false;
    clock_.start();
    save();
    say(narrator_.line("repl.running", Args{}.set("clock", clock_text(clock_.seconds()))));
}

void Session::cmd_clock(const std::string&) {
    Args args;
    args.set("running", clock_.running() ? "yes" : "no")
        .set("temperature", narrator_.header(table_view(game_)));
    say(narrator_.line("repl.clock", args));
}

void Session::cmd_heat(const std::string&) {
    Action heat;
    heat.kind = ActionKind::heat;
    apply(heat);
}

namespace {
// "3" (minutes), "1:30" or "90s"; nullopt for anything else, or zero.
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
}  // namespace

// `timer`, `timer 2`, `timer 1:30`, `timer 45s`, `timer off`.
void Session::cmd_timer(const std::string& argument) {
    if (game_.over()) return refuse(narrator_.line("repl.game_is_over"));
    if (to_lower(argument) == "off") {
        if (!timer_) return refuse(narrator_.line("repl.no_timer"));
        timer_.reset();
        save();  // a players' screen shows the timer too
        return say(narrator_.line("repl.timer_off"));
    }
    const auto seconds = argument.empty() ? std::optional<int>{180} : timer_seconds(argument);
    if (!seconds) return refuse(narrator_.line("repl.timer_usage"));
    timer_ = Timer{clock_.now() + std::chrono::seconds(*seconds), game_.state().phase,
                   game_.state().round};
    save();
    Args args;
    args.set("minutes", *seconds / 60).set("clock", clock_text(*seconds));
    args.set("whole", *seconds % 60 == 0 ? "yes" : "no");
    say(narrator_.line("repl.timer", args));
}

namespace {
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

// `save`, `save NAME` or `save as NAME`: later saves go to NAME (NAME.json
// when it has no extension).
void Session::cmd_save(const std::string& argument) {
    std::string path = argument;
    if (istarts_with(path, "as ")) path = std::string{trim(std::string_view{path}.substr(3))};
    if (!path.empty() && extension_of(path).empty()) path += ".json";  // `save friday`
    if (path.empty() || path == path_) {                               // the game's own file, again
        if (save()) say(narrator_.line("repl.saved", Args{}.set("path", path_)));
        return;
    }
    if (::access(path.c_str(), F_OK) == 0)
        return refuse(narrator_.line("repl.save_exists", Args{}.set("path", path)));
    std::optional<SaveLock> taken;
    if (!locks_.empty()) {  // the new file is this session's alone from now on
        auto lock = SaveLock::take(path);
        if (!lock)
            return refuse(narrator_.line("repl.save_elsewhere",
                                         Args{}.set("why", narrator_.refusal(lock.failure()))));
        taken = std::move(*lock);
    }
    const std::string previous = path_;
    const bool was_failing = std::exchange(save_failing_, false);  // one message, not two
    path_ = path;
    if (taken) locks_.push_back(std::move(*taken));
    if (!save()) {
        path_ = previous;
        if (taken) locks_.pop_back();
        save_failing_ = was_failing || save_failing_;
        return;
    }
    say(narrator_.line("repl.saved_as", Args{}.set("path", path_)));
    point_to_new_file(previous);
}

// The old file says where the game went on: the players' screens that follow
// it follow the new one, and `resume`, `games` and `stats` skip it.
void Session::point_to_new_file(const std::string& previous) {
    LiveClock live = live_clock().value_or(LiveClock{});
    live.running = false;
    std::error_code error;
    live.moved_to = std::filesystem::absolute(path_, error).string();
    if (error) live.moved_to = path_;
    if (writer_(previous, game_, live))
        return refuse(narrator_.line("repl.old_file_not_pointed", Args{}.set("path", previous)));
    say(narrator_.line("repl.old_file_points", Args{}.set("path", previous)));
}

void Session::cmd_quit(const std::string&) { leave(false); }

void Session::cmd_quit_anyway(const std::string&) { leave(true); }

}  // namespace coyel::cli
