#include "terminal.hpp"

#include <sys/ioctl.h>
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

std::size_t terminal_width(std::FILE* stream) {
    winsize size{};
    if (::ioctl(::fileno(stream), TIOCGWINSZ, &size) != 0 || size.ws_col < 20) return 80;
    return size.ws_col;
}

}  // namespace coyel::cli
