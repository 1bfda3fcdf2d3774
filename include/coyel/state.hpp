// What the log has made of a game: the state the rules read and change. A
// fixed size (seat sets, small fixed lists), so that the simulator copies
// and resets it without allocating.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string_view>
#include <vector>

#include "coyel/action.hpp"
#include "coyel/calls.hpp"
#include "coyel/event.hpp"
#include "coyel/roles.hpp"
#include "coyel/seats.hpp"
#include "coyel/setup.hpp"

namespace coyel {

enum class Phase { setup, night, dawn, day, over };
std::string_view phase_id(Phase phase);

// Whether the game clock may run in `phase`: from Night 1 to the end (SPEC
// section 6). Every front end and view asks this rather than the phases.
constexpr bool clock_runs_in(Phase phase) { return phase != Phase::setup && phase != Phase::over; }

// What a countdown to the next degree shows at `clock_s`: the seconds left
// until `rise_at` (Game::next_rise_at), never below zero; nothing when no
// degree comes by the clock (not clock mode, or the game over).
constexpr std::optional<std::int64_t> seconds_to_degree(std::optional<std::int64_t> rise_at,
                                                        std::int64_t clock_s) {
    if (!rise_at) return std::nullopt;
    return std::max<std::int64_t>(0, *rise_at - clock_s);
}

// The ballots of the vote being taken, in seat order: two small fixed arrays
// (a seat fits a byte), so that the state copies in a few cache lines.
class BallotList {
  public:
    void push_back(const Ballot& ballot) {
        voters_[size_] = static_cast<std::int8_t>(ballot.voter);
        choices_[size_++] = static_cast<std::int8_t>(ballot.choice.value_or(-1));
        seats_after_last_ = after(ballot.voter);
    }
    void pop_back() {
        --size_;
        seats_after_last_ = size_ == 0 ? all_seats : after(voters_[size_ - 1]);
    }
    void clear() {
        size_ = 0;
        seats_after_last_ = all_seats;
    }
    // The seats after the last voter's (all while empty): who may vote next.
    SeatSet seats_after_last() const { return SeatSet::from_bits(seats_after_last_); }
    Ballot operator[](std::size_t index) const {
        const int choice = choices_[index];
        return Ballot{voters_[index], choice < 0 ? std::nullopt : std::optional<Seat>{choice}};
    }
    Ballot back() const { return (*this)[size_ - 1]; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    std::vector<Ballot> to_vector() const { return {begin(), end()}; }
    bool operator==(const BallotList& other) const {
        return std::equal(begin(), end(), other.begin(), other.end());
    }

    // Ballots by value, in seat order: `for (const Ballot& ballot : list)`.
    class Iterator {
      public:
        using iterator_category = std::input_iterator_tag;
        using value_type = Ballot;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = Ballot;
        Iterator(const BallotList& list, std::size_t index) : list_(&list), index_(index) {}
        Ballot operator*() const { return (*list_)[index_]; }
        Iterator& operator++() {
            ++index_;
            return *this;
        }
        Iterator operator++(int) {
            Iterator before = *this;
            ++index_;
            return before;
        }
        bool operator==(const Iterator& other) const { return index_ == other.index_; }

      private:
        const BallotList* list_;
        std::size_t index_;
    };
    Iterator begin() const { return {*this, 0}; }
    Iterator end() const { return {*this, size_}; }

  private:
    static constexpr std::uint32_t all_seats = 0xFFFFFFFFU;
    static std::uint32_t after(int voter) {
        return static_cast<std::uint32_t>(~((std::uint64_t{2} << voter) - 1));
    }

    std::array<std::int8_t, max_players> voters_{};
    std::array<std::int8_t, max_players> choices_{};
    std::uint8_t size_ = 0;
    std::uint32_t seats_after_last_ = all_seats;  // kept: asked at every ballot
};

// The gestures open to the banker, in the order up, down, none.
class BankerChoices {
  public:
    void push_back(BankerChoice choice) { items_[size_++] = choice; }
    bool contains(BankerChoice choice) const { return std::find(begin(), end(), choice) != end(); }
    std::size_t size() const { return size_; }
    BankerChoice operator[](std::size_t index) const { return items_[index]; }
    const BankerChoice* begin() const { return items_.data(); }
    const BankerChoice* end() const { return items_.data() + size_; }

  private:
    std::array<BankerChoice, 3> items_{};
    std::size_t size_ = 0;
};

// The calls answered so far tonight (SPEC section 3), resolved at dawn.
struct NightCalls {
    // The player each night call named (nullopt: nobody, or not asked yet),
    // by its place in night_order: a new call needs no field of its own.
    std::array<std::optional<Seat>, night_order.size()> named{};
    std::optional<Seat>& named_by(CallId call) { return named[night_place(call)]; }
    std::optional<Seat> named_by(CallId call) const { return named[night_place(call)]; }
    BankerChoice banker = BankerChoice::none;
    int lobbies_left = 0;      // the CEO's lobbies still to come tonight
    bool extra_lobby = false;  // the lobby expected is the one the banker's corruption bought
    // What the CEO learnt tonight (docs/rulings.md, "Who learns what, when"):
    // the players lobbied, and those the lobbies corrupted (tapped, they
    // recognised the CEO); a lobby on anyone else was spent.
    SeatSet lobbied;
    SeatSet corrupted_tonight;
    bool operator==(const NightCalls&) const = default;
};

struct State {
    int round = 0;
    Phase phase = Phase::setup;
    std::optional<ActionKind> expects = ActionKind::elect_mayor;  // nullopt when over
    int temperature = 0;
    // The game clock's reading: the last entry's `at`, or later once
    // advance_clock() has moved it on (the save keeps it as "pending").
    std::int64_t clock_s = 0;
    std::optional<Team> winner;
    std::optional<WinReason> win_reason;
    bool ceo_revealed = false;  // by a SLAPP-suit
    SeatSet in_game;            // every seat at the start
    SeatSet corrupted;          // lobbied by the CEO
    std::optional<Seat> mayor;
    bool mayor_vacant = false;  // the mayor went out since the last election

    NightCalls night;
    std::optional<Seat> protected_last_night;  // for ngo_repeat = false
    bool social_used = false;
    bool speculation_used = false;
    int slapps_filed = 0;
    std::optional<Seat> saved;  // at dawn: saved by a protest, open to a SLAPP-suit
    SeatSet revote_candidates;  // during a revote: the tied players
    // The vote being taken, ballot by ballot, in seat order. Not in the log
    // until complete: the save keeps it as "pending".
    BallotList ballots;

    // The next player in seat order to vote, while a vote is expected. Inline:
    // the simulator asks it at every ballot.
    std::optional<Seat> next_voter() const {
        if (expects != ActionKind::vote) return std::nullopt;
        const std::uint32_t next = in_game.bits() & ballots.seats_after_last().bits();
        if (next == 0) return std::nullopt;
        return std::countr_zero(next);
    }

    bool operator==(const State&) const = default;
};

}  // namespace coyel
