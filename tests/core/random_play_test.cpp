// Many seeded random games played to the end through the engine, checking
// invariants at every step and the save round trip at the end.
#include <fmt/format.h>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <thread>

#include "../helpers.hpp"
#include "../random_games.hpp"
#include "coyel/save.hpp"
#include "coyel/status.hpp"

using namespace coyel;
using namespace coyel::test;

namespace {

int game_count() {
    const char* env = std::getenv("COYEL_RANDOM_GAMES");
    return env ? std::atoi(env) : 100'000;
}

// Returns the first broken invariant, or "" when all hold.
std::string broken_invariant(const Game& game, const State& before) {
    const State& s = game.state();
    if (s.mayor && !s.players[*s.mayor].in_game) return "the mayor is out of the game";
    if (auto ngo = game.seat_of(Role::ngo); ngo && s.players[*ngo].corrupted)
        return "the NGO is corrupted";
    if (s.clock_s < before.clock_s) return "the clock ran back";
    if (s.temperature < before.temperature) return "the temperature fell";
    if (s.round < before.round) return "the round went back";
    for (Seat seat = 0; seat < game.player_count(); ++seat)
        if (before.players[seat].corrupted && !s.players[seat].corrupted)
            return "a corruption was lifted";
    // No player out of the game acts: whoever is called next is in the game.
    if (s.expects) {
        auto caller = [&]() -> std::optional<Role> {
            switch (*s.expects) {
                case ActionKind::ngo_protect: return Role::ngo;
                case ActionKind::banker: return Role::banker;
                case ActionKind::ceo_lobby:
                case ActionKind::slapp: return Role::ceo;
                default: return std::nullopt;
            }
        }();
        if (caller && !game.in_game(*game.seat_of(*caller)))
            return "a player out of the game is called";
        if (s.expects == ActionKind::carbon_target) {
            bool carbon_in = false;
            for (Seat seat : game.seats_in_game()) carbon_in |= game.role(seat) == Role::carbon;
            if (!carbon_in) return "the carbon emissions are called with none in the game";
        }
    }
    if (s.phase == Phase::over) {
        if (!s.winner || s.expects) return "a finished game without a winner, or still expecting";
    } else if (!s.expects) {
        return "a running game expects nothing";
    }
    return "";
}

// Plays game number `index` to its end; returns the first failure, or "".
std::string play_one(std::uint64_t seed, long long& actions, int& refusals) {
    SplitMix64 rng(seed);
    Setup setup = random_setup(rng);
    if (!check_setup(setup).empty()) return "an invalid random setup";
    Game game(setup);
    auto where = [&](int step) { return fmt::format(", game seed {}, step {}", seed, step); };
    for (int steps = 1; !game.over(); ++steps) {
        if (steps > 5000) return "the game did not end" + where(steps);
        const State before = game.state();
        // Now and then an answer that is probably illegal: refused, nothing changes.
        if (rng.below(20) == 0) {
            Action wild = random_action(game, rng);
            wild.player = static_cast<Seat>(rng.below(game.player_count()));
            if (!game.apply(wild).ok()) {
                ++refusals;
                if (!(game.state() == before))
                    return "a refused action changed the state" + where(steps);
                continue;
            }
        } else if (auto applied = game.apply(random_action(game, rng)); !applied.ok()) {
            return "a legal action was refused: " + applied.error() + where(steps);
        }
        ++actions;
        if (auto broken = broken_invariant(game, before); !broken.empty())
            return broken + where(steps);
    }
    auto loaded = load_game(save_game(game), "random");
    if (!loaded.ok()) return loaded.error() + where(0);
    if (!(loaded->state() == game.state()) || status_json(*loaded) != status_json(game))
        return "save then load changed the game" + where(0);
    return "";
}

}  // namespace

TEST_CASE("random play: invariants hold at every step, every game ends, saves round-trip") {
    const int games = game_count();
    // Two workers over interleaved seeds; the first failure is reported.
    constexpr int workers = 2;
    std::vector<long long> actions(workers, 0);
    std::vector<int> refusals(workers, 0);
    std::vector<std::string> failures(workers);
    std::vector<std::thread> threads;
    for (int w = 0; w < workers; ++w)
        threads.emplace_back([&, w] {
            SplitMix64 seeds(20261130 + w);
            for (int index = w; index < games && failures[w].empty(); index += workers)
                failures[w] = play_one(seeds.next(), actions[w], refusals[w]);
        });
    for (auto& thread : threads) thread.join();
    for (const auto& failure : failures) CHECK(failure == "");
    const long long total_actions = actions[0] + actions[1];
    INFO(total_actions << " actions, " << refusals[0] + refusals[1] << " refusals checked");
    CHECK(total_actions > games * 10LL);
    CHECK(refusals[0] + refusals[1] > 0);
}
