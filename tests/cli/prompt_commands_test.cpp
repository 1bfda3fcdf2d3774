// The prompt's commands on rooms of their own and a host that only records:
// what a command changes in the session goes through PromptHost's verbs.
#include "repl/prompt_commands.hpp"

#include <memory>
#include <string>
#include <vector>

#include "../fakes/fake_clock.hpp"
#include "../fakes/fake_voice.hpp"
#include "../helpers.hpp"
#include "capture.hpp"
#include "languages.hpp"
#include "repl/call_board.hpp"
#include "repl/clock_driver.hpp"
#include "repl/output.hpp"
#include "repl/save_keeper.hpp"
#include "repl/table_gate.hpp"
#include "scripted_reader.hpp"
#include "speaker.hpp"

using namespace coyel;
using namespace coyel::cli;
using namespace coyel::test;

namespace {

struct RecordingHost final : PromptHost {
    std::vector<std::string> verbs;
    std::vector<Action> applied;
    bool apply(Action action) override {
        verbs.push_back("apply");
        applied.push_back(std::move(action));
        return true;
    }
    bool undo() override {
        verbs.push_back("undo");
        return false;  // nothing to take back
    }
    void leave(bool anyway) override { verbs.push_back(anyway ? "leave anyway" : "leave"); }
    void show_news() override { verbs.push_back("show_news"); }
    void end_shown_again() override { verbs.push_back("end_shown_again"); }
};

// The rooms a session lends its commands, the saves going nowhere.
struct Rooms {
    explicit Rooms(bool clears) : gate(clears) {}
    Game game = make_game();
    ScriptedReader reader{{}};
    Capture out_text, err_text;
    narration::Narrator narrator{narration::english_script()};
    Output out{out_text.file, err_text.file, false, reader, narrator};
    FakeClock time;
    ClockDriver clock{GameClock(0, time), game, out, narrator, keeper};
    SaveKeeper keeper{
        "game.json",
        [](const std::string&, const Game&, const std::optional<LiveClock>&) { return Refusal{}; },
        game,
        out,
        narrator,
        clock};
    TableGate gate;
    CallBoard board{game, narrator, out, gate};
    RecordingHost host;
    PromptCommands commands{game, narrator, out, clock, keeper, gate, board, host};
};

}  // namespace

TEST_CASE("the prompt's commands change the session only through the host's verbs") {
    Rooms rooms(false);
    for (const char* line : {"note the mayor hesitates", "heat", "news", "undo", "quit", "/quit!"})
        CHECK(rooms.commands.take(line));
    CHECK(rooms.host.verbs ==
          std::vector<std::string>{"apply", "apply", "show_news", "undo", "leave", "leave anyway"});
    REQUIRE(rooms.host.applied.size() == 2);
    CHECK(rooms.host.applied[0].kind == ActionKind::note);
    CHECK(rooms.host.applied[0].text == "the mayor hesitates");
    CHECK(rooms.host.applied[1].kind == ActionKind::heat);
    CHECK(rooms.err_text.text() == "nothing to undo\n");  // the host had none
    CHECK(rooms.game.log().empty());                      // the host applied nothing
}

TEST_CASE("a secret asked for over the end's wait: the screen turned away, the end shown again") {
    Rooms rooms(true);
    rooms.gate.wait({Gate::Kind::end, "repl.end_reveal", {}});
    CHECK(rooms.commands.take("status"));
    CHECK(rooms.gate.is(Gate::Kind::privacy));
    CHECK(rooms.host.verbs == std::vector<std::string>{"end_shown_again"});
    CHECK(rooms.out_text.text() ==
          "status shows every role.\n");  // and nothing of the roles before Enter
}

TEST_CASE("the voice and the page's address, once lent, are what say, mute and page use") {
    Rooms rooms(false);
    CHECK(rooms.commands.take("mute"));
    CHECK(rooms.commands.take("page"));
    CHECK(rooms.err_text.text() ==
          "The laptop is not reading aloud: start the game with --speak.\n"
          "this coyel serves no page: resume the game with --serve\n");
    speech::Speaker speaker(std::make_unique<FakeVoice>(rooms.time), nullptr, rooms.time);
    rooms.commands.speak_with(speaker);
    rooms.commands.serve_page_at("http://192.168.1.20:8080/");
    CHECK(rooms.commands.take("mute"));
    CHECK(speaker.muted());
    CHECK(rooms.commands.take("page"));
    const std::string shown = rooms.out_text.text();
    CHECK(shown.find("Muted: nothing is read aloud") != std::string::npos);
    CHECK(shown.find("The players' screen: http://192.168.1.20:8080/") != std::string::npos);
}
