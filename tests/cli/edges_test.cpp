// Nothing escapes at the edges (issue 34), against fakes: twin games that
// differ only in a hidden night answer give the same screen at the
// SLAPP-suit's gate and at the end's prompt, the line editor's history
// keeps no night answer once the table looks, and the players' screens hold
// the end's roles until the moderator's Enter.
#include <unistd.h>
#include <catch2/catch.hpp>

#include <condition_variable>
#include <fstream>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

#include "../fakes/fake_clock.hpp"
#include "../narration_helpers.hpp"
#include "chronicle.hpp"
#include "coyel/observe.hpp"
#include "live_session.hpp"
#include "players_screen.hpp"
#include "process.hpp"
#include "scripted_reader.hpp"
#include "web/serve_state.hpp"

using namespace coyel;
using namespace coyel::test;

namespace edges {

constexpr std::string_view clear_all = "\x1b[H\x1b[2J\x1b[3J";

Game night_mode(Seating seating = spec_table()) {
    Options options;
    options.temperature_mode = TemperatureMode::night;
    return make_game(seating, options);
}

// What the screen holds: the output since the last clearing.
std::string screen_of(const std::string& out) {
    const auto cleared = out.rfind(clear_all);
    return cleared == std::string::npos ? out : out.substr(cleared);
}

// Night 1 of the spec table: the NGO saves the carbon emissions' target, so
// the CEO is called to file a SLAPP-suit; `lobby` is the hidden answer.
std::deque<Typed> protest_night(const char* lobby) {
    return {{0ms, "Hana"}, {0ms, "Ben"}, {0ms, "Ben"}, {0ms, "none"}, {0ms, lobby}};
}

// Five players, one carbon emission, no banker: voting Ana out ends the game.
Seating short_table() {
    return {{"Ana", Role::carbon},
            {"Ben", Role::citizen},
            {"Cleo", Role::ngo},
            {"Dan", Role::ceo},
            {"Eve", Role::citizen}};
}
std::deque<Typed> to_the_last_ballot(const char* lobby) {
    return {{0ms, "Ben"}, {0ms, "Eve"}, {0ms, "none"}, {0ms, lobby}, {0ms, ""},
            {0ms, "Ana"}, {0ms, "Ana"}, {0ms, "Ana"},  {0ms, "Ana"}};
}

}  // namespace edges

TEST_CASE("at the SLAPP-suit's gate, undo and status ask first: twins show the same screen") {
    auto screen = [](const char* lobby, const char* command) {
        auto typed = edges::protest_night(lobby);
        typed.push_back({0ms, ""});  // the dawn told; the SLAPP-suit's lines read aloud
        typed.push_back({0ms, command});
        typed.push_back({0ms, "quit"});
        Table table(typed, edges::night_mode(), {}, /*clear=*/true);
        table.session.run();
        CHECK(table.reader.prompts[6].find("Enter when only the CEO's eyes are open") !=
              std::string::npos);
        CHECK(table.reader.prompts[7].find("Turn the screen away") != std::string::npos);
        return edges::screen_of(table.out.text());
    };
    for (const char* command : {"undo", "status"}) {
        INFO(command);
        const std::string a = screen("Finn", command), b = screen("none", command);
        CHECK(a == b);
        CHECK(a.find("Undone") == std::string::npos);
    }
}

TEST_CASE("the word that calls a privacy step off does nothing else") {
    auto typed = edges::protest_night("none");
    typed.insert(typed.end(), {{0ms, ""}, {0ms, "undo"}, {0ms, "yes"}, {0ms, "quit"}});
    Table table(typed, edges::night_mode(), {}, /*clear=*/true);
    table.session.run();
    CHECK(table.out.text().find("Called off: nothing was shown.") != std::string::npos);
    // "yes" was not taken as the CEO's answer: no SLAPP-suit filed, none refused.
    CHECK(table.disk.last().log().back().kind != ActionKind::slapp);
    CHECK(table.err.text().empty());
}

