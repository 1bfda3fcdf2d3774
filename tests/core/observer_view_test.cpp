// One view per observer (observe.hpp, at the told moment): what the moderator, the table and
// each player know of the same game, and twins that differ only in what an
// observer may not know giving that observer the same view.
#include <utility>

#include "../helpers.hpp"
#include "coyel/observe.hpp"

using namespace coyel;
using namespace coyel::test;

namespace {

// The game as `observer` was told it.
TableView told_view(const Game& game, Observer observer) {
    return observe(Moment{game, std::nullopt, true}, observer).view;
}

// The roles the view shows, seat by seat ('-' for an unknown one).
std::string roles_seen(const TableView& view) {
    std::string seen;
    for (const auto& player : view.players) seen += player.role ? role_id(*player.role) : "-";
    return seen;
}

std::string corruptions_seen(const TableView& view) {
    std::string seen;
    for (const auto& player : view.players) seen += player.corrupted ? '!' : '.';
    return seen;
}

// Night 1 of the SPEC table: Ben goes out, the CEO (Dan) corrupts Eve, the banker.
Game after_night_one(const Seating& seating) {
    Game game = make_game(seating);
    ok(game, elect(game, "Hana"));
    night(game, "Ben", nullptr, BankerChoice::none, {"Eve", nullptr});
    return game;
}

}  // namespace

TEST_CASE("each observer sees the roles and corruptions it may know, and no other") {
    const Game game = after_night_one(spec_table());
    // Ana Ben Cleo Dan Eve Finn Gus Hana: carbon citizen ngo ceo banker fragile carbon citizen.
    CHECK(roles_seen(told_view(game, Observer::table())) == "-citizen------");
    CHECK(corruptions_seen(told_view(game, Observer::table())) == "........");
    CHECK(roles_seen(told_view(game, Observer::moderator())) ==
          "carboncitizenngoceobankerfragilecarboncitizen");
    CHECK(corruptions_seen(told_view(game, Observer::moderator())) == "....!...");
    // A carbon emission knows the other one (they met on night 1), not the CEO.
    CHECK(roles_seen(told_view(game, Observer::player(0))) == "carboncitizen----carbon-");
    // The corrupted banker was tapped and recognised the CEO.
    CHECK(roles_seen(told_view(game, Observer::player(4))) == "-citizen-ceobanker---");
    CHECK(corruptions_seen(told_view(game, Observer::player(4))) == "....!...");
    // The CEO knows whom the lobby corrupted.
    CHECK(roles_seen(told_view(game, Observer::player(3))) == "-citizen-ceo----");
    CHECK(corruptions_seen(told_view(game, Observer::player(3))) == "....!...");
    // A citizen knows their own card and what the table knows.
    CHECK(roles_seen(told_view(game, Observer::player(7))) == "-citizen-----citizen");
    CHECK(corruptions_seen(told_view(game, Observer::player(7))) == "........");
}

TEST_CASE("twins that differ in what an observer may not know give it the same view") {
    const Seating table = spec_table();
    // Cleo (ngo) and Finn (fragile) swap cards: only they, and the moderator, can tell.
    const Game game = after_night_one(table);
    const Game twin = after_night_one(swapped(table, 2, 5));
    CHECK(told_view(game, Observer::table()) == told_view(twin, Observer::table()));
    for (Seat seat : {0, 3, 4, 6, 7}) {
        CAPTURE(seat);
        CHECK(told_view(game, Observer::player(seat)) == told_view(twin, Observer::player(seat)));
    }
    CHECK(told_view(game, Observer::player(2)) != told_view(twin, Observer::player(2)));
    CHECK(told_view(game, Observer::moderator()) != told_view(twin, Observer::moderator()));
}

TEST_CASE("at the end every observer knows every role, once the end is told") {
    Game game = make_game(spec_table());
    ok(game, elect(game, "Hana"));
    // The carbon emissions take Ben, then Finn; the day votes out the CEO, then both carbons.
    night(game, "Ben");
    ok(game, vote_all(game, "Dan"));
    night(game, "Finn");
    ok(game, vote_all(game, "Ana"));
    night(game, "Cleo");
    ok(game, vote_all(game, "Gus"));
    REQUIRE(game.over());
    // Held until the moderator tells it (Game::end_held): the cards of those
    // out were shown as they went, the others not yet.
    REQUIRE(game.end_held());
    CHECK(roles_seen(told_view(game, Observer::table())) == "carboncitizenngoceo-fragilecarbon-");
    CHECK(roles_seen(told_view(game, Observer::player(1))) == "carboncitizenngoceo-fragilecarbon-");
    ok(game, act(ActionKind::tell));
    const TableView moderator = told_view(game, Observer::moderator());
    CHECK(told_view(game, Observer::table()) == moderator);
    CHECK(told_view(game, Observer::player(1)) == moderator);
}
