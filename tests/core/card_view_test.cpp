// Each player's own card (card_view.hpp): what the walk-through and a card
// link may tell one player, and the card tokens the save keeps for phones.
#include "coyel/card_view.hpp"

#include <nlohmann/json.hpp>

#include "../helpers.hpp"
#include "coyel/observe.hpp"
#include "coyel/save.hpp"

using namespace coyel;
using namespace coyel::test;
using json = nlohmann::json;

namespace {

CardView card_of(const Game& game, Seat seat) {
    return *observe(game, Observer::player(seat)).card;
}

// One token per seat of the SPEC table, each different.
std::vector<std::string> spec_tokens() {
    std::vector<std::string> tokens;
    for (char digit : std::string("0123456a"))
        tokens.push_back(std::string(card_token_digits - 1, 'f') + digit);
    return tokens;
}

Setup spec_setup_with_tokens() {
    Setup setup = make_setup(spec_table());
    setup.card_tokens = spec_tokens();
    return setup;
}

// The save of the SPEC table with phone cards, its card_tokens replaced.
std::string with_tokens(const json& tokens) {
    json root = json::parse(save_game(Game(spec_setup_with_tokens())));
    root["setup"]["card_tokens"] = tokens;
    return root.dump();
}

}  // namespace

TEST_CASE("a card tells its holder's name and card, a carbon emission's, the other ones too") {
    const Game game(make_setup(spec_table()));
    CHECK(card_of(game, 2) == CardView{2, "Cleo", Role::ngo, {}});
    CHECK(card_of(game, 3) == CardView{3, "Dan", Role::ceo, {}});  // the CEO is not told
    CHECK(card_of(game, 0) == CardView{0, "Ana", Role::carbon, {6}});
    CHECK(card_of(game, 6) == CardView{6, "Gus", Role::carbon, {0}});
}

TEST_CASE("a card token names its seat, any other text, a near miss too, names none") {
    const Setup setup = spec_setup_with_tokens();
    for (Seat seat = 0; seat < setup.player_count(); ++seat)
        CHECK(seat_of_card_token(setup, setup.card_tokens[seat]) == seat);
    std::string near_miss = setup.card_tokens[3];
    near_miss.back() = 'e';
    CHECK_FALSE(seat_of_card_token(setup, near_miss));
    CHECK_FALSE(seat_of_card_token(setup, setup.card_tokens[3] + "0"));
    CHECK_FALSE(seat_of_card_token(setup, setup.card_tokens[3].substr(1)));
    CHECK_FALSE(seat_of_card_token(setup, ""));
    CHECK_FALSE(seat_of_card_token(make_setup(spec_table()), setup.card_tokens[3]));
    CHECK(is_card_token(setup.card_tokens[0]));
    CHECK_FALSE(is_card_token(std::string(card_token_digits, 'F')));
    CHECK_FALSE(is_card_token(std::string(card_token_digits + 1, 'f')));
}

TEST_CASE(
    "card tokens are saved with the setup and loaded back, a save without them is unchanged") {
    const Game game(spec_setup_with_tokens());
    const std::string text = save_game(game);
    auto loaded = load_game(text, "game.json");
    REQUIRE(loaded.ok());
    CHECK(loaded->setup().card_tokens == spec_tokens());
    CHECK(save_game(*loaded) == text);
    CHECK(json::parse(text)["setup"]["card_tokens"]["Hana"] == spec_tokens()[7]);
    const std::string without = save_game(Game(make_setup(spec_table())));
    CHECK(without.find("card_tokens") == std::string::npos);
    auto old = load_game(without, "old.json");
    REQUIRE(old.ok());
    CHECK(old->setup().card_tokens.empty());
}

