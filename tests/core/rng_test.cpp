// The named generator must give the same draws forever: seeded deals and
// saved games' seeds depend on them.
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>

#include "coyel/rng.hpp"
#include "coyel/seats.hpp"

using namespace coyel;

namespace {

// `below` as first written: the rejection limit computed for every draw.
std::uint64_t reference_below(SplitMix64& rng, std::uint64_t bound) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    std::uint64_t value;
    do value = rng.next();
    while (value >= limit);
    return value % bound;
}

}  // namespace

TEST_CASE("below draws what the division-every-time rejection drew", "[rng]") {
    // Bounds near 2^64 reject often, so the slow path is taken too.
    const std::uint64_t bounds[] = {1,
                                    2,
                                    3,
                                    10,
                                    30,
                                    1000,
                                    std::uint64_t{1} << 63,
                                    (std::uint64_t{1} << 63) + 12345,
                                    UINT64_MAX - 2,
                                    UINT64_MAX};
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        for (std::uint64_t bound : bounds) {
            SplitMix64 fast(seed), reference(seed);
            for (int draw = 0; draw < 200; ++draw)
                REQUIRE(fast.below(bound) == reference_below(reference, bound));
        }
    }
}

TEST_CASE("SplitMix64 gives its published first outputs", "[rng]") {
    SplitMix64 rng(1234567);
    CHECK(rng.next() == 6457827717110365317ULL);
    CHECK(rng.next() == 3203168211198807973ULL);
}

TEST_CASE("fast_below is uniform and stays below its bound", "[rng]") {
    // 7 buckets, 70,000 draws: each count within 5 standard deviations of 10,000.
    SplitMix64 rng(42);
    std::array<int, 7> counts{};
    for (int draw = 0; draw < 70'000; ++draw) ++counts.at(rng.fast_below(7));
    for (int count : counts) CHECK(std::abs(count - 10'000) < 5 * 93);
    // Bound 3 * 2^30: without the rejection, multiples of 3 would come half
    // the time (two of every four products land on one), not a third.
    const std::uint32_t big = std::uint32_t{3} << 30;
    int multiples_of_three = 0;
    for (int draw = 0; draw < 30'000; ++draw) {
        const std::uint32_t value = rng.fast_below(big);
        REQUIRE(value < big);
        multiples_of_three += value % 3 == 0;
    }
    CHECK(std::abs(multiples_of_three - 10'000) < 5 * 82);
    CHECK(rng.fast_below(1) == 0);
}

TEST_CASE("SeatSet::nth finds the seat a walk in seat order finds", "[seats]") {
    SplitMix64 rng(7);
    for (int trial = 0; trial < 20'000; ++trial) {
        // Sparse, dense and full sets alike.
        std::uint32_t bits = static_cast<std::uint32_t>(rng.next());
        if (trial % 3 == 1) bits &= static_cast<std::uint32_t>(rng.next());
        if (trial % 3 == 2) bits |= static_cast<std::uint32_t>(rng.next());
        const SeatSet seats = SeatSet::from_bits(bits);
        int index = 0;
        for (Seat seat : seats) REQUIRE(seats.nth(index++) == seat);
        REQUIRE(seats.size() == index);
        REQUIRE(!seats.nth(index).has_value());
        REQUIRE(!seats.nth(-1).has_value());
    }
    CHECK(!SeatSet{}.nth(0).has_value());
    CHECK(SeatSet::from_bits(0xFFFFFFFFU).nth(31) == 31);
}
