#include "layout.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "coyel/text.hpp"

namespace coyel::narration {

std::string paint(bool colour, fmt::text_style style, std::string_view text) {
    return colour ? fmt::format(style, "{}", text) : std::string{text};
}

std::vector<std::string> wrap(std::string_view text, std::size_t width, std::size_t indent) {
    // Leading spaces are kept: they align tables.
    const std::size_t lead = std::min(text.find_first_not_of(' '), text.size());
    std::vector<std::string> lines{std::string(lead, ' ')};
    std::size_t column = lead, line_start = lead;
    text.remove_prefix(lead);
    while (!text.empty()) {
        const auto space = text.find(' ');
        const std::string_view word = text.substr(0, space);
        text = space == std::string_view::npos ? std::string_view{} : text.substr(space + 1);
        const std::size_t characters = utf8_length(word);
        const std::size_t length = characters == std::string_view::npos ? word.size() : characters;
        if (column > line_start && column + 1 + length > width) {
            lines.emplace_back(indent, ' ');
            column = line_start = indent;
        }
        if (column > line_start) {
            lines.back() += ' ';
            ++column;
        }
        lines.back() += word;
        column += length;
    }
    return lines;
}

}  // namespace coyel::narration
