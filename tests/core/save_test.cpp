// SPEC section 8: the save file, and section 9: status --json.
#include "coyel/save.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../helpers.hpp"
#include "coyel/status.hpp"

using namespace coyel;
using namespace coyel::test;
using json = nlohmann::json;

namespace {

const std::string example = read_file(COYEL_TEST_DATA "/saves/spec_example.json");

// The example with one part replaced, for the broken-file tests.
std::string with(const std::string& pointer, const json& value) {
    json root = json::parse(example);
    root[json::json_pointer(pointer)] = value;
    return root.dump();
}

}  // namespace

TEST_CASE("the SPEC section 8 example gives the outcome stated under it") {
    auto game = load_game(example, "example");
    REQUIRE(game.ok());
    const auto& g = *game;
    CHECK_FALSE(in(g, "Ben"));
    CHECK(corrupted(g, "Eve"));
    CHECK(corrupted(g, "Hana"));
    CHECK(g.state().mayor == seat(g, "Hana"));
    CHECK_FALSE(in(g, "Ana"));
    CHECK(g.state().round == 2);
    CHECK(g.state().phase == Phase::night);
    CHECK(g.state().expects == ActionKind::carbon_target);
    auto status = status_json(g);
    CHECK(status["round"] == 2);
    CHECK(status["phase"] == "night");
    CHECK(status["expects"] == "carbon_target");
    CHECK(status["temperature"] == 1);  // night mode: one dawn
    CHECK(status["clock_s"] == 400);
    CHECK(status["winner"].is_null());
    CHECK(status["win_reason"].is_null());
    CHECK(status["ceo_revealed"] == false);
    CHECK(
        status["players"][0] ==
        nlohmann::ordered_json::parse(
            R"({"name": "Ana", "role": "carbon", "in_game": false, "corrupted": false, "mayor": false})"));
    CHECK(status["players"][7]["mayor"] == true);
}

TEST_CASE("save then load gives the same game, and saving again the same text") {
    auto game = load_game(example, "example");
    REQUIRE(game.ok());
    std::string saved = save_game(*game);
    auto again = load_game(saved, "saved");
    REQUIRE(again.ok());
    CHECK(again->setup() == game->setup());
    CHECK(again->log() == game->log());
    CHECK(again->state() == game->state());
    CHECK(save_game(*again) == saved);
}

TEST_CASE("an answer tapped on a phone keeps its \"by\" through save and load") {
    auto game = load_game(with("/log/1/by", "phone"), "phoned");
    REQUIRE(game.ok());
    CHECK(game->log()[1].by_phone);
    CHECK_FALSE(game->log()[2].by_phone);
    const std::string saved = save_game(*game);
    CHECK(saved.find(R"("do": "carbon_target", "player": "Ben", "at": 40, "by": "phone"})") !=
          std::string::npos);
    CHECK(save_game(*load_game(saved, "again")) == saved);
    // A typed answer writes no "by": a save from before phones is the same, byte for byte.
    CHECK(save_game(*load_game(example, "typed")).find("\"by\"") == std::string::npos);
}

TEST_CASE("replaying a prefix of the log gives the state at that point (undo, resume)") {
    auto game = load_game(example, "example");
    REQUIRE(game.ok());
    Game prefix = game->replay_prefix(5);
    CHECK(prefix.log().size() == 5);
    CHECK(prefix.state().expects == ActionKind::ceo_lobby);
    CHECK(prefix.state().corrupted.contains(*seat(prefix, "Eve")));
    ok(prefix, game->log()[5]);
    ok(prefix, game->log()[6]);
    CHECK(prefix.state() == game->state());
}

TEST_CASE("names in actions match without regard to case, saves write the setup's spelling") {
    auto game = load_game(with("/log/0/player", "hANA"), "example");
    REQUIRE(game.ok());
    CHECK(save_game(*game).find("\"player\": \"Hana\"") != std::string::npos);
}

TEST_CASE("seed and options are optional, missing options take their defaults") {
    json root = json::parse(example);
    root["setup"].erase("seed");
    root["setup"].erase("options");
    root["log"] = json::array();
    auto game = load_game(root.dump(), "x");
    REQUIRE(game.ok());
    CHECK_FALSE(game->setup().seed);
    CHECK(game->setup().options == Options{});
}

