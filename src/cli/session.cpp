#include "session.hpp"

#include <fmt/color.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>

#include "answer.hpp"
#include "coyel/save.hpp"
#include "coyel/text.hpp"
#include "narrate.hpp"
#include "terminal.hpp"
#include "view.hpp"

namespace coyel::cli {

namespace {
// Inputs beside the flow of calls: legal at any time.
bool is_aside(ActionKind kind) {
    return kind == ActionKind::note || kind == ActionKind::clock || kind == ActionKind::heat;
}
}  // namespace

std::optional<ActionKind> Session::last_move() const {
    for (auto it = game_.log().rbegin(); it != game_.log().rend(); ++it)
        if (!is_aside(it->kind)) return it->kind;
    return std::nullopt;
}

// One table drives dispatch, `help` and tab completion, so they never disagree.
struct Session::Command {
    std::string_view name;
    std::string_view argument;  // "" when it takes none
    std::string_view help;
    void (Session::*run)(const std::string&);
};

const std::vector<Session::Command>& Session::commands() {
    static const std::vector<Command> table = {
        {"help", "", "what to type here", &Session::cmd_help},
        {"status", "", "the moderator's view, with every role (hide the screen)",
         &Session::cmd_status},
        {"table", "", "what the players know: no secret", &Session::cmd_table},
        {"undo", "", "take back the last input (again and again, down to the start)",
         &Session::cmd_undo},
        {"note", "TEXT", "keep a remark in the game, for review", &Session::cmd_note},
        {"pause", "", "stop the game clock", &Session::cmd_pause},
        {"resume", "", "start the game clock again", &Session::cmd_resume},
        {"clock", "", "the game clock and the temperature", &Session::cmd_clock},
        {"heat", "", "raise the temperature one degree (manual mode)", &Session::cmd_heat},
        {"timer", "[MINUTES]", "a countdown shown in the prompt (default 3)", &Session::cmd_timer},
        {"save", "AS", "save to another file; later saves go there", &Session::cmd_save},
        {"quit", "", "save and leave; `coyel resume FILE` goes on", &Session::cmd_quit},
    };
    return table;
}

Session::Session(Game game, std::vector<Ballot> pending, std::string path, SessionIo io,
                 GameClock clock, FileWriter writer)
    : game_(std::move(game)),
      pending_(std::move(pending)),
      path_(std::move(path)),
      io_(io),
      clock_(std::move(clock)),
      writer_(std::move(writer)),
      script_(Script::english()),
      announced_temperature_(game_.state().temperature) {
    // The clock runs from Night 1 on, and only while the game is played.
    if (game_.state().phase != Phase::setup && !game_.over()) clock_.start();
}

// --- Output -------------------------------------------------------------

namespace {
constexpr std::size_t columns = 80;
}

void Session::say(const std::string& text) {
    for (const auto& line : wrap(text, columns, 2)) fmt::print(io_.out, "{}\n", line);
}

// Lines for the table stand out: indented, quoted, in colour on a terminal.
void Session::aloud(const std::string& text) {
    for (const auto& line : wrap("“" + text + "”", columns - 2, 1))
        fmt::print(io_.out, "  {}\n", paint(io_.colour, fmt::fg(fmt::terminal_color::cyan), line));
}

void Session::alert(const std::string& text) {
    if (io_.reader.interactive()) std::fputc('\a', io_.out);
    for (const auto& line : wrap("“" + text + "”", columns - 2, 1))
        fmt::print(
            io_.out, "  {}\n",
            paint(io_.colour, fmt::emphasis::bold | fmt::fg(fmt::terminal_color::yellow), line));
}

// An answer that matched nothing may be a mistyped command: say which.
void Session::refuse_answer(const std::string& reason, const std::string& text) {
    const bool unknown_word =
        reason.rfind("no player is called", 0) == 0 || reason.rfind("answer ", 0) == 0;
    if (!unknown_word || reason.find("did you mean") != std::string::npos) return refuse(reason);
    std::vector<std::string_view> names;
    for (const auto& command : commands()) names.push_back(command.name);
    const std::string word = text.substr(0, text.find(' '));
    refuse(reason + did_you_mean(word, names));
}

void Session::refuse(const std::string& reason) {
    std::fflush(io_.out);  // keep the order when both go to one place
    for (const auto& line : wrap(reason, columns, 2)) {
        if (io_.reader.interactive())
            fmt::print(io_.out, "{}\n", paint(io_.colour, fmt::fg(fmt::terminal_color::red), line));
        else
            fmt::print(io_.err, "{}\n", line);
    }
}

// --- Saving -------------------------------------------------------------

bool Session::save() {
    if (auto failure = writer_(path_, save_game(game_, pending_))) {
        refuse(
            fmt::format("Could not save: {}. The game goes on in memory: type `save AS` with "
                        "another file name.",
                        *failure));
        save_failing_ = true;
        return false;
    }
    if (save_failing_) say(fmt::format("Saved to {} again.", path_));
    save_failing_ = false;
    return true;
}

// --- The loop -----------------------------------------------------------

int Session::run() {
    save();  // a new game is on disk before its first answer
    while (!quit_) {
        check_clock();
        if (game_.over()) {
            show_end();
            return 0;
        }
        show_call();
        refresh_completions();
        auto line = io_.reader.read(prompt());
        if (!line) break;  // end of input: save and leave
        handle(*line);
    }
    finish();
    return 0;
}

void Session::finish() {
    // Keep the clock's last reading, so that resume goes on from there.
    const State& state = game_.state();
    if (state.phase != Phase::setup && !game_.over() && clock_.seconds() > state.clock_s) {
        Action tick;
        tick.kind = ActionKind::clock;
        (void)apply(tick);
    }
    save();
    say(fmt::format("Saved to {}. To go on: coyel resume {}", path_, path_));
}

// SPEC section 6: a rise is announced at the next prompt; the limit ends the
// game at once, recorded as a `clock` entry at the moment it was reached.
void Session::check_clock() {
    if (game_.over() || game_.state().phase == Phase::setup) return;
    const Options& options = game_.setup().options;
    if (options.temperature_mode != TemperatureMode::clock) return;
    const std::int64_t now = clock_.seconds();
    if (now >= seconds_to_limit(options)) {
        Action end;
        end.kind = ActionKind::clock;
        end.at = std::max<std::int64_t>(seconds_to_limit(options), game_.state().clock_s);
        pending_.clear();
        apply(end);
        return;
    }
    const int temperature = clock_temperature(options, now);
    if (temperature > announced_temperature_) {
        LineArgs args;
        args.temperature = degrees(temperature);
        alert(script_.line("temperature_rise", args));
        announced_temperature_ = temperature;
    }
}

std::optional<Seat> Session::next_voter() const {
    for (Seat seat : game_.seats_in_game()) {
        bool voted = false;
        for (const auto& ballot : pending_) voted = voted || ballot.voter == seat;
        if (!voted) return seat;
    }
    return std::nullopt;
}

std::string Session::prompt() const {
    const State& state = game_.state();
    std::string status = degrees(std::max(state.temperature, announced_temperature_));
    if (auto next = game_.next_rise_at(); next && state.phase != Phase::setup) {
        const std::int64_t left = std::max<std::int64_t>(0, *next - clock_.seconds());
        status += fmt::format(", next in {}", format_clock(left));
    }
    if (state.phase != Phase::setup && !clock_.running()) status += ", paused";
    if (timer_ends_) {
        auto left = std::chrono::duration_cast<std::chrono::seconds>(
                        *timer_ends_ - std::chrono::steady_clock::now())
                        .count();
        status += left > 0 ? fmt::format(", timer {}", format_clock(left)) : ", time is up";
    }
    std::string question;
    switch (*state.expects) {
        case ActionKind::elect_mayor: question = "mayor"; break;
        case ActionKind::carbon_target: question = "carbon target"; break;
        case ActionKind::ngo_protect: question = "NGO protects"; break;
        case ActionKind::banker: question = "banker (up/down/none)"; break;
        case ActionKind::ceo_lobby: question = "CEO lobbies"; break;
        case ActionKind::slapp: question = "SLAPP-suit (yes/no)"; break;
        case ActionKind::vote:
            question = fmt::format("{} votes for", game_.name(*next_voter()));
            break;
        default: question = "?"; break;
    }
    return fmt::format("[{}] {}> ", status, question);
}

void Session::refresh_completions() {
    std::vector<std::string> words;
    const auto expects = *game_.state().expects;
    if (expects == ActionKind::banker)
        words = {"up", "down", "none"};
    else if (expects == ActionKind::slapp)
        words = {"yes", "no"};
    else {
        // Every player in the game, not only the legal ones: a shorter list
        // would show a glancing player who the carbon emissions are.
        for (Seat seat : game_.seats_in_game()) words.push_back(game_.name(seat));
        words.push_back("none");
    }
    for (const auto& command : commands()) words.emplace_back(command.name);
    io_.reader.set_completions(std::move(words));
}

// The block for the call now expected, shown once per call.
void Session::show_call() {
    // Notes, heat and clock ticks do not move the game on: no new call.
    std::size_t inputs = pending_.size();
    for (const auto& action : game_.log()) inputs += !is_aside(action.kind);
    if (inputs == shown_at_) return;
    shown_at_ = inputs;
    const State& state = game_.state();
    auto title = [&](const std::string& text) {
        say("");
        say(paint(io_.colour, fmt::emphasis::bold,
                  fmt::format("── {} · {} ──", phase_title(game_), text)));
    };
    LineArgs args;
    args.round = state.round;
    switch (*state.expects) {
        case ActionKind::elect_mayor:
            if (state.phase == Phase::setup) {
                title("mayor election");
                aloud(script_.line("election"));
                say("Answer: the player elected, or none. `timer` counts the three minutes.");
            } else {
                title("new mayor");
                aloud(script_.line("succession"));
                say("Answer: the player elected, or none (then no mayor for the rest of the "
                    "game).");
            }
            break;
        case ActionKind::carbon_target:
            title("the carbon emissions");
            aloud(script_.line("night_falls", args));
            aloud(script_.line(state.round == 1 ? "carbon_recognise" : "carbon_wake"));
            aloud(script_.line("carbon_pick"));
            say("Wait for them to agree and point. Answer: the player they point at (anyone "
                "in the game but a carbon emission).");
            break;
        case ActionKind::ngo_protect:
            title("the Environmental NGO");
            aloud(script_.line("ngo_wake"));
            if (!game_.setup().options.ngo_repeat && state.protected_last_night)
                say(fmt::format("Not {}: protected last night.",
                                game_.name(*state.protected_last_night)));
            say("Answer: the player they point at (anyone in the game, itself too), or none.");
            break;
        case ActionKind::banker: {
            title("the Bank CEO");
            aloud(script_.line("banker_wake"));
            std::vector<std::string> open;
            for (auto choice : game_.legal_banker_choices())
                open.push_back(choice == BankerChoice::social        ? "up (social responsibility)"
                               : choice == BankerChoice::speculation ? "down (speculation)"
                                                                     : "none (a head shake)");
            say("Possible tonight: " + join_or(open) + ".");
            break;
        }
        case ActionKind::ceo_lobby:
            if (last_move() != ActionKind::ceo_lobby) {  // not the extra lobby
                title("the Fossil Fuel CEO");
                aloud(script_.line("ceo_wake"));
            }
            say("Answer: the player the CEO points at (anyone in the game but the CEO), or none.");
            break;
        case ActionKind::slapp:
            title("SLAPP-suit");
            say(fmt::format(
                "A protest saved a player. The CEO may file a SLAPP-suit ({} left), which "
                "reveals the CEO and puts the player out after all.",
                game_.slapps_left()));
            say("Answer: yes if the CEO files one, no otherwise.");
            break;
        case ActionKind::vote:
            if (pending_.empty()) {
                title(state.revote_candidates.empty() ? "the vote" : "the revote");
                if (state.revote_candidates.empty()) aloud(script_.line("vote_call"));
                std::string mayor = state.mayor ? fmt::format(" {}, the mayor, counts two.",
                                                              game_.name(*state.mayor))
                                                : "";
                std::vector<std::string> tied;
                for (Seat seat : state.revote_candidates) tied.push_back(game_.name(seat));
                const std::string whom = tied.empty() ? "a player in the game" : join_or(tied);
                say(fmt::format("Ask each player in seat order whom they vote for: {}{}.{}", whom,
                                game_.setup().options.abstain ? ", or none" : "", mayor));
            }
            break;
        default: break;
    }
}

void Session::handle(const std::string& line) {
    const std::string_view text = trim(line);
    if (text.empty()) return;
    // A player's exact name always answers; `/word` is always a command, so
    // a player called "Undo" never blocks undo.
    if (text.front() == '/') {
        run_command(std::string{text.substr(1)}, true);
        return;
    }
    if (!is_player_name(text, game_) && run_command(std::string{text}, false)) return;
    if (*game_.state().expects == ActionKind::vote)
        answer_vote(std::string{text});
    else
        answer(std::string{text});
}

// Runs `line` if it starts with a command word. `forced` (typed with '/'):
// an unknown word is refused rather than read as an answer.
bool Session::run_command(const std::string& line, bool forced) {
    const auto space = line.find(' ');
    const std::string word = to_lower(line.substr(0, space));
    const std::string argument{
        trim(space == std::string::npos ? "" : std::string_view{line}.substr(space + 1))};
    for (const auto& command : commands()) {
        if (word != command.name) continue;
        if (command.argument.empty() && !argument.empty() && !forced)
            return false;  // "Note Taker" et al.
        (this->*command.run)(argument);
        return true;
    }
    if (forced) {
        std::vector<std::string_view> names;
        for (const auto& command : commands()) names.push_back(command.name);
        refuse(fmt::format("unknown command /{}{}", word, did_you_mean(word, names)));
        return true;
    }
    return false;
}

// Stamps the action with the clock, applies it, tells what happened and saves.
bool Session::apply(Action action, const std::string& sleep_line) {
    if (game_.state().phase != Phase::setup && !action.at && !game_.over())
        action.at = std::max(clock_.seconds(), game_.state().clock_s);
    const bool was_setup = game_.state().phase == Phase::setup;
    auto events = game_.apply(action);
    if (!events) {
        refuse(events.error());
        return false;
    }
    // A role closes its eyes when its call is over: not before the CEO's
    // extra lobby, which is the same call again.
    const bool call_goes_on = game_.state().expects == action.kind;
    for (const auto& line :
         narrate(game_, *events, call_goes_on ? "" : sleep_line, announced_temperature_, script_)) {
        if (line.kind == Line::Kind::aloud)
            aloud(line.text);
        else if (line.kind == Line::Kind::alert)
            alert(line.text);
        else
            say(line.text);
    }
    announced_temperature_ = std::max(announced_temperature_, game_.state().temperature);
    if (was_setup && game_.state().phase == Phase::night) clock_.start();
    if (game_.over()) clock_.stop();
    save();
    return true;
}

void Session::answer(const std::string& text) {
    const auto expects = *game_.state().expects;
    Action action;
    action.kind = expects;
    std::string sleep_line;
    switch (expects) {
        case ActionKind::banker: {
            auto gesture = parse_gesture(text);
            if (!gesture) return refuse_answer(gesture.error(), text);
            action.choice = *gesture;
            sleep_line = script_.line("banker_sleep");
            break;
        }
        case ActionKind::slapp: {
            auto filed = parse_yes_no(text);
            if (!filed) return refuse_answer(filed.error(), text);
            action.file = *filed;
            break;
        }
        default: {
            const bool none_allowed = expects != ActionKind::carbon_target;
            auto player = parse_player(text, game_, none_allowed);
            if (!player) return refuse_answer(player.error(), text);
            action.player = *player;
            if (expects == ActionKind::carbon_target) sleep_line = script_.line("carbon_sleep");
            if (expects == ActionKind::ngo_protect) sleep_line = script_.line("ngo_sleep");
            if (expects == ActionKind::ceo_lobby) sleep_line = script_.line("ceo_sleep");
        }
    }
    apply(action, sleep_line);
}

void Session::answer_vote(const std::string& text) {
    const Seat voter = *next_voter();
    auto choice = parse_player(text, game_, true);
    if (!choice) return refuse_answer(choice.error(), text);
    const Ballot ballot{voter, *choice};
    if (auto refusal = game_.ballot_refusal(ballot)) return refuse(*refusal);
    pending_.push_back(ballot);
    if (next_voter()) {
        save();
        return;
    }
    Action vote;
    vote.kind = ActionKind::vote;
    vote.votes = std::move(pending_);
    std::sort(vote.votes.begin(), vote.votes.end(),
              [](const Ballot& a, const Ballot& b) { return a.voter < b.voter; });
    pending_.clear();
    if (!apply(vote)) pending_ = vote.votes;  // cannot happen: each ballot was checked
}

void Session::show_end() {
    say("");
    say(paint(io_.colour, fmt::emphasis::bold, "── Game over ──"));
    const State& state = game_.state();
    say(fmt::format("The {} team wins: {}.", team_id(*state.winner),
                    win_reason_text(*state.win_reason)));
    say("Every role:");
    for (Seat seat = 0; seat < game_.player_count(); ++seat)
        say(fmt::format("  {:>2}  {:<24} {}{}", seat + 1, game_.name(seat),
                        role_title(game_.role(seat)),
                        state.players[seat].corrupted ? " (corrupted)" : ""));
    save();
    say(fmt::format("Saved to {}. Review it with: coyel replay {}", path_, path_));
}

// --- Commands -----------------------------------------------------------

void Session::cmd_help(const std::string&) {
    say("Answer with a player's name (any case), its first letters, a seat number, or none.");
    say("Commands (type /command when a player has the same name):");
    for (const auto& command : commands())
        say(fmt::format("  {:<16} {}", fmt::format("{} {}", command.name, command.argument),
                        command.help));
    shown_at_ = static_cast<std::size_t>(-1);  // show the call again
}

void Session::cmd_status(const std::string&) {
    fmt::print(io_.out, "{}", moderator_view(game_, io_.colour));
}

void Session::cmd_table(const std::string&) {
    fmt::print(io_.out, "{}", table_view(game_, io_.colour));
}

void Session::cmd_undo(const std::string&) {
    if (!pending_.empty()) {
        say(fmt::format("Undone: {}'s vote.", game_.name(pending_.back().voter)));
        pending_.pop_back();
    } else if (!game_.log().empty()) {
        const Action last = game_.log().back();
        game_ = game_.replay_prefix(game_.log().size() - 1);
        say(fmt::format("Undone: {}.", describe_action(last, game_)));
        if (game_.state().phase == Phase::setup)
            clock_.stop();
        else if (!game_.over())
            clock_.start();
    } else {
        return refuse("nothing to undo");
    }
    shown_at_ = static_cast<std::size_t>(-1);
    save();
}

void Session::cmd_note(const std::string& text) {
    if (text.empty()) return refuse("a note needs text: note TEXT");
    Action note;
    note.kind = ActionKind::note;
    note.text = text;
    if (apply(note)) say("Noted.");
}

void Session::cmd_pause(const std::string&) {
    if (game_.state().phase == Phase::setup) return refuse("the clock starts with Night 1");
    clock_.stop();
    say(fmt::format("Clock paused at {}. Type resume to go on.", format_clock(clock_.seconds())));
}

void Session::cmd_resume(const std::string&) {
    if (game_.state().phase == Phase::setup) return refuse("the clock starts with Night 1");
    clock_.start();
    say(fmt::format("Clock running from {}.", format_clock(clock_.seconds())));
}

void Session::cmd_clock(const std::string&) {
    say(fmt::format("Clock {} ({}). {}", format_clock(clock_.seconds()),
                    clock_.running() ? "running" : "stopped", temperature_line(game_)));
}

void Session::cmd_heat(const std::string&) {
    Action heat;
    heat.kind = ActionKind::heat;
    apply(heat);
}

void Session::cmd_timer(const std::string& argument) {
    int minutes = 3;
    if (!argument.empty()) {
        if (!is_all_digits(argument) || argument.size() > 3 || std::stoi(argument) == 0)
            return refuse("timer takes whole minutes, as in: timer 3");
        minutes = std::stoi(argument);
    }
    timer_ends_ = std::chrono::steady_clock::now() + std::chrono::minutes(minutes);
    say(fmt::format("Timer: {} minutes, shown in the prompt.", minutes));
}

void Session::cmd_save(const std::string& path) {
    if (path.empty()) return refuse("save needs a file name: save AS");
    if (path != path_ && ::access(path.c_str(), F_OK) == 0)
        return refuse(fmt::format("{} exists: choose another name", path));
    const std::string previous = path_;
    path_ = path;
    if (!save()) {
        path_ = previous;
        return;
    }
    say(fmt::format("Saved to {}; later saves go there too.", path_));
}

void Session::cmd_quit(const std::string&) { quit_ = true; }

}  // namespace coyel::cli
