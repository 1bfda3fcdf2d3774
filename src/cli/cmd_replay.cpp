// `coyel replay FILE`: the game told again from its log, for review, in the
// narrator's words (the REPL's).
#include <fmt/format.h>

#include <filesystem>

#include "app.hpp"
#include "chronicle.hpp"
#include "coyel/table_view.hpp"
#include "line_reader.hpp"
#include "render.hpp"
#include "save_file.hpp"
#include "terminal.hpp"
#include "views.hpp"

namespace coyel::cli {
namespace {

using narration::Args;
using narration::Chronicle;
using narration::Moment;
using narration::Narrator;
using narration::View;

struct ReplayOptions {
    std::string path;
    bool step = false;
    int round = 0;
    std::optional<std::size_t> upto;
    std::string view = "moderator";
    bool markdown = false;
    std::string html;
};

int write_html(const Narrator& narrator, const Chronicle& chronicle, const ReplayOptions& given,
               const std::string& title) {
    if (std::filesystem::exists(given.html) &&
        std::filesystem::equivalent(given.html, given.path)) {
        fmt::print(stderr, "{}: that is the save itself: choose another file for the page\n",
                   given.html);
        return 1;
    }
    if (auto failure = write_atomically(given.html, render_html(narrator, chronicle, title))) {
        fmt::print(stderr, "{}\n", *failure);
        return 1;
    }
    fmt::print("{}\n", narrator.line("replay.wrote", Args{}.set("path", given.html)));
    return 0;
}

// The moments from round `given.round` on (the end always), one at a time
// with --step; then the statistics, and with --upto the game there.
void print_text(const Narrator& narrator, const Chronicle& chronicle, const ReplayOptions& given,
                const Game& game) {
    const bool colour = colour_enabled(stdout);
    auto reader = make_line_reader(stdin, stdout);
    Args header;
    header.set("path", given.path)
        .set("players", game.player_count())
        .set("view", given.view)
        .set("upto", given.upto ? std::to_string(*given.upto) : "none");
    fmt::print("{}\n", narrator.line("replay.header", header));
    for (const auto& moment : chronicle.moments) {
        const bool end = moment.kind == Moment::Kind::end || moment.kind == Moment::Kind::roles;
        if (moment.round < given.round && !end) continue;
        fmt::print("{}", render_text(moment, colour));
        if (given.step && moment.kind != Moment::Kind::heading &&
            !reader->read(narrator.line("replay.enter")))
            break;
    }
    fmt::print("{}", render_statistics_text(narrator, chronicle));
    if (!given.upto) return;
    const auto entry = static_cast<long long>(std::min(*given.upto, game.log().size()));
    fmt::print("\n{}\n", narrator.line("replay.after_entry", Args{}.set("entry", entry)));
    fmt::print("{}", chronicle.view == View::moderator
                         ? moderator_view_text(narrator, chronicle.game, colour)
                         : table_view_text(narrator, table_view(chronicle.game), colour));
}

int run_replay(const ReplayOptions& given) {
    auto game = read_save_file(given.path);
    if (!game) {
        fmt::print(stderr, "{}\n", game.error());
        return 1;
    }
    const Narrator narrator(narration::english_script());
    const View view = given.view == "table" ? View::table : View::moderator;
    const Chronicle chronicle = make_chronicle(narrator, *game, view, given.upto);
    const std::string title = std::filesystem::path(given.path).filename().string();
    if (!given.html.empty()) return write_html(narrator, chronicle, given, title);
    if (given.markdown)
        fmt::print("{}", render_markdown(narrator, chronicle, title));
    else
        print_text(narrator, chronicle, given, *game);
    return 0;
}

}  // namespace

void add_replay_command(CLI::App& app, int& exit_code) {
    auto given = std::make_shared<ReplayOptions>();
    auto* command =
        app.add_subcommand("replay", "Tell a saved game again, round by round, for review");
    command->add_option("FILE", given->path, "The save file")->required();
    command->add_flag("--step", given->step,
                      "Wait for Enter between events (reviewing at the table)");
    command->add_option("--round", given->round, "Start at round N");
    command->add_option("--upto", given->upto, "Stop after log entry K and show the game there");
    command
        ->add_option("--view", given->view,
                     "moderator (everything) or table (what the players knew)")
        ->check(CLI::IsMember({"moderator", "table"}));
    command->add_flag("--markdown", given->markdown, "Print the chronicle as Markdown, to share");
    command->add_option("--html", given->html, "Write one self-contained HTML page with charts");
    command->footer(
        "Examples:\n  coyel replay game.json --view table --step\n"
        "  coyel replay game.json --markdown > game.md\n  coyel replay game.json --html game.html");
    command->callback([given, &exit_code] { exit_code = run_replay(*given); });
}

}  // namespace coyel::cli
