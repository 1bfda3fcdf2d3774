// Showing the players' page and a card link again at the prompt (issue 49):
// `page` and `card NAME`, the card behind the privacy step while the table
// may look, hidden again by Enter; refused, with the reason, where there is
// nothing to show.
#include <catch2/catch.hpp>

#include "live_session.hpp"

using namespace coyel;
using namespace coyel::test;

namespace {

const std::string served_at = "http://127.0.0.1:8080/";

// The SPEC table's game with a card token per player: "aaaa…", "bbbb…".
Game phone_game() {
    Setup setup = make_setup(spec_table());
    for (char letter = 'a'; letter < 'a' + 8; ++letter)
        setup.card_tokens.push_back(std::string(32, letter));
    return Game(setup);
}

std::string link_of(char letter) { return served_at + "card/" + std::string(32, letter); }

bool prompted(const LiveReader& reader, const std::string& words) {
    for (const auto& prompt : reader.prompts)
        if (prompt.find(words) != std::string::npos) return true;
    return false;
}

}  // namespace

TEST_CASE("card NAME while the table may look: the screen turned away first, Enter hides it") {
    // The mayor's election is the table's, eyes open.
    Table table({{0ms, "card ana"}, {0ms, ""}, {0ms, ""}, {0ms, "quit"}}, phone_game(), {}, true);
    table.session.serves_page_at(served_at);
    table.session.run();
    const std::string shown = table.out.text();
    CHECK(shown.find("card shows a player's secret link: only they may see it.") !=
          std::string::npos);
    CHECK(table.reader.prompts[1].find("Turn the screen away from the players") !=
          std::string::npos);
    CHECK(table.reader.prompts[2].find("Enter hides the link") != std::string::npos);
    const auto link = shown.find(link_of('a'));
    REQUIRE(link != std::string::npos);
    CHECK(shown.find("1 · Ana") < link);
    CHECK(shown.find("Scan this with your phone") < link);
    CHECK(shown.find("█") < link);  // its QR code, above it
    CHECK(shown.find(link_of('b')) == std::string::npos);
}

TEST_CASE("card NAME called off at the privacy step shows nothing") {
    Table table({{0ms, "card Ana"}, {0ms, "no"}, {0ms, "quit"}}, phone_game(), {}, true);
    table.session.serves_page_at(served_at);
    table.session.run();
    CHECK(table.out.text().find("Called off: nothing was shown.") != std::string::npos);
    CHECK(table.out.text().find("/card/") == std::string::npos);
    CHECK_FALSE(prompted(table.reader, "Enter hides the link"));
}

TEST_CASE(
    "card NAME with the table's eyes closed shows the link at once, by seat or first letters") {
    Table table(
        {{0ms, "Hana"}, {0ms, "card 3"}, {0ms, ""}, {0ms, "card fi"}, {0ms, ""}, {0ms, "quit"}},
        phone_game(), {}, true);
    table.session.serves_page_at(served_at);
    table.session.run();
    CHECK_FALSE(prompted(table.reader, "Turn the screen away"));
    CHECK(table.out.text().find(link_of('c')) != std::string::npos);
    CHECK(table.out.text().find(link_of('f')) != std::string::npos);
    CHECK(prompted(table.reader, "Enter hides the link"));
}

TEST_CASE("page shows the players' screen's address and its QR code again") {
    Table table({{0ms, "page"}, {0ms, "quit"}}, phone_game(), {}, true);
    table.session.serves_page_at(served_at);
    table.session.run();
    const std::string shown = table.out.text();
    const auto address = shown.find("The players' screen: " + served_at);
    REQUIRE(address != std::string::npos);
    CHECK(shown.find("█", address) != std::string::npos);
    CHECK(shown.find("/card/") == std::string::npos);
}

TEST_CASE("page and card refused where there is nothing to show, with the reason") {
    SECTION("no server in this coyel") {
        Table table({{0ms, "page"}, {0ms, "card Ana"}, {0ms, "quit"}}, phone_game(), {}, true);
        table.session.run();
        const std::string said = table.out.text() + table.err.text();
        CHECK(said.find("this coyel serves no page: resume the game with --serve") !=
              std::string::npos);
        CHECK(said.find("/card/") == std::string::npos);
    }
    SECTION("a game without phone cards, a name that is nobody's, no name") {
        Table cards({{0ms, "card Ana"}, {0ms, "quit"}}, make_game(), {}, true);
        cards.session.serves_page_at(served_at);
        cards.session.run();
        CHECK((cards.out.text() + cards.err.text()).find("this game has no phone cards") !=
              std::string::npos);
        Table nobody({{0ms, "card Zoe"}, {0ms, "card"}, {0ms, "quit"}}, phone_game(), {}, true);
        nobody.session.serves_page_at(served_at);
        nobody.session.run();
        const std::string said = nobody.out.text() + nobody.err.text();
        CHECK(said.find("no player") != std::string::npos);
        CHECK(said.find("card needs a player: card NAME") != std::string::npos);
        CHECK(said.find("/card/") == std::string::npos);
    }
}
