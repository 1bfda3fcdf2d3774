// Catch's main. The commands under test narrate in English whatever the
// developer's locale or COYEL_LANG; a test of another language asks for it.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <cstdlib>

int main(int argc, char* argv[]) {
    ::setenv("COYEL_LANG", "en", 1);
    return Catch::Session().run(argc, argv);
}
