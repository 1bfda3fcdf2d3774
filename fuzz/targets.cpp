#include "targets.hpp"

#include <sys/types.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "commands/setup_args.hpp"
#include "coyel/save.hpp"
#include "coyel/setup.hpp"
#include "coyel/status.hpp"
#include "languages.hpp"
#include "narrator.hpp"
#include "repl/line_reader.hpp"
#include "repl/session.hpp"

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

// The moderator's answers from the fuzzer's bytes, read as the REPL reads a
// pipe (make_line_reader's StreamReader): a line ends at '\n' or at the end,
// a '\r' before the '\n' goes, and nothing is left once the bytes are read.
// No FILE and no echo of the prompt (the session still builds every prompt).
class BytesReader final : public cli::LineReader {
  public:
    explicit BytesReader(std::string_view bytes) : rest_(bytes) {}

    std::optional<std::string> read(const std::string&) override {
        if (rest_.empty()) return std::nullopt;
        const std::size_t end = std::min(rest_.find('\n'), rest_.size());
        std::string line(rest_.substr(0, end));
        rest_.remove_prefix(std::min(end + 1, rest_.size()));
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return line;
    }
    bool interactive() const override { return false; }

  private:
    std::string_view rest_;
};

// A stream that takes every byte and keeps none, opened once for all inputs:
// the REPL formats its output as usual, and no write reaches the kernel.
std::FILE* null_sink() {
    static std::FILE* const sink = [] {
        cookie_io_functions_t discard{};
        discard.write = [](void*, const char*, std::size_t size) {
            return static_cast<ssize_t>(size);
        };
        std::FILE* file = fopencookie(nullptr, "w", discard);
        if (!file) std::abort();
        return file;
    }();
    return sink;
}

}  // namespace

void load(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto game = load_game(text, "fuzz");
    if (!game) {
        // A refusal of the rules has no words of the engine's: as a moderator reads it.
        static const narration::Narrator english(narration::english_script());
        const std::string words = english.refusal(game.failure());
        if (words.empty()) broken("an error without words");
        if (words.find('\n') != std::string::npos) broken("an error of more than one line");
        return;
    }
    auto again = load_game(save_game(*game), "again");
    if (!again) broken("a loaded game did not load again after saving");
    if (!(again->state() == game->state())) broken("save then load changed the game");
    (void)status_json(*game).dump();
}

void session(const std::uint8_t* data, std::size_t size) {
    BytesReader reader(std::string_view(reinterpret_cast<const char*>(data), size));
    std::FILE* out = null_sink();
    // The REPL saves after every accepted input. Only its last save is checked,
    // so the writer keeps the game (the session's own, alive until the end)
    // and what it was, and the text is made once: save_game(the game) is what
    // the last save would have written, as long as the game has not changed
    // since, which is checked too.
    const Game* saved = nullptr;
    std::optional<State> saved_state;
    std::size_t saved_entries = 0;
    cli::GameWriter writer = [&](const std::string&, const Game& game,
                                 const std::optional<LiveClock>&) -> Refusal {
        saved = &game;
        saved_state = game.state();
        saved_entries = game.log().size();
        return std::nullopt;
    };
    cli::Session session(Game(fixed_setup()), "fuzz.json", cli::SessionIo{reader, out, out, false},
                         cli::GameClock(0, platform::frozen_clock()), writer);
    session.run();
    if (!saved) broken("the REPL left no save");
    if (!(saved->state() == *saved_state) || saved->log().size() != saved_entries)
        broken("the REPL changed the game after its last save");
    if (!load_game(save_game(*saved), "fuzz.json"))
        broken("the REPL left a save that does not load");
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
