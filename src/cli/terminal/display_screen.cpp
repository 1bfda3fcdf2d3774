#include "display_screen.hpp"

#include <fmt/color.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <numeric>
#include <utility>

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

// Digits and signs, then the letters of a result ("ECOSYSTEMS"), accents
// folded first; the blank glyph last.
constexpr std::array<Glyph, 42> glyphs{{
    {"0", {"###", "# #", "# #", "# #", "###"}}, {"1", {" # ", "## ", " # ", " # ", "###"}},
    {"2", {"###", "  #", "###", "#  ", "###"}}, {"3", {"###", "  #", "###", "  #", "###"}},
    {"4", {"# #", "# #", "###", "  #", "  #"}}, {"5", {"###", "#  ", "###", "  #", "###"}},
    {"6", {"###", "#  ", "###", "# #", "###"}}, {"7", {"###", "  #", "  #", "  #", "  #"}},
    {"8", {"###", "# #", "###", "# #", "###"}}, {"9", {"###", "# #", "###", "  #", "###"}},
    {"+", {"   ", " # ", "###", " # ", "   "}}, {"-", {"   ", "   ", "###", "   ", "   "}},
    {":", {" ", "#", " ", "#", " "}},           {"°", {"###", "# #", "###", "   ", "   "}},
    {"A", {" # ", "# #", "###", "# #", "# #"}}, {"B", {"## ", "# #", "## ", "# #", "## "}},
    {"C", {"###", "#  ", "#  ", "#  ", "###"}}, {"D", {"## ", "# #", "# #", "# #", "## "}},
    {"E", {"###", "#  ", "## ", "#  ", "###"}}, {"F", {"###", "#  ", "## ", "#  ", "#  "}},
    {"G", {" ##", "#  ", "# #", "# #", " ##"}}, {"H", {"# #", "# #", "###", "# #", "# #"}},
    {"I", {"###", " # ", " # ", " # ", "###"}}, {"J", {"  #", "  #", "  #", "# #", " # "}},
    {"K", {"# #", "# #", "## ", "# #", "# #"}}, {"L", {"#  ", "#  ", "#  ", "#  ", "###"}},
    {"M", {"# #", "###", "###", "# #", "# #"}}, {"N", {"## ", "# #", "# #", "# #", "# #"}},
    {"O", {" # ", "# #", "# #", "# #", " # "}}, {"P", {"## ", "# #", "## ", "#  ", "#  "}},
    {"Q", {" # ", "# #", "# #", "###", " ##"}}, {"R", {"## ", "# #", "## ", "# #", "# #"}},
    {"S", {" ##", "#  ", " # ", "  #", "## "}}, {"T", {"###", " # ", " # ", " # ", " # "}},
    {"U", {"# #", "# #", "# #", "# #", "###"}}, {"V", {"# #", "# #", "# #", "# #", " # "}},
    {"W", {"# #", "# #", "###", "###", "# #"}}, {"X", {"# #", "# #", " # ", "# #", "# #"}},
    {"Y", {"# #", "# #", " # ", " # ", " # "}}, {"Z", {"###", "  #", " # ", "#  ", "###"}},
    {" ", {"  ", "  ", "  ", "  ", "  "}},
}};

// The accent a capital carries above its letter, in two rows of dots
// ("ÉCOSYSTÈMES"): none, acute, grave, circumflex, diaeresis.
constexpr int accent_rows = 2;
constexpr std::array<std::array<std::string_view, accent_rows>, 5> accents{
    {{"   ", "   "}, {"  #", " # "}, {"#  ", " # "}, {" # ", "# #"}, {"   ", "# #"}}};

// Which accent `character` (one UTF-8 character) has, as an index into accents.
std::size_t accent_of(std::string_view character) {
    static constexpr std::array<std::string_view, 4> marked{"ÉéÝý", "ÈèÀàÙù", "ÊêÂâÎîÔôÛû",
                                                            "ËëÏïÖöÜüŸÿ"};
    if (character.size() < 2) return 0;
    for (std::size_t kind = 0; kind < marked.size(); ++kind)
        if (marked[kind].find(character) != std::string_view::npos) return kind + 1;
    return 0;
}

// One character of a large text: its letter's glyph and the accent above it.
struct Shape {
    const Glyph* glyph;
    std::size_t accent;
};

