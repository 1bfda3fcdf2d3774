#include "coyel/setup.hpp"

#include <fmt/format.h>

#include <map>

#include "../helpers.hpp"
#include "coyel/rng.hpp"
#include "coyel/text.hpp"

using namespace coyel;

namespace {
std::vector<std::string> names(int count) {
    std::vector<std::string> players;
    for (int i = 0; i < count; ++i)
        players.push_back("P" + std::string(1, char('a' + i % 26)) + std::to_string(i));
    return players;
}

// The English messages of `problems`, for comparing words.
std::vector<std::string> messages(const std::vector<Error>& problems) {
    std::vector<std::string> texts;
    for (const Error& problem : problems) texts.push_back(problem.message);
    return texts;
}
}  // namespace

TEST_CASE("a game needs 5 to 30 players") {
    CHECK(check_players(names(5)).empty());
    CHECK(check_players(names(30)).empty());
    CHECK(messages(check_players(names(4))) ==
          std::vector<std::string>{"a game needs 5 to 30 players, not 4"});
    CHECK(messages(check_players(names(31))) ==
          std::vector<std::string>{"a game needs 5 to 30 players, not 31"});
}

TEST_CASE("names are trimmed and checked one problem at a time") {
    CHECK_FALSE(check_name("  Ana  "));
    CHECK(check_name("   ")->message == "a player's name is empty");
    CHECK(check_name("Abcdefghijklmnopqrstuvwxy")->message ==
          "name \"Abcdefghijklmnopqrstuvwxy\" is longer than 24 characters");
    CHECK_FALSE(check_name("Abcdefghijklmnopqrstuvwx"));  // exactly 24
    CHECK_FALSE(check_name("Zoë Ångström"));  // printable beyond ASCII, counted in characters
    CHECK(check_name("NoNe")->message == "name \"NoNe\" is reserved: \"none\" answers for nobody");
    CHECK(check_name("42")->message == "name \"42\" is all digits: numbers answer by seat");
    CHECK_FALSE(check_name("R2D2"));
    CHECK(check_name("A\tb")->message == "name \"A?b\" has a character that is not printable");
    CHECK(check_name("bad\xff")->message == "name \"bad?\" has a character that is not printable");
}

TEST_CASE("names must differ regardless of case") {
    auto players = names(5);
    players[3] = "ANA";
    players[4] = " ana";
    CHECK(messages(check_players(players)) ==
          std::vector<std::string>{
              "two players are called \"ANA\" and \"ana\": names must differ, whatever the case"});
}

TEST_CASE("deck rules: one problem, one message") {
    Deck deck;
    deck[Role::citizen] = 5;
    CHECK(messages(check_deck(deck, 5)) ==
          std::vector<std::string>{"the deck needs at least one carbon"});
    deck = Deck{};
    deck[Role::carbon] = 1;
    deck[Role::ngo] = 2;
    deck[Role::citizen] = 3;
    CHECK(messages(check_deck(deck, 6)) ==
          std::vector<std::string>{"the deck may hold at most one ngo, not 2"});
    deck = Deck{};
    deck[Role::carbon] = 2;
    deck[Role::ceo] = 1;
    deck[Role::citizen] = 3;
    CHECK(messages(check_deck(deck, 6)) ==
          std::vector<std::string>{"the ecosystems team (3) must outnumber the carbon team (3)"});
    deck[Role::citizen] = 4;
    CHECK(check_deck(deck, 7).empty());
    CHECK(messages(check_deck(deck, 8)) ==
          std::vector<std::string>{"the deck has 7 cards for 8 players"});
    for (Role special : {Role::fragile, Role::ceo, Role::banker}) {
        Deck two;
        two[Role::carbon] = 1;
        two[special] = 2;
        two[Role::citizen] = 7;
        std::vector<std::string> expected{
            fmt::format("the deck may hold at most one {}, not 2", role_id(special))};
        CHECK(messages(check_deck(two, 10)) == expected);
    }
}

TEST_CASE("a default deck and length for every player count, valid, with special cards") {
    // The lab chose them (tools/make-decks); tests/sim/defaults_test.cpp checks
    // they are fair. Here: valid, and the CEO, banker and fragile always kept.
    for (int players = min_players; players <= max_players; ++players) {
        INFO(players << " players");
        auto deck = default_deck(players);
        REQUIRE(deck.ok());
        CHECK(check_deck(*deck, players).empty());
        CHECK(deck->size() == players);
        for (Role role : {Role::ceo, Role::banker, Role::fragile}) CHECK((*deck)[role] == 1);
        CHECK(default_minutes(players) >= 10);
        CHECK(default_minutes(players) <= 120);
    }
    CHECK(default_minutes(4) == 25);
    CHECK(default_deck(4).error() == "there is no default deck for 4 players (5 to 30)");
}