TEST_CASE("the line editor's history keeps no night answer once the table looks") {
    auto typed = edges::protest_night("Finn");
    typed.insert(typed.end(), {{0ms, ""}, {0ms, ""}, {0ms, "no"}, {0ms, ""}, {0ms, "quit"}});
    Table table(typed, edges::night_mode(), {}, /*clear=*/true);
    table.session.run();
    const auto& histories = table.reader.histories;
    REQUIRE(histories.size() == 10);
    // At night the last answers stay at hand, through the dawn's gate...
    CHECK(histories[4] == std::vector<std::string>{"Hana", "Ben", "Ben", "none"});
    CHECK(histories[5] == std::vector<std::string>{"Hana", "Ben", "Ben", "none", "Finn"});
    // ...and go when the table opens its eyes: only the election stays, at
    // the SLAPP-suit's gate and at the vote (the CEO's "no" gone too).
    CHECK(histories[6] == std::vector<std::string>{"Hana"});
    CHECK(histories[9] == std::vector<std::string>{"Hana"});
    CHECK(table.reader.prompts[9].find("votes for") != std::string::npos);
}

TEST_CASE("the end is held: roles wait for Enter, and twins' screens agree until then") {
    auto play = [](const char* lobby, bool reveal) {
        auto typed = edges::to_the_last_ballot(lobby);
        typed.push_back({0ms, reveal ? "" : "quit"});
        if (reveal) typed.push_back({0ms, ""});
        Table table(typed, edges::night_mode(edges::short_table()), {}, /*clear=*/true);
        table.session.run();
        return std::pair{edges::screen_of(table.out.text()), table.disk.saves};
    };
    const auto [a, saves_a] = play("Eve", false);
    const auto [b, saves_b] = play("none", false);
    CHECK(a == b);
    CHECK(a.find("── Game over ──") != std::string::npos);
    CHECK(a.find("Every role:") == std::string::npos);
    // The players' screens, from the saves: the same for both twins.
    const Game end_a = *load_game(saves_a.back(), "a.json");
    const Game end_b = *load_game(saves_b.back(), "b.json");
    REQUIRE(end_a.end_held());
    const narration::Narrator narrator(narration::english_script());
    CHECK(narration::players_screen_text(narration::players_screen(narrator, end_a, {}, 0)) ==
          narration::players_screen_text(narration::players_screen(narrator, end_b, {}, 0)));
    CHECK(cli::public_state_json(narrator, end_a, {}, 0, "") ==
          cli::public_state_json(narrator, end_b, {}, 0, ""));
    // Enter tells the roles, corruption included: the twins differ from there.
    const auto [told, saves] = play("Eve", true);
    CHECK(told.find("Every role:") != std::string::npos);
    CHECK(told.find(", corrupted", told.find("Every role:")) != std::string::npos);
    const Game revealed = *load_game(saves.back(), "game.json");
    CHECK_FALSE(revealed.end_held());
    CHECK(seen_by_table(revealed).players[4].corrupted);
}

TEST_CASE("the end held: an undo before Enter takes back the ballot and shows no role") {
    auto typed = edges::to_the_last_ballot("Ben");
    typed.insert(typed.end(), {{0ms, "undo"}, {0ms, "quit"}});
    Table table(typed, edges::night_mode(edges::short_table()), {}, /*clear=*/true);
    table.session.run();
    const std::string out = table.out.text();
    CHECK(out.find("Undone: Dan's vote.") != std::string::npos);
    CHECK(out.find("Every role:") == std::string::npos);
    CHECK_FALSE(table.disk.last().over());
}

TEST_CASE("a dawn's news stays on the players' screen through its SLAPP-suit") {
    auto typed = edges::protest_night("none");
    typed.insert(typed.end(), {{0ms, ""}, {0ms, ""}, {0ms, "no"}, {0ms, ""}, {0ms, "quit"}});
    Table table(typed, edges::night_mode(), {}, /*clear=*/true);
    table.session.run();
    const Game game = table.disk.last();
    const narration::Narrator narrator(narration::english_script());
    const auto news = narration::last_announcement(narrator, game);
    const auto has = [&](std::string_view part) {
        return std::any_of(news.begin(), news.end(),
                           [&](const std::string& line) { return line.find(part) != line.npos; });
    };
    CHECK(has("Everyone, open your eyes"));  // the dawn
    CHECK(has("SLAPP"));                     // and the suit's outcome below it
}

