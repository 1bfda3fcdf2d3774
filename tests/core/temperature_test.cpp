// SPEC sections 6 and 7: the temperature and the end of the game.
#include "../helpers.hpp"
#include "coyel/save.hpp"

using namespace coyel;
using namespace coyel::test;

TEST_CASE("clock mode: one degree per minutes*60/(limit-start) seconds") {
    Game g = make_game();  // 25 minutes, 0 to 5: a degree every 300 s
    ok(g, at(elect(g, nullptr), 0));
    CHECK(g.next_rise_at() == 300);
    ok(g, at(target(g, "Ben"), 299));
    CHECK(g.state().temperature == 0);
    auto events = ok(g, at(protect(g, nullptr), 300));
    CHECK(g.state().temperature == 1);
    CHECK(has_event(events, Event::Kind::temperature_rose));
    CHECK(g.next_rise_at() == 600);
    ok(g, clock_at(1250));
    CHECK(g.state().temperature == 4);
    CHECK(g.state().clock_s == 1250);
}

TEST_CASE("clock mode: uneven periods round the rise up to the next whole second") {
    Options options;
    options.temperature_minutes = 1;
    options.temperature_start = 2;
    options.temperature_limit = 9;  // 60 s for 7 degrees: 8.57 s each
    Game g = make_game(spec_table(), options);
    CHECK(g.next_rise_at() == 9);
    ok(g, clock_at(17));
    CHECK(g.state().temperature == 3);
    ok(g, clock_at(18));
    CHECK(g.state().temperature == 4);
}

TEST_CASE("clock mode: reaching the limit ends the game at once, whatever the phase") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    ok(g, target(g, "Ben"));
    CHECK(refused(g, at(protect(g, nullptr), 1500)) ==
          "the game was over by then: the temperature limit was reached at 25:00");
    auto events = ok(g, clock_at(1500));
    CHECK(g.over());
    CHECK(g.state().temperature == 5);
    CHECK(g.state().winner == Team::carbon);
    CHECK(g.state().win_reason == WinReason::temperature);
    CHECK(has_event(events, Event::Kind::game_over));
    CHECK(refused(g, protect(g, nullptr)) == "the game is over");
    CHECK(refused(g, clock_at(1600)) == "the game is over");
}

TEST_CASE("the clock never runs back") {
    Game g = make_game();
    ok(g, at(elect(g, nullptr), 100));
    CHECK(refused(g, at(target(g, "Ben"), 99)) ==
          "the clock cannot run back: at 99 s is before 100 s");
    ok(g, at(target(g, "Ben"), 100));
}

TEST_CASE("a clock entry needs at") {
    Game g = make_game();
    CHECK(refused(g, act(ActionKind::clock)) == "a clock entry needs at");
}

TEST_CASE("manual mode: one degree per heat, at any time before the end") {
    Options options;
    options.temperature_mode = TemperatureMode::manual;
    options.temperature_limit = 2;
    Game g = make_game(spec_table(), options);
    ok(g, act(ActionKind::heat));  // even before the election
    ok(g, elect(g, nullptr));
    ok(g, clock_at(100000));
    CHECK(g.state().temperature == 1);  // time does nothing in manual mode
    ok(g, act(ActionKind::heat));
    CHECK(g.over());
    CHECK(g.state().win_reason == WinReason::temperature);
    CHECK(refused(g, act(ActionKind::heat)) == "the game is over");
}

TEST_CASE("heat is refused outside manual mode") {
    Game g = make_game();
    CHECK(refused(g, act(ActionKind::heat)) ==
          "heat is only for temperature.mode manual (this game: clock)");
}

TEST_CASE("a note is legal at any time, even after the end") {
    Options options;
    options.temperature_mode = TemperatureMode::manual;
    options.temperature_limit = 1;
    Game g = make_game(spec_table(), options);
    Action note = act(ActionKind::note);
    note.text = "Ana arrived late";
    ok(g, note);
    Action garbled = note;
    garbled.text = "caf\xe9";  // Latin-1, not UTF-8: it would break the save
    CHECK(refused(g, garbled) == "the text is not valid UTF-8");
    ok(g, act(ActionKind::heat));
    REQUIRE(g.over());
    ok(g, note);
}

