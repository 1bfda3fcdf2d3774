// SPEC section 3: the night calls, their order and their limits.
#include "../helpers.hpp"

using namespace coyel;
using namespace coyel::test;

TEST_CASE("the game opens with the mayor election, then Night 1's calls in order") {
    Game g = make_game();
    CHECK(g.state().phase == Phase::setup);
    CHECK(g.state().round == 0);
    CHECK(g.state().expects == ActionKind::elect_mayor);
    CHECK(refused(g, target(g, "Ben")) == "the game expects elect_mayor now, not carbon_target");
    ok(g, elect(g, "Hana"));
    CHECK(g.state().mayor == seat(g, "Hana"));
    CHECK(g.state().phase == Phase::night);
    CHECK(g.state().round == 1);
    CHECK(g.state().expects == ActionKind::carbon_target);
    ok(g, target(g, "Ben"));
    CHECK(g.state().expects == ActionKind::ngo_protect);
    ok(g, protect(g, nullptr));
    CHECK(g.state().expects == ActionKind::banker);
    ok(g, bank(BankerChoice::none));
    CHECK(g.state().expects == ActionKind::ceo_lobby);
    ok(g, lobby(g, nullptr));
    CHECK(g.state().phase == Phase::day);
    CHECK(g.state().expects == ActionKind::vote);
}

TEST_CASE("the first election may elect nobody") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    CHECK_FALSE(g.state().mayor);
    CHECK(g.state().phase == Phase::night);
}

TEST_CASE("a role is called only while its holder is in the game") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    quiet_night(g, "Cleo");     // the NGO is out
    ok(g, vote_all(g, "Eve"));  // the banker is out
    CHECK_FALSE(in(g, "Cleo"));
    CHECK_FALSE(in(g, "Eve"));
    ok(g, target(g, "Ben"));
    CHECK(g.state().expects == ActionKind::ceo_lobby);  // NGO and banker skipped
    ok(g, lobby(g, nullptr));
    ok(g, vote_all(g, "Dan"));  // the CEO is out
    ok(g, target(g, "Hana"));
    CHECK(g.state().phase == Phase::day);  // no call after the carbon emissions
}

TEST_CASE("the carbon emissions must target a player in the game who is not a carbon") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    CHECK(refused(g, target(g, "Gus")) ==
          "Gus is a carbon emission: the target must be another player");
    CHECK(refused(g, target(g, nullptr)) == "the carbon emissions must name a player");
    const auto carbon = g.apply(target(g, "Gus"));
    CHECK(carbon.failure().reason == "target_is_carbon");  // the reason as data, for the script
    CHECK(carbon.failure().args ==
          std::vector<std::pair<std::string, std::string>>{{"name", "Gus"}});
    ok(g, target(g, "Dan"));  // the CEO may be chosen
    ok(g, protect(g, nullptr));
    ok(g, bank(BankerChoice::none));
    ok(g, lobby(g, nullptr));
    CHECK_FALSE(in(g, "Dan"));
    ok(g, vote_all(g, nullptr));
    CHECK(refused(g, target(g, "Dan")) == "Dan is out of the game");
}

TEST_CASE("the NGO may protect itself or nobody") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    quiet_night(g, "Cleo", "Cleo");
    CHECK(in(g, "Cleo"));
}

TEST_CASE("ngo_repeat off: not the player protected the night before") {
    Options options;
    options.ngo_repeat = false;
    Game g = make_game(spec_table(), options);
    ok(g, elect(g, nullptr));
    quiet_night(g, "Ben", "Hana");
    ok(g, vote_all(g, nullptr));
    ok(g, target(g, "Finn"));
    CHECK(refused(g, protect(g, "Hana")) ==
          "the NGO protected Hana last night and may not protect them two nights running "
          "(ngo_repeat is off)");
    CHECK_FALSE(g.legal_choices().contains(seat(g, "Hana")));
    CHECK(g.legal_choices().contains(seat(g, "Cleo")));
    ok(g, protect(g, "Cleo"));
    ok(g, bank(BankerChoice::none));
    ok(g, lobby(g, nullptr));
    ok(g, vote_all(g, nullptr));
    ok(g, target(g, "Eve"));
    ok(g, protect(g, "Hana"));  // two nights ago is fine
}

TEST_CASE("ngo_repeat on (the default): the same player two nights running") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    quiet_night(g, "Ben", "Hana");
    ok(g, vote_all(g, nullptr));
    ok(g, target(g, "Finn"));
    ok(g, protect(g, "Hana"));
}

TEST_CASE("the banker is called every night, even with no gesture open") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    ok(g, target(g, "Ben"));
    ok(g, protect(g, nullptr));
    CHECK(g.state().expects == ActionKind::banker);
    CHECK(g.legal_banker_choices() == std::vector<BankerChoice>{BankerChoice::none});
    CHECK(refused(g, bank(BankerChoice::social)) ==
          "social responsibility needs the fragile ecosystem out of the game");
    CHECK(refused(g, bank(BankerChoice::speculation)) == "speculation needs a corrupted banker");
}