TEST_CASE("an answer at a resumed game's paused clock starts the clock, and says so") {
    Game game = edges::night_mode();
    REQUIRE(game.apply(act(ActionKind::elect_mayor, seat(game, "Hana"))).ok());
    Table table({{5s, "zzz"}, {5s, "Ben"}, {5s, "quit"}}, std::move(game));
    table.session.run();
    const std::string out = table.out.text();
    const auto running = out.find("Clock running from 0:00.");
    CHECK(running != std::string::npos);
    CHECK(out.find("zzz") < out.find("The carbon emissions target Ben"));
    CHECK(out.find("The carbon emissions target Ben") < running);  // a typo starts nothing
    CHECK(table.disk.last().state().clock_s == 5);  // the five seconds after the answer
}

TEST_CASE("a failing save is told once per reason, not after every answer") {
    FakeClock clock;
    Capture out, err;
    ScriptedReader reader({"Hana", "Ben", "none", "none"});
    Session session(edges::night_mode(), "game.json", SessionIo{reader, out.file, err.file, false},
                    GameClock(0, clock), [](const std::string&, std::string_view) -> Refusal {
                        return Error{"cannot write game.json.tmp: No space left on device"};
                    });
    session.rescue_in({});
    session.run();
    const std::string text = err.text();
    std::size_t told = 0;
    for (auto at = text.find("Could not save game.json"); at != std::string::npos;
         at = text.find("Could not save game.json", at + 1))
        ++told;
    CHECK(told == 1);
}

namespace edges {
// A prompt whose clock reaches a degree `degree_in` into the wait, then closes.
struct DegreePrompt final : cli::LivePrompt {
    const platform::Clock& clock;
    std::chrono::milliseconds degree_in;
    bool rung = false;
    DegreePrompt(const platform::Clock& clock, std::chrono::milliseconds degree_in)
        : clock(clock), degree_in(degree_in) {}
    std::string text() const override { return "[+0°C] Ana votes for> "; }
    std::optional<std::chrono::milliseconds> wake_in() const override {
        return rung ? std::nullopt : std::optional{degree_in};
    }
    const platform::Clock& time() const override { return clock; }
    std::string on_wake() override {
        rung = true;
        return "The global temperature rises to +1°C.\n";
    }
    std::string on_interrupt() override { return ""; }
    bool closed() const override { return rung; }
    void on_suspend(bool) override {}
};
}  // namespace edges

namespace edges {
// A fake clock that says when it is read: the reader has taken its deadline.
struct WatchedClock final : platform::Clock {
    FakeClock fake;
    mutable std::mutex mutex;
    mutable std::condition_variable was_read;
    mutable bool read = false;
    Steady now() const override {
        const Steady moment = fake.now();
        {
            std::lock_guard lock(mutex);
            read = true;
        }
        was_read.notify_all();
        return moment;
    }
    Wall wall() const override { return fake.wall(); }
    bool wait_until(std::unique_lock<std::mutex>& lock, std::condition_variable& woken,
                    Steady deadline, const std::function<bool()>& done) const override {
        return fake.wait_until(lock, woken, deadline, done);
    }
};

// One live read from a pipe, and what it showed above the prompt. `type`
// writes into the pipe on its own thread; it is handed a wait that lasts
// until the read is over (10 s at most: a bound, not a sleep).
struct PipedRead {
    std::optional<std::string> line;
    std::string shown;
};
using Typist = std::function<void(int pipe, const std::function<void()>& until_read_over)>;
PipedRead read_live_from_pipe(cli::LivePrompt& prompt, const Typist& type) {
    int ends[2];
    REQUIRE(::pipe(ends) == 0);
    std::FILE* in = ::fdopen(ends[0], "r");
    Capture out;
    auto reader = cli::make_line_reader(in, out.file);
    std::mutex mutex;
    std::condition_variable read_over;
    bool over = false;
    const std::function<void()> until_read_over = [&] {
        std::unique_lock lock(mutex);
        read_over.wait_for(lock, 10s * COYEL_TIME_FACTOR, [&] { return over; });
    };
    std::thread typist([&] { type(ends[1], until_read_over); });
    PipedRead read{reader->read_live(prompt), ""};
    {
        std::lock_guard lock(mutex);
        over = true;
    }
    read_over.notify_all();
    typist.join();
    read.shown = out.text();
    ::close(ends[1]);
    std::fclose(in);
    return read;
}
}  // namespace edges

