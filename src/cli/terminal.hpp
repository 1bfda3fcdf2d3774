// What the terminal can show: colours only on a terminal and without NO_COLOR.
#pragma once

#include <fmt/color.h>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "layout.hpp"

namespace coyel::cli {

bool colour_enabled(std::FILE* stream);

// The width of the terminal `stream` shows on; 80 when it is not one.
std::size_t terminal_width(std::FILE* stream);

using narration::paint;
using narration::wrap;

}  // namespace coyel::cli