// The shapes of `given`, one per letter (a blank glyph when unknown): the
// accent drawn above the letter ("É" is "E" and an acute), case dropped;
// "Œ" is "OE".
std::vector<Shape> glyphs_of(std::string_view given) {
    std::vector<Shape> out;
    for (std::size_t at = 0; at < given.size();) {
        std::size_t length = 1;
        while (at + length < given.size() && (given[at + length] & 0xC0) == 0x80) ++length;
        const std::string_view character = given.substr(at, length);
        std::string plain = character == "°" ? std::string{character} : fold_accents(character);
        for (char& c : plain)
            if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
        std::size_t accent = accent_of(character);
        for (std::size_t i = 0; i < plain.size();) {
            std::size_t size = 1;
            while (i + size < plain.size() && (plain[i + size] & 0xC0) == 0x80) ++size;
            const std::string_view letter = std::string_view{plain}.substr(i, size);
            auto found = std::find_if(glyphs.begin(), glyphs.end(), [&](const Glyph& glyph) {
                return glyph.character == letter;
            });
            out.push_back({found == glyphs.end() ? &glyphs.back() : &*found, accent});
            accent = 0;
            i += size;
        }
        at += length;
    }
    return out;
}

// Rows of dots of `shapes`: the glyph's, and the accents' above when any.
int dot_rows(const std::vector<Shape>& shapes) {
    const bool accented =
        std::any_of(shapes.begin(), shapes.end(), [](const Shape& shape) { return shape.accent; });
    return glyph_rows + (accented ? accent_rows : 0);
}

// Row `row` of a shape's dots, the accent's rows first when `accented`.
std::string_view dots_at(const Shape& shape, int row, bool accented) {
    if (accented && row < accent_rows) {
        const std::string_view mark = accents[shape.accent][static_cast<std::size_t>(row)];
        return shape.glyph->dots[0].size() == 3
                   ? mark
                   : std::string_view{"   "}.substr(0, shape.glyph->dots[0].size());
    }
    return shape.glyph->dots[static_cast<std::size_t>(row - (accented ? accent_rows : 0))];
}

