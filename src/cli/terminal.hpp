// What the terminal can show: colours only on a terminal and without NO_COLOR.
#pragma once

#include <fmt/color.h>
#include <cstdio>
#include <string>
#include <string_view>

namespace coyel::cli {

bool colour_enabled(std::FILE* stream);

// `text` in `style` when colours are on, plain otherwise.
std::string paint(bool colour, fmt::text_style style, std::string_view text);

// "6:52" for 412 seconds.
std::string format_clock(long long seconds);

}  // namespace coyel::cli
