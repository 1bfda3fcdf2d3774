// The players' page's Content-Security-Policy hash (issue 35): the SHA-256
// against FIPS 180-4's examples, and the hash the server sends against the
// script the page holds, whatever its language.
#include <catch2/catch.hpp>

#include "languages.hpp"
#include "narrator.hpp"
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
