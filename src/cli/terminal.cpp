#include "terminal.hpp"

#include <fmt/format.h>
#include <unistd.h>
#include <cstdlib>

namespace coyel::cli {

bool colour_enabled(std::FILE* stream) {
    const char* no_colour = std::getenv("NO_COLOR");
    if (no_colour && *no_colour) return false;
    const char* term = std::getenv("TERM");
    if (term && std::string_view{term} == "dumb") return false;
    return ::isatty(::fileno(stream)) != 0;
}

std::string paint(bool colour, fmt::text_style style, std::string_view text) {
    return colour ? fmt::format(style, "{}", text) : std::string{text};
}

std::string format_clock(long long seconds) {
    if (seconds >= 3600)
        return fmt::format("{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60);
    return fmt::format("{}:{:02}", seconds / 60, seconds % 60);
}

}  // namespace coyel::cli
