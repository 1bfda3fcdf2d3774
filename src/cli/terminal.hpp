// What the terminal can show: colours only on a terminal and without NO_COLOR.
#pragma once

#include <fmt/color.h>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace coyel::cli {

bool colour_enabled(std::FILE* stream);

// `text` in `style` when colours are on, plain otherwise.
std::string paint(bool colour, fmt::text_style style, std::string_view text);

// `text` broken into lines of at most `width` columns at spaces; lines after
// the first start with `indent` spaces.
std::vector<std::string> wrap(std::string_view text, std::size_t width, std::size_t indent = 0);

}  // namespace coyel::cli
