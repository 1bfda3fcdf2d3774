// SPEC sections 6 and 7: the temperature and the end of the game.
#include "../helpers.hpp"

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
          "the game was over by then: the temperature limit was reached at 1500 s");
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
