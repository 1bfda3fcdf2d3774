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
    return counted == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
