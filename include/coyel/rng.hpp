// A named random generator and shuffle that give the same result on every
// platform: std::shuffle and the std distributions differ between libraries.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace coyel {

// SplitMix64 (Steele, Lea and Flood, 2014).
class SplitMix64 {
  public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}

    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

    // Uniform in [0, bound) by rejection, so no value is favoured. The exact
    // limit (a division) is needed only for the top `bound` values, which
    // almost never come: the same draws as computing it every time.
    std::uint64_t below(std::uint64_t bound) {
        std::uint64_t value = next();
        if (value > UINT64_MAX - bound) {
            const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
            while (value >= limit) value = next();
        }
        return value % bound;
    }

    // Uniform in [0, bound) too, by Lemire's multiply-and-shift with
    // rejection (2019): no division in almost every draw. A different stream
    // from below(), for the simulator's players; deals keep below().
    // Precondition: bound > 0.
    std::uint32_t fast_below(std::uint32_t bound) {
        std::uint64_t product = (next() >> 32) * bound;
        if (static_cast<std::uint32_t>(product) < bound) {
            const std::uint32_t threshold = static_cast<std::uint32_t>(-bound) % bound;
            while (static_cast<std::uint32_t>(product) < threshold)
                product = (next() >> 32) * bound;
        }
        return static_cast<std::uint32_t>(product >> 32);
    }

  private:
    std::uint64_t state_;
};

// Fisher-Yates, from the last element down.
template <typename T>
void shuffle(std::span<T> items, SplitMix64& rng) {
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[rng.below(i)]);
}
template <typename T>
void shuffle(std::vector<T>& items, SplitMix64& rng) {
    shuffle(std::span<T>{items}, rng);
}
// The same with fast_below: no division per item, another stream.
template <typename T>
void fast_shuffle(std::span<T> items, SplitMix64& rng) {
    for (std::size_t i = items.size(); i > 1; --i)
        std::swap(items[i - 1], items[rng.fast_below(static_cast<std::uint32_t>(i))]);
}

}  // namespace coyel
