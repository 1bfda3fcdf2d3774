// A chronicle rendered for people: plain text (the terminal), Markdown (to
// share) and one self-contained HTML page (inline CSS and SVG). The words are
// the chronicle's and the script's; only markup is added here. A table's
// chronicle renders from what the table knows only: its chart shows the
// players in the game, not the teams.
#pragma once

#include <string>

#include "chronicle.hpp"
#include "narrator.hpp"

namespace coyel::narration {

// & < > and " as entities: any text, a player's name too, stays text in HTML.
std::string html_escape(std::string_view text);

// Markdown-special characters (| * _ ` and the backslash) escaped with a backslash.
std::string markdown_escape(std::string_view text);

// One moment as the terminal shows it; `colour` makes headings bold and greys
// the moderator's secrets.
std::string render_text(const StoryMoment& moment, bool colour);
std::string render_statistics_text(const Narrator& narrator, const Chronicle& chronicle);
std::string render_markdown(const Narrator& narrator, const Chronicle& chronicle,
                            const std::string& title);
std::string render_html(const Narrator& narrator, const Chronicle& chronicle,
                        const std::string& title);

}  // namespace coyel::narration