TEST_CASE("broken files: not JSON, not ours, not this version") {
    CHECK(load_error(example.substr(0, 200))
              .rfind("game.json: not valid JSON: parse error at line", 0) == 0);
    CHECK(load_error("[1, 2]") == "game.json: not a coyel save (no \"format\": \"coyel-heaven\")");
    CHECK(load_error(with("/format", "werewolf")) ==
          "game.json: not a coyel save (no \"format\": \"coyel-heaven\")");
    CHECK(load_error(with("/version", 2)) ==
          "game.json: saved by a newer coyel (format version 2); this coyel reads version 1: "
          "update coyel");
    CHECK(load_error(with("/version", 0)) == "game.json: unknown format version 0");
    CHECK(load_error(with("/version", "1")) == "game.json: the save has no format version");
    CHECK(load_error(with("/extra", 1)) == "game.json: unknown key \"extra\"");
    CHECK(load_error(R"({"format": "coyel-heaven", "format": "x"})") ==
          "game.json: the key \"format\" appears twice in one object");
    CHECK(load_error(std::string(100000, '[') + std::string(100000, ']')) ==
          "game.json: not a coyel save (no \"format\": \"coyel-heaven\")");
    CHECK(load_error(with("/log", json::object())) == "game.json: log must be a list of actions");
}

TEST_CASE("broken files: each setup error of SPEC section 2") {
    CHECK(load_error(with("/setup/players", json::array({"Ana", "Ben"}))) ==
          "game.json: setup: a game needs 5 to 30 players, not 2");
    CHECK(load_error(with("/setup/players/1", "ana")) ==
          "game.json: setup: two players are called \"Ana\" and \"ana\": names must differ, "
          "whatever the case");
    CHECK(load_error(with("/setup/players/1", "None")) ==
          "game.json: setup: name \"None\" is reserved: \"none\" answers for nobody");
    CHECK(load_error(with("/setup/players/1", "7")) ==
          "game.json: setup: name \"7\" is all digits: numbers answer by seat");
    CHECK(load_error(with("/setup/players/1", std::string(25, 'x'))) ==
          "game.json: setup: name \"xxxxxxxxxxxxxxxxxxxxxxxxx\" is longer than 24 characters");
    std::string every_role;  // as the message lists them: the role table's order
    for (const RoleInfo& row : role_table)
        every_role += (every_role.empty() ? "" : ", ") + std::string{row.id};
    CHECK(every_role.rfind("citizen, fragile, carbon, ngo, ceo, banker", 0) == 0);
    CHECK(load_error(with("/setup/roles/Ben", "wizard")) ==
          "game.json: setup: roles: Ben has unknown role \"wizard\" (roles: " + every_role + ")");
    CHECK(load_error(with("/setup/roles/Bne", "citizen")) ==
          "game.json: setup: roles: no player named \"Bne\" (did you mean \"Ben\"?)");
    json root = json::parse(example);
    root["setup"]["roles"].erase("Ben");
    CHECK(load_error(root.dump()) == "game.json: setup: roles: Ben has no role");
    CHECK(load_error(with("/setup/roles/Ben", "ngo")) ==
          "game.json: setup: the deck may hold at most one ngo, not 2");
    CHECK(load_error(with("/setup/roles/Ben", "carbon")) ==
          "game.json: setup: the ecosystems team (4) must outnumber the carbon team (4)");
    root = json::parse(example);
    root["setup"]["roles"]["Ana"] = "citizen";
    root["setup"]["roles"]["Gus"] = "citizen";
    CHECK(load_error(root.dump()) == "game.json: setup: the deck needs at least one carbon");
    CHECK(load_error(with("/setup/seed", -1)) ==
          "game.json: setup: seed must be a whole number from 0 to 18446744073709551615");
    CHECK(load_error(with("/setup/options/tie", "coin")) ==
          "game.json: setup: option tie must be one of none, revote (got \"coin\")");
    CHECK(load_error(with("/setup/options/temperature/limit", 0)) ==
          "game.json: setup: temperature.limit (0) must be above temperature.start (0)");
    CHECK(load_error(with("/setup/options/ngo_repeats", true)) ==
          "game.json: setup: unknown option \"ngo_repeats\" (did you mean \"ngo_repeat\"?)");
    CHECK(load_error(with("/setup/colour", "green")) == "game.json: setup: unknown key \"colour\"");
}

