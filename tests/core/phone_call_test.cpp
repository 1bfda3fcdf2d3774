// The night's calls on the phones (phone_call.hpp): the list every phone
// shows, whose taps count, and the carbon emissions' agreement.
#include "coyel/phone_call.hpp"

#include "../helpers.hpp"
#include "../random_games.hpp"

using namespace coyel;
using namespace coyel::test;

namespace {

// The SPEC table with its carbon emissions and its NGO dealt to other seats:
// the twin of spec_table() for what a phone may show.
Seating spec_table_redealt() {
    Seating seating = spec_table();
    std::swap(seating[0].second, seating[1].second);  // Ben is a carbon emission, Ana a citizen
    std::swap(seating[2].second, seating[7].second);  // Hana is the NGO
    return seating;
}

std::vector<Seat> players_of(const std::vector<PhoneChoice>& choices) {
    std::vector<Seat> seats;
    for (const auto& choice : choices)
        if (choice.player) seats.push_back(*choice.player);
    return seats;
}

}  // namespace

TEST_CASE("phones show no list once the game is over") {
    SplitMix64 rng(7);
    Game g(random_setup(rng));
    while (!g.over()) (void)g.apply(random_action(g, rng));
    CHECK(phone_choices(g).empty());
    CHECK(phone_answerers(g).empty());
    CHECK_FALSE(phone_action(g, 0));
}

TEST_CASE("the SLAPP-suit on the phones: file or not, and the CEO's phone names the saved") {
    Game g = make_game(), twin = make_game(spec_table_redealt());
    ok(g, elect(g, nullptr));
    quiet_night(g, "Ben", "Ben");  // a protest saves Ben: the CEO's SLAPP-suit is asked
    ok(twin, elect(twin, nullptr));
    quiet_night(twin, "Ana", "Ana");  // Ben is a carbon emission there
    REQUIRE(g.current_call() == CallId::slapp);
    REQUIRE(twin.current_call() == CallId::slapp);
    const std::vector<PhoneChoice> file_or_not{PhoneChoice::filing(true),
                                               PhoneChoice::filing(false)};
    CHECK(phone_choices(g) == file_or_not);
    CHECK(phone_choices(twin) == file_or_not);
    SeatSet ceo;
    ceo.insert(*seat(g, "Dan"));
    CHECK(phone_answerers(g) == ceo);
    CHECK(phone_pointed_at(g, *seat(g, "Dan")) == seat(g, "Ben"));
    for (Seat other = 0; other < g.player_count(); ++other)
        if (other != *seat(g, "Dan")) CHECK_FALSE(phone_pointed_at(g, other));
    const auto filed = phone_action(g, 0);
    REQUIRE(filed);
    CHECK(filed->kind == ActionKind::slapp);
    CHECK(filed->file);
    CHECK_FALSE(phone_action(g, 1)->file);
    ok(g, *phone_action(g, 1));
    CHECK_FALSE(phone_pointed_at(g, *seat(g, "Dan")));  // the call is over
}

TEST_CASE(
    "the mayor's election on the phones: every player, then nobody, and the most taps elect") {
    Game g = make_game();
    REQUIRE(g.current_call() == CallId::first_mayor);
    REQUIRE(phone_choices(g).size() == 9);
    CHECK(players_of(phone_choices(g)) == std::vector<Seat>{0, 1, 2, 3, 4, 5, 6, 7});
    CHECK(phone_choices(g).back() == PhoneChoice{});
    CHECK(phone_answerers(g) == g.state().in_game);
    using Picks = std::vector<std::optional<std::size_t>>;
    // Hana (7) has three taps, Ana (0) two, nobody (8) two, Ben one.
    const auto count = phone_election(g, Picks{7, 0, 7, 8, 0, 1, 7, 8});
    REQUIRE(count.elected);
    CHECK(count.elected->kind == ActionKind::elect_mayor);
    CHECK(count.elected->player == Seat{7});
    CHECK(count.elected->by_phone);
    CHECK(count.tied.empty());
    // Nobody's entry with the most taps elects no mayor, as typed.
    const auto none = phone_election(g, Picks{8, 8, 8, 0, 1, 2, 3, 4});
    REQUIRE(none.elected);
    CHECK(none.elected->player == std::nullopt);
    // A tie at the top elects nobody: the tied entries are asked about again.
    const auto tie = phone_election(g, Picks{7, 0, 7, 0, 8, 1, 2, 3});
    CHECK_FALSE(tie.elected);
    CHECK(tie.tied == std::vector<std::size_t>{0, 7});
    CHECK_FALSE(phone_election(g, Picks(8, std::nullopt)).elected);
    // After the mayor goes out, the next election is asked on the phones too.
    ok(g, elect(g, "Hana"));
    CHECK_FALSE(is_election(*g.current_call()));
    quiet_night(g, "Hana");  // the carbon emissions' target: out at dawn
    REQUIRE(g.current_call() == CallId::new_mayor);
    CHECK(is_election(CallId::new_mayor));
    CHECK(players_of(phone_choices(g)) == std::vector<Seat>{0, 1, 2, 3, 4, 5, 6});
    CHECK(phone_choices(g).back() == PhoneChoice{});
    CHECK(phone_answerers(g) == g.state().in_game);
}

