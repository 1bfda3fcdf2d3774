// No heap allocation per action in steady state (issue 12): global operator
// new is replaced by one that counts, random ten-player games are played after
// a warm-up, and any allocation while they play fails the test. Its own
// executable, so that nothing else runs under the counting allocator.
#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <new>

#include "random_games.hpp"
#include "simulate.hpp"

namespace {
std::atomic<long long> allocations{0};

void* counted_allocation(std::size_t size) {
    ++allocations;
    if (void* memory = std::malloc(size == 0 ? 1 : size)) return memory;
    throw std::bad_alloc();
}
}  // namespace

void* operator new(std::size_t size) { return counted_allocation(size); }
void* operator new[](std::size_t size) { return counted_allocation(size); }
void operator delete(void* memory) noexcept { std::free(memory); }
void operator delete[](void* memory) noexcept { std::free(memory); }
void operator delete(void* memory, std::size_t) noexcept { std::free(memory); }
void operator delete[](void* memory, std::size_t) noexcept { std::free(memory); }

using namespace coyel;

namespace {
struct Played {
    long long games = 0;
    long long answers = 0;
};

// A new deal for each game, as the balance lab plays them.
Played play(Game& game, const Deck& deck, SplitMix64& rng, EventBuffer& events, int games) {
    Played played;
    std::array<Role, max_players> roles{};
    const std::span<Role> seats{roles.data(), static_cast<std::size_t>(deck.size())};
    for (int i = 0; i < games; ++i) {
        deal(deck, rng.next(), seats);
        game.restart(seats);
        played.answers += test::play_random_policy(game, rng, events);
        ++played.games;
    }
    return played;
}
// What one balance-lab run of `games` games allocates, on one thread and
// with each policy: its setup, whatever the number of games.
long long simulation_allocations(sim::Policy policy, std::int64_t games) {
    sim::SimConfig config;
    config.players = 10;
    config.deck = deck_of(test::ten_player_night_setup().roles);
    config.options = test::ten_player_night_setup().options;
    config.policy = policy;
    allocations = 0;
    (void)sim::simulate(config, games, 7, 1);
    return allocations;
}

// The simulator allocates per run, never per game nor per answer: 19,000
// more games may only add the odd growth of a reused buffer to a rarer,
// larger event (a handful), where an allocation per game would add 19,000.
bool simulation_allocates_nothing_per_game() {
    bool steady = true;
    for (auto policy : {sim::Policy::random, sim::Policy::uniform, sim::Policy::table}) {
        const long long few = simulation_allocations(policy, 1'000);
        const long long many = simulation_allocations(policy, 20'000);
        std::printf("balance lab, policy %d: %lld allocations for 1,000 games, %lld for 20,000\n",
                    static_cast<int>(policy), few, many);
        steady = steady && many - few <= 4;
    }
    return steady;
}
}  // namespace

int main() {
    const Setup setup = test::ten_player_night_setup();
    const Deck deck = deck_of(setup.roles);
    SplitMix64 rng(12);
    Game game(setup, Log::off);
    EventBuffer events;
    play(game, deck, rng, events, 100);  // the warm-up: the event buffer reaches its size
    allocations = 0;
    const Played played = play(game, deck, rng, events, 5000);
    const long long counted = allocations;
    std::printf("%lld allocations in %lld games, %lld answers: %.3f per answer\n", counted,
                played.games, played.answers,
                static_cast<double>(counted) / static_cast<double>(played.answers));
    const bool simulation_steady = simulation_allocates_nothing_per_game();
    return counted == 0 && simulation_steady ? EXIT_SUCCESS : EXIT_FAILURE;
}