TEST_CASE("social responsibility: uncorrupted banker, once, fragile out, it comes back at dawn") {
    Game g = make_game();
    ok(g, elect(g, "Finn"));
    CHECK(corrupted(g, "Finn") == false);
    ok(g, target(g, "Ben"));
    ok(g, protect(g, nullptr));
    ok(g, bank(BankerChoice::none));
    ok(g, lobby(g, "Finn"));  // refused: Finn is the mayor and the banker is clean
    CHECK_FALSE(corrupted(g, "Finn"));
    ok(g, vote_all(g, "Finn"));
    CHECK_FALSE(in(g, "Finn"));
    CHECK_FALSE(g.state().mayor);
    ok(g, target(g, "Hana"));
    ok(g, protect(g, nullptr));
    CHECK(g.legal_banker_choices() ==
          std::vector<BankerChoice>{BankerChoice::social, BankerChoice::none});
    auto events = ok(g, bank(BankerChoice::social));
    CHECK_FALSE(in(g, "Finn"));  // not before dawn
    ok(g, lobby(g, nullptr));
    REQUIRE(g.news_held());
    events = ok(g, act(ActionKind::tell));  // the dawn's news, told to the table
    CHECK(has_event(events, Event::Kind::fragile_revived));
    CHECK(in(g, "Finn"));
    CHECK(g.state().mayor != seat(g, "Finn"));            // the mayoralty is not given back
    CHECK(g.state().expects == ActionKind::elect_mayor);  // the old mayor went out
    ok(g, elect(g, "Cleo"));
    ok(g, vote_all(g, "Finn"));
    ok(g, target(g, "Eve"));
    ok(g, protect(g, nullptr));
    CHECK(refused(g, bank(BankerChoice::social)) == "social responsibility has been used already");
}

TEST_CASE("the revived fragile keeps what it had: its corruption") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    night(g, "Ben", nullptr, BankerChoice::none, {"Finn"});
    REQUIRE(corrupted(g, "Finn"));
    ok(g, vote_all(g, "Finn"));
    night(g, "Hana", nullptr, BankerChoice::social);
    CHECK(in(g, "Finn"));
    CHECK(corrupted(g, "Finn"));
}

TEST_CASE("social responsibility needs a fragile ecosystem in the deck") {
    Seating seating = spec_table();
    seating[5].second = Role::citizen;  // Finn
    Game g = make_game(seating);
    ok(g, elect(g, nullptr));
    ok(g, target(g, "Ben"));
    ok(g, protect(g, nullptr));
    CHECK(refused(g, bank(BankerChoice::social)) == "there is no fragile ecosystem in this game");
}

namespace {
// Night 1 on the spec table: the CEO corrupts the banker, then wastes the extra lobby.
void corrupt_banker(Game& g) {
    ok(g, elect(g, "Hana"));
    night(g, "Ben", nullptr, BankerChoice::none, {"Eve", nullptr});
    ok(g, vote_all(g, nullptr));
}
}  // namespace

TEST_CASE("speculation: corrupted banker, once, the fragile goes out even if protected") {
    Game g = make_game();
    corrupt_banker(g);
    ok(g, target(g, "Hana"));
    ok(g, protect(g, "Finn"));
    CHECK(refused(g, bank(BankerChoice::social)) ==
          "social responsibility needs a banker who is not corrupted");
    auto events = ok(g, bank(BankerChoice::speculation));
    events = ok(g, lobby(g, nullptr));
    CHECK_FALSE(in(g, "Finn"));
    CHECK_FALSE(in(g, "Hana"));
    ok(g, elect(g, "Cleo"));
    ok(g, vote_all(g, nullptr));
    ok(g, target(g, "Cleo"));
    ok(g, protect(g, nullptr));
    CHECK(refused(g, bank(BankerChoice::speculation)) == "speculation has been used already");
}

TEST_CASE("speculation needs the fragile in the game") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    quiet_night(g, "Finn");
    ok(g, vote_all(g, nullptr));
    night(g, "Ben", nullptr, BankerChoice::none, {"Eve", nullptr});
    ok(g, vote_all(g, nullptr));
    ok(g, target(g, "Hana"));
    ok(g, protect(g, nullptr));
    CHECK(refused(g, bank(BankerChoice::speculation)) == "the fragile ecosystem is already out");
}

TEST_CASE("banker_actions one-total: using either spends both") {
    Options options;
    options.banker_actions = BankerActions::one_total;
    Game g = make_game(spec_table(), options);
    ok(g, elect(g, nullptr));
    quiet_night(g, "Finn");
    ok(g, vote_all(g, nullptr));
    night(g, "Ben", nullptr, BankerChoice::social, {"Eve", nullptr});
    ok(g, vote_all(g, nullptr));
    ok(g, target(g, "Hana"));
    ok(g, protect(g, nullptr));
    CHECK(in(g, "Finn"));
    CHECK(refused(g, bank(BankerChoice::speculation)) ==
          "the banker has used their one action (one-total)");
}

