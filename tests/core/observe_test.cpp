// What each observer may know at each moment (coyel/observe.hpp): the facts
// the rules give one player privately, each at its moment (docs/rulings.md,
// "Who learns what, when"), the phone each player holds, and twins that
// differ only in hidden facts giving every other observer the same
// observation after every answer.
#include <utility>

#include "../helpers.hpp"
#include "coyel/observe.hpp"

using namespace coyel;
using namespace coyel::test;

namespace {

using Kind = PrivateFact::Kind;

std::vector<PrivateFact> told(const Game& game, const char* name) {
    return observe(game, Observer::player(*seat(game, name))).told;
}

PrivateFact fact(const Game& game, Kind kind, const char* about) {
    return {kind, *seat(game, about)};
}

// The phone's entries open to `name`, as 1s and 0s.
std::string open_to(const Game& game, const char* name) {
    std::string open;
    for (bool entry : observe(game, Observer::player(*seat(game, name))).phone.open)
        open += entry ? '1' : '0';
    return open;
}

// Night 2 at the NGO's call, with no protecting the same player two nights
// running: Finn was protected last night, Hana is the carbon target.
Game at_second_ngo_call() {
    Options options;
    options.ngo_repeat = false;
    Game game = make_game(spec_table(), options);
    ok(game, elect(game, "Hana"));
    night(game, "Ben", "Finn", BankerChoice::none, {nullptr});
    ok(game, vote_all(game, nullptr));
    ok(game, target(game, "Hana"));
    return game;
}

}  // namespace

TEST_CASE("observe: the carbon emissions know each other from the deal") {
    const Game game = make_game(spec_table());  // Ana and Gus
    CHECK(told(game, "Ana") == std::vector{fact(game, Kind::fellow, "Gus")});
    CHECK(told(game, "Gus") == std::vector{fact(game, Kind::fellow, "Ana")});
    CHECK(told(game, "Ben").empty());
}

TEST_CASE("observe: a lobby tells its target the CEO and the CEO whom it corrupted, at once") {
    Game game = make_game(spec_table());
    ok(game, elect(game, "Hana"));
    ok(game, target(game, "Ben"));
    ok(game, protect(game, nullptr));
    ok(game, bank(BankerChoice::none));
    CHECK(told(game, "Eve").empty());
    ok(game, lobby(game, "Eve"));  // the banker: corrupted, and one more lobby
    // Eve was tapped and recognised Dan, the CEO, before the night is over.
    CHECK(told(game, "Eve") == std::vector{fact(game, Kind::lobbied, "Dan")});
    CHECK(told(game, "Dan") == std::vector{fact(game, Kind::corrupted, "Eve")});
    ok(game, lobby(game, "Cleo"));  // the NGO: refused, the lobby spent
    CHECK(told(game, "Dan") ==
          std::vector{fact(game, Kind::corrupted, "Eve"), fact(game, Kind::lobby_spent, "Cleo")});
    CHECK(told(game, "Cleo").empty());  // not tapped
    CHECK(told(game, "Hana").empty());
}

TEST_CASE("observe: a corrupted banker's phone opens the gestures open to them, no other") {
    Game game = make_game(spec_table());
    ok(game, elect(game, "Hana"));
    night(game, "Ben", nullptr, BankerChoice::none, {"Eve", nullptr});
    ok(game, vote_all(game, nullptr));
    ok(game, target(game, "Hana"));
    ok(game, protect(game, nullptr));
    REQUIRE(game.current_call() == CallId::banker);
    // up, down, none: the corrupted banker may speculate while the fragile is in.
    CHECK(open_to(game, "Eve") == "011");
    CHECK(open_to(game, "Ana") == "111");  // a decoy's taps count for nothing: all open
    const PhoneView decoy = observe(game, Observer::player(0)).phone;
    CHECK_FALSE(decoy.answers);
    CHECK(observe(game, Observer::player(4)).phone.choices == decoy.choices);
}

TEST_CASE("observe: the NGO's phone closes last night's player, when the rules say so") {
    Game game = at_second_ngo_call();
    REQUIRE(game.current_call() == CallId::ngo_protect);
    // Ana Cleo Dan Eve Finn Gus Hana, then nobody: Finn closed to the NGO alone.
    CHECK(open_to(game, "Cleo") == "11110111");
    CHECK(open_to(game, "Dan") == "11111111");
}