TEST_CASE("the end: no carbon in the game, the ecosystems win, the CEO's fate aside") {
    Seating seating = {{"Ana", Role::carbon},  {"Ben", Role::ceo},     {"Cleo", Role::citizen},
                       {"Dan", Role::citizen}, {"Eve", Role::citizen}, {"Finn", Role::citizen}};
    Game g = make_game(seating);
    ok(g, elect(g, nullptr));
    ok(g, target(g, "Cleo"));
    ok(g, lobby(g, nullptr));
    auto events = ok(g, vote_all(g, "Ana"));
    CHECK(g.over());
    CHECK(in(g, "Ben"));
    CHECK(g.state().winner == Team::ecosystems);
    CHECK(g.state().win_reason == WinReason::no_carbon);
    CHECK(g.state().expects == std::nullopt);
    CHECK(g.state().phase == Phase::over);
}

TEST_CASE("the end: no ecosystems-team player in the game, carbon wins") {
    Seating seating = {{"Ana", Role::carbon},
                       {"Ben", Role::carbon},
                       {"Cleo", Role::citizen},
                       {"Dan", Role::citizen},
                       {"Eve", Role::citizen}};
    Game g = make_game(seating);
    ok(g, elect(g, nullptr));
    ok(g, target(g, "Cleo"));
    ok(g, vote_all(g, "Dan"));
    CHECK_FALSE(g.over());
    ok(g, target(g, "Eve"));
    CHECK(g.over());
    CHECK(g.state().winner == Team::carbon);
    CHECK(g.state().win_reason == WinReason::no_ecosystems);
}

TEST_CASE("the end: the temperature is checked first") {
    Options options;
    options.temperature_mode = TemperatureMode::night;
    options.temperature_limit = 1;
    Seating seating = {{"Ana", Role::carbon},
                       {"Ben", Role::carbon},
                       {"Cleo", Role::citizen},
                       {"Dan", Role::citizen},
                       {"Eve", Role::citizen}};
    Game g = make_game(seating, options);
    ok(g, elect(g, nullptr));
    ok(g, target(g, "Cleo"));
    CHECK(g.state().win_reason == WinReason::temperature);
}

// --- The live clock: advance_clock, undo, the save ---------------------------

namespace {
// Night 1 of a 25-minute game from 0 to 5 degrees: one degree every 300 s.
Game night_one() {
    Game g = make_game();
    ok(g, at(elect(g, "Hana"), 0));
    return g;
}
}  // namespace

TEST_CASE("advance_clock logs each degree at the second it was reached") {
    Game g = night_one();
    auto events = g.advance_clock(299);
    REQUIRE(events.ok());
    CHECK(events->empty());
    CHECK(g.log().size() == 1);  // no degree yet: the reading alone moved
    CHECK(g.state().clock_s == 299);
    events = g.advance_clock(650);
    REQUIRE(events.ok());
    CHECK(events->size() == 2);
    REQUIRE(g.log().size() == 3);
    CHECK(g.log()[1].kind == ActionKind::clock);
    CHECK(g.log()[1].at == 300);
    CHECK(g.log()[2].at == 600);
    CHECK(g.state().temperature == 2);
    CHECK(g.state().clock_s == 650);
}

TEST_CASE("advance_clock ends the game at the limit's second") {
    Game g = night_one();
    auto events = g.advance_clock(5000);
    REQUIRE(events.ok());
    CHECK(g.over());
    CHECK(g.state().win_reason == WinReason::temperature);
    CHECK(g.state().clock_s == 1500);
    CHECK(g.log().back().at == 1500);
    CHECK(has_event(*events, Event::Kind::game_over));
    CHECK(words(g.advance_clock(5001).failure()) == "the game is over");
}

