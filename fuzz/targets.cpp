#include "targets.hpp"

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "coyel/save.hpp"
#include "coyel/setup.hpp"
#include "coyel/status.hpp"
#include "line_reader.hpp"
#include "session.hpp"
#include "setup_args.hpp"

namespace coyel::fuzz {
namespace {

// Stops the fuzzer with a message: a property was broken.
[[noreturn]] void broken(const char* what) {
    std::fprintf(stderr, "property broken: %s\n", what);
    std::abort();
}

Setup fixed_setup() {
    Setup setup;
    setup.players = {"Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana"};
    setup.roles = {Role::carbon, Role::citizen, Role::ngo,    Role::ceo,
                   Role::banker, Role::fragile, Role::carbon, Role::citizen};
    setup.options.tie = TieRule::revote;
    return setup;
}

}  // namespace

void load(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto game = load_game(text, "fuzz");
    if (!game) {
        if (game.error().find('\n') != std::string::npos) broken("an error of more than one line");
        return;
    }
    auto again = load_game(save_game(*game), "again");
    if (!again) broken("a loaded game did not load again after saving");
    if (!(again->state() == game->state())) broken("save then load changed the game");
    (void)status_json(*game).dump();
}

void session(const std::uint8_t* data, std::size_t size) {
    std::FILE* in = fmemopen(const_cast<std::uint8_t*>(data), size, "r");
    std::FILE* out = std::fopen("/dev/null", "w");
    if (!in || !out) std::abort();
    std::string saved;
    cli::FileWriter writer = [&](const std::string&,
                                 std::string_view text) -> std::optional<std::string> {
        saved = std::string{text};
        return std::nullopt;
    };
    auto reader = cli::make_line_reader(in, out);
    cli::Session session(Game(fixed_setup()), "fuzz.json", cli::SessionIo{*reader, out, out, false},
                         cli::GameClock(0, [] { return cli::GameClock::TimePoint{}; }), writer);
    session.run();
    std::fclose(in);
    std::fclose(out);
    if (!load_game(saved, "fuzz.json")) broken("the REPL left a save that does not load");
}

void command_line(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto players = cli::split_names(text);
    (void)check_players(players);
    for (int count : {5, 8, 30}) {
        if (auto deck = parse_deck(text, count)) (void)check_deck(*deck, count);
    }
    (void)cli::parse_roles(text, fixed_setup().players);
    Options options;
    (void)set_option_text(options, text);
}

}  // namespace coyel::fuzz