TEST_CASE("the list is every choice of the call's kind, the same whoever holds the roles") {
    Game g = make_game(), twin = make_game(spec_table_redealt());
    ok(g, elect(g, "Hana"));
    ok(twin, elect(twin, "Hana"));
    // The carbon call: every player in the game, the carbon emissions too
    // (the legal set leaves them out, and would tell who they are).
    CHECK(players_of(phone_choices(g)) == std::vector<Seat>{0, 1, 2, 3, 4, 5, 6, 7});
    CHECK(phone_choices(g) == phone_choices(twin));
    ok(g, target(g, "Ben"));
    ok(twin, target(twin, "Cleo"));
    // The NGO's: the players in the game (the target is out only at dawn), then nobody.
    CHECK(phone_choices(g) == phone_choices(twin));
    REQUIRE(phone_choices(g).size() == 9);
    CHECK(phone_choices(g).back() == PhoneChoice{});
    ok(g, protect(g, "Cleo"));
    CHECK(phone_choices(g) == std::vector<PhoneChoice>{PhoneChoice::of(BankerChoice::social),
                                                       PhoneChoice::of(BankerChoice::speculation),
                                                       PhoneChoice::of(BankerChoice::none)});
}

TEST_CASE("only the woken role's seats answer, and the carbon emissions must agree") {
    Game g = make_game();
    ok(g, elect(g, "Hana"));
    const SeatSet carbons = phone_answerers(g);
    CHECK(carbons == SeatSet::from_bits(1U << 0 | 1U << 6));  // Ana and Gus
    const std::size_t ben = 1, cleo = 2;
    CHECK_FALSE(phone_answer(g, {ben, cleo}));          // not agreed
    CHECK_FALSE(phone_answer(g, {ben, std::nullopt}));  // Gus has not tapped Done
    const auto agreed = phone_answer(g, {ben, ben});
    REQUIRE(agreed);
    CHECK(agreed->kind == ActionKind::carbon_target);
    CHECK(agreed->player == 1);
    CHECK(agreed->by_phone);
    ok(g, *agreed);
    CHECK(phone_answerers(g) == SeatSet::from_bits(1U << 2));  // Cleo, the NGO
    const auto nobody = phone_action(g, phone_choices(g).size() - 1);
    REQUIRE(nobody);
    CHECK(nobody->kind == ActionKind::ngo_protect);
    CHECK_FALSE(nobody->player);
    ok(g, *nobody);
    const auto gesture = phone_action(g, 1);
    REQUIRE(gesture);
    CHECK(gesture->kind == ActionKind::banker);
    CHECK(gesture->choice == BankerChoice::speculation);
    CHECK_FALSE(phone_action(g, 3));  // past the list
}

TEST_CASE("a carbon emission's tap on a carbon emission is listed, and the rules refuse it") {
    Game g = make_game();
    ok(g, elect(g, "Hana"));
    const auto on_gus = phone_answer(g, {6, 6});
    REQUIRE(on_gus);
    CHECK(!refused(g, *on_gus).empty());
}

TEST_CASE("by day each phone is a ballot: the candidates, then nobody where voters may abstain") {
    Options revoting;
    revoting.tie = TieRule::revote;
    Game g = day_one(revoting);  // Ben is out
    REQUIRE(g.current_call() == CallId::vote);
    REQUIRE(phone_choices(g).size() == 8);
    CHECK(players_of(phone_choices(g)) == std::vector<Seat>{0, 2, 3, 4, 5, 6, 7});
    CHECK(phone_choices(g).back() == PhoneChoice{});
    CHECK(phone_answerers(g) == g.state().in_game);
    const auto ballot = phone_action(g, 1);
    REQUIRE(ballot);
    CHECK(ballot->kind == ActionKind::vote);
    CHECK(ballot->player == 2);
    ok(g, tie_ana_cleo(g));
    REQUIRE(g.current_call() == CallId::revote);
    CHECK(players_of(phone_choices(g)) == std::vector<Seat>{0, 2});  // the tied players
    Options no_abstaining;
    no_abstaining.abstain = false;
    CHECK(players_of(phone_choices(day_one(no_abstaining))).size() ==
          phone_choices(day_one(no_abstaining)).size());  // no nobody
}

TEST_CASE("a degree or a note during a call leaves it the same call, an answer moves it on") {
    Game g = make_game();
    ok(g, elect(g, "Hana"));
    const std::size_t answers = answers_logged(g);
    CHECK(answers == 1);
    ok(g, clock_at(30));  // the clock moved on, as at a degree
    Action note = act(ActionKind::note);
    note.text = "Gus is late";
    ok(g, note);
    CHECK(answers_logged(g) == answers);
    ok(g, target(g, "Ben"));
    CHECK(answers_logged(g) == answers + 1);
}
