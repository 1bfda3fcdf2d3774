// The commands under test narrate in English whatever the developer's locale
// or COYEL_LANG; a test of another language asks for it. Set before main
// runs (Catch's own, from Debian's prebuilt Catch2WithMain: its
// implementation is not compiled here).
#include <cstdlib>

namespace {
const bool in_english = [] { return ::setenv("COYEL_LANG", "en", 1) == 0; }();
}  // namespace
