// `coyel replay FILE`: the game told again from its log, for review, in the
// narrator's words (the REPL's).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>

#include "chronicle.hpp"
#include "commands.hpp"
#include "coyel/observe.hpp"
#include "language.hpp"
#include "render.hpp"
#include "repl/line_reader.hpp"
#include "store/save_file.hpp"
#include "store/saved_games.hpp"
#include "terminal/terminal.hpp"
#include "terminal/views.hpp"

namespace coyel::cli {
namespace {

using narration::Args;
using narration::Chronicle;
using narration::Narrator;
using narration::StoryMoment;
using narration::View;

int write_html(const Narrator& narrator, const Chronicle& chronicle, const ReplayOptions& given,
               const std::string& title, platform::Disk& disk) {
    if (disk.same(given.html, given.path)) {
        fmt::print(stderr, "{}: that is the save itself: choose another file for the page\n",
                   given.html);
        return 1;
    }
    if (auto failure =
            write_atomically(disk, given.html, render_html(narrator, chronicle, title))) {
        fmt::print(stderr, "{}\n", narrator.refusal(*failure));
        return 1;
    }
    fmt::print("{}\n", narrator.line("replay.wrote", Args{}.set("path", given.html)));
    return 0;
}

// A value out of range is refused as `--view foo` is (app.cpp): with the exit
// code of CLI11's ValidationError, whose large header only app.cpp includes.
constexpr int usage_error = 105;

// --round and --upto name a round and an entry the game has; anything else
// would print a chronicle that silently shows nothing, or everything.
std::optional<std::string> range_error(const ReplayOptions& given, const Game& game,
                                       const Chronicle& chronicle, const Narrator& narrator) {
    const std::size_t entries = game.log().size();
    // Signed: CLI11 reads "--upto -1" as the largest size_t.
    if (given.upto && (*given.upto < 1 || *given.upto > entries))
        return narrator.line("replay.upto_range",
                             Args{}
                                 .set("entries", static_cast<long long>(entries))
                                 .set("upto", static_cast<long long>(*given.upto)));
    // 0 is the default: from the start. Rounds count from 1 even before Night 1.
    const int rounds = std::max(1, chronicle.statistics.rounds);
    if (given.round < 0 || given.round > rounds)
        return narrator.line("replay.round_range",
                             Args{}
                                 .set("rounds", rounds)
                                 .set("round", given.round)
                                 .set("upto", given.upto ? std::to_string(*given.upto) : "none"));
    return std::nullopt;
}

// `q` (or `quit`) at the --step prompt stops the replay.
bool asks_to_stop(std::string answer) {
    std::erase_if(answer, [](unsigned char c) { return std::isspace(c) != 0; });
    std::transform(answer.begin(), answer.end(), answer.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return answer == "q" || answer == "quit";
}

// The moments from round `given.round` on (the end always), one at a time
// with --step (q stops there, with nothing more); then the statistics, and
// with --upto the game there.
void print_text(const Narrator& narrator, const Chronicle& chronicle, const ReplayOptions& given,
                const Game& game) {
    const bool colour = colour_enabled(stdout);
    auto reader = make_line_reader(stdin, stdout);
    Args header;
    header.set("path", given.path)
        .set("players", game.player_count())
        .set("view", chronicle.view == View::table ? "table" : "moderator")
        .set("upto", given.upto ? std::to_string(*given.upto) : "none");
    fmt::print("{}\n", narrator.line("replay.header", header));
    if (const auto span = played_span(game))
        fmt::print("{}\n", narrator.played(span->first, span->last));
    for (const auto& moment : chronicle.moments) {
        const bool end =
            moment.kind == StoryMoment::Kind::end || moment.kind == StoryMoment::Kind::roles;
        if (moment.round < given.round && !end) continue;
        fmt::print("{}", render_text(moment, colour));
        if (!given.step || moment.kind == StoryMoment::Kind::heading) continue;
        const auto answer = reader->read(narrator.line("replay.enter"));
        if (!answer) break;
        if (asks_to_stop(*answer)) return;
    }
    fmt::print("{}", render_statistics_text(narrator, chronicle));
    if (!given.upto) return;
    const auto entry = static_cast<long long>(std::min(*given.upto, game.log().size()));
    fmt::print("\n{}\n", narrator.line("replay.after_entry", Args{}.set("entry", entry)));
    fmt::print("{}", chronicle.view == View::moderator
                         ? moderator_view_text(narrator, chronicle.game, colour)
                         : table_view_text(narrator, seen_by_table(chronicle.game), colour));
}

// The formats to share show what the players know while the game is not
// over; asked for, the moderator's view of one comes with a caution.
View view_to_tell(const ReplayOptions& given, const Game& game, const Narrator& narrator) {
    const bool shared = given.markdown || !given.html.empty();
    if (given.view.empty()) return shared && !game.over() ? View::table : View::moderator;
    if (given.view == "table") return View::table;
    if (shared && !game.over())
        fmt::print(stderr, "{}\n", narrator.line("replay.unfinished_moderator"));
    return View::moderator;
}

}  // namespace

int run_replay(const ReplayOptions& given, platform::Disk& disk) {
    const auto chosen = choose_script_or_say(given.language);
    if (!chosen) return usage_error;
    auto game = read_save_file(given.path, disk);
    if (!game) {
        fmt::print(stderr, "{}\n", game.error());
        return 1;
    }
    const Narrator narrator(chosen->script());
    const View view = view_to_tell(given, *game, narrator);
    const Chronicle chronicle = make_chronicle(narrator, *game, view, given.upto);
    if (auto error = range_error(given, *game, chronicle, narrator)) {
        fmt::print(stderr, "{}\n", *error);
        return usage_error;
    }
    const std::string title = platform::name_of(given.path);
    if (!given.html.empty()) return write_html(narrator, chronicle, given, title, disk);
    if (given.markdown)
        fmt::print("{}", render_markdown(narrator, chronicle, title));
    else
        print_text(narrator, chronicle, given, *game);
    return 0;
}

}  // namespace coyel::cli
