// `coyel new`: players, deck or dealt roles, house rules, save file; then the
// private walk-through of a random deal, then the game.
#include <fmt/format.h>
#include <unistd.h>

#include <ctime>
#include <random>

#include "app.hpp"
#include "coyel/text.hpp"
#include "line_reader.hpp"
#include "play.hpp"
#include "setup_args.hpp"

namespace coyel::cli {
namespace {

struct NewOptions {
    std::string players;
    std::string deck;
    std::optional<std::uint64_t> seed;
    std::string roles;
    bool manual = false;
    std::vector<std::string> options;
    std::optional<int> minutes;
    std::string mode;
    std::string save;
};

// Asks until the answer passes `check` (which returns the problems); in a
// script, a refused answer reads the next line, like any other prompt.
std::optional<std::string> ask(LineReader& reader, const std::string& prompt) {
    return reader.read(prompt);
}

std::string default_save_path() {
    std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M", std::localtime(&now));
    return fmt::format("coyel-{}.json", stamp);
}

void print_problems(std::FILE* err, const std::vector<std::string>& problems) {
    for (const auto& problem : problems) fmt::print(err, "{}\n", problem);
}

// The private walk-through: one player's role at a time, the screen cleared
// between, so the moderator can hand out the matching cards.
bool walk_through(LineReader& reader, const Setup& setup) {
    fmt::print("\nHand out the cards, one player at a time. Keep the screen from the players.\n");
    for (Seat seat = 0; seat < setup.player_count(); ++seat) {
        if (!reader.read(fmt::format("Enter shows seat {}'s card> ", seat + 1))) return false;
        fmt::print("\x1b[2J\x1b[H{} · {}\n\n    {}\n\n", seat + 1, setup.players[seat],
                   role_title(setup.roles[seat]));
        if (!reader.read("Enter hides it> ")) return false;
        fmt::print("\x1b[2J\x1b[H");
    }
    fmt::print("Every card is dealt.\n");
    return true;
}

int run_new(const NewOptions& given) {
    auto reader = make_line_reader(stdin, stdout);
    const bool interactive = reader->interactive();
    Setup setup;

    // Players, in seat order.
    std::string players_text = given.players;
    for (;;) {
        if (players_text.empty()) {
            auto line = ask(*reader, "Players in seat order, separated by commas> ");
            if (!line) {
                fmt::print(stderr, "No players given: no game started.\n");
                return 1;
            }
            players_text = *line;
        }
        setup.players = split_names(players_text);
        for (auto& name : setup.players) name = std::string{trim(name)};
        auto problems = check_players(setup.players);
        if (problems.empty()) break;
        print_problems(stderr, problems);
        if (!given.players.empty()) return 2;
        players_text.clear();
    }

    // House rules.
    std::vector<std::string> assignments = given.options;
    if (given.minutes) assignments.push_back(fmt::format("temperature.minutes={}", *given.minutes));
    if (!given.mode.empty()) assignments.push_back("temperature.mode=" + given.mode);
    for (const auto& assignment : assignments)
        if (auto problem = set_option_text(setup.options, assignment)) {
            fmt::print(stderr, "{}\n", *problem);
            return 2;
        }
    if (auto problem = check_options(setup.options)) {
        fmt::print(stderr, "{}\n", *problem);
        return 2;
    }

    // The cards: the moderator's own deal, or a random one.
    bool random_deal = false;
    if (!given.roles.empty()) {
        auto roles = parse_roles(given.roles, setup.players);
        if (!roles) {
            fmt::print(stderr, "{}\n", roles.error());
            return 2;
        }
        setup.roles = *roles;
    } else if (given.manual) {
        for (const auto& name : setup.players) {
            for (;;) {
                auto line = ask(*reader, fmt::format("{}'s card (Enter: citizen)> ", name));
                if (!line) return 1;
                auto role =
                    trim(*line).empty() ? Role::citizen : role_from_id(to_lower(trim(*line)));
                if (role) {
                    setup.roles.push_back(*role);
                    break;
                }
                fmt::print(stderr, "unknown role: citizen, fragile, carbon, ngo, ceo or banker\n");
            }
        }
    } else {
        random_deal = true;
        auto deck = given.deck.empty() ? default_deck(setup.player_count())
                                       : parse_deck(given.deck, setup.player_count());
        if (!deck) {
            fmt::print(stderr, "{}\n", deck.error());
            return 2;
        }
        if (auto problems = check_deck(*deck, setup.player_count()); !problems.empty()) {
            print_problems(stderr, problems);
            return 2;
        }
        fmt::print("Deck for {} players: {}.\n", setup.player_count(), describe_deck(*deck));
        setup.seed = given.seed ? *given.seed
                                : std::random_device{}() * 4294967296ULL + std::random_device{}();
        setup.roles = deal(*deck, *setup.seed);
    }
    if (auto problems = check_setup(setup); !problems.empty()) {
        print_problems(stderr, problems);
        return 2;
    }

    // Where to save; an existing file only with the moderator's yes.
    std::string path = given.save.empty() ? default_save_path() : given.save;
    if (::access(path.c_str(), F_OK) == 0) {
        if (!interactive) {
            fmt::print(stderr, "{} exists: coyel never overwrites a save; choose another --save\n",
                       path);
            return 1;
        }
        auto line = ask(*reader, fmt::format("{} exists. Overwrite it? (yes/no)> ", path));
        if (!line || to_lower(trim(*line)) != "yes") {
            fmt::print("Nothing written. Choose another file with --save.\n");
            return 1;
        }
    }
    fmt::print("Saving to {}{}.\n", path,
               setup.seed ? fmt::format(" (seed {})", *setup.seed) : std::string{});
    if (random_deal && interactive && !walk_through(*reader, setup)) return 1;
    return play(Game(std::move(setup)), {}, path, *reader);
}

}  // namespace

void add_new_command(CLI::App& app, int& exit_code) {
    auto given = std::make_shared<NewOptions>();
    auto* command = app.add_subcommand(
        "new", "Start a game: players, cards and house rules, then the guided nights and days");
    command->add_option("--players", given->players,
                        "Names in seat order: \"Ana,Ben,Cleo,...\" (asked if absent)");
    command->add_option("--deck", given->deck,
                        "Special cards, the rest citizens: carbon=2,ngo,ceo,banker,fragile "
                        "(default: for the count)");
    command->add_option("--seed", given->seed,
                        "Seed of the random deal (default: a fresh one, recorded)");
    command->add_option(
        "--roles", given->roles,
        "Your own deal of physical cards: Ana=carbon,Ben=ngo,... (others: citizen)");
    command->add_flag("--manual", given->manual, "Ask each player's card in turn (your own deal)");
    command->add_option("--option", given->options,
                        "A house rule, KEY=VALUE (repeatable); see below");
    command->add_option("--minutes", given->minutes, "Shortcut for --option temperature.minutes=N");
    command->add_option("--mode", given->mode,
                        "Shortcut for --option temperature.mode=clock|night|manual");
    command->add_option("--save", given->save,
                        "The save file (default: coyel-DATE-TIME.json here)");
    std::string footer = "House rules (--option KEY=VALUE):\n";
    for (const auto& info : option_table())
        footer += fmt::format("  {:<20} {:<24} {}\n", info.key, info.values, info.meaning);
    footer +=
        "\nExample: coyel new --players \"Ana,Ben,Cleo,Dan,Eve,Finn,Gus,Hana\" --option tie=revote";
    command->footer(footer);
    command->callback([given, &exit_code] { exit_code = run_new(*given); });
}

}  // namespace coyel::cli