TEST_CASE("observe: the CEO is pointed at the saved player at the SLAPP-suit") {
    Game game = make_game(spec_table());
    ok(game, elect(game, "Hana"));
    night(game, "Ben", "Ben", BankerChoice::none, {nullptr});
    REQUIRE(game.current_call() == CallId::slapp);
    CHECK(told(game, "Dan") == std::vector{fact(game, Kind::saved, "Ben")});
    CHECK(told(game, "Ben").empty());
}

TEST_CASE(
    "observe: the moderator's prompt names whom the protest saved and whom the NGO may not "
    "protect") {
    Game game = at_second_ngo_call();
    const auto prompt = [&] { return observe(game, Observer::moderator()).prompt; };
    REQUIRE(prompt());
    CHECK(prompt()->call == CallId::ngo_protect);
    CHECK(prompt()->ngo_barred == seat(game, "Finn"));  // last night's
    CHECK(prompt()->slapps_left == game.slapps_left());
    ok(game, protect(game, "Hana"));
    CHECK(prompt()->call == CallId::banker);
    CHECK(prompt()->gestures == game.legal_banker_choices());
    ok(game, bank(BankerChoice::none));
    ok(game, lobby(game, nullptr));
    REQUIRE(game.current_call() == CallId::slapp);
    CHECK(prompt()->saved == seat(game, "Hana"));
    // Nobody else is prompted, and a told moment (the story's) has no prompt.
    CHECK_FALSE(observe(game, Observer::table()).prompt);
    for (Seat seat = 0; seat < game.player_count(); ++seat)
        CHECK_FALSE(observe(game, Observer::player(seat)).prompt);
    CHECK_FALSE(observe(Moment{game, std::nullopt, true}, Observer::moderator()).prompt);
}

TEST_CASE("observe: the moderator sees held news, the table and the players do not") {
    Game game = make_game(spec_table());
    ok(game, elect(game, "Hana"));
    ok(game, target(game, "Ben"));
    ok(game, protect(game, nullptr));
    ok(game, bank(BankerChoice::none));
    ok(game, lobby(game, nullptr));
    REQUIRE(game.news_held());
    CHECK_FALSE(observe(game, Observer::moderator()).view.players[1].in_game);
    CHECK(observe(game, Observer::table()).view.players[1].in_game);
    CHECK(observe(game, Observer::player(7)).view.players[1].in_game);
    CHECK_FALSE(observe(game, Observer::player(7)).phone.call);  // no call while news waits
}

TEST_CASE("observe: the live reading moves every view's clock, never back") {
    Game game = make_game(spec_table());
    ok(game, elect(game, "Hana"));
    ok(game, at(target(game, "Ben"), 40));
    CHECK(observe(Moment{game, 55}, Observer::table()).view.clock_s == 55);
    CHECK(observe(Moment{game, 10}, Observer::table()).view.clock_s == 40);
}

TEST_CASE("observe: twins that differ in one card give everyone else the same observation") {
    // Ben (citizen) and Finn (fragile) swapped, then Gus (carbon) and Hana
    // (citizen): only they, the carbon emissions' fellow and the moderator
    // can tell, at every answer of a whole night and day.
    struct Twin {
        std::size_t a, b;
        std::vector<Seat> others;
    };
    for (const Twin& swap : {Twin{1, 5, {0, 2, 3, 4, 6, 7}}, Twin{6, 7, {1, 2, 3, 4, 5}}}) {
        CAPTURE(swap.a, swap.b);
        const Seating table = spec_table();
        Game game = make_game(table);
        Game twin = make_game(swapped(table, swap.a, swap.b));
        const auto same_for_others = [&] {
            for (Seat seat : swap.others) {
                CAPTURE(seat);
                CHECK(observe(game, Observer::player(seat)) ==
                      observe(twin, Observer::player(seat)));
            }
            CHECK(observe(game, Observer::table()) == observe(twin, Observer::table()));
        };
        const auto both = [&](const Action& action) {
            ok(game, action);
            ok(twin, action);
            same_for_others();
        };
        same_for_others();
        both(elect(game, "Cleo"));
        both(target(game, "Eve"));
        both(protect(game, "Eve"));
        both(bank(BankerChoice::none));
        both(lobby(game, "Ben"));
        both(act(ActionKind::tell));  // the dawn: a protest saved someone
        both(slapp(true));
        both(act(ActionKind::tell));
        both(vote_all(game, "Ana"));
        CHECK(observe(game, Observer::player(static_cast<Seat>(swap.a))) !=
              observe(twin, Observer::player(static_cast<Seat>(swap.a))));
    }
}
