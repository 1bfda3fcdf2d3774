// SPEC section 5: the day vote.
#include "../helpers.hpp"
#include "coyel/save.hpp"

using namespace coyel;
using namespace coyel::test;

TEST_CASE("the mayor's vote counts two (the SPEC section 8 example)") {
    Game g = day_one();
    auto events = ok(g, vote(g, {{"Ana", "Cleo"},
                                 {"Cleo", "Ana"},
                                 {"Dan", "Cleo"},
                                 {"Eve", "Ana"},
                                 {"Finn", "Gus"},
                                 {"Gus", "Cleo"},
                                 {"Hana", "Ana"}}));
    // Ana 4 (Hana's two among them), Cleo 3: without the mayor's weight it would tie.
    CHECK_FALSE(in(g, "Ana"));
    REQUIRE(events.front().kind == Event::Kind::vote_result);
    CHECK(events.front().tally[*seat(g, "Ana")] == 4);
    CHECK(events.front().tally[*seat(g, "Cleo")] == 3);
    CHECK(events.front().double_vote == seat(g, "Hana"));
    CHECK(g.state().phase == Phase::night);
    CHECK(g.state().round == 2);
}

TEST_CASE("a tie at the top removes nobody") {
    Game g = day_one();
    ok(g, tie_ana_cleo(g));
    CHECK(in(g, "Ana"));
    CHECK(in(g, "Cleo"));
    CHECK(g.state().phase == Phase::night);
}

TEST_CASE("tie revote: the tied players face one revote") {
    Options options;
    options.tie = TieRule::revote;
    Game g = day_one(options);
    auto events = ok(g, tie_ana_cleo(g));
    CHECK(has_event(events, Event::Kind::revote));
    CHECK(g.state().phase == Phase::day);
    CHECK(g.state().expects == ActionKind::vote);
    SeatSet tied;
    tied.insert(*seat(g, "Ana"));
    tied.insert(*seat(g, "Cleo"));
    CHECK(g.state().revote_candidates == tied);
    CHECK(refused(g, vote(g, {{"Ana", "Gus"},
                              {"Cleo", "Ana"},
                              {"Dan", "Cleo"},
                              {"Eve", "Ana"},
                              {"Finn", "Ana"},
                              {"Gus", "Cleo"},
                              {"Hana", nullptr}})) ==
          "in the revote Ana may vote only for Ana or Cleo or nobody");
    ok(g, vote(g, {{"Ana", "Cleo"},
                   {"Cleo", "Ana"},
                   {"Dan", "Cleo"},
                   {"Eve", "Ana"},
                   {"Finn", "Ana"},
                   {"Gus", "Ana"},
                   {"Hana", nullptr}}));
    CHECK_FALSE(in(g, "Ana"));
    CHECK(g.state().phase == Phase::night);
}

TEST_CASE("tie revote: tied again, nobody is out") {
    Options options;
    options.tie = TieRule::revote;
    Game g = day_one(options);
    auto tied = vote(g, {{"Ana", "Cleo"},
                         {"Cleo", "Ana"},
                         {"Dan", "Cleo"},
                         {"Eve", "Ana"},
                         {"Finn", nullptr},
                         {"Gus", nullptr},
                         {"Hana", nullptr}});
    ok(g, tied);
    auto events = ok(g, tied);
    CHECK_FALSE(has_event(events, Event::Kind::revote));
    CHECK(in(g, "Ana"));
    CHECK(in(g, "Cleo"));
    CHECK(g.state().phase == Phase::night);
}

TEST_CASE("no votes at all removes nobody, with no revote") {
    Options options;
    options.tie = TieRule::revote;
    Game g = day_one(options);
    auto events = ok(g, vote_all(g, nullptr));
    CHECK_FALSE(has_event(events, Event::Kind::revote));
    CHECK(g.state().phase == Phase::night);
    CHECK(g.seats_in_game().size() == 7);
}

TEST_CASE("abstain off: every voter names a player") {
    Options options;
    options.abstain = false;
    Game g = day_one(options);
    CHECK(refused(g, vote_all(g, nullptr)) ==
          "Ana must name a player: abstaining is off in this game");
    CHECK_FALSE(g.legal_ballots(*seat(g, "Ana")).nobody);
}

