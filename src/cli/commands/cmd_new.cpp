// `coyel new`: players, deck or dealt roles, house rules, save file; then the
// private walk-through of a random deal, then the game.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <optional>
#include <random>
#include <thread>
#include <variant>

#include "balance_words.hpp"
#include "commands.hpp"
#include "coyel/text.hpp"
#include "language.hpp"
#include "narrator.hpp"
#include "phones/tokens.hpp"
#include "repl/answer.hpp"
#include "repl/line_reader.hpp"
#include "repl/play.hpp"
#include "setup_args.hpp"
#include "simulate.hpp"
#include "store/saved_games.hpp"
#include "terminal/terminal.hpp"
#include "web/serve_server.hpp"

namespace coyel::cli {
namespace {

using narration::Args;

// What a step of the set-up gives: a value, or the exit code to leave with.
template <typename T>
using Step = std::variant<T, int>;

void print_problems(const std::vector<Error>& problems, const narration::Narrator& narrator) {
    for (const auto& problem : problems) fmt::print(stderr, "{}\n", narrator.refusal(problem));
}

// The players in seat order: from --players, or asked until valid.
Step<std::vector<std::string>> ask_players(const NewOptions& given, LineReader& reader,
                                           const narration::Narrator& narrator) {
    std::string text = given.players;
    for (;;) {
        if (text.empty()) {
            auto line = reader.read(narrator.line("new.players_prompt"));
            if (!line) {
                if (reader.interactive()) fmt::print("\n");  // Ctrl-D: off the prompt's line
                fmt::print(stderr, "{}\n", narrator.line("new.no_players"));
                return 1;
            }
            text = *line;
        }
        auto players = split_names(text);
        for (auto& name : players) name = std::string{trim(name)};
        auto problems = check_players(players);
        if (problems.empty()) return players;
        print_problems(problems, narrator);
        if (!given.players.empty()) return 2;
        text.clear();
    }
}

// " (did you mean "émission"?)" in the script's words, or "" for no word.
std::string suggestion(const std::string& word, const narration::Narrator& narrator) {
    return word.empty() ? "" : narrator.line("refusal.did_you_mean", Args{}.set("name", word));
}

// One typed card, or nullopt after saying why it is not one.
std::optional<Role> read_card(const std::string& typed, const narration::Narrator& narrator) {
    const CardNames card_names = CardNames::of(narrator);
    auto roles = match_card(typed, card_names);
    if (roles.size() == 1) return roles.front();
    std::vector<std::string> names;
    if (roles.empty())
        for (const std::string& word : card_names.words) names.push_back(word);
    for (Role role : roles) names.push_back(narrator.role_title(role));
    const char* key = roles.empty() ? "new.card_unknown" : "new.card_ambiguous";
    fmt::print(stderr, "{}\n",
               narrator.line(key, Args{}
                                      .set("typed", typed)
                                      .set("cards", narrator.list_or(names))
                                      .set("hint", suggestion(card_hint(typed), narrator))));
    return std::nullopt;
}

// The seat before `seat` already dealt `role`, when the deck holds only one.
std::optional<Seat> unique_taken(const std::vector<Role>& cards, Seat seat, Role role) {
    if (!is_unique(role)) return std::nullopt;
    for (Seat earlier = 0; earlier < seat; ++earlier)
        if (cards[earlier] == role) return earlier;
    return std::nullopt;
}

// The moderator's own deal, card by card from seat `from`, each card checked
// as it comes: `back` returns to the card before; Enter keeps a card dealt
// on an earlier pass (`cards` holds those), or deals a citizen. False when
// the input ends.
bool enter_cards(const std::vector<std::string>& players, std::vector<Role>& cards, Seat from,
                 LineReader& reader, const narration::Narrator& narrator) {
    const AnswerWords words = AnswerWords::from(narrator.script());
    for (Seat seat = from; seat < std::ssize(players);) {
        const Role kept = seat < std::ssize(cards) ? cards[seat] : Role::citizen;
        Args prompt;
        prompt.set("name", players[seat])
            .set("card", CardNames::of(narrator).words[static_cast<std::size_t>(kept)]);
        auto line = reader.read(narrator.line("new.card_prompt", prompt));
        if (!line) return false;
        const std::string typed{trim(*line)};
        // A card's first letters win over a short "back": "b" is the banker.
        if (is_word(words.back, typed) && match_card(typed, CardNames::of(narrator)).size() != 1) {
            if (seat == 0) fmt::print(stderr, "{}\n", narrator.line("new.card_first"));
            seat = std::max(seat - 1, 0);
            continue;
        }
        auto role = typed.empty() ? std::optional<Role>{kept} : read_card(typed, narrator);
        if (!role) continue;
        if (auto holder = unique_taken(cards, seat, *role)) {
            Args taken;
            taken.set("holder", players[*holder])
                .set("card", narrator.role_with_article(*role))
                .set("name", players[seat]);
            fmt::print(stderr, "{}\n", narrator.line("new.card_taken", taken));
            continue;
        }
        if (seat < std::ssize(cards))
            cards[seat] = *role;
        else
            cards.push_back(*role);
        ++seat;
    }
    return true;
}

enum class Verdict { start, back, quit };

void show_deck(const Setup& setup, const Deck& deck, const narration::Narrator& narrator);
bool show_estimate(const Setup& setup, const Deck& deck, bool interactive,
                   const narration::Narrator& narrator);

// The whole deal on screen, with the deck, the length and the lab's word on
// them, and the moderator's word on it (`quit`: the way out of an unfair deal).
Verdict confirm_deal(const Setup& setup, const std::vector<Role>& cards, LineReader& reader,
                     const narration::Narrator& narrator) {
    const auto& players = setup.players;
    fmt::print("\n{}\n", narrator.line("new.deal_title"));
    for (Seat seat = 0; seat < std::ssize(players); ++seat)
        fmt::print("{}\n", narrator.line("new.deal_line",
                                         Args{}
                                             .set("seat", seat + 1)
                                             .set("name", players[seat])
                                             .set("card", narrator.role_title(cards[seat]))));
    const auto problems = check_deck(deck_of(cards), static_cast<int>(players.size()));
    print_problems(problems, narrator);
    if (problems.empty()) {
        show_deck(setup, deck_of(cards), narrator);
        (void)show_estimate(setup, deck_of(cards), true, narrator);
    }
    const AnswerWords words = AnswerWords::from(narrator.script());
    for (;;) {
        auto line =
            reader.read(narrator.line(problems.empty() ? "new.deal_confirm" : "new.deal_fix"));
        if (!line) return Verdict::quit;
        if (is_word(words.yes, *line) && problems.empty()) return Verdict::start;
        if (is_word(words.back, *line)) return Verdict::back;
        if (is_word(words.quit, *line)) return Verdict::quit;
        if (problems.empty()) fmt::print(stderr, "{}\n", narrator.line("new.deal_answer"));
        print_problems(problems, narrator);
    }
}

// Leaves before the game starts: no card typed or shown stays on screen.
int leave_unstarted(const LineReader& reader, const narration::Narrator& narrator) {
    if (reader.interactive()) clear_screen();
    fmt::print("{}\n", narrator.line("new.not_started"));
    return 1;
}

// The moderator's deal: --roles, or --manual card by card. On a terminal it
// is shown whole and confirmed before the game starts; a pipe is not asked,
// so a script still gives one answer per line.
Step<std::vector<Role>> choose_cards(const NewOptions& given, const Setup& setup,
                                     LineReader& reader, const narration::Narrator& narrator) {
    std::vector<Role> cards;
    if (!given.roles.empty()) {
        std::vector<CardCorrection> corrected;
        auto roles = parse_roles(given.roles, setup.players, CardNames::of(narrator), &corrected);
        if (!roles) {
            fmt::print(stderr, "{}\n", narrator.refusal(roles.failure()));
            return 2;
        }
        tell_corrections(corrected, narrator);
        cards = *roles;
    }
    Seat from = static_cast<Seat>(cards.size());
    for (;;) {
        if (!enter_cards(setup.players, cards, from, reader, narrator))
            return leave_unstarted(reader, narrator);
        if (!reader.interactive()) return cards;
        switch (confirm_deal(setup, cards, reader, narrator)) {
            case Verdict::start: clear_screen(); return cards;
            case Verdict::back: from = setup.player_count() - 1; break;
            case Verdict::quit: return leave_unstarted(reader, narrator);
        }
    }
}

int rounded_percent(double fraction) { return static_cast<int>(std::lround(100 * fraction)); }

std::string mode_of(const Options& options) { return std::string{id_of(options.temperature_mode)}; }

// The band outside which `coyel new` warns: a chance a designer would call
// unfair (docs/rulings.md), said in the warning.
constexpr double unfair_low = 0.40, unfair_high = 0.60;
// The band a suggested way out must reach, on the same few games.
constexpr double suggestion_band = 0.05;

// `prefix`, `prefix_low` and `prefix_high`: a chance and its 95% interval, in whole percents.
void set_chance(Args& args, const std::string& prefix, const sim::Summary& summary) {
    args.set(prefix, rounded_percent(summary.ecosystems_win))
        .set(prefix + "_low", rounded_percent(summary.ci95.low))
        .set(prefix + "_high", rounded_percent(summary.ci95.high));
}

// One line when the lab puts the deal outside 40-60%: the nearest fair
// length for this deck, else the count's fair default deck and length.
void warn_if_unfair(const sim::SimConfig& config, const sim::RunSize& size,
                    const sim::Summary& estimate, const narration::Narrator& narrator) {
    Args args;
    set_chance(args, "percent", estimate);
    args.set("count", config.players)
        .set("mode", mode_of(config.options))
        .set("low_band", rounded_percent(unfair_low))
        .set("high_band", rounded_percent(unfair_high));
    if (auto length = sim::nearest_fair_length(config, size, suggestion_band)) {
        args.set("minutes", length->minutes);
        set_chance(args, "fair", length->summary);
        print_wrapped(stdout, narrator.line("new.fair_warning_minutes", args));
        return;
    }
    sim::SimConfig fair = config;
    fair.deck = *default_deck(config.players);
    fair.options.temperature_minutes = default_minutes(config.players);
    const auto fair_win = sim::simulate(fair, size.games, size.seed, size.threads);
    const bool helps = sim::distance_from_fair(fair_win) <= suggestion_band &&
                       (fair.deck != config.deck || fair.options != config.options);
    if (!helps) {
        print_wrapped(stdout, narrator.line("new.fair_warning", args));
        return;
    }
    args.set("deck", deck_argument(fair.deck)).set("minutes", fair.options.temperature_minutes);
    set_chance(args, "fair", fair_win);
    print_wrapped(stdout, narrator.line("new.fair_warning_deck", args));
}

// The deck and the length the game plays, whatever chose them (the
// defaults, --deck, --roles, --manual, --minutes, --mode).
void show_deck(const Setup& setup, const Deck& deck, const narration::Narrator& narrator) {
    const int count = setup.player_count();
    const int minutes = setup.options.temperature_minutes;
    print_wrapped(
        stdout, narrator.line("new.deck",
                              Args{}
                                  .set("count", count)
                                  .set("deck", narrator.deck(deck))
                                  .set("mode", mode_of(setup.options))
                                  .set("minutes", minutes)
                                  .set("given", minutes == default_minutes(count) ? "no" : "yes")));
}

// The balance lab's quick estimate for the deck and the house rules: a few
// thousand table-policy games from a fixed seed, so a deck and length always
// show the same figure, whatever the deal. The estimate shows on a terminal
// only (transcripts need not show it); an unfair deal is warned of anywhere,
// in place of the estimate. True when it was.
bool show_estimate(const Setup& setup, const Deck& deck, bool interactive,
                   const narration::Narrator& narrator) {
    sim::SimConfig config;
    config.players = setup.player_count();
    config.deck = deck;
    config.options = setup.options;
    const sim::RunSize size{2000, 1,
                            std::max(1, static_cast<int>(std::thread::hardware_concurrency()))};
    const auto summary = sim::simulate(config, size.games, size.seed, size.threads);
    const bool fair = summary.ecosystems_win >= unfair_low && summary.ecosystems_win <= unfair_high;
    if (interactive && fair) {  // an unfair deal's warning gives the figure itself
        Args args;
        set_chance(args, "percent", summary);
        args.set("games", static_cast<int>(size.games))
            .set("mode", mode_of(config.options))
            .set("command",
                 balance::figures_command(config, config.deck,
                                          config.options.temperature_mode == TemperatureMode::clock
                                              ? config.options.temperature_minutes
                                              : 0,
                                          size.games, size.seed));
        print_wrapped(stdout, narrator.line("new.deck_estimate", args));
    }
    if (!fair) warn_if_unfair(config, size, summary, narrator);
    return !fair;
}

// Every deal checked: the deck and length stated, the lab's estimate, and
// after an unfair one, on a terminal, the way out before anything is
// written. False when the moderator leaves.
bool check_deal(const Setup& setup, const Deck& deck, LineReader& reader,
                const narration::Narrator& narrator) {
    show_deck(setup, deck, narrator);
    if (!show_estimate(setup, deck, reader.interactive(), narrator) || !reader.interactive())
        return true;
    const AnswerWords words = AnswerWords::from(narrator.script());
    for (;;) {
        auto line = reader.read(narrator.line("new.start_anyway"));
        if (!line || is_word(words.no, *line)) return false;
        if (is_word(words.yes, *line)) return true;
    }
}

// The cards: --roles, --manual, or a random deal of the deck; each checked.
Step<std::vector<Role>> deal_cards(const NewOptions& given, Setup& setup, LineReader& reader,
                                   const narration::Narrator& narrator) {
    if (!given.roles.empty() || given.manual) {
        // On a terminal the deal's confirmation checks it; in a pipe, here.
        auto chosen = choose_cards(given, setup, reader, narrator);
        auto* cards = std::get_if<std::vector<Role>>(&chosen);
        if (cards && !reader.interactive() &&
            check_deck(deck_of(*cards), setup.player_count()).empty())
            (void)check_deal(setup, deck_of(*cards), reader, narrator);
        return chosen;
    }
    // The cards in any built-in script's words: "carbone=2,ONG,PDG".
    std::vector<CardCorrection> corrected;
    auto deck = given.deck.empty()
                    ? default_deck(setup.player_count())
                    : parse_deck(card_ids(given.deck, &corrected), setup.player_count());
    if (!deck) {
        fmt::print(stderr, "{}\n", narrator.refusal(deck.failure()));
        return 2;
    }
    tell_corrections(corrected, narrator);
    if (auto problems = check_deck(*deck, setup.player_count()); !problems.empty()) {
        print_problems(problems, narrator);
        return 2;
    }
    if (!check_deal(setup, *deck, reader, narrator)) {
        fmt::print("{}\n", narrator.line("new.not_started"));  // no card shown: nothing to clear
        return 1;
    }
    setup.seed =
        given.seed ? *given.seed : std::random_device{}() * 4294967296ULL + std::random_device{}();
    return deal(*deck, *setup.seed);
}

// "friday-2.json" beside "friday.json": the first name not taken.
std::string free_path_like(const std::string& path, platform::Disk& disk) {
    const auto slash = path.rfind('/');
    auto dot = path.rfind('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) dot = path.size();
    for (int n = 2;; ++n) {
        std::string free = fmt::format("{}-{}{}", path.substr(0, dot), n, path.substr(dot));
        if (!path_exists(free, disk)) return free;
    }
}

// Where to save: --save, or a new file in the games folder. No path writes
// over an existing save: a terminal is offered a free name beside it. A new
// file's name holds `clock`'s wall time.
Step<std::string> choose_path(const NewOptions& given, const std::vector<std::string>& players,
                              LineReader& reader, const narration::Narrator& narrator,
                              platform::Disk& disk, const platform::Clock& clock) {
    if (given.save.empty()) {
        auto folder = make_games_folder(disk);
        if (!folder) {
            fmt::print(stderr, "{}\n", folder.error());
            return 1;
        }
        return new_game_path(*folder, players, std::chrono::system_clock::to_time_t(clock.wall()),
                             disk);
    }
    const std::string& path = given.save;
    if (!path_exists(path, disk)) return path;
    const Args names = Args{}.set("path", path).set("free", free_path_like(path, disk));
    if (!reader.interactive()) {
        fmt::print(stderr, "{}\n", narrator.line("new.save_exists", names));
        return 1;
    }
    auto line = reader.read(narrator.line("new.offer_free_name", names));
    if (!line || !is_word(AnswerWords::from(narrator.script()).yes, *line)) {
        fmt::print("{}\n", narrator.line("new.nothing_written"));
        return 1;
    }
    return free_path_like(path, disk);
}

// Phone cards are the walk-through's, which only a random deal has.
bool phone_cards_allowed(const NewOptions& given, const narration::Narrator& narrator) {
    if (given.cards != "phone" || (given.roles.empty() && !given.manual)) return true;
    fmt::print(stderr, "{}\n",
               narrator.line("new.phone_random_deal",
                             Args{}.set("flag", given.self.self ? "--self" : "--cards phone")));
    return false;
}

// The server of --serve, which --cards phone implies (its links need it):
// nullptr when not asked; false once the reason is printed. Where it listens
// goes into the setup, so that `resume` serves the same links.
bool serve_if_asked(const NewOptions& given, const std::string& save_path,
                    const narration::Narrator& narrator, std::unique_ptr<ServerThread>& serving,
                    Setup& setup) {
    if (!given.serving.serve && given.cards != "phone") return true;
    serving = ServerThread::start(narrator, save_path,
                                  serve_at(given.serving.bind, given.serving.port, setup));
    if (serving) setup.served = serving->served();
    return serving != nullptr;
}

// How `--self` starts, kept in the setup for `resume --self`; the voice's
// log by its whole path, so that a resume from elsewhere writes the same file.
Setup::SelfPlay self_play_of(const NewOptions& given, platform::Disk& disk) {
    std::string log = given.speech.log;
    if (!log.empty()) log = disk.full_path(log);
    return Setup::SelfPlay{given.self.talk_or_default(), given.speech.speak, log};
}

}  // namespace

int run_new(const NewOptions& asked, platform::Disk& disk, const platform::Clock& clock) {
    NewOptions given = asked;
    if (given.self.self) given.cards = "phone";  // with no moderator, the phones answer
    const auto chosen = choose_script_or_say(given.language);
    if (!chosen) return 2;
    auto reader = make_line_reader(stdin, stdout);
    const narration::Narrator narrator(chosen->script());
    if (!phone_cards_allowed(given, narrator) || !talk_allowed(given.self, narrator)) return 2;
    Setup setup;
    auto players = ask_players(given, *reader, narrator);
    if (auto* code = std::get_if<int>(&players)) return *code;
    setup.players = std::get<0>(std::move(players));
    // The count's fair length, unless the moderator gives one (data/decks.json).
    setup.options.temperature_minutes = default_minutes(setup.player_count());
    if (auto problem = set_options(given.options, given.minutes, given.mode, setup.options)) {
        fmt::print(stderr, "{}\n", narrator.refusal(*problem));
        return 2;
    }
    auto roles = deal_cards(given, setup, *reader, narrator);
    if (auto* code = std::get_if<int>(&roles)) return *code;
    setup.roles = std::get<0>(std::move(roles));
    if (auto problems = check_setup(setup); !problems.empty()) {
        print_problems(problems, narrator);
        return 2;
    }
    if (given.cards == "phone") {
        auto tokens = fresh_card_tokens(setup.player_count());
        if (!tokens) {
            fmt::print(stderr, "{}\n", tokens.error());
            return 1;
        }
        setup.card_tokens = std::move(*tokens);
    }
    if (given.self.self) setup.self_play = self_play_of(given, disk);
    auto path = choose_path(given, setup.players, *reader, narrator, disk, clock);
    if (auto* code = std::get_if<int>(&path)) return *code;
    const std::string save_path = std::get<0>(std::move(path));
    auto lock = SaveLock::take(save_path, disk);
    if (!lock) {
        fmt::print(stderr, "{}, or choose another --save\n", lock.error());
        return 1;
    }
    std::unique_ptr<ServerThread> serving;
    if (!serve_if_asked(given, save_path, narrator, serving, setup)) return 1;
    Args saving;
    saving.set("path", save_path).set("seed", setup.seed ? std::to_string(*setup.seed) : "none");
    print_wrapped(stdout, narrator.line("new.saving", saving));
    Game game(std::move(setup));
    if (game.setup().seed && reader->interactive()) {
        (void)game.set_cards_shown(0);
        std::optional<std::string> phones;
        if (!game.setup().card_tokens.empty()) phones = serving->address();
        if (!walk_through(game, save_path, *reader, narrator, phones, disk)) return 1;
    }
    return play(std::move(game), save_path, *reader, std::move(*lock), !given.no_clear,
                chosen->script(), given.speech, serving ? &serving->inbox() : nullptr, given.self,
                serving ? std::optional(serving->address()) : std::nullopt, disk);
}

}  // namespace coyel::cli
