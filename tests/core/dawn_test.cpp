// SPEC section 4: resolving the night, in order.
#include "../helpers.hpp"

using namespace coyel;
using namespace coyel::test;

TEST_CASE("dawn: the carbon target is out and reveals its role") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    auto events = night(g, "Ben", "Hana");
    CHECK_FALSE(in(g, "Ben"));
    bool announced = false;
    for (const auto& event : events)
        if (event.kind == Event::Kind::player_out) {
            announced = true;
            CHECK(event.player == seat(g, "Ben"));
            CHECK(event.role == Role::citizen);
            CHECK(event.cause == OutCause::damage);
        }
    CHECK(announced);
}

TEST_CASE("dawn: a protest on the target saves it") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    auto events = night(g, "Ben", "Ben");
    CHECK(in(g, "Ben"));
    CHECK(has_event(events, Event::Kind::saved));
    CHECK(g.state().expects == ActionKind::slapp);  // the CEO is in with a use left
    CHECK(g.state().phase == Phase::dawn);
}

TEST_CASE("SLAPP-suit: filing reveals the CEO and annuls the protest") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    quiet_night(g, "Ben", "Ben");
    auto events = ok(g, slapp(true));
    CHECK_FALSE(in(g, "Ben"));
    CHECK(g.state().ceo_revealed);
    CHECK(g.slapps_left() == 0);
    CHECK(g.state().phase == Phase::day);
    // Used up: the next save is final.
    ok(g, vote_all(g, nullptr));
    quiet_night(g, "Hana", "Hana");
    CHECK(in(g, "Hana"));
    CHECK(g.state().phase == Phase::day);
}

TEST_CASE("SLAPP-suit: not filing reveals nothing") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    quiet_night(g, "Ben", "Ben");
    ok(g, slapp(false));
    CHECK(in(g, "Ben"));
    CHECK_FALSE(g.state().ceo_revealed);
    CHECK(g.slapps_left() == 1);
    CHECK(g.state().phase == Phase::day);
}

TEST_CASE("SLAPP-suit: slapp_uses counts the suits filed") {
    Options options;
    options.slapp_uses = 0;
    Game none = make_game(spec_table(), options);
    ok(none, elect(none, nullptr));
    quiet_night(none, "Ben", "Ben");
    CHECK(none.state().phase == Phase::day);  // never asked

    options.slapp_uses = 2;
    Game two = make_game(spec_table(), options);
    ok(two, elect(two, nullptr));
    quiet_night(two, "Ben", "Ben");
    ok(two, slapp(true));
    ok(two, vote_all(two, nullptr));
    quiet_night(two, "Hana", "Hana");
    CHECK(two.state().expects == ActionKind::slapp);
    ok(two, slapp(true));
    ok(two, vote_all(two, nullptr));
    quiet_night(two, "Eve", "Eve");
    CHECK(two.state().phase == Phase::day);
}

TEST_CASE("SLAPP-suit: not asked when the CEO is out") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    quiet_night(g, "Dan");
    ok(g, vote_all(g, nullptr));
    quiet_night(g, "Ben", "Ben");
    CHECK(in(g, "Ben"));
    CHECK(g.state().phase == Phase::day);
}

TEST_CASE("SLAPP-suit: not asked when speculation took the saved fragile out") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    night(g, "Ben", nullptr, BankerChoice::none, {"Eve", nullptr});
    ok(g, vote_all(g, nullptr));
    ok(g, target(g, "Finn"));
    ok(g, protect(g, "Finn"));
    ok(g, bank(BankerChoice::speculation));
    ok(g, lobby(g, nullptr));
    auto events = ok(g, act(ActionKind::tell));  // the dawn's news, told
    CHECK(has_event(events, Event::Kind::saved));
    CHECK_FALSE(in(g, "Finn"));
    CHECK(g.state().phase == Phase::day);
}

TEST_CASE(
    "night mode: a degree at every dawn, and the limit ends the game before anyone goes out") {
    Options options;
    options.temperature_mode = TemperatureMode::night;
    options.temperature_limit = 2;
    Game g = make_game(spec_table(), options);
    ok(g, elect(g, nullptr));
    quiet_night(g, "Ben");
    CHECK(g.state().temperature == 1);
    ok(g, vote_all(g, nullptr));
    quiet_night(g, "Hana");
    CHECK(g.state().temperature == 2);
    CHECK(g.over());
    CHECK(g.state().winner == Team::carbon);
    CHECK(g.state().win_reason == WinReason::temperature);
    CHECK(in(g, "Hana"));  // the game ended at dawn's first step
}

TEST_CASE("mayor succession: elect after the mayor goes out") {
    Game g = make_game();
    ok(g, elect(g, "Hana"));
    auto events = night(g, "Hana");
    CHECK(has_event(events, Event::Kind::mayor_lost));
    CHECK_FALSE(g.state().mayor);
    CHECK(g.state().phase == Phase::dawn);
    CHECK(g.state().expects == ActionKind::elect_mayor);
    CHECK(refused(g, elect(g, "Hana")) == "Hana is out of the game");
    ok(g, elect(g, "Ben"));
    CHECK(g.state().mayor == seat(g, "Ben"));
    CHECK(g.state().phase == Phase::day);
    // Voted out by day: elected at the next dawn, not before.
    ok(g, vote_all(g, "Ben"));
    CHECK(g.state().phase == Phase::night);
    quiet_night(g, "Eve");
    CHECK(g.state().expects == ActionKind::elect_mayor);
    ok(g, elect(g, nullptr));  // nobody: no mayor, and no election again
    CHECK(g.state().phase == Phase::day);
    ok(g, vote_all(g, nullptr));
    quiet_night(g, "Cleo");
    CHECK(g.state().phase == Phase::day);
}

TEST_CASE("mayor succession none: the game goes on without a mayor") {
    Options options;
    options.mayor_succession = MayorSuccession::none;
    Game g = make_game(spec_table(), options);
    ok(g, elect(g, "Hana"));
    quiet_night(g, "Hana");
    CHECK_FALSE(g.state().mayor);
    CHECK(g.state().phase == Phase::day);
}

TEST_CASE("a SLAPP-suit on the saved mayor opens the succession at that dawn") {
    Game g = make_game();
    ok(g, elect(g, "Hana"));
    quiet_night(g, "Hana", "Hana");
    ok(g, slapp(true));
    CHECK(g.state().expects == ActionKind::elect_mayor);
}

TEST_CASE("the fragile revived by the banker counts at the end check (dawn step 7)") {
    // Ecosystems left: the banker, with the fragile out. The carbon takes the
    // banker the night its social responsibility brings the fragile back.
    Seating seating = {{"Ana", Role::carbon},
                       {"Ben", Role::banker},
                       {"Cleo", Role::fragile},
                       {"Dan", Role::citizen},
                       {"Eve", Role::citizen}};
    Game g = make_game(seating);
    ok(g, elect(g, nullptr));
    ok(g, target(g, "Cleo"));
    ok(g, bank(BankerChoice::none));
    ok(g, vote_all(g, "Dan"));
    ok(g, target(g, "Eve"));
    ok(g, bank(BankerChoice::none));
    ok(g, vote_all(g, nullptr));
    ok(g, target(g, "Ben"));
    ok(g, bank(BankerChoice::social));
    CHECK_FALSE(g.over());
    CHECK(in(g, "Cleo"));
    CHECK_FALSE(in(g, "Ben"));
}
