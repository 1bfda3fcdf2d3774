#include "display_screen.hpp"

#include <fmt/color.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "coyel/text.hpp"
#include "terminal.hpp"

namespace coyel::cli {
namespace {

// A dot is one column wide and half a line high (half blocks): terminal
// cells are about twice as tall as wide, so the digits keep their shape.
constexpr int glyph_rows = 5;

struct Glyph {
    std::string_view character;
    std::array<std::string_view, glyph_rows> dots;
};

constexpr std::array<Glyph, 16> glyphs{{
    {"0", {"###", "# #", "# #", "# #", "###"}},
    {"1", {" # ", "## ", " # ", " # ", "###"}},
    {"2", {"###", "  #", "###", "#  ", "###"}},
    {"3", {"###", "  #", "###", "  #", "###"}},
    {"4", {"# #", "# #", "###", "  #", "  #"}},
    {"5", {"###", "#  ", "###", "  #", "###"}},
    {"6", {"###", "#  ", "###", "# #", "###"}},
    {"7", {"###", "  #", "  #", "  #", "  #"}},
    {"8", {"###", "# #", "###", "# #", "###"}},
    {"9", {"###", "# #", "###", "  #", "###"}},
    {"+", {"   ", " # ", "###", " # ", "   "}},
    {"-", {"   ", "   ", "###", "   ", "   "}},
    {":", {" ", "#", " ", "#", " "}},
    {"°", {"###", "# #", "###", "   ", "   "}},
    {"C", {"###", "#  ", "#  ", "#  ", "###"}},
    {" ", {"  ", "  ", "  ", "  ", "  "}},
}};

// The glyphs of `text`, one per UTF-8 character (a blank one when unknown).
std::vector<const Glyph*> glyphs_of(std::string_view text) {
    std::vector<const Glyph*> out;
    for (std::size_t at = 0; at < text.size();) {
        std::size_t length = 1;
        while (at + length < text.size() && (text[at + length] & 0xC0) == 0x80) ++length;
        const std::string_view character = text.substr(at, length);
        auto found = std::find_if(glyphs.begin(), glyphs.end(),
                                  [&](const Glyph& glyph) { return glyph.character == character; });
        out.push_back(found == glyphs.end() ? &glyphs.back() : &*found);
        at += length;
    }
    return out;
}

// Width in dots, a dot of space between glyphs.
int dots_wide(const std::vector<const Glyph*>& text) {
    int width = 0;
    for (const Glyph* glyph : text) width += static_cast<int>(glyph->dots[0].size()) + 1;
    return std::max(0, width - 1);
}

// The spaces that centre `text` in `columns`.
std::string centred(std::string_view text, int columns) {
    const auto width = utf8_length(text);
    const auto room = static_cast<std::size_t>(std::max(0, columns));
    return std::string(width < room ? (room - width) / 2 : 0, ' ');
}

}  // namespace

std::vector<std::string> large_text(std::string_view text, int scale) {
    const auto shapes = glyphs_of(text);
    // The dots, `scale` × `scale` each, a column of space between glyphs.
    std::vector<std::vector<bool>> grid(static_cast<std::size_t>(glyph_rows * scale));
    const auto wide = static_cast<std::size_t>(scale);
    for (int row = 0; row < glyph_rows * scale; ++row) {
        auto& dots = grid[static_cast<std::size_t>(row)];
        for (std::size_t i = 0; i < shapes.size(); ++i) {
            if (i) dots.resize(dots.size() + wide, false);
            for (char dot : shapes[i]->dots[static_cast<std::size_t>(row / scale)])
                dots.resize(dots.size() + wide, dot == '#');
        }
    }
    // Two rows of dots per line, in half blocks.
    std::vector<std::string> lines;
    for (std::size_t row = 0; row < grid.size(); row += 2) {
        std::string line;
        for (std::size_t column = 0; column < grid[row].size(); ++column) {
            const bool top = grid[row][column];
            const bool bottom = row + 1 < grid.size() && grid[row + 1][column];
            line += top ? (bottom ? "█" : "▀") : (bottom ? "▄" : " ");
        }
        lines.push_back(line);
    }
    return lines;
}

int largest_scale(std::string_view text, int rows, int columns) {
    const int wide = dots_wide(glyphs_of(text));
    if (wide == 0) return 0;
    return std::max(0, std::min(2 * rows / glyph_rows, columns / wide));
}

namespace {

using narration::PlayersScreen;
constexpr int thermometer_width = 10;

// The tube, `height` lines, its bulb at the bottom: filled to the
// temperature, each degree marked on its right. Every line is
// `thermometer_width` columns wide.
std::vector<std::string> thermometer(const PlayersScreen& screen, int height, bool colour) {
    const int tube = height - 1;
    const int limit = std::max(1, screen.temperature_limit);
    std::vector<std::string> labels(static_cast<std::size_t>(tube), "    ");
    for (int degree = 0; degree <= limit; ++degree) {
        const int row = tube - 1 - (degree * (tube - 1)) / limit;
        labels[static_cast<std::size_t>(row)] = fmt::format("{:<4}", fmt::format("{:+}", degree));
    }
    const auto red = fmt::fg(fmt::terminal_color::red);
    std::vector<std::string> lines;
    for (int row = 0; row < tube; ++row) {
        // A row is filled when its level is at most the temperature.
        const bool filled = (tube - 1 - row) * limit <= screen.temperature * (tube - 1);
        lines.push_back(" │" + paint(colour && filled, red, filled ? "██" : "  ") + "│ " +
                        labels[static_cast<std::size_t>(row)]);
    }
    lines.push_back(" " + paint(colour, red, "▐██▌") + "     ");  // as wide as the tube's lines
    return lines;
}

struct Figure {
    std::string figure;  // in large digits when there is room
    std::string label;   // under it; says it all when there is not
    fmt::text_style style;
};

// The figures, one above the other, sharing `height` lines and `columns`.
std::vector<std::string> figures(const std::vector<Figure>& shown, int height, int columns,
                                 bool colour) {
    std::vector<std::string> lines;
    const int each = std::max(1, height / static_cast<int>(shown.size())) - 1;  // - the label
    for (const Figure& figure : shown) {
        const int scale = largest_scale(figure.figure, each, columns);
        if (scale > 0)
            for (const auto& line : large_text(figure.figure, scale))
                lines.push_back(centred(line, columns) + paint(colour, figure.style, line));
        lines.push_back(centred(figure.label, columns) +
                        paint(colour, fmt::emphasis::bold, figure.label));
    }
    return lines;
}

std::vector<Figure> figures_of(const PlayersScreen& screen) {
    std::vector<Figure> shown{{screen.degrees, screen.temperature_text,
                               fmt::fg(fmt::terminal_color::red) | fmt::emphasis::bold}};
    if (screen.countdown_figure)
        shown.push_back({*screen.countdown_figure, screen.countdown, fmt::text_style{}});
    if (screen.timer_figure)
        shown.push_back({*screen.timer_figure, *screen.timer, fmt::fg(fmt::terminal_color::cyan)});
    return shown;
}

// The players in seat order, down the columns, as many columns as fit.
std::vector<std::string> player_lines(const PlayersScreen& screen, int columns, bool colour) {
    std::size_t name_width = 0, status_width = 0;
    for (const auto& row : screen.players) {
        name_width = std::max(name_width, utf8_length(row.name));
        status_width = std::max(status_width, utf8_length(row.status));
    }
    const int entry = static_cast<int>(name_width + status_width) + 8;
    const int per_line = std::max(1, columns / entry);
    const int count = static_cast<int>(screen.players.size());
    const int line_count = (count + per_line - 1) / per_line;
    std::vector<std::string> lines(static_cast<std::size_t>(line_count));
    for (int i = 0; i < count; ++i) {
        const auto& row = screen.players[static_cast<std::size_t>(i)];
        const std::string text =
            fmt::format("{:>3}  {}{}  {}{}", row.seat, row.name,
                        std::string(name_width - utf8_length(row.name), ' '), row.status,
                        std::string(status_width - utf8_length(row.status), ' '));
        auto style = row.in_game ? fmt::text_style{} : fmt::fg(fmt::terminal_color::bright_black);
        if (row.mayor) style |= fmt::emphasis::bold;
        lines[static_cast<std::size_t>(i % line_count)] += paint(colour, style, text) + "   ";
    }
    return lines;
}

}  // namespace

std::string draw_players_screen(const PlayersScreen& screen, ScreenSize size, bool colour,
                                const std::string& note) {
    const int width = std::max(20, size.columns);
    std::vector<std::string> bottom{""};
    for (const auto& line : player_lines(screen, width, colour)) bottom.push_back(line);
    bottom.emplace_back();
    std::vector<std::string> told = screen.announcement;
    if (screen.result) told.push_back(*screen.result);
    for (const auto& line : told)
        for (const auto& piece : wrap(line, static_cast<std::size_t>(width - 2)))
            bottom.push_back(paint(colour, fmt::emphasis::bold, " " + piece));
    if (!note.empty())
        bottom.push_back(paint(colour, fmt::fg(fmt::terminal_color::yellow), " " + note));

    std::vector<std::string> lines{paint(colour, fmt::emphasis::bold, " " + screen.phase)};
    const int middle = size.rows - 1 - static_cast<int>(bottom.size());
    if (middle >= 4) {
        const auto tube = thermometer(screen, middle, colour);
        const auto shown =
            figures(figures_of(screen), middle, width - thermometer_width - 2, colour);
        const int top = std::max(0, (middle - static_cast<int>(shown.size())) / 2);
        for (int row = 0; row < middle; ++row) {
            const int at = row - top;
            const std::string right = at >= 0 && at < static_cast<int>(shown.size())
                                          ? shown[static_cast<std::size_t>(at)]
                                          : "";
            lines.push_back(tube[static_cast<std::size_t>(row)] + "  " + right);
        }
    } else {  // too small for the large figures: their labels alone
        for (const auto& figure : figures_of(screen)) lines.push_back(" " + figure.label);
    }
    lines.insert(lines.end(), bottom.begin(), bottom.end());
    lines.resize(static_cast<std::size_t>(std::max(1, size.rows)));
    std::string frame = "\x1b[H";
    for (std::size_t i = 0; i < lines.size(); ++i)
        frame += lines[i] + "\x1b[K" + (i + 1 < lines.size() ? "\r\n" : "");
    return frame + "\x1b[J";
}

}  // namespace coyel::cli