TEST_CASE("a corrupted voter may not vote for the Fossil Fuel CEO") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    ok(g, target(g, "Ben"));
    ok(g, protect(g, nullptr));
    ok(g, bank(BankerChoice::none));
    ok(g, lobby(g, "Hana"));
    CHECK(refused(g, vote_all(g, "Dan")) ==
          "Hana is corrupted and may not vote for the Fossil Fuel CEO: ask them for another name");
    CHECK_FALSE(g.legal_ballots(*seat(g, "Hana")).contains(seat(g, "Dan")));
    CHECK(g.legal_ballots(*seat(g, "Ana")).contains(seat(g, "Dan")));
    ok(g, vote(g, {{"Ana", "Dan"},
                   {"Cleo", "Dan"},
                   {"Dan", "Dan"},
                   {"Eve", "Dan"},
                   {"Finn", "Dan"},
                   {"Gus", "Dan"},
                   {"Hana", "Hana"}}));
    CHECK_FALSE(in(g, "Dan"));
}

TEST_CASE("every player in the game votes once, for a player in the game") {
    Game g = day_one();
    CHECK(refused(g, vote(g, {{"Ana", "Cleo"}})) == "Cleo has not voted");
    CHECK(refused(g, vote(g, {{"Ana", "Cleo"}, {"Ana", "Dan"}})) == "Ana voted twice");
    CHECK(refused(g, vote(g, {{"Ben", "Cleo"}})) == "Ben is out of the game and cannot vote");
    CHECK(refused(g, vote_all(g, "Ben")) == "Ana voted for Ben, who is out of the game");
    ok(g, vote_all(g, "Ana"));  // themselves allowed
}

TEST_CASE("a vote outside the day is refused") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    CHECK(refused(g, vote_all(g, "Ana")) == "the game expects carbon_target now, not vote");
}

TEST_CASE(
    "a vote taken ballot by ballot: seat order, refusals change nothing, the last applies it") {
    Game g = day_one();
    CHECK(g.next_voter() == seat(g, "Ana"));
    CHECK(g.cast_ballot(seat(g, "Cleo")).ok());
    CHECK(g.next_voter() == seat(g, "Cleo"));  // Ben is out: skipped
    CHECK(words(g.cast_ballot(seat(g, "Ben")).failure()) ==
          "Cleo voted for Ben, who is out of the game");
    CHECK(g.state().ballots.size() == 1);
    for (const char* voter : {"Cleo", "Dan", "Eve", "Finn", "Gus"}) {
        INFO(voter);
        auto cast = g.cast_ballot(seat(g, "Ana"));
        REQUIRE(cast.ok());
        CHECK(cast->empty());  // no events before the last ballot
    }
    CHECK(g.log().size() == 6);                 // the vote is not in the log yet (a tell is)
    auto events = g.cast_ballot(std::nullopt);  // Hana, the mayor, abstains
    REQUIRE(events.ok());
    CHECK(has_event(*events, Event::Kind::vote_result));
    CHECK(g.log().back().kind == ActionKind::vote);
    CHECK(g.log().back().votes.size() == 7);
    CHECK(g.state().ballots.empty());
    CHECK_FALSE(in(g, "Ana"));
}

TEST_CASE("undo after a vote goes back into that vote with its last ballot taken back") {
    Game g = day_one();
    ok(g, tie_ana_cleo(g));
    const auto entries = g.log().size();
    auto undone = g.undo();
    REQUIRE(undone);
    CHECK(undone->kind == Undone::Kind::ballot);
    CHECK(undone->ballot.voter == seat(g, "Hana"));
    CHECK(g.log().size() == entries - 1);
    CHECK(g.state().ballots.size() == 6);
    CHECK(g.next_voter() == seat(g, "Hana"));
    CHECK(g.undo()->ballot.voter == seat(g, "Gus"));  // and on, one ballot at a time
    CHECK(g.next_voter() == seat(g, "Gus"));
}

TEST_CASE("the vote being taken is saved as pending and restored by the loader") {
    Game g = day_one();
    REQUIRE(g.cast_ballot(seat(g, "Cleo")).ok());
    REQUIRE(g.cast_ballot(std::nullopt).ok());
    const std::string text = save_game(g);
    CHECK(text.find("\"pending\": {\"votes\": {\"Ana\": \"Cleo\", \"Cleo\": null}}") !=
          std::string::npos);
    auto loaded = load_game(text, "game.json");
    REQUIRE(loaded.ok());
    CHECK(loaded->state() == g.state());
    CHECK(loaded->next_voter() == seat(g, "Dan"));
}
