#include "terminal.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

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

void print_wrapped(std::FILE* stream, std::string_view text) {
    const bool terminal = ::isatty(::fileno(stream)) != 0;
    std::string out;
    for (;;) {
        const auto newline = text.find('\n');
        const std::string_view line = text.substr(0, newline);
        if (!terminal || line.starts_with("    "))
            out.append(line).push_back('\n');
        else
            for (const auto& piece : wrap(line, terminal_width(stream) - 1, 2))
                out.append(piece).push_back('\n');
        if (newline == std::string_view::npos) break;
        text.remove_prefix(newline + 1);
    }
    std::fwrite(out.data(), 1, out.size(), stream);
}

}  // namespace coyel::cli
