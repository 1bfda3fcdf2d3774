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

// `text` and a newline on `stream`. On a terminal each of its lines is
// wrapped at words to the window, so the terminal never cuts a word; a line
// that starts with four spaces is a command to copy and stays whole on its
// own line. Into a pipe the text goes as it is.
void print_wrapped(std::FILE* stream, std::string_view text);

using narration::paint;
using narration::wrap;

}  // namespace coyel::cli