TEST_CASE("a deck typed on the command line: the rest are citizens") {
    auto deck = parse_deck("carbon=2, ngo,ceo ,banker,fragile", 10);
    REQUIRE(deck.ok());
    CHECK((*deck)[Role::carbon] == 2);
    CHECK((*deck)[Role::ngo] == 1);
    CHECK((*deck)[Role::citizen] == 4);
    CHECK(describe_deck(*deck) == "2 carbon, ceo, ngo, banker, fragile, 4 citizen");
    CHECK(parse_deck("carbon=2,ngp", 10).error() ==
          "deck: unknown role \"ngp\" (did you mean \"ngo\"?)");
    CHECK(parse_deck("carbon=x", 10).error() == "deck: \"carbon=x\" needs a count, as in carbon=2");
}

TEST_CASE("a deck written as --deck takes it reads back as the same deck") {
    for (int players = min_players; players <= max_players; ++players) {
        const Deck deck = *default_deck(players);
        INFO(describe_deck(deck));
        CHECK(*parse_deck(deck_argument(deck), players) == deck);
    }
    CHECK(deck_argument(*parse_deck("carbon=2,fragile,ngo", 9)) == "carbon=2,ngo,fragile");
}

TEST_CASE("the deal is the same for the same seed, on every platform") {
    auto deck = *parse_deck("carbon=3,ngo,ceo,banker,fragile", 10);
    auto first = deal(deck, 12345);
    CHECK(first == deal(deck, 12345));
    CHECK(deck_of(first) == deck);
    CHECK(first != deal(deck, 12346));
    // Pinned: SplitMix64 and Fisher-Yates are ours, so this never changes.
    std::string ids;
    for (Role role : first) ids += std::string{role_id(role)} + " ";
    CHECK(ids == "ceo carbon ngo citizen citizen fragile banker carbon citizen carbon ");
}

TEST_CASE("the balance lab's deal is the deck, each of its orders equally likely") {
    // 1 carbon, 1 ngo, 1 citizen: six orders; 60,000 deals, 10,000 expected each.
    Deck deck{};
    deck[Role::carbon] = 1;
    deck[Role::ngo] = 1;
    deck[Role::citizen] = 1;
    SplitMix64 rng(7);
    std::map<std::vector<Role>, int> seen;
    std::vector<Role> seats(3);
    for (int i = 0; i < 60000; ++i) {
        deal_fast(deck, rng, seats);
        CHECK(deck_of(seats) == deck);
        ++seen[seats];
    }
    REQUIRE(seen.size() == 6);
    // Chi-square with 5 degrees of freedom: 20.5 is its 99.9% point.
    double chi_square = 0;
    for (const auto& [order, count] : seen)
        chi_square += (count - 10000.0) * (count - 10000.0) / 10000.0;
    CHECK(chi_square < 20.5);
}

TEST_CASE("house rules: defaults, values and refusals") {
    Options options;
    CHECK(options.temperature_mode == TemperatureMode::clock);
    CHECK(options.temperature_start == 0);
    CHECK(options.temperature_limit == 5);
    CHECK(options.temperature_minutes == 25);
    CHECK(options.banker_actions == BankerActions::each_once);
    CHECK(options.slapp_uses == 1);
    CHECK(options.ngo_repeat);
    CHECK(options.tie == TieRule::none);
    CHECK(options.abstain);
    CHECK(options.mayor_succession == MayorSuccession::elect);

    CHECK_FALSE(set_option_text(options, "tie=revote"));
    CHECK(options.tie == TieRule::revote);
    CHECK_FALSE(set_option_text(options, "temperature.minutes = 30"));
    CHECK(options.temperature_minutes == 30);
    CHECK_FALSE(set_option_text(options, "ngo_repeat=false"));
    CHECK_FALSE(options.ngo_repeat);
    CHECK(set_option_text(options, "tie=coin")->message ==
          "option tie must be one of none, revote (got \"coin\")");
    CHECK(set_option_text(options, "temperature.minutes=0")->message ==
          "option temperature.minutes must be a whole number from 1 to 600 (got 0)");
    CHECK(set_option_text(options, "temperature.minutes=601")->message ==
          "option temperature.minutes must be a whole number from 1 to 600 (got 601)");
    CHECK(set_option_text(options, "slapp_uses=100")->message ==
          "option slapp_uses must be a whole number from 0 to 99 (got 100)");
    CHECK(set_option_text(options, "abstain=maybe")->message ==
          "option abstain must be true or false (got \"maybe\")");
    CHECK(set_option_text(options, "tei=revote")->message ==
          "unknown option \"tei\" (did you mean \"tie\"?)");
    CHECK(set_option_text(options, "tie")->message ==
          "option \"tie\" needs a value, as in tie=revote");
    options = Options{};
    CHECK_FALSE(set_option_text(options, "temperature.start=5"));
    CHECK(check_options(options)->message ==
          "temperature.limit (5) must be above temperature.start (5)");
}
