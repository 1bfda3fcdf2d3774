#include "terminal.hpp"

#include <fmt/format.h>
#include <unistd.h>

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

std::string paint(bool colour, fmt::text_style style, std::string_view text) {
    return colour ? fmt::format(style, "{}", text) : std::string{text};
}

std::vector<std::string> wrap(std::string_view text, std::size_t width, std::size_t indent) {
    std::vector<std::string> lines{std::string{}};
    std::size_t column = 0;
    while (!text.empty()) {
        const auto space = text.find(' ');
        const std::string_view word = text.substr(0, space);
        text = space == std::string_view::npos ? std::string_view{} : text.substr(space + 1);
        const std::size_t length =
            utf8_length(word) == std::string_view::npos ? word.size() : utf8_length(word);
        if (column > (lines.size() == 1 ? 0 : indent) && column + 1 + length > width) {
            lines.emplace_back(indent, ' ');
            column = indent;
        }
        if (column > (lines.size() == 1 ? 0 : indent)) {
            lines.back() += ' ';
            ++column;
        }
        lines.back() += word;
        column += length;
    }
    return lines;
}

std::string format_clock(long long seconds) {
    if (seconds >= 3600)
        return fmt::format("{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60);
    return fmt::format("{}:{:02}", seconds / 60, seconds % 60);
}

}  // namespace coyel::cli