TEST_CASE("broken files: card tokens missing, malformed, doubled or shared") {
    CHECK(load_error(with_tokens(json::array())) ==
          "game.json: setup: card_tokens: must be an object from each player's name to a token");
    CHECK(load_error(with_tokens(json::object())) ==
          "game.json: setup: card_tokens: Ana has no token");
    json some;
    for (std::size_t seat = 0; seat < 8; ++seat)
        some[spec_table()[seat].first] = spec_tokens()[seat];
    json bad = some;
    bad["Cleo"] = "F" + spec_tokens()[2].substr(1);
    CHECK(load_error(with_tokens(bad)) ==
          "game.json: setup: card_tokens: Cleo's token must be 32 lowercase hex digits");
    bad = some;
    bad["Cleo"] = 12;
    CHECK(load_error(with_tokens(bad)) ==
          "game.json: setup: card_tokens: Cleo's token must be 32 lowercase hex digits");
    bad = some;
    bad["Hana"] = spec_tokens()[0];
    CHECK(load_error(with_tokens(bad)) ==
          "game.json: setup: card_tokens: Hana's token is another player's");
    bad = some;
    bad["Zoe"] = spec_tokens()[0];
    CHECK(load_error(with_tokens(bad))
              .starts_with("game.json: setup: card_tokens: no player named \"Zoe\""));
    bad = some;
    bad["ana"] = spec_tokens()[1];
    CHECK(load_error(with_tokens(bad)) == "game.json: setup: card_tokens: Ana has two tokens");
    CHECK(load_game(with_tokens(some), "game.json").ok());
}

TEST_CASE("where a game was served is saved with the setup and loaded back, for its links") {
    Setup setup = spec_setup_with_tokens();
    setup.served = Setup::Served{"0.0.0.0", 8081, "http://192.168.1.20:8081/"};
    const std::string text = save_game(Game(setup));
    auto loaded = load_game(text, "game.json");
    REQUIRE(loaded.ok());
    CHECK(loaded->setup().served == setup.served);
    CHECK(save_game(*loaded) == text);
    CHECK(json::parse(text)["setup"]["serve"] ==
          json{{"bind", "0.0.0.0"}, {"port", 8081}, {"address", "http://192.168.1.20:8081/"}});
    CHECK(save_game(Game(spec_setup_with_tokens())).find("\"serve\"") == std::string::npos);
    // A save from before the address was kept: no address, and none written back.
    setup.served->address.clear();
    const std::string older = save_game(Game(setup));
    CHECK(json::parse(older)["setup"]["serve"] == json{{"bind", "0.0.0.0"}, {"port", 8081}});
    CHECK(load_game(older, "game.json")->setup().served == setup.served);
    // Served somewhere else now (a laptop that moved): the save says where.
    Game moved(setup);
    moved.serve_at(Setup::Served{"127.0.0.2", 8081, "http://127.0.0.2:8081/"});
    CHECK(json::parse(save_game(moved))["setup"]["serve"]["address"] == "http://127.0.0.2:8081/");
}

TEST_CASE("broken files: where a game was served, malformed") {
    const auto with_served = [](const json& served) {
        json root = json::parse(save_game(Game(spec_setup_with_tokens())));
        root["setup"]["serve"] = served;
        return root.dump();
    };
    CHECK(load_error(with_served(8080)) ==
          "game.json: setup: serve: must be an object with bind and port");
    CHECK(load_error(with_served({{"bind", "0.0.0.0"}, {"port", 80}, {"address", "ftp://x/"}})) ==
          "game.json: setup: serve: address must be a link like \"http://192.168.1.20:8080/\"");
    CHECK(load_error(with_served({{"bind", "0.0.0.0"}, {"port", 0}})) ==
          "game.json: setup: serve: port must be a whole number from 1 to 65535");
    CHECK(load_error(with_served({{"bind", "0.0.0.0"}, {"port", 70000}})) ==
          "game.json: setup: serve: port must be a whole number from 1 to 65535");
    CHECK(load_error(with_served({{"bind", "a b"}, {"port", 80}})) ==
          "game.json: setup: serve: bind must be an address like \"0.0.0.0\"");
    CHECK(load_error(with_served({{"bind", "0.0.0.0"}, {"port", 80}, {"host", "x"}}))
              .starts_with("game.json: setup: serve: unknown key \"host\""));
}
