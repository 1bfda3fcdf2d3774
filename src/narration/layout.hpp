// Laying text out for a terminal: lines wrapped at a width, colour when on.
#pragma once

#include <fmt/color.h>

#include <string>
#include <string_view>
#include <vector>

namespace coyel::narration {

// `text` in `style` when colours are on, plain otherwise.
std::string paint(bool colour, fmt::text_style style, std::string_view text);

// `text` broken into lines of at most `width` columns at spaces; lines after
// the first start with `indent` spaces. Leading spaces are kept.
std::vector<std::string> wrap(std::string_view text, std::size_t width, std::size_t indent = 0);

}  // namespace coyel::narration
