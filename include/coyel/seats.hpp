// A set of seats as a bit set: games have at most 30 players (SPEC section 2),
// so legal answers and who-is-in questions cost a word, not a vector.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>

#include "coyel/roles.hpp"

namespace coyel {

class SeatSet {
  public:
    constexpr SeatSet() = default;
    static constexpr SeatSet from_bits(std::uint32_t bits) {
        SeatSet seats;
        seats.bits_ = bits;
        return seats;
    }

    constexpr bool contains(Seat seat) const {
        return seat >= 0 && seat < 32 && (bits_ >> seat) & 1U;
    }
    constexpr void insert(Seat seat) { bits_ |= 1U << seat; }
    constexpr void erase(Seat seat) { bits_ &= ~(1U << seat); }
    constexpr int size() const { return count_bits(bits_); }
    constexpr bool empty() const { return bits_ == 0; }
    constexpr std::uint32_t bits() const { return bits_; }
    constexpr bool operator==(const SeatSet&) const = default;

    // The `index`th seat in seat order (0-based); nullopt past the last.
    constexpr std::optional<Seat> nth(int index) const {
        std::uint32_t bits = bits_;
        for (; index > 0 && bits != 0; --index) bits &= bits - 1;  // drops the lowest seat
        if (bits == 0) return std::nullopt;
        return std::countr_zero(bits);
    }

    // Seats in seat order: `for (Seat seat : set)`.
    class Iterator {
      public:
        constexpr explicit Iterator(std::uint32_t bits) : bits_(bits) {}
        constexpr Seat operator*() const { return std::countr_zero(bits_); }
        constexpr Iterator& operator++() {
            bits_ &= bits_ - 1;
            return *this;
        }
        constexpr bool operator!=(const Iterator& other) const { return bits_ != other.bits_; }

      private:
        std::uint32_t bits_;
    };
    constexpr Iterator begin() const { return Iterator{bits_}; }
    constexpr Iterator end() const { return Iterator{0}; }

  private:
    // std::popcount is a library call on the x86-64 baseline (no POPCNT
    // instruction); the simulator counts seats at every answer.
    static constexpr int count_bits(std::uint32_t x) {
#ifdef __POPCNT__
        return std::popcount(x);
#else
        x = x - ((x >> 1) & 0x55555555U);
        x = (x & 0x33333333U) + ((x >> 2) & 0x33333333U);
        x = (x + (x >> 4)) & 0x0F0F0F0FU;
        return static_cast<int>((x * 0x01010101U) >> 24);
#endif
    }

    std::uint32_t bits_ = 0;
};

// The legal answers to a call: players, and whether "nobody" is one.
struct Choices {
    SeatSet players;
    bool nobody = false;

    constexpr bool contains(std::optional<Seat> choice) const {
        return choice ? players.contains(*choice) : nobody;
    }
    constexpr bool operator==(const Choices&) const = default;
};

}  // namespace coyel
