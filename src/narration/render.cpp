#include "render.hpp"

#include <fmt/color.h>
#include <fmt/format.h>

#include <algorithm>

#include "coyel/text.hpp"
#include "narrate.hpp"
#include "terminal.hpp"

namespace coyel::cli {

const std::string& text_in(const Moment& moment, View view) {
    return view == View::moderator ? moment.text : moment.table_text;
}

namespace {

std::string vote_row_text(const Moment::Row& row) {
    return fmt::format("{} → {}{}", row.voter, row.choice.empty() ? "nobody" : row.choice,
                       row.weight == 2 ? " (mayor: counts two)" : "");
}

std::string tally_text(const Moment& moment) {
    std::vector<std::string> counts;
    for (const auto& [name, count] : moment.tally)
        counts.push_back(fmt::format("{} {}", name, count));
    return counts.empty() ? "no votes" : join(counts, ", ");
}

std::vector<std::string> statistics_lines(const Statistics& s, View view) {
    std::vector<std::string> lines;
    lines.push_back(fmt::format("Length: {} round{}, {} of game clock.", s.rounds,
                                s.rounds == 1 ? "" : "s", format_clock(s.seconds)));
    lines.push_back(fmt::format("Saves by a protest: {}.", s.protest_saves));
    if (view == View::moderator)
        lines.push_back(fmt::format("Lobbies: {} tried, {} landed, {} refused.", s.lobbies_tried,
                                    s.lobbies_landed, s.lobbies_refused));
    lines.push_back(
        fmt::format("Votes decided by the mayor's double vote: {}.", s.votes_decided_by_mayor));
    std::vector<std::string> voters;
    for (const auto& [name, count] : s.carbon_voters)
        voters.push_back(fmt::format("{} {}", name, count));
    lines.push_back("Votes for a carbon emission: " +
                    (voters.empty() ? std::string{"none"} : join(voters, ", ")) + ".");
    return lines;
}

std::string html_escape(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string markdown_escape(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '|' || c == '*' || c == '_' || c == '`' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

}  // namespace

std::string render_text(const Moment& moment, View view, bool colour) {
    const std::string& text = text_in(moment, view);
    if (text.empty()) return "";
    if (moment.kind == Moment::Kind::heading)
        return "\n" + paint(colour, fmt::emphasis::bold, text) + "\n";
    std::string clock = format_clock(moment.at);
    std::string out;
    const bool secret = moment.table_text.empty();
    std::string body = paint(colour && secret, fmt::fg(fmt::terminal_color::bright_black), text);
    if (moment.kind == Moment::Kind::vote) {
        out += fmt::format("{:>7}  The vote:\n", clock);
        for (const auto& row : moment.rows) out += fmt::format("{:>9}{}\n", "", vote_row_text(row));
        out += fmt::format("{:>9}Tally: {}. {}\n", "", tally_text(moment), body);
        return out;
    }
    const auto lines = wrap(text, 71, 0);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string line =
            paint(colour && secret, fmt::fg(fmt::terminal_color::bright_black), lines[i]);
        out += fmt::format("{:>7}  {}\n", i == 0 && moment.rows.empty() ? clock : "", line);
    }
    for (const auto& row : moment.rows)
        out += fmt::format("{:>9}{:<24} {}\n", "", row.voter, row.choice);
    return out;
}

std::string render_statistics_text(const Statistics& statistics, View view) {
    std::string out = "\nStatistics\n";
    for (const auto& line : statistics_lines(statistics, view)) out += "  " + line + "\n";
    return out;
}

std::string render_markdown(const Chronicle& chronicle, View view, const std::string& title) {
    std::string out = fmt::format("# Coyel Heaven: {}\n", markdown_escape(title));
    for (const auto& moment : chronicle.moments) {
        const std::string& text = text_in(moment, view);
        if (text.empty()) continue;
        if (moment.kind == Moment::Kind::heading) {
            out += fmt::format("\n## {}\n\n", markdown_escape(text));
            continue;
        }
        if (moment.kind == Moment::Kind::vote) {
            out += fmt::format("- `{}` The vote:\n\n  | voter | votes for |\n  |---|---|\n",
                               format_clock(moment.at));
            for (const auto& row : moment.rows)
                out += fmt::format("  | {} | {}{} |\n", markdown_escape(row.voter),
                                   row.choice.empty() ? "nobody" : markdown_escape(row.choice),
                                   row.weight == 2 ? " (×2, mayor)" : "");
            out += fmt::format("\n  Tally: {}. {}\n", markdown_escape(tally_text(moment)),
                               markdown_escape(text));
            continue;
        }
        out += fmt::format("- `{}` {}\n", format_clock(moment.at), markdown_escape(text));
        for (const auto& row : moment.rows)
            out += fmt::format("  - {}: {}\n", markdown_escape(row.voter),
                               markdown_escape(row.choice));
    }
    out += "\n## Statistics\n\n";
    for (const auto& line : statistics_lines(chronicle.statistics, view))
        out += "- " + markdown_escape(line) + "\n";
    return out;
}

namespace {

// The chart: the temperature and the players in the game per team over the
// game clock (or over the log entries when the clock never ran).
std::string svg_chart(const Chronicle& chronicle) {
    const auto& samples = chronicle.samples;
    const bool by_clock = samples.back().at > 0;
    auto x_of = [&](const Sample& s) {
        return by_clock ? static_cast<double>(s.at) : static_cast<double>(s.entry);
    };
    const double x_max = std::max(1.0, x_of(samples.back()));
    int y_max = 1, t_min = samples.front().temperature,
        t_max = chronicle.game.setup().options.temperature_limit;
    for (const auto& s : samples) {
        y_max = std::max({y_max, s.ecosystems_in, s.carbon_in});
        t_min = std::min(t_min, s.temperature);
    }
    constexpr double width = 720, height = 260, left = 80, right = 50, top = 20, bottom = 40;
    const double plot_w = width - left - right, plot_h = height - top - bottom;
    auto px = [&](double x) { return left + plot_w * x / x_max; };
    auto py_players = [&](int n) { return top + plot_h * (1.0 - static_cast<double>(n) / y_max); };
    auto py_temperature = [&](int t) {
        return top + plot_h * (1.0 - static_cast<double>(t - t_min) / std::max(1, t_max - t_min));
    };
    // Step lines: a value holds until the next sample.
    auto steps = [&](auto value_of, auto y_of) {
        std::string points;
        for (std::size_t i = 0; i < samples.size(); ++i) {
            if (i)
                points += fmt::format("{:.1f},{:.1f} ", px(x_of(samples[i])),
                                      y_of(value_of(samples[i - 1])));
            points +=
                fmt::format("{:.1f},{:.1f} ", px(x_of(samples[i])), y_of(value_of(samples[i])));
        }
        return points;
    };
    std::string svg = fmt::format(
        R"(<svg id="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {} {}" role="img" aria-label="Temperature and players in the game over the game clock">)",
        width, height);
    svg += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" class="plot"/>)", left, top,
                       plot_w, plot_h);
    svg += fmt::format(R"(<polyline class="ecosystems" points="{}"/>)",
                       steps([](const Sample& s) { return s.ecosystems_in; }, py_players));
    svg += fmt::format(R"(<polyline class="carbon" points="{}"/>)",
                       steps([](const Sample& s) { return s.carbon_in; }, py_players));
    svg += fmt::format(R"(<polyline class="temperature" points="{}"/>)",
                       steps([](const Sample& s) { return s.temperature; }, py_temperature));
    svg += fmt::format(R"(<text x="{}" y="{}" class="axis">{}</text>)", left, height - 12,
                       by_clock ? "0:00" : "entry 0");
    svg += fmt::format(
        R"(<text x="{}" y="{}" class="axis" text-anchor="end">{}</text>)", width - right,
        height - 12,
        by_clock ? format_clock(samples.back().at) : fmt::format("entry {}", samples.back().entry));
    svg += fmt::format(R"(<text x="{}" y="{}" class="axis" text-anchor="end">{} players</text>)",
                       left - 6, top + 10, y_max);
    svg += fmt::format(R"(<text x="{}" y="{}" class="axis" text-anchor="end">0</text>)", left - 6,
                       top + plot_h);
    svg += fmt::format(R"(<text x="{}" y="{}" class="axis">{}</text>)", width - right + 6, top + 10,
                       degrees(t_max));
    svg += fmt::format(R"(<text x="{}" y="{}" class="axis">{}</text>)", width - right + 6,
                       top + plot_h, degrees(t_min));
    svg += "</svg>";
    return svg;
}

constexpr const char* style = R"(
body { font: 16px/1.5 system-ui, sans-serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem; color: #1d2b24; background: #f7faf5; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2rem; border-bottom: 2px solid #b9d3b0; }
.moment { margin: .2rem 0; } .clock { display: inline-block; width: 4rem; color: #5d7a66; font-variant-numeric: tabular-nums; }
.secret { color: #6b6b6b; font-style: italic; }
table { border-collapse: collapse; margin: .5rem 0 .5rem 4rem; } td, th { border: 1px solid #b9d3b0; padding: .2rem .6rem; text-align: left; }
svg { width: 100%; height: auto; background: #fff; border: 1px solid #b9d3b0; }
.plot { fill: none; stroke: #dde8d8; } .axis { font-size: 12px; fill: #5d7a66; }
polyline { fill: none; stroke-width: 2.5; } .ecosystems { stroke: #2e8b57; } .carbon { stroke: #555; } .temperature { stroke: #d9480f; stroke-dasharray: 6 3; }
.legend span { margin-right: 1.5rem; } .legend i { display: inline-block; width: 1.5rem; height: .25rem; vertical-align: middle; margin-right: .4rem; }
)";

}  // namespace

std::string render_html(const Chronicle& chronicle, View view, const std::string& title) {
    std::string out = fmt::format(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<title>Coyel Heaven: {0}</title>\n<style>{1}</style>\n</head>\n<body>\n"
        "<h1>Coyel Heaven: {0}</h1>\n",
        html_escape(title), style);
    out += "<section id=\"charts\">\n<h2>Temperature and players in the game</h2>\n" +
           svg_chart(chronicle) + "\n";
    out +=
        "<p class=\"legend\"><span><i style=\"background:#d9480f\"></i>temperature</span>"
        "<span><i style=\"background:#2e8b57\"></i>ecosystems team in the game</span>"
        "<span><i style=\"background:#555\"></i>carbon team in the game</span></p>\n</section>\n";
    out += "<section id=\"chronicle\">\n";
    for (const auto& moment : chronicle.moments) {
        const std::string& text = text_in(moment, view);
        if (text.empty()) continue;
        if (moment.kind == Moment::Kind::heading) {
            out += fmt::format("<h2>{}</h2>\n", html_escape(text));
            continue;
        }
        const bool secret = moment.table_text.empty();
        out += fmt::format("<p class=\"moment{}\"><span class=\"clock\">{}</span>{}</p>\n",
                           secret ? " secret" : "", format_clock(moment.at), html_escape(text));
        if (moment.kind == Moment::Kind::vote) {
            out += "<table class=\"votes\"><tr><th>voter</th><th>votes for</th></tr>";
            for (const auto& row : moment.rows)
                out += fmt::format("<tr><td>{}</td><td>{}{}</td></tr>", html_escape(row.voter),
                                   row.choice.empty() ? "nobody" : html_escape(row.choice),
                                   row.weight == 2 ? " (×2, mayor)" : "");
            out += fmt::format(
                "</table>\n<p class=\"moment\"><span class=\"clock\"></span>Tally: {}</p>\n",
                html_escape(tally_text(moment)));
        } else if (!moment.rows.empty()) {
            out += "<table class=\"roles\">";
            for (const auto& row : moment.rows)
                out += fmt::format("<tr><td>{}</td><td>{}</td></tr>", html_escape(row.voter),
                                   html_escape(row.choice));
            out += "</table>\n";
        }
    }
    out += "</section>\n<section id=\"statistics\">\n<h2>Statistics</h2>\n<ul>\n";
    for (const auto& line : statistics_lines(chronicle.statistics, view))
        out += "<li>" + html_escape(line) + "</li>\n";
    out += "</ul>\n</section>\n</body>\n</html>\n";
    return out;
}

}  // namespace coyel::cli
