#include "render.hpp"

#include <fmt/color.h>
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string_view>

#include "coyel/text.hpp"
#include "layout.hpp"

namespace coyel::narration {

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

namespace {

std::string voters_text(const Narrator& narrator, const Statistics& s) {
    std::vector<std::string> voters;
    for (const auto& [name, count] : s.carbon_voters)
        voters.push_back(
            narrator.line("event.tally_entry", Args{}.set("name", name).set("votes", count)));
    return voters.empty() ? narrator.line("stats.none")
                          : join(voters, narrator.line("words.list_separator"));
}

std::vector<std::string> statistics_lines(const Narrator& narrator, const Chronicle& chronicle) {
    const Statistics& s = chronicle.statistics;
    std::vector<std::string> lines;
    lines.push_back(narrator.line(
        "stats.length", Args{}.set("rounds", s.rounds).set("clock", clock_text(s.seconds))));
    lines.push_back(narrator.line("stats.saves", Args{}.set("count", s.protest_saves)));
    if (s.lobbies)
        lines.push_back(narrator.line("stats.lobbies", Args{}
                                                           .set("tried", s.lobbies->tried)
                                                           .set("landed", s.lobbies->landed)
                                                           .set("refused", s.lobbies->refused)));
    lines.push_back(
        narrator.line("stats.mayor_votes", Args{}.set("count", s.votes_decided_by_mayor)));
    const bool table = chronicle.view == View::table;
    lines.push_back(narrator.line(table ? "stats.carbon_votes_revealed" : "stats.carbon_votes",
                                  Args{}.set("voters", voters_text(narrator, s))));
    return lines;
}

}  // namespace

std::string markdown_escape(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '|' || c == '*' || c == '_' || c == '`' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

// --- Text -----------------------------------------------------------------

std::string render_text(const StoryMoment& moment, bool colour) {
    if (moment.kind == StoryMoment::Kind::heading)
        return "\n" + paint(colour, fmt::emphasis::bold, moment.text) + "\n";
    const bool grey = colour && moment.secret;
    // The roles follow the end's line: they need no clock of their own.
    const std::string clock = moment.kind == StoryMoment::Kind::roles ? "" : clock_text(moment.at);
    std::string out;
    const auto lines = wrap(moment.text, 71);
    for (std::size_t i = 0; i < lines.size(); ++i)
        out += fmt::format("{:>7}  {}\n", i == 0 ? clock : "",
                           paint(grey, fmt::fg(fmt::terminal_color::bright_black), lines[i]));
    std::size_t name_width = 0;  // the longest name's, not a fixed column
    for (const auto& row : moment.rows) name_width = std::max(name_width, utf8_length(row.name));
    for (const auto& row : moment.rows) {
        if (moment.kind == StoryMoment::Kind::roles)
            out += fmt::format("{:>9}{:<{}}  {}\n", "", row.name, name_width, row.text);
        else
            out += fmt::format("{:>9}{}\n", "", row.text);
    }
    return out;
}

std::string render_statistics_text(const Narrator& narrator, const Chronicle& chronicle) {
    std::string out = fmt::format("\n{}\n", narrator.line("replay.statistics"));
    for (const auto& line : statistics_lines(narrator, chronicle)) out += "  " + line + "\n";
    return out;
}

// --- Markdown -------------------------------------------------------------

std::string render_markdown(const Narrator& narrator, const Chronicle& chronicle,
                            const std::string& title) {
    std::string out = fmt::format(
        "# {}\n", markdown_escape(narrator.line("replay.title", Args{}.set("title", title))));
    for (const auto& moment : chronicle.moments) {
        if (moment.kind == StoryMoment::Kind::heading) {
            out += fmt::format("\n## {}\n\n", markdown_escape(moment.text));
            continue;
        }
        out += fmt::format("- `{}` {}\n", clock_text(moment.at), markdown_escape(moment.text));
        for (const auto& row : moment.rows) {
            if (moment.kind == StoryMoment::Kind::roles)
                out +=
                    "  - " +
                    narrator.line("replay.name_role", Args{}
                                                          .set("name", markdown_escape(row.name))
                                                          .set("role", markdown_escape(row.text))) +
                    "\n";
            else
                out += fmt::format("  - {}\n", markdown_escape(row.text));
        }
    }
    out += fmt::format("\n## {}\n\n", markdown_escape(narrator.line("replay.statistics")));
    for (const auto& line : statistics_lines(narrator, chronicle))
        out += "- " + markdown_escape(line) + "\n";
    return out;
}

// --- HTML -----------------------------------------------------------------

namespace {

// The chart: the temperature and the players in the game (per team in the
// moderator's view) over the game clock, or over the log entries when the
// clock never ran.
class Chart {
  public:
    explicit Chart(const Chronicle& chronicle)
        : samples_(chronicle.samples), by_team_(chronicle.view == View::moderator) {
        by_clock_ = samples_.back().at > 0;
        x_max_ = std::max(1.0, x_of(samples_.back()));
        t_min_ = samples_.front().temperature;
        t_max_ = chronicle.temperature_limit;
        for (const auto& s : samples_) {
            y_max_ =
                std::max(y_max_, by_team_ ? std::max(s.ecosystems_in, s.carbon_in) : s.players_in);
            t_min_ = std::min(t_min_, s.temperature);
        }
    }

    std::string svg(const Narrator& narrator) const;

  private:
    // The labels of the y axes sit inside the plot, so the margins stay narrow
    // when a phone's larger type is used.
    static constexpr double width = 720, height = 260, left = 16, right = 16, top = 20, bottom = 44,
                            plot_w = width - left - right, plot_h = height - top - bottom;

    double x_of(const Sample& s) const {
        return by_clock_ ? static_cast<double>(s.at) : static_cast<double>(s.entry);
    }
    double px(const Sample& s) const { return left + plot_w * x_of(s) / x_max_; }
    double py_players(int n) const {
        return top + plot_h * (1.0 - static_cast<double>(n) / y_max_);
    }
    double py_temperature(int t) const {
        return top +
               plot_h * (1.0 - static_cast<double>(t - t_min_) / std::max(1, t_max_ - t_min_));
    }
    // A step line: a value holds until the next sample.
    template <typename Value, typename Y>
    std::string polyline(std::string_view css_class, Value value_of, Y y_of) const {
        std::string points;
        for (std::size_t i = 0; i < samples_.size(); ++i) {
            if (i)
                points +=
                    fmt::format("{:.1f},{:.1f} ", px(samples_[i]), y_of(value_of(samples_[i - 1])));
            points += fmt::format("{:.1f},{:.1f} ", px(samples_[i]), y_of(value_of(samples_[i])));
        }
        return fmt::format(R"(<polyline class="{}" points="{}"/>)", css_class, points);
    }
    std::string lines() const;
    std::string axes(const Narrator& narrator) const;
    std::string exits() const;

    const std::vector<Sample>& samples_;
    bool by_team_;
    bool by_clock_ = false;
    double x_max_ = 1;
    int y_max_ = 1, t_min_ = 0, t_max_ = 0;
};

std::string Chart::lines() const {
    auto players = [this](int n) { return py_players(n); };
    std::string out;
    if (by_team_) {
        out += polyline(
            "ecosystems", [](const Sample& s) { return s.ecosystems_in; }, players);
        out += polyline(
            "carbon", [](const Sample& s) { return s.carbon_in; }, players);
    } else {
        out += polyline(
            "players", [](const Sample& s) { return s.players_in; }, players);
    }
    out += polyline(
        "temperature", [](const Sample& s) { return s.temperature; },
        [this](int t) { return py_temperature(t); });
    return out;
}

std::string Chart::axes(const Narrator& narrator) const {
    const Sample& last = samples_.back();
    const std::string start =
        by_clock_ ? clock_text(0) : narrator.line("html.entry_axis", Args{}.set("entry", 0));
    const std::string end =
        by_clock_ ? clock_text(last.at)
                  : narrator.line("html.entry_axis",
                                  Args{}.set("entry", static_cast<long long>(last.entry)));
    std::string out;
    out += fmt::format(R"(<text x="{}" y="{}" class="axis">{}</text>)", left, height - 8,
                       html_escape(start));
    out += fmt::format(R"(<text x="{}" y="{}" class="axis" text-anchor="end">{}</text>)",
                       width - right, height - 8, html_escape(end));
    out += fmt::format(
        R"(<text x="{}" y="{}" class="axis" dominant-baseline="hanging">{}</text>)", left + 6,
        top + 4, html_escape(narrator.line("html.players_axis", Args{}.set("count", y_max_))));
    out += fmt::format(R"(<text x="{}" y="{}" class="axis">0</text>)", left + 6, top + plot_h - 6);
    out += fmt::format(
        R"(<text x="{}" y="{}" class="axis" text-anchor="end" dominant-baseline="hanging">{}</text>)",
        width - right - 6, top + 4, html_escape(narrator.degrees(t_max_)));
    out += fmt::format(R"(<text x="{}" y="{}" class="axis" text-anchor="end">{}</text>)",
                       width - right - 6, top + plot_h - 6, html_escape(narrator.degrees(t_min_)));
    return out + exits();
}

// A mark under the plot each time players went out, with its time (in a
// title, and on the axis where it does not crowd the ends or another).
std::string Chart::exits() const {
    std::string out;
    double last_label = left + 70;  // clear of the start's label
    for (std::size_t i = 1; i < samples_.size(); ++i) {
        if (samples_[i].players_in >= samples_[i - 1].players_in) continue;
        const double x = px(samples_[i]);
        const std::string when =
            by_clock_ ? clock_text(samples_[i].at) : fmt::format("#{}", samples_[i].entry);
        out += fmt::format(
            R"(<line class="exit" x1="{:.1f}" y1="{}" x2="{:.1f}" y2="{}"><title>{}</title></line>)",
            x, top + plot_h, x, top + plot_h + 8, html_escape(when));
        if (x - last_label < 80 || width - right - 70 - x < 40) continue;
        out += fmt::format(R"(<text x="{:.1f}" y="{}" class="axis" text-anchor="middle">{}</text>)",
                           x, height - 8, html_escape(when));
        last_label = x;
    }
    return out;
}

std::string Chart::svg(const Narrator& narrator) const {
    std::string out = fmt::format(
        R"(<svg id="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {} {}" role="img" aria-label="{}">)",
        width, height, html_escape(narrator.line("html.chart_label")));
    out += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" class="plot"/>)", left, top,
                       plot_w, plot_h);
    return out + lines() + axes(narrator) + "</svg>";
}

std::string legend(const Narrator& narrator, View view) {
    auto item = [&](std::string_view colour, std::string_view key) {
        return fmt::format(R"(<span><i style="background:{}"></i>{}</span>)", colour,
                           html_escape(narrator.line(key)));
    };
    std::string out = R"(<p class="legend">)" + item("#d9480f", "html.legend_temperature");
    if (view == View::moderator)
        out += item("#2e8b57", "html.legend_ecosystems") + item("#555", "html.legend_carbon");
    else
        out += item("#1f6fb2", "html.legend_players");
    return out + "</p>\n";
}

// Readable from a phone (400 px) up: a word too long for its line wraps,
// never a name that fits (break-word, not anywhere, which lets a table cell
// shrink below its words; the tables' fixed layout gives each column its
// share instead); a wrapped moment keeps its hanging indent; the
// chart's labels are larger in the viewBox on a phone, so about 12 px there.
constexpr const char* style = R"(
body { font: 16px/1.5 system-ui, sans-serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem; color: #1d2b24; background: #f7faf5; overflow-wrap: break-word; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2rem; border-bottom: 2px solid #b9d3b0; }
.result { font-size: 1.25rem; font-weight: 600; } .played { color: #5d7a66; }
table.roster { margin-left: 0; }
.moment { margin: .2rem 0; padding-left: 4rem; text-indent: -4rem; } .clock { display: inline-block; width: 4rem; text-indent: 0; color: #5d7a66; font-variant-numeric: tabular-nums; }
.secret { color: #6b6b6b; font-style: italic; }
table { border-collapse: collapse; margin: .5rem 0 .5rem 4rem; table-layout: fixed; width: calc(100% - 4rem); } td, th { border: 1px solid #b9d3b0; padding: .2rem .6rem; text-align: left; }
svg { width: 100%; height: auto; background: #fff; border: 1px solid #b9d3b0; }
.plot { fill: none; stroke: #dde8d8; } .axis { font-size: 13px; fill: #5d7a66; } .exit { stroke: #5d7a66; stroke-width: 1.5; }
polyline { fill: none; stroke-width: 2.5; } .ecosystems { stroke: #2e8b57; stroke-width: 6; stroke-opacity: .55; } .carbon { stroke: #555; } .players { stroke: #1f6fb2; } .temperature { stroke: #d9480f; stroke-dasharray: 6 3; }
.legend span { margin-right: 1.5rem; } .legend i { display: inline-block; width: 1.5rem; height: .25rem; vertical-align: middle; margin-right: .4rem; }
@media (max-width: 32rem) { body { margin: 1rem auto; padding: 0 .6rem; } table { margin-left: 0; width: 100%; } .moment { padding-left: 3.4rem; text-indent: -3.4rem; } .clock { width: 3.4rem; } .legend span { display: inline-block; } .axis { font-size: 23px; } }
)";

std::string html_moment(const StoryMoment& moment) {
    if (moment.kind == StoryMoment::Kind::heading)
        return fmt::format("<h2>{}</h2>\n", html_escape(moment.text));
    std::string out = fmt::format("<p class=\"moment{}\"><span class=\"clock\">{}</span>{}</p>\n",
                                  moment.secret ? " secret" : "", clock_text(moment.at),
                                  html_escape(moment.text));
    if (moment.rows.empty()) return out;
    const bool roles = moment.kind == StoryMoment::Kind::roles;
    out += roles ? "<table class=\"roles\">" : "<table class=\"votes\">";
    for (const auto& row : moment.rows) {
        if (roles)
            out += fmt::format("<tr><td>{}</td><td>{}</td></tr>", html_escape(row.name),
                               html_escape(row.text));
        else
            out += fmt::format("<tr><td>{}</td></tr>", html_escape(row.text));
    }
    return out + "</table>\n";
}

// The save's first `wall` time, as its date in the script's words: "2026-11-30"
// or "30 novembre 2026" of "2026-11-30T20:15:00+01:00". None when no entry
// carries one.
std::optional<std::string> played_on(const Narrator& narrator, const Game& game) {
    for (const Action& action : game.log()) {
        if (!action.wall) continue;
        const std::string date = action.wall->substr(0, 10);
        const bool iso = date.size() == 10 && date[4] == '-' && date[7] == '-' &&
                         std::all_of(date.begin(), date.end(),
                                     [](char c) { return c == '-' || (c >= '0' && c <= '9'); });
        if (!iso) return std::nullopt;
        return narrator.date(std::stoi(date.substr(0, 4)), std::stoi(date.substr(5, 2)),
                             std::stoi(date.substr(8, 2)));
    }
    return std::nullopt;
}

// What the page opens with: who won and why (the end's own line), else where
// an unfinished story stops.
std::string result_text(const Narrator& narrator, const Chronicle& chronicle) {
    for (const auto& moment : chronicle.moments)
        if (moment.kind == StoryMoment::Kind::end) return moment.text;
    const State& state = chronicle.game.state();
    return narrator.line("html.unfinished",
                         Args{}
                             .set("phase", narrator.phase_title(state.phase, state.round))
                             .set("clock", clock_text(state.clock_s)));
}

// The result, the date and the players, with the roles this view may show.
std::string html_summary(const Narrator& narrator, const Chronicle& chronicle) {
    std::string out = fmt::format("<section id=\"summary\">\n<p class=\"result\">{}</p>\n",
                                  html_escape(result_text(narrator, chronicle)));
    if (auto date = played_on(narrator, chronicle.game))
        out += fmt::format("<p class=\"played\">{}</p>\n",
                           html_escape(narrator.line("html.played_on", Args{}.set("date", *date))));
    out += fmt::format("<h2>{}</h2>\n<table class=\"roster\">",
                       html_escape(narrator.line("html.players_title")));
    for (const auto& row : chronicle.players) {
        out += "<tr><td>" + html_escape(row.name) + "</td>";
        if (!row.text.empty()) out += "<td>" + html_escape(row.text) + "</td>";
        out += "</tr>";
    }
    return out + "</table>\n</section>\n";
}

// The players as the title names them: every name while they fit in 60
// characters (a browser's tab, a list of pages), else the first ones and how
// many more ("Ana, Ben, Cleo and 27 more"): the roster below has them all.
std::string title_players(const Narrator& narrator, const Game& game) {
    constexpr std::size_t fits = 60;
    const auto& players = game.setup().players;
    const std::string separator = narrator.line("words.list_separator");
    std::string names = join(players, separator);
    for (std::size_t shown = players.size() - 1; utf8_length(names) > fits && shown > 0; --shown) {
        const std::vector<std::string> first(players.begin(), players.begin() + shown);
        names = narrator.line("games.players_and_more",
                              Args{}
                                  .set("names", join(first, separator))
                                  .set("more", static_cast<long long>(players.size() - shown)));
    }
    return names;
}

// The page's title: the date played (the first `wall` time) and the
// players, so that a folder of pages says which game each is, not its file.
std::string html_title(const Narrator& narrator, const Game& game) {
    const std::string players = title_players(narrator, game);
    const auto date = played_on(narrator, game);
    if (!date) return narrator.line("games.html_title_undated", Args{}.set("players", players));
    return narrator.line("games.html_title", Args{}.set("date", *date).set("players", players));
}

}  // namespace

std::string render_html(const Narrator& narrator, const Chronicle& chronicle,
                        const std::string& /*file name, unused: the title is from the game*/) {
    const std::string heading = html_escape(html_title(narrator, chronicle.game));
    std::string out = fmt::format(
        "<!DOCTYPE html>\n<html lang=\"{0}\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<title>{1}</title>\n<style>{2}</style>\n</head>\n<body>\n<h1>{1}</h1>\n",
        html_escape(narrator.script().language()), heading, style);
    out += html_summary(narrator, chronicle);
    out += fmt::format("<section id=\"charts\">\n<h2>{}</h2>\n",
                       html_escape(narrator.line("html.chart_title")));
    out +=
        Chart(chronicle).svg(narrator) + "\n" + legend(narrator, chronicle.view) + "</section>\n";
    out += "<section id=\"chronicle\">\n";
    for (const auto& moment : chronicle.moments) out += html_moment(moment);
    out += fmt::format("</section>\n<section id=\"statistics\">\n<h2>{}</h2>\n<ul>\n",
                       html_escape(narrator.line("replay.statistics")));
    for (const auto& line : statistics_lines(narrator, chronicle))
        out += "<li>" + html_escape(line) + "</li>\n";
    out += "</ul>\n</section>\n</body>\n</html>\n";
    return out;
}

}  // namespace coyel::narration