// Width in dots, a dot of space between glyphs.
int dots_wide(const std::vector<Shape>& text) {
    int width = 0;
    for (const Shape& shape : text) width += static_cast<int>(shape.glyph->dots[0].size()) + 1;
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
    const int rows = dot_rows(shapes);
    const bool accented = rows > glyph_rows;
    // The dots, `scale` × `scale` each, a column of space between glyphs.
    std::vector<std::vector<bool>> grid(static_cast<std::size_t>(rows * scale));
    const auto wide = static_cast<std::size_t>(scale);
    for (int row = 0; row < rows * scale; ++row) {
        auto& dots = grid[static_cast<std::size_t>(row)];
        for (std::size_t i = 0; i < shapes.size(); ++i) {
            if (i) dots.resize(dots.size() + wide, false);
            for (char dot : dots_at(shapes[i], row / scale, accented))
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
    const auto shapes = glyphs_of(text);
    const int wide = dots_wide(shapes);
    if (wide == 0) return 0;
    return std::max(0, std::min(2 * rows / dot_rows(shapes), columns / wide));
}

namespace {

using narration::PlayersScreen;
constexpr int thermometer_width = 10;

// `text` cut to `columns` characters, "…" last, when it is longer.
std::string fit(const std::string& text, int columns) {
    const auto room = static_cast<std::size_t>(std::max(1, columns));
    if (utf8_length(text) <= room) return text;
    std::string out;
    std::size_t characters = 0;
    for (std::size_t at = 0; at < text.size() && characters + 1 < room; ++characters) {
        std::size_t length = 1;
        while (at + length < text.size() && (text[at + length] & 0xC0) == 0x80) ++length;
        out.append(text, at, length);
        at += length;
    }
    return out + "…";
}

std::string padded(const std::string& text, std::size_t width) {
    const auto length = utf8_length(text);
    return text + std::string(width > length ? width - length : 0, ' ');
}

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
        // fmt, not " │" + a temporary: GCC 12 warns falsely (-Wrestrict) on the latter.
        lines.push_back(fmt::format(" │{}│ {}", paint(colour && filled, red, filled ? "██" : "  "),
                                    labels[static_cast<std::size_t>(row)]));
    }
    lines.push_back(
        fmt::format(" {}     ", paint(colour, red, "▐██▌")));  // as wide as the tube's lines
    return lines;
}

struct Figure {
    std::string figure;  // in large type when there is room
    std::string label;   // under it; says it all when there is not
    fmt::text_style style;
};

// A label wraps under its figure in at most this many lines.
constexpr int label_lines = 2;

// Lines the tallest of `shown` takes at `scale`, its label included.
int figure_lines(const std::vector<Figure>& shown, int scale) {
    int rows = glyph_rows;
    for (const Figure& figure : shown) rows = std::max(rows, dot_rows(glyphs_of(figure.figure)));
    return (rows * scale + 1) / 2 + label_lines;
}

// A figure's cell at `scale`: as wide as its large type, or as its label up
// to 20 columns (a longer label wraps).
std::size_t cell_width(const Figure& figure, int scale) {
    return std::max(static_cast<std::size_t>(dots_wide(glyphs_of(figure.figure)) * scale),
                    std::min<std::size_t>(20, utf8_length(figure.label)));
}

// The label in `label_lines` lines of `width` at most, the last cut if need be.
std::vector<std::string> label_of(const Figure& figure, std::size_t width) {
    auto lines = wrap(figure.label, width);
    if (lines.size() > label_lines) {
        std::string rest = lines[label_lines - 1];
        for (std::size_t i = label_lines; i < lines.size(); ++i) rest += " " + lines[i];
        lines.resize(label_lines);
        lines.back() = rest;
    }
    for (auto& line : lines) line = fit(line, static_cast<int>(width));
    lines.resize(label_lines);
    return lines;
}

// The largest scale for the figures side by side (`in_row`) or one above
// the other in `height` × `columns`; 0 when not even 1 fits.
int scale_for(const std::vector<Figure>& shown, int height, int columns, bool in_row) {
    constexpr int gap = 4;
    int best = 0;
    for (int scale = 1; scale <= 16; ++scale) {
        std::size_t wide = 0;
        for (const Figure& figure : shown)
            wide = in_row ? wide + cell_width(figure, scale) + gap
                          : std::max(wide, cell_width(figure, scale));
        const int high = in_row ? figure_lines(shown, scale)
                                : std::accumulate(shown.begin(), shown.end(), 0,
                                                  [&](int sum, const Figure& figure) {
                                                      return sum + figure_lines({figure}, scale);
                                                  });
        if (wide > static_cast<std::size_t>(columns) + (in_row ? gap : 0) || high > height) break;
        best = scale;
    }
    return best;
}

// One figure's lines at `scale`, each `width` columns: the large type, then
// the label, centred.
std::vector<std::string> figure_cell(const Figure& figure, int scale, std::size_t width,
                                     bool colour) {
    std::vector<std::string> lines;
    const int columns = static_cast<int>(width);
    for (const auto& line : large_text(figure.figure, scale)) {
        const std::string left = centred(line, columns);
        lines.push_back(left + paint(colour, figure.style, line) +
                        std::string(width - left.size() - utf8_length(line), ' '));
    }
    for (const auto& label : label_of(figure, width)) {
        const std::string left = centred(label, columns);
        lines.push_back(left +
                        paint(colour, fmt::emphasis::bold, padded(label, width - left.size())));
    }
    return lines;
}

// The figures in `height` lines and `columns`: side by side when that gives
// type as large as one above the other, else stacked; their labels alone
// when no large type fits.
std::vector<std::string> figures(const std::vector<Figure>& shown, int height, int columns,
                                 bool colour) {
    const int in_row = scale_for(shown, height, columns, true);
    const int stacked = scale_for(shown, height, columns, false);
    std::vector<std::string> lines;
    if (in_row == 0 && stacked == 0) {
        for (const Figure& figure : shown)
            lines.push_back(centred(fit(figure.label, columns), columns) +
                            paint(colour, fmt::emphasis::bold, fit(figure.label, columns)));
        return lines;
    }
    if (in_row >= stacked) {
        lines.resize(static_cast<std::size_t>(figure_lines(shown, in_row)));
        for (std::size_t i = 0; i < shown.size(); ++i) {
            const auto cell = figure_cell(shown[i], in_row, cell_width(shown[i], in_row), colour);
            for (std::size_t row = 0; row < cell.size(); ++row)
                lines[row] += (i ? "    " : "") + cell[row];
        }
        return lines;
    }
    for (const Figure& figure : shown) {
        const auto cell = figure_cell(figure, stacked, static_cast<std::size_t>(columns), colour);
        lines.insert(lines.end(), cell.begin(), cell.end());
    }
    return lines;
}

// The large figures: the temperature, the countdown and the timer; at the
// end, the winner alone.
std::vector<Figure> figures_of(const PlayersScreen& screen) {
    if (screen.result_figure)
        return {{*screen.result_figure, screen.result.value_or(""),
                 fmt::fg(fmt::terminal_color::green) | fmt::emphasis::bold}};
    std::vector<Figure> shown{{screen.degrees, screen.temperature_text,
                               fmt::fg(fmt::terminal_color::red) | fmt::emphasis::bold}};
    if (screen.countdown_figure)
        shown.push_back({*screen.countdown_figure, screen.countdown, fmt::text_style{}});
    if (screen.timer_figure)
        shown.push_back({*screen.timer_figure, *screen.timer, fmt::fg(fmt::terminal_color::cyan)});
    return shown;
}

// A player's entry: "  3  Cleo  out · Citizen-Ecosystem", the name padded to
// `name_width`; compact, "  3 Cleo ✗" (✗: out).
std::string entry_text(const PlayersScreen::Row& row, std::size_t name_width, bool compact) {
    if (compact) return fmt::format("{:>3} {}{}", row.seat, row.name, row.in_game ? "" : " ✗");
    return fmt::format("{:>3}  {}  {}", row.seat, padded(row.name, name_width), row.status);
}

constexpr int column_gap = 3;

// The players of one column, seats `first` to `last` (excluded): the width
// of its names, and of its longest entry.
std::pair<std::size_t, std::size_t> column_widths(const PlayersScreen& screen, int first, int last,
                                                  bool compact) {
    std::size_t name_width = 0, wide = 0;
    for (int i = first; i < last; ++i)
        name_width = std::max(name_width, utf8_length(screen.players[i].name));
    for (int i = first; i < last; ++i)
        wide = std::max(wide, utf8_length(entry_text(screen.players[i], name_width, compact)));
    return {name_width, wide};
}

// The width of the players in `per_line` columns, gaps included.
int columns_wide(const PlayersScreen& screen, int per_line, bool compact) {
    const int count = static_cast<int>(screen.players.size());
    const int line_count = (count + per_line - 1) / per_line;
    int wide = column_gap * (per_line - 1);
    for (int first = 0; first < count; first += line_count)
        wide += static_cast<int>(
            column_widths(screen, first, std::min(count, first + line_count), compact).second);
    return wide;
}

// The players in seat order, down `per_line` columns, each column as wide
// as its own entries; when they are too wide together, each column is cut
// to an equal share.
std::vector<std::string> player_columns(const PlayersScreen& screen, int columns, int per_line,
                                        bool compact, bool colour) {
    const int count = static_cast<int>(screen.players.size());
    const int line_count = (count + per_line - 1) / per_line;
    const bool cut = columns_wide(screen, per_line, compact) > columns;
    const int share = (columns - column_gap * (per_line - 1)) / per_line;
    std::vector<std::string> lines(static_cast<std::size_t>(line_count));
    for (int first = 0; first < count; first += line_count) {
        const int last = std::min(count, first + line_count);
        auto [name_width, wide] = column_widths(screen, first, last, compact);
        if (cut) wide = std::min(wide, static_cast<std::size_t>(std::max(1, share)));
        for (int i = first; i < last; ++i) {
            const auto& row = screen.players[static_cast<std::size_t>(i)];
            auto style =
                row.in_game ? fmt::text_style{} : fmt::fg(fmt::terminal_color::bright_black);
            if (row.mayor) style |= fmt::emphasis::bold;
            const std::string text =
                padded(fit(entry_text(row, name_width, compact), static_cast<int>(wide)), wide);
            lines[static_cast<std::size_t>(i - first)] +=
                (first ? std::string(column_gap, ' ') : "") + paint(colour, style, text);
        }
    }
    return lines;
}

// How many columns the players take: as many as fit whole (at most 4), and
// two at least for more than four players, their entries cut if need be.
int columns_for_players(const PlayersScreen& screen, int columns, bool compact) {
    const int count = static_cast<int>(screen.players.size());
    for (int per_line = std::min(4, std::max(1, count)); per_line > 1; --per_line)
        if (columns_wide(screen, per_line, compact) <= columns) return per_line;
    return count > 4 && columns >= 40 ? 2 : 1;
}

std::vector<std::string> player_lines(const PlayersScreen& screen, int columns, bool compact,
                                      bool colour) {
    if (screen.players.empty()) return {};
    const int per_line = columns_for_players(screen, columns, compact);
    if (!compact && columns_wide(screen, per_line, false) > columns) {
        // Cut, the statuses would lose their cards ("out · Carbon Em…"): the
        // cards' short names instead ("out · carbon").
        PlayersScreen shorter = screen;
        for (auto& row : shorter.players) row.status = row.short_status;
        return player_columns(shorter, columns, columns_for_players(shorter, columns, false), false,
                              colour);
    }
    return player_columns(screen, columns, per_line, compact, colour);
}

// The thermometer beside the figures, `middle` lines high (none at the end:
// the result takes the whole width).
std::vector<std::string> middle_lines(const PlayersScreen& screen, int middle, int width,
                                      bool colour) {
    const bool tube_shown = !screen.result_figure && middle >= 4;
    const int room = tube_shown ? width - thermometer_width - 2 : width - 1;
    const auto shown = figures(figures_of(screen), middle, room, colour);
    const int top = std::max(0, (middle - static_cast<int>(shown.size())) / 2);
    const auto tube = tube_shown ? thermometer(screen, middle, colour) : std::vector<std::string>{};
    std::vector<std::string> lines;
    for (int row = 0; row < middle; ++row) {
        const int at = row - top;
        const std::string right = at >= 0 && at < static_cast<int>(shown.size())
                                      ? shown[static_cast<std::size_t>(at)]
                                      : "";
        lines.push_back(tube_shown ? tube[static_cast<std::size_t>(row)] + "  " + right
                                   : " " + right);
    }
    return lines;
}

}  // namespace

