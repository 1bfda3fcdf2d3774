// The replay's chronicle: statistics, and the table's view keeps secrets.
#include "chronicle.hpp"

#include "../helpers.hpp"
#include "../random_games.hpp"
#include "coyel/save.hpp"
#include "render.hpp"

using namespace coyel;
using namespace coyel::cli;
using namespace coyel::test;

namespace {
Game sample(const std::string& name) {
    auto game = load_game_file(std::string{COYEL_DATA} + "/samples/" + name);
    REQUIRE(game.ok());
    return std::move(*game);
}
}  // namespace

TEST_CASE("the three sample games end as their names say") {
    CHECK(sample("ecosystems-win.json").state().winner == Team::ecosystems);
    const Game hot = sample("temperature-loss.json");
    CHECK(hot.state().win_reason == WinReason::temperature);
    const Game slapp = sample("slapp-and-revival.json");
    CHECK(slapp.state().winner == Team::ecosystems);
    bool filed = false, revived = false;
    for (const auto& moment : make_chronicle(slapp).moments) {
        filed |= moment.text.find("files a SLAPP-suit") != std::string::npos;
        revived |= moment.text.find("back into the game") != std::string::npos;
    }
    CHECK(filed);
    CHECK(revived);
}

TEST_CASE("statistics: protests, lobbies, length") {
    const Statistics s = make_chronicle(sample("slapp-and-revival.json")).statistics;
    CHECK(s.rounds == 3);
    CHECK(s.seconds == 1036);
    CHECK(s.protest_saves == 1);
    CHECK(s.lobbies_tried == 2);
    CHECK(s.lobbies_landed == 1);
    CHECK(s.lobbies_refused == 1);
    REQUIRE_FALSE(s.carbon_voters.empty());
    CHECK(s.carbon_voters.front().second == 2);  // Cleo, Eve and Finn voted for a carbon twice
}

TEST_CASE("statistics: a vote decided by the mayor's double vote") {
    Game g = make_game();
    ok(g, elect(g, "Hana"));
    quiet_night(g, "Ben");
    ok(g, vote(g, {{"Ana", "Cleo"},
                   {"Cleo", "Ana"},
                   {"Dan", "Cleo"},
                   {"Eve", "Ana"},
                   {"Finn", nullptr},
                   {"Gus", "Cleo"},
                   {"Hana", "Ana"}}));  // 4 to 3, 3 to 3 without
    CHECK(make_chronicle(g).statistics.votes_decided_by_mayor == 1);
    Game spec = sample("ecosystems-win.json");
    CHECK(make_chronicle(spec).statistics.votes_decided_by_mayor == 0);
}

TEST_CASE("replay up to entry K: the chronicle stops there, with the game as it was") {
    const Game game = sample("temperature-loss.json");
    const Chronicle part = make_chronicle(game, 5);
    CHECK(part.game.log().size() == 5);
    CHECK(part.game.state() == game.replay_prefix(5).state());
}

TEST_CASE("the table's view tells no secret, in random games") {
    SplitMix64 rng(77);
    for (int index = 0; index < 300; ++index) {
        Game game(random_setup(rng));
        while (!game.over()) (void)game.apply(random_action(game, rng));
        const Chronicle chronicle = make_chronicle(game);
        for (const auto& moment : chronicle.moments) {
            const std::string& shown = text_in(moment, View::table);
            for (const char* secret :
                 {"target", "protects", "banker", "lobb", "corrupt", "Note:", "no SLAPP"})
                if (shown.find(secret) != std::string::npos)
                    FAIL("the table's view shows: " << shown);
            if (moment.kind == Moment::Kind::call || moment.kind == Moment::Kind::note)
                CHECK(shown.empty());
        }
        const std::string page = render_html(chronicle, View::table, "t");
        CHECK(page.find("lobbies") == std::string::npos);
        CHECK(page.find("class=\"moment secret\"") == std::string::npos);
    }
}
