// `coyel replay FILE`: the game told again from its log, for review.
#include <fmt/format.h>

#include <filesystem>

#include "app.hpp"
#include "chronicle.hpp"
#include "coyel/save.hpp"
#include "line_reader.hpp"
#include "render.hpp"
#include "save_file.hpp"
#include "terminal.hpp"
#include "view.hpp"

namespace coyel::cli {
namespace {

struct ReplayOptions {
    std::string path;
    bool step = false;
    int round = 0;
    std::optional<std::size_t> upto;
    std::string view = "moderator";
    bool markdown = false;
    std::string html;
};

int run_replay(const ReplayOptions& given) {
    auto game = load_game_file(given.path);
    if (!game) {
        fmt::print(stderr, "{}\n", game.error());
        return 1;
    }
    const View view = given.view == "table" ? View::table : View::moderator;
    const Chronicle chronicle = make_chronicle(*game, given.upto);
    const std::string title = std::filesystem::path(given.path).filename().string();

    if (!given.html.empty()) {
        if (std::filesystem::exists(given.html) &&
            std::filesystem::equivalent(given.html, given.path)) {
            fmt::print(stderr, "{}: that is the save itself: choose another file for the page\n",
                       given.html);
            return 1;
        }
        if (auto failure = write_atomically(given.html, render_html(chronicle, view, title))) {
            fmt::print(stderr, "{}\n", *failure);
            return 1;
        }
        fmt::print("Wrote {}.\n", given.html);
        return 0;
    }
    if (given.markdown) {
        fmt::print("{}", render_markdown(chronicle, view, title));
        return 0;
    }

    const bool colour = colour_enabled(stdout);
    auto reader = make_line_reader(stdin, stdout);
    fmt::print("{}: {} players, {}{}\n", given.path, game->player_count(),
               view == View::moderator ? "the moderator's view" : "the table's view",
               given.upto ? fmt::format(", up to log entry {}", *given.upto) : "");
    for (const auto& moment : chronicle.moments) {
        if (moment.round < given.round && moment.kind != Moment::Kind::end) continue;
        const std::string text = render_text(moment, view, colour);
        if (text.empty()) continue;
        fmt::print("{}", text);
        if (given.step && moment.kind != Moment::Kind::heading && !reader->read("  (Enter) "))
            break;
    }
    fmt::print("{}", render_statistics_text(chronicle.statistics, view));
    if (given.upto) {
        fmt::print("\nThe game after log entry {}:\n", std::min(*given.upto, game->log().size()));
        fmt::print("{}", view == View::moderator ? moderator_view(chronicle.game, colour)
                                                 : table_view(chronicle.game, colour));
    }
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
