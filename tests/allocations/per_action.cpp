// No heap allocation per action in steady state (issue 12): global operator
// new is replaced by one that counts, random ten-player games are played after
// a warm-up, and any allocation while they play fails the test. Its own
// executable, so that nothing else runs under the counting allocator.
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

Played play(Game& game, const Deck& deck, SplitMix64& rng, int games) {
    Played played;
    Setup setup = game.setup();
    for (int i = 0; i < games; ++i) {
        setup.roles = deal(deck, rng.next());
        game = Game(setup);
        played.answers += test::play_random_policy(game, rng);
        ++played.games;
    }
    return played;
}
}  // namespace

int main() {
    const Setup setup = test::ten_player_night_setup();
    const Deck deck = deck_of(setup.roles);
    SplitMix64 rng(12);
    Game game(setup);
    play(game, deck, rng, 100);  // the warm-up: buffers reach their size
    allocations = 0;
    const Played played = play(game, deck, rng, 5000);
    const long long counted = allocations;
    std::printf("%lld allocations in %lld games, %lld answers: %.3f per answer\n", counted,
                played.games, played.answers,
                static_cast<double>(counted) / static_cast<double>(played.answers));
    return counted == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
