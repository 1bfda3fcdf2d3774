// A set of seats as a bit set: games have at most 30 players (SPEC section 2),
// so legal answers and who-is-in questions cost a word, not a vector.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>

#include "coyel/roles.hpp"

namespace coyel {

namespace detail {
// select_in_byte[b][i]: the position of the i-th set bit of byte b.
constexpr auto make_select_in_byte() {
    std::array<std::array<std::uint8_t, 8>, 256> table{};
    for (int byte = 0; byte < 256; ++byte) {
        int rank = 0;
        for (int bit = 0; bit < 8; ++bit)
            if ((byte >> bit) & 1) table[byte][rank++] = static_cast<std::uint8_t>(bit);
    }
    return table;
}
inline constexpr auto select_in_byte = make_select_in_byte();
}  // namespace detail

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
    // Without a loop, whose length a random index would make unpredictable
    // (broadword select, after Vigna 2008): the seats counted per byte, the
    // byte holding the seat found by a bytewise comparison, then a table.
    constexpr std::optional<Seat> nth(int index) const {
        const std::uint32_t up_to = byte_counts(bits_) * 0x01010101U;  // byte k: seats in 0..k
        if (index < 0 || static_cast<std::uint32_t>(index) >= up_to >> 24) return std::nullopt;
        const std::uint32_t wanted = static_cast<std::uint32_t>(index) * 0x01010101U;
        // Bit 7 of byte k is set when index >= seats in bytes 0..k: a prefix of the bytes.
        const std::uint32_t passed = ((wanted | 0x80808080U) - up_to) & 0x80808080U;
        const int byte = static_cast<int>(((passed >> 7) * 0x01010101U) >> 24);
        const int before = static_cast<int>(((up_to << 8) >> (8 * byte)) & 0xFFU);
        const std::uint32_t seats_in_byte = (bits_ >> (8 * byte)) & 0xFFU;
        return 8 * byte + detail::select_in_byte[seats_in_byte][index - before];
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
    // Each byte's count of set bits, in that byte (SWAR).
    static constexpr std::uint32_t byte_counts(std::uint32_t x) {
        x = x - ((x >> 1) & 0x55555555U);
        x = (x & 0x33333333U) + ((x >> 2) & 0x33333333U);
        return (x + (x >> 4)) & 0x0F0F0F0FU;
    }
    // std::popcount is a library call on the x86-64 baseline (no POPCNT
    // instruction); the simulator counts seats at every answer.
    static constexpr int count_bits(std::uint32_t x) {
#ifdef __POPCNT__
        return std::popcount(x);
#else
        return static_cast<int>((byte_counts(x) * 0x01010101U) >> 24);
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
    // The answers in both.
    constexpr Choices operator&(const Choices& other) const {
        return {SeatSet::from_bits(players.bits() & other.players.bits()), nobody && other.nobody};
    }
    constexpr bool operator==(const Choices&) const = default;
};

}  // namespace coyel
