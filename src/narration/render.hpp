// The chronicle rendered for people: plain text (the terminal), Markdown (to
// share) and one self-contained HTML page (inline CSS and SVG).
#pragma once

#include <string>

#include "chronicle.hpp"

namespace coyel::cli {

// The text of a moment in a view, or "" when that view does not show it.
const std::string& text_in(const Moment& moment, View view);

std::string render_text(const Moment& moment, View view, bool colour);
std::string render_statistics_text(const Statistics& statistics, View view);
std::string render_markdown(const Chronicle& chronicle, View view, const std::string& title);
std::string render_html(const Chronicle& chronicle, View view, const std::string& title);

}  // namespace coyel::cli