TEST_CASE("banker_actions each-once: social then speculation") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    quiet_night(g, "Finn");
    ok(g, vote_all(g, nullptr));
    night(g, "Ben", nullptr, BankerChoice::social, {"Eve", nullptr});
    ok(g, vote_all(g, nullptr));
    ok(g, target(g, "Hana"));
    ok(g, protect(g, nullptr));
    ok(g, bank(BankerChoice::speculation));
}

TEST_CASE("a lobby corrupts its target, who stays corrupted") {
    Game g = make_game();
    ok(g, elect(g, nullptr));
    ok(g, target(g, "Ben"));
    ok(g, protect(g, nullptr));
    ok(g, bank(BankerChoice::none));
    auto events = ok(g, lobby(g, "Hana"));
    REQUIRE(events.front().kind == Event::Kind::lobby);
    CHECK(events.front().lobby == LobbyOutcome::corrupted);
    CHECK_FALSE(events.front().one_more_lobby);
    CHECK(corrupted(g, "Hana"));
    CHECK(g.state().phase == Phase::day);  // one lobby a night
    ok(g, vote_all(g, "Hana"));
    CHECK(corrupted(g, "Hana"));  // in or out of the game
}

TEST_CASE("lobby outcomes: already corrupted, the NGO, the mayor, the CEO itself") {
    Game g = make_game();
    ok(g, elect(g, "Hana"));
    quiet_night(g, "Ben");
    ok(g, vote_all(g, nullptr));
    ok(g, target(g, "Finn"));
    ok(g, protect(g, nullptr));
    ok(g, bank(BankerChoice::none));
    CHECK(refused(g, lobby(g, "Dan")) == "the CEO cannot lobby themselves");
    CHECK(refused(g, lobby(g, "Ben")) == "Ben is out of the game");
    auto events = ok(g, lobby(g, "Cleo"));
    CHECK(events.front().lobby == LobbyOutcome::refused_ngo);
    CHECK_FALSE(corrupted(g, "Cleo"));
    CHECK(g.state().phase == Phase::day);  // the refused lobby is spent
    ok(g, vote_all(g, nullptr));
    ok(g, target(g, "Cleo"));
    ok(g, protect(g, "Cleo"));
    ok(g, bank(BankerChoice::none));
    events = ok(g, lobby(g, "Hana"));
    CHECK(events.front().lobby == LobbyOutcome::refused_mayor);
    CHECK_FALSE(corrupted(g, "Hana"));
}

TEST_CASE("corrupting the banker buys one extra lobby at once, and opens the mayor") {
    Game g = make_game();
    ok(g, elect(g, "Hana"));
    ok(g, target(g, "Ben"));
    ok(g, protect(g, nullptr));
    ok(g, bank(BankerChoice::none));
    auto events = ok(g, lobby(g, "Eve"));
    CHECK(events.front().lobby == LobbyOutcome::corrupted);
    CHECK(events.front().one_more_lobby);
    CHECK(g.state().expects == ActionKind::ceo_lobby);
    CHECK(g.current_call() == CallId::ceo_extra_lobby);  // a call of its own
    events = ok(g, lobby(g, "Hana"));
    CHECK(events.front().lobby == LobbyOutcome::corrupted);
    CHECK_FALSE(events.front().one_more_lobby);
    CHECK(corrupted(g, "Hana"));
    CHECK(g.state().phase == Phase::day);
    ok(g, vote_all(g, nullptr));
    ok(g, target(g, "Finn"));
    ok(g, protect(g, nullptr));
    ok(g, bank(BankerChoice::none));
    CHECK(g.current_call() == CallId::ceo_lobby);
    events = ok(g, lobby(g, "Eve"));  // already corrupted: nothing, no extra
    CHECK(events.front().lobby == LobbyOutcome::already_corrupted);
    CHECK(g.state().phase == Phase::day);
}

TEST_CASE("without a banker the mayor can never be lobbied") {
    Seating seating = spec_table();
    seating[4].second = Role::citizen;  // Eve
    Game g = make_game(seating);
    ok(g, elect(g, "Hana"));
    ok(g, target(g, "Ben"));
    ok(g, protect(g, nullptr));
    auto events = ok(g, lobby(g, "Hana"));
    CHECK(events.front().lobby == LobbyOutcome::refused_mayor);
}

TEST_CASE("an answer closes its answerer's eyes unless the same role's call goes on") {
    CHECK(closes_eyes(CallId::carbon_target, CallId::ngo_protect));
    CHECK(closes_eyes(CallId::ceo_lobby, CallId::vote));
    CHECK(closes_eyes(CallId::ceo_extra_lobby, std::nullopt));  // the game ended
    CHECK_FALSE(closes_eyes(CallId::ceo_lobby, CallId::ceo_extra_lobby));
    CHECK(closes_eyes(CallId::slapp, CallId::vote));         // the CEO woke alone at dawn
    CHECK_FALSE(closes_eyes(CallId::vote, CallId::revote));  // answered eyes open
    CHECK_FALSE(closes_eyes(CallId::first_mayor, CallId::carbon_target));
}