std::string draw_players_screen(const PlayersScreen& screen, ScreenSize size, bool colour,
                                const std::string& note) {
    const int width = std::max(20, size.columns);
    const int rows = std::max(1, size.rows);
    std::vector<std::string> told;
    for (const auto& line : screen.announcement)
        for (const auto& piece : wrap(line, static_cast<std::size_t>(width - 2)))
            told.push_back(
                paint(colour, fmt::emphasis::bold, fmt::format(" {}", fit(piece, width - 2))));
    for (const auto& line : screen.vote)  // the ballots as they come: the newest news
        for (const auto& piece : wrap(line, static_cast<std::size_t>(width - 2)))
            told.push_back(fmt::format(" {}", fit(piece, width - 2)));
    if (!note.empty())
        told.push_back(paint(colour, fmt::fg(fmt::terminal_color::yellow),
                             fmt::format(" {}", fit(note, width - 2))));
    // What gives way as the window shrinks: the blank lines, then the
    // players' statuses (compact entries), then the large type (labels
    // only); the announcement's last lines go last. The heading stays.
    auto players = player_lines(screen, width, false, colour);
    const int figures_needed = static_cast<int>(figures_of(screen).size());
    auto middle_for = [&](int blanks) {
        return rows - 1 - blanks - static_cast<int>(players.size() + told.size());
    };
    int blanks = 2;
    if (middle_for(blanks) < 4) blanks = 0;
    if (middle_for(blanks) < std::max(4, figures_needed))
        players = player_lines(screen, width, true, colour);
    const int middle = std::max(figures_needed, middle_for(blanks));

    std::vector<std::string> lines{
        paint(colour, fmt::emphasis::bold, fmt::format(" {}", fit(screen.phase, width - 2)))};
    for (auto& line : middle_lines(screen, middle, width, colour)) lines.push_back(std::move(line));
    if (blanks) lines.emplace_back();
    lines.insert(lines.end(), players.begin(), players.end());
    if (blanks) lines.emplace_back();
    lines.insert(lines.end(), told.begin(), told.end());
    lines.resize(static_cast<std::size_t>(rows));
    std::string frame = "\x1b[H";
    for (std::size_t i = 0; i < lines.size(); ++i)
        frame += lines[i] + "\x1b[K" + (i + 1 < lines.size() ? "\r\n" : "");
    return frame + "\x1b[J";
}

}  // namespace coyel::cli
