#include "terminal.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include "coyel/text.hpp"

namespace coyel::cli {

bool colour_enabled(std::FILE* stream) {
    const char* no_colour = std::getenv("NO_COLOR");
    if (no_colour && *no_colour) return false;
    const char* term = std::getenv("TERM");
    if (term && std::string_view{term} == "dumb") return false;
    return ::isatty(::fileno(stream)) != 0;
}

}  // namespace coyel::cli
