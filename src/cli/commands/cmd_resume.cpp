// `coyel resume [FILE]`: the game goes on exactly where it stopped, the
// walk-through of a random deal too when it was left before the last card.
// Without FILE, the newest unfinished game of the games folder.
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <utility>

#include "commands.hpp"
#include "coyel/text.hpp"
#include "group_render.hpp"
#include "language.hpp"
#include "narrator.hpp"
#include "repl/answer.hpp"
#include "repl/line_reader.hpp"
#include "repl/play.hpp"
#include "setup_args.hpp"
#include "store/save_file.hpp"
#include "store/saved_games.hpp"
#include "terminal/terminal.hpp"
#include "web/serve_server.hpp"

namespace coyel::cli {
namespace {

// Offers the cards not shown yet, as QR codes of their links with
// `phone_address`; false when the moderator left meanwhile.
bool finish_walk_through(Game& game, const std::string& path, LineReader& reader,
                         const narration::Narrator& narrator,
                         const std::optional<std::string>& phone_address, platform::Disk& disk) {
    const int shown = *game.cards_shown();
    narration::Args offer;
    offer.set("shown", shown).set("count", game.player_count()).set("seat", shown + 1);
    offer.set("previous", shown);
    if (shown > 0) print_wrapped(stdout, narrator.line("new.walk_back", offer));
    for (;;) {
        auto line = reader.read(narrator.line("new.walk_resume", offer));
        if (!line) return false;
        auto yes = parse_yes_no(*line, AnswerWords::from(narrator.script()));
        if (!yes) {
            fmt::print(stderr, "{}\n", yes.error());
            continue;
        }
        return !*yes || walk_through(game, path, reader, narrator, phone_address, disk);
    }
}

// What `resume` was asked, and the disk that holds its files.
struct Asked {
    bool clear;
    const ServeFlags& serving;
    const SpeechFlags& speech;
    const LanguageOptions& language;
    const SelfFlags& self;
    platform::Disk& disk;
};

int resume_path(const std::string& path, const Asked& asked);

// A saved game as the games folder's lines name it: its file, where it
// stands and its players.
narration::Args named(const ListedSave& saved, const narration::Narrator& narrator) {
    narration::Args args;
    args.set("file", saved.path)
        .set("players", narration::player_list(narrator, saved.game))
        .set("standing", narration::game_standing(narrator, saved.game));
    return args;
}

// `coyel resume` alone: the newest unfinished game of the games folder that
// no other coyel is playing, named; a newer one another coyel plays is named
// with its process, and is all there is when no other game is left.
int resume_newest(const Asked& asked) {
    platform::Disk& disk = asked.disk;
    const LanguageOptions& language = asked.language;
    std::string folder;
    auto games = read_games_folder(folder, print_skipped, disk);
    if (!games) {
        fmt::print(stderr, "{}\n", games.error());
        return 1;
    }
    std::vector<const ListedSave*> unfinished;
    for (const auto& saved : *games)
        if (!saved.game.over()) unfinished.push_back(&saved);
    const auto free =
        std::find_if(unfinished.begin(), unfinished.end(),
                     [&disk](const ListedSave* saved) { return !in_play(saved->path, disk); });
    for (auto at = unfinished.begin(); at != free; ++at) {  // played elsewhere, newer
        const auto chosen = choose_script_or_say(language, (*at)->language);
        if (!chosen) return 2;
        const narration::Narrator narrator(chosen->script());
        const std::string pid = played_by((*at)->path, disk).value_or("");
        print_wrapped(stderr,
                      narrator.line("games.in_play",
                                    named(**at, narrator)
                                        .set("pid", pid.empty() ? "none" : pid)
                                        .set("free", free != unfinished.end() ? "yes" : "no")));
    }
    if (free == unfinished.end()) {
        if (!unfinished.empty()) return 1;  // said above, with the process
        const auto chosen = choose_script_or_say(language);
        if (!chosen) return 2;
        print_wrapped(stderr,
                      narration::Narrator(chosen->script())
                          .line("games.none_unfinished", narration::Args{}.set("folder", folder)));
        return 1;
    }
    const ListedSave& saved = **free;
    const auto chosen = choose_script_or_say(language, saved.language);
    if (!chosen) return 2;
    const narration::Narrator narrator(chosen->script());
    print_wrapped(stdout, narrator.line("games.resuming", named(saved, narrator)));
    return resume_path(saved.path, asked);
}

// Whether to serve: --serve, or phone cards still to show (their links need
// a server). With phone cards and no server, one line says how to serve them.
bool wants_server(const Game& game, const ServeFlags& serving, bool walk_left,
                  const narration::Narrator& narrator) {
    if (serving.serve || game.setup().card_tokens.empty()) return serving.serve;
    if (walk_left) return true;
    print_wrapped(stdout, narrator.line("phone.serve_hint"));
    return false;
}

// The save says where the game serves now, at once: the next `resume
// --serve` serves there again, even if nothing else is saved before it.
void record_where_served(Game& game, const std::optional<LiveClock>& live, const std::string& path,
                         const Setup::Served& served, const narration::Narrator& narrator,
                         platform::Disk& disk) {
    if (game.setup().served == served) return;
    game.serve_at(served);
    if (const auto failed = write_atomically(disk, path, save_game(game, live)))
        fmt::print(stderr, "{}\n", narrator.refusal(*failed));  // said again at the next save
}

// The save `path`, told in the language it was told in unless `language` says.
int resume_path(const std::string& path, const Asked& asked) {
    platform::Disk& disk = asked.disk;
    auto lock = SaveLock::take(path, disk);  // before reading: the holder may be writing
    if (!lock) {
        fmt::print(stderr, "{}\n", lock.error());
        return 1;
    }
    auto saved = read_saved_game_on(disk, path);
    if (!saved) {
        fmt::print(stderr, "{}\n", saved.error());
        return 1;
    }
    // A file left by `save AS` says where the game went on: that one is resumed.
    if (saved->live && !saved->live->moved_to.empty() && saved->live->moved_to != path) {
        const std::string moved_to = saved->live->moved_to;
        const auto chosen = choose_script_or_say(asked.language, saved->live->language);
        if (!chosen) return 2;
        print_wrapped(stdout,
                      narration::Narrator(chosen->script())
                          .line("games.moved",
                                narration::Args{}.set("path", path).set("moved_to", moved_to)));
        return resume_path(moved_to, asked);
    }
    const auto chosen =
        choose_script_or_say(asked.language, saved->live ? saved->live->language : "");
    if (!chosen) return 2;
    const narration::Script& script = chosen->script();
    std::optional<Game> game{std::move(saved->game)};
    if (asked.self.self && game->setup().card_tokens.empty()) {
        fmt::print(stderr, "{}\n", narration::Narrator(script).line("self.needs_phone_cards"));
        return 2;
    }
    auto reader = make_line_reader(stdin, stdout);
    const narration::Narrator narrator(script);
    const bool walk_left = game->cards_shown() && reader->interactive();
    std::unique_ptr<ServerThread> server;
    ServeFlags serve = asked.serving;
    serve.serve = serve.serve || asked.self.self;  // with no moderator, the phones answer
    if (wants_server(*game, serve, walk_left, narrator)) {
        server =
            ServerThread::start(narrator, path, serve_at(serve.bind, serve.port, game->setup()));
        if (!server) return 1;
        record_where_served(*game, saved->live, path, server->served(), narrator, disk);
    }
    std::optional<std::string> phones;
    if (server && !game->setup().card_tokens.empty()) phones = server->address();
    if (walk_left && !finish_walk_through(*game, path, *reader, narrator, phones, disk)) return 1;
    auto [voice, by_itself] = as_started(game->setup(), asked.speech, asked.self);
    voice.resumed = true;  // the log goes on after the lines it holds
    return play(std::move(*game), path, *reader, std::move(*lock), asked.clear, script, voice,
                server ? &server->inbox() : nullptr, by_itself,
                server ? std::optional(server->address()) : std::nullopt, disk);
}

}  // namespace

int run_resume(const std::string& path, bool clear, const ServeFlags& serving,
               const SpeechFlags& speech, const LanguageOptions& language, const SelfFlags& self,
               platform::Disk& disk) {
    const auto chosen = choose_script_or_say(language);
    if (!chosen) return 2;  // a wrong --lang is told first
    if (!talk_allowed(self, narration::Narrator(chosen->script()))) return 2;
    const Asked asked{clear, serving, speech, language, self, disk};
    return path.empty() ? resume_newest(asked) : resume_path(path, asked);
}

}  // namespace coyel::cli