TEST_CASE("broken files: each kind of illegal action, named by position and action") {
    CHECK(load_error(with("/log/6/votes/Cleo", "Ben")) ==
          "game.json: log entry 7 (vote): Cleo voted for Ben, who is out of the game");
    CHECK(load_error(with("/log/4/player", "Dan")) ==
          "game.json: log entry 5 (ceo_lobby): the CEO cannot lobby themselves");
    CHECK(load_error(with("/log/7", json::object({{"do", "carbon_target"}, {"player", "ben"}}))) ==
          "game.json: log entry 8 (carbon_target): Ben is out of the game");
    CHECK(load_error(with("/log/1/player", "Zed")) ==
          "game.json: log entry 2 (carbon_target): no player named \"Zed\"");
    CHECK(load_error(with("/log/1/do", "carbon_targt")) ==
          "game.json: log entry 2: unknown action \"carbon_targt\" (did you mean "
          "\"carbon_target\"?)");
    CHECK(load_error(with("/log/1", json::object({{"player", "Ben"}}))) ==
          "game.json: log entry 2: an action needs \"do\"");
    CHECK(load_error(with("/log/1/target", "Ben")) ==
          "game.json: log entry 2 (carbon_target): unknown key \"target\"");
    CHECK(load_error(with("/log/2", json::object({{"do", "ngo_protect"}}))) ==
          "game.json: log entry 3 (ngo_protect): missing \"player\"");
    CHECK(load_error(with("/log/3/choice", "thumbs")) ==
          "game.json: log entry 4 (banker): choice must be social, speculation or none (got "
          "\"thumbs\")");
    CHECK(load_error(with("/log/3/choice", "social")) ==
          "game.json: log entry 4 (banker): social responsibility needs the fragile ecosystem out "
          "of the game");
    CHECK(
        load_error(with("/log/2/at", 10)) ==
        "game.json: log entry 3 (ngo_protect): the clock cannot run back: at 10 s is before 40 s");
    CHECK(load_error(with("/log/2/at", 1.5)) ==
          "game.json: log entry 3 (ngo_protect): at must be a whole number of seconds from 0 to "
          "1000000000 (got 1.5)");
    CHECK(load_error(with("/log/2/wall", 5)) ==
          "game.json: log entry 3 (ngo_protect): wall must be an ISO-8601 time as a string");
    CHECK(load_error(with("/log/2/by", "laptop")) ==
          "game.json: log entry 3 (ngo_protect): by must be \"phone\" (got \"laptop\")");
    CHECK(load_error(with("/log/0/do", "vote")) ==
          "game.json: log entry 1 (vote): missing \"votes\"");
    CHECK(load_error(with("/log/6/votes/Ben", "Ana")) ==
          "game.json: log entry 7 (vote): Ben is out of the game and cannot vote");
    CHECK(load_error(with("/log/6/votes/Nobody", "Ana")) ==
          "game.json: log entry 7 (vote): votes: no player named \"Nobody\"");
    CHECK(load_error(with("/log/6/votes/Hana", 3)) ==
          "game.json: log entry 7 (vote): votes: Hana: a player must be a name or null");
    CHECK(load_error(with("/log/7", json::object({{"do", "slapp"}, {"file", true}}))) ==
          "game.json: log entry 8 (slapp): the game expects carbon_target now, not slapp");
    CHECK(load_error(with("/log/7", json::object({{"do", "heat"}}))) ==
          "game.json: log entry 8 (heat): heat is only for temperature.mode manual (this game: "
          "night)");
    CHECK(load_error(with("/log/7", json::object({{"do", "note"}, {"text", 5}}))) ==
          "game.json: log entry 8 (note): text must be a string");
    CHECK(load_error(with("/log/7", json::object({{"do", "slapp"}, {"file", "yes"}}))) ==
          "game.json: log entry 8 (slapp): file must be true or false");
}

TEST_CASE("a walk-through not finished: the cards shown are saved and loaded, until the game") {
    json root = json::parse(example);
    root["log"] = json::array();
    Game game = *load_game(root.dump(), "example");
    CHECK_FALSE(game.cards_shown());
    REQUIRE_FALSE(game.set_cards_shown(3));
    const std::string text = save_game(game);
    CHECK(text.find("\"pending\": {\"cards_shown\": 3}") != std::string::npos);
    auto loaded = load_game(text, "game.json");
    REQUIRE(loaded.ok());
    CHECK(loaded->cards_shown() == 3);
    CHECK(save_game(*loaded) == text);
    // Every card shown: nothing left to show, nothing pending.
    REQUIRE_FALSE(loaded->set_cards_shown(8));
    CHECK_FALSE(loaded->cards_shown());
    CHECK(save_game(*loaded).find("pending") == std::string::npos);
    // The first action ends the walk-through.
    REQUIRE_FALSE(game.set_cards_shown(0));
    Action no_mayor;
    no_mayor.kind = ActionKind::elect_mayor;
    REQUIRE(game.apply(no_mayor).ok());
    CHECK_FALSE(game.cards_shown());
    CHECK(words(*game.set_cards_shown(1)) == "the game has started: the cards are all out");
}

TEST_CASE("broken files: cards shown out of range, or once the game has started") {
    json root = json::parse(example);
    root["pending"] = {{"cards_shown", 2}};
    CHECK(load_error(root.dump()) == "game.json: pending: cards_shown, but the game has started");
    root["log"] = json::array();
    CHECK(load_game(root.dump(), "game.json").ok());
    for (const json& wrong : {json(8), json(-1), json(1.5), json("2")}) {
        root["pending"]["cards_shown"] = wrong;
        CHECK(load_error(root.dump()) ==
              "game.json: pending: cards_shown must be a whole number from 0 to 7, not " +
                  wrong.dump());
    }
}