TEST_CASE("advance_clock is refused before Night 1 and back in time") {
    Game g = make_game();
    CHECK(words(g.advance_clock(10).failure()) == "the clock starts with Night 1");
    ok(g, at(elect(g, "Hana"), 100));
    CHECK(words(g.advance_clock(99).failure()) ==
          "the clock cannot run back: at 99 s is before 100 s");
    CHECK(g.state().clock_s == 100);
}

TEST_CASE("undo takes back the last answer and keeps the degrees that passed after it") {
    Game g = night_one();
    ok(g, at(target(g, "Ben"), 200));
    REQUIRE(g.advance_clock(340).ok());  // a degree at 300
    auto undone = g.undo();
    REQUIRE(undone);
    CHECK(undone->kind == Undone::Kind::entry);
    CHECK(undone->action.kind == ActionKind::carbon_target);
    CHECK(g.state().expects == ActionKind::carbon_target);
    CHECK(g.state().temperature == 1);  // the degree stays: the table heard it
    CHECK(g.state().clock_s == 340);    // and the clock does not run back
    REQUIRE(g.log().size() == 2);
    CHECK(g.log().back().kind == ActionKind::clock);
}

TEST_CASE("undo after a temperature end takes back the end alone, one second before the limit") {
    Game g = make_game();
    ok(g, at(elect(g, "Hana"), 0));
    quiet_night(g, "Ben");
    REQUIRE(g.cast_ballot(seat(g, "Cleo"), 1400).ok());  // Ana's ballot
    REQUIRE(g.advance_clock(1510).ok());
    REQUIRE(g.over());
    CHECK(g.state().ballots.empty());
    auto undone = g.undo();
    REQUIRE(undone);
    CHECK(undone->kind == Undone::Kind::end);
    CHECK_FALSE(g.over());
    CHECK(g.state().temperature == 4);
    CHECK(g.state().clock_s == 1499);
    REQUIRE(g.state().ballots.size() == 1);  // the vote the end cut short is back
    CHECK(g.next_voter() == seat(g, "Cleo"));
    undone = g.undo();  // then the answers, as usual
    REQUIRE(undone);
    CHECK(undone->kind == Undone::Kind::ballot);
    CHECK(g.state().clock_s == 1499);
    REQUIRE(g.advance_clock(1500).ok());  // the last second, played
    CHECK(g.over());
}

TEST_CASE("the clock's reading is saved as pending and restored by the loader") {
    Game g = night_one();
    REQUIRE(g.advance_clock(420).ok());
    REQUIRE(words(g.cast_ballot(std::nullopt).failure()) == "no vote is being taken");
    const std::string text = save_game(g);
    CHECK(text.find("\"pending\": {\"at\": 420}") != std::string::npos);
    auto loaded = load_game(text, "game.json");
    REQUIRE(loaded.ok());
    CHECK(loaded->state() == g.state());
    CHECK(loaded->log().size() == g.log().size());
}

TEST_CASE("a pending clock reading is refused back in time or past a degree the log lacks") {
    Game g = night_one();
    ok(g, at(target(g, "Ben"), 200));
    std::string text = save_game(g);
    const auto end = text.rfind("\n}");
    auto with_pending = [&](const std::string& pending) {
        return load_game(text.substr(0, end) + ",\n  \"pending\": " + pending + "\n}\n", "g.json");
    };
    CHECK(with_pending(R"({"at": 199})").error() ==
          "g.json: pending: at 199 s is before the log's last entry, at 200 s");
    CHECK(with_pending(R"({"at": 300})").error() ==
          "g.json: pending: at 300 s is past the degree reached at 300 s, which the log lacks");
    CHECK(with_pending(R"({"at": "soon"})").error() ==
          "g.json: pending: at must be a whole number of seconds");
    CHECK(with_pending(R"({"at": 299})").ok());
}