TEST_CASE("through a pipe the clock rings at its second, not at the next line") {
    // The next line comes only once the read is over (or, from a reader that
    // waits for it, after 10 s): a reader that rang at the line would return
    // it. Real time, as the reader waits on a real pipe and the prompt's
    // 20 ms; the typist waits on the read's end, not on a fixed time.
    edges::DegreePrompt prompt(platform::system_clock(), 20ms);
    const auto read = edges::read_live_from_pipe(prompt, [](int pipe, const auto& until_read_over) {
        until_read_over();
        (void)!::write(pipe, "Ben\n", 4);
    });
    CHECK_FALSE(read.line);  // the prompt closed at the degree
    CHECK(read.shown == "The global temperature rises to +1°C.\n");
}

TEST_CASE("through a pipe the prompt's wait runs on its clock even with half a line typed") {
    // Three minutes of the clock pass once the reader waits, and half a
    // line comes: the degree rings at once. A reader on the machine's clock
    // would wait on, and read the line's end, sent 10 s later.
    edges::WatchedClock clock;
    edges::DegreePrompt prompt(clock, 3min);
    const auto read =
        edges::read_live_from_pipe(prompt, [&](int pipe, const auto& until_read_over) {
            {
                std::unique_lock lock(clock.mutex);
                clock.was_read.wait_for(lock, 10s * COYEL_TIME_FACTOR, [&] { return clock.read; });
            }
            clock.fake.advance(3min);
            (void)!::write(pipe, "Be", 2);
            until_read_over();
            (void)!::write(pipe, "n\n", 2);
        });
    CHECK_FALSE(read.line);  // the prompt closed at the degree
    CHECK(read.shown == "The global temperature rises to +1°C.\n");
}

TEST_CASE("replay --markdown and --html of an unfinished game show the table's view") {
    const std::string folder = temporary_folder();
    auto write_twin = [&](const char* name, const char* lobby) {
        Game game = edges::night_mode();
        for (auto [kind, who] : {std::pair{ActionKind::elect_mayor, "Hana"},
                                 {ActionKind::carbon_target, "Ben"},
                                 {ActionKind::ngo_protect, "Dan"}}) {
            REQUIRE(game.apply(act(kind, seat(game, who))).ok());
        }
        Action banker = act(ActionKind::banker);
        banker.choice = BankerChoice::none;
        REQUIRE(game.apply(banker).ok());
        REQUIRE(game.apply(act(ActionKind::ceo_lobby, seat(game, lobby))).ok());
        REQUIRE(game.apply(act(ActionKind::tell)).ok());
        const std::string path = folder + "/" + name + ".json";
        std::ofstream(path) << save_game(game);
        return path;
    };
    const std::string a = write_twin("a", "Gus"), b = write_twin("b", "Finn");
    const auto markdown_a = run_coyel("replay " + a + " --markdown", false);
    const auto markdown_b = run_coyel("replay " + b + " --markdown", false);
    CHECK(markdown_a.exit_code == 0);
    // The title names the file: the rest is the same for the twins.
    CHECK(markdown_a.out.substr(markdown_a.out.find('\n')) ==
          markdown_b.out.substr(markdown_b.out.find('\n')));
    CHECK(run_coyel("replay " + a + " --markdown --view moderator").out.find("Caution") !=
          std::string::npos);
    run_shell("rm -rf " + folder);
}
