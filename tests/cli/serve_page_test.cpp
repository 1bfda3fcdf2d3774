// The players' page's Content-Security-Policy hash (issue 35): the SHA-256
// against FIPS 180-4's examples, and the hash the server sends against the
// script the page holds, whatever its language. The state it serves, built
// once per save (issue 47).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../fakes/memory_disk.hpp"
#include "helpers.hpp"
#include "languages.hpp"
#include "narrator.hpp"
#include "web/serve_server.hpp"
#include "web/serve_state.hpp"

using namespace coyel;

TEST_CASE("SHA-256 in base64 matches the standard's examples, one and two blocks") {
    CHECK(cli::sha256_base64("") == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
    CHECK(cli::sha256_base64("abc") == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=");
    CHECK(cli::sha256_base64("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "JI1qYdIGOLjlwCaTDD5gOaM85Flk/yFn9uzt1BnbBsE=");
}

TEST_CASE("the page's script is the one its policy's hash names, in every language") {
    for (const char* language : {"en", "fr"}) {
        const narration::Narrator narrator(*narration::builtin_script(language));
        const std::string page = cli::public_page(narrator);
        const auto opening = page.rfind("<script>");
        const auto closing = page.rfind("</script>");
        REQUIRE(opening != std::string::npos);
        REQUIRE(closing > opening);
        const std::string script = page.substr(opening + 8, closing - opening - 8);
        CHECK(cli::page_script_hash() == "sha256-" + cli::sha256_base64(script));
    }
}

TEST_CASE("the served state is built once and tells its ticking figures as of when it is sent") {
    const narration::Narrator narrator(narration::english_script());
    Game game = test::make_game();
    REQUIRE(game.apply(test::elect(game, "Ana")));  // Night 1: the clock runs
    const LiveClock live{true, 1'000, 91'000, "", "", ""};
    const cli::PublicState built = cli::public_state(narrator, game, live, 1'500, "");
    const auto field = [](const std::string& json, const char* key) {
        return nlohmann::json::parse(json).at(key).get<std::int64_t>();
    };
    const std::string at_once = built.at(1'500);
    CHECK(at_once == cli::public_state_json(narrator, game, live, 1'500, ""));
    // Sent 700 ms later, both figures have 700 ms less to go, as if built
    // then (the figures' text is the page's to tick).
    CHECK(field(built.at(2'200), "countdown_ms") == field(at_once, "countdown_ms") - 700);
    CHECK(field(built.at(2'200), "timer_ms") == 89'500 - 700);
    CHECK(field(built.at(2'200), "countdown_ms") ==
          field(cli::public_state_json(narrator, game, live, 2'200, ""), "countdown_ms"));
    // Past zero, they stay at zero until the next save tells what came.
    CHECK(field(built.at(200'000), "timer_ms") == 0);
    CHECK(field(built.at(10'000'000), "countdown_ms") == 0);
    // A stopped clock has no ticking figure.
    const LiveClock paused{false, 1'000, std::nullopt, "", "", ""};
    const std::string still = cli::public_state(narrator, game, paused, 1'500, "").at(9'000);
    CHECK(!nlohmann::json::parse(still).contains("countdown_ms"));
}

TEST_CASE("a game's fingerprint is its save's, however the save's path is written") {
    coyel::test::MemoryDisk disk;
    disk.work_in("/home/ana");
    CHECK(cli::game_fingerprint("friday.json", disk) ==
          cli::game_fingerprint("/home/ana/friday.json", disk));
    CHECK(cli::game_fingerprint("friday.json", disk) !=
          cli::game_fingerprint("saturday.json", disk));
    CHECK(cli::game_fingerprint("", disk).empty());
}
