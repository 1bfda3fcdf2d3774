// `coyel new`: players, deck or dealt roles, house rules, save file; then the
// private walk-through of a random deal, then the game.
#include <fmt/format.h>
#include <unistd.h>

#include <ctime>
#include <random>
#include <variant>

#include "commands.hpp"
#include "coyel/text.hpp"
#include "line_reader.hpp"
#include "narrator.hpp"
#include "play.hpp"
#include "setup_args.hpp"

namespace coyel::cli {
namespace {

using narration::Args;

// What a step of the set-up gives: a value, or the exit code to leave with.
template <typename T>
using Step = std::variant<T, int>;

std::string default_save_path() {
    std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M", std::localtime(&now));
    return fmt::format("coyel-{}.json", stamp);
}

void print_problems(const std::vector<std::string>& problems) {
    for (const auto& problem : problems) fmt::print(stderr, "{}\n", problem);
}

// The players in seat order: from --players, or asked until valid.
Step<std::vector<std::string>> ask_players(const NewOptions& given, LineReader& reader,
                                           const narration::Narrator& narrator) {
    std::string text = given.players;
    for (;;) {
        if (text.empty()) {
            auto line = reader.read(narrator.line("new.players_prompt"));
            if (!line) {
                fmt::print(stderr, "{}\n", narrator.line("new.no_players"));
                return 1;
            }
            text = *line;
        }
        auto players = split_names(text);
        for (auto& name : players) name = std::string{trim(name)};
        auto problems = check_players(players);
        if (problems.empty()) return players;
        print_problems(problems);
        if (!given.players.empty()) return 2;
        text.clear();
    }
}

// House rules from --option, --minutes and --mode.
Refusal set_options(const NewOptions& given, Options& options) {
    std::vector<std::string> assignments = given.options;
    if (given.minutes) assignments.push_back(fmt::format("temperature.minutes={}", *given.minutes));
    if (!given.mode.empty()) assignments.push_back("temperature.mode=" + given.mode);
    for (const auto& assignment : assignments)
        if (auto problem = set_option_text(options, assignment)) return problem;
    return check_options(options);
}

// The moderator's own deal, card by card.
Step<std::vector<Role>> ask_cards(const Setup& setup, LineReader& reader,
                                  const narration::Narrator& narrator) {
    std::vector<Role> roles;
    for (const auto& name : setup.players) {
        for (;;) {
            auto line = reader.read(narrator.line("new.card_prompt", Args{}.set("name", name)));
            if (!line) return 1;
            auto role = trim(*line).empty() ? Role::citizen : role_from_id(to_lower(trim(*line)));
            if (role) {
                roles.push_back(*role);
                break;
            }
            fmt::print(stderr, "unknown role: citizen, fragile, carbon, ngo, ceo or banker\n");
        }
    }
    return roles;
}

// The cards: --roles, --manual, or a random deal of the deck.
Step<std::vector<Role>> deal_cards(const NewOptions& given, Setup& setup, LineReader& reader,
                                   const narration::Narrator& narrator) {
    if (!given.roles.empty()) {
        auto roles = parse_roles(given.roles, setup.players);
        if (!roles) {
            fmt::print(stderr, "{}\n", roles.error());
            return 2;
        }
        return *roles;
    }
    if (given.manual) return ask_cards(setup, reader, narrator);
    auto deck = given.deck.empty() ? default_deck(setup.player_count())
                                   : parse_deck(given.deck, setup.player_count());
    if (!deck) {
        fmt::print(stderr, "{}\n", deck.error());
        return 2;
    }
    if (auto problems = check_deck(*deck, setup.player_count()); !problems.empty()) {
        print_problems(problems);
        return 2;
    }
    fmt::print(
        "{}\n",
        narrator.line("new.deck",
                      Args{}.set("count", setup.player_count()).set("deck", describe_deck(*deck))));
    setup.seed =
        given.seed ? *given.seed : std::random_device{}() * 4294967296ULL + std::random_device{}();
    return deal(*deck, *setup.seed);
}

// Where to save; an existing file only with the moderator's yes.
Step<std::string> choose_path(const NewOptions& given, LineReader& reader,
                              const narration::Narrator& narrator) {
    std::string path = given.save.empty() ? default_save_path() : given.save;
    if (::access(path.c_str(), F_OK) != 0) return path;
    if (!reader.interactive()) {
        fmt::print(stderr, "{} exists: coyel never overwrites a save; choose another --save\n",
                   path);
        return 1;
    }
    auto line = reader.read(narrator.line("new.overwrite", Args{}.set("path", path)));
    if (!line || to_lower(trim(*line)) != "yes") {
        fmt::print("{}\n", narrator.line("new.nothing_written"));
        return 1;
    }
    return path;
}

// The private walk-through: one player's role at a time, the screen cleared
// between, so the moderator can hand out the matching cards.
bool walk_through(LineReader& reader, const Setup& setup, const narration::Narrator& narrator) {
    fmt::print("\n{}\n", narrator.line("new.walk_intro"));
    for (Seat seat = 0; seat < setup.player_count(); ++seat) {
        if (!reader.read(narrator.line("new.walk_show", Args{}.set("seat", seat + 1))))
            return false;
        fmt::print("\x1b[2J\x1b[H{}\n\n    {}\n\n",
                   narrator.line("new.walk_card",
                                 Args{}.set("seat", seat + 1).set("name", setup.players[seat])),
                   narrator.role_title(setup.roles[seat]));
        if (!reader.read(narrator.line("new.walk_hide"))) return false;
        fmt::print("\x1b[2J\x1b[H");
    }
    fmt::print("{}\n", narrator.line("new.walk_done"));
    return true;
}

}  // namespace

int run_new(const NewOptions& given) {
    auto reader = make_line_reader(stdin, stdout);
    const narration::Narrator narrator(narration::english_script());
    Setup setup;
    auto players = ask_players(given, *reader, narrator);
    if (auto* code = std::get_if<int>(&players)) return *code;
    setup.players = std::get<0>(std::move(players));
    if (auto problem = set_options(given, setup.options)) {
        fmt::print(stderr, "{}\n", problem->message);
        return 2;
    }
    auto roles = deal_cards(given, setup, *reader, narrator);
    if (auto* code = std::get_if<int>(&roles)) return *code;
    setup.roles = std::get<0>(std::move(roles));
    if (auto problems = check_setup(setup); !problems.empty()) {
        print_problems(problems);
        return 2;
    }
    auto path = choose_path(given, *reader, narrator);
    if (auto* code = std::get_if<int>(&path)) return *code;
    const std::string save_path = std::get<0>(std::move(path));
    auto lock = SaveLock::take(save_path);
    if (!lock) {
        fmt::print(stderr, "{}\n", lock.error());
        return 1;
    }
    Args saving;
    saving.set("path", save_path).set("seed", setup.seed ? std::to_string(*setup.seed) : "none");
    fmt::print("{}\n", narrator.line("new.saving", saving));
    if (setup.seed && reader->interactive() && !walk_through(*reader, setup, narrator)) return 1;
    return play(Game(std::move(setup)), save_path, *reader, std::move(*lock), !given.no_clear);
}

}  // namespace coyel::cli
