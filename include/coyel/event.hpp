// What an applied action did, for the moderator to announce (and for replay).
#pragma once

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "coyel/roles.hpp"

namespace coyel {

enum class OutCause { damage, speculation, slapp, vote };
enum class LobbyOutcome { corrupted, already_corrupted, refused_ngo, refused_mayor, nobody };
enum class WinReason { temperature, no_carbon, no_ecosystems };
// How a vote ended (SPEC section 5): one player out, nobody voted, a tie that
// removes nobody (tie = none), a tie sent to the revote, or tied again in it.
enum class VoteOutcome { out, no_votes, tie, revote, tied_again };

// An event's facts of fixed size; Event adds the per-seat lists. Kept apart
// so that a reused event is reset in one assignment, whatever fields are added.
struct EventFacts {
    enum class Kind {
        mayor_elected,     // player, or none: no mayor
        mayor_lost,        // player: the mayor went out
        temperature_rose,  // value: the new temperature
        lobby,             // player (if any), lobby outcome, one more lobby follows or not
        dawn,              // the night's calls are over: the dawn steps follow
        player_out,        // player, role, cause
        saved,             // player saved by a protest
        fragile_revived,   // player
        slapp,             // filed (the player out after all) or not
        vote_result,       // tally by seat, outcome, player out (if any), tied seats, revote
        revote,            // tied: the seats in the revote
        game_over,         // winner, reason
    };

    Kind kind = Kind::dawn;
    std::optional<Seat> player;
    Role role = Role::citizen;
    OutCause cause = OutCause::damage;
    LobbyOutcome lobby = LobbyOutcome::nobody;
    bool one_more_lobby = false;  // lobby: the banker corrupted, one more lobby tonight
    bool filed = false;           // slapp: the suit was filed
    bool was_revote = false;      // vote_result: the vote was a revote
    int value = 0;
    Team winner = Team::ecosystems;
    WinReason reason = WinReason::temperature;
    std::optional<Seat> double_vote;           // vote_result: the mayor, whose vote counted two
    VoteOutcome vote = VoteOutcome::no_votes;  // vote_result
    // vote_result: the mayor's double vote decided it: counted once, the top
    // of the tally would be other players (public: the ballots are said aloud).
    bool mayor_decided = false;
};

struct Event : EventFacts {
    std::vector<int> tally;   // vote_result: votes per seat, the mayor's counted twice
    std::vector<Seat> seats;  // vote_result, revote: the tied seats

    // Back to a fresh event, keeping the lists' capacity. Copied from a
    // constant: GCC zeroes a temporary with `rep stos`, slow at this size.
    void reset() {
        static constexpr EventFacts fresh{};
        static_cast<EventFacts&>(*this) = fresh;
        tally.clear();
        seats.clear();
    }
};

std::string_view win_reason_id(WinReason reason);  // "temperature", "no-carbon", ...

// Whether an EventBuffer keeps what it is given. The balance lab's discards:
// nothing reads a simulated game's events, and keeping them cost about 6%.
enum class Events { kept, discarded };

// Events written into a buffer the caller owns and reuses (the lean API of
// Game). Its slots are kept, with their vectors' capacity, from one use to the
// next: once they have grown to the largest action's events, filling the
// buffer allocates nothing. A discarding buffer stays empty: each event is
// written into one scratch event, for the engine's sake, and dropped.
class EventBuffer {
  public:
    explicit EventBuffer(Events events = Events::kept) : discard_(events == Events::discarded) {}

    void clear() { size_ = 0; }
    // Back to the first `size` events (no more than there are).
    void truncate(std::size_t size) { size_ = std::min(size, size_); }
    // Moves the events from `first` on that `take` picks into `taken`, in
    // order; the others close up behind the events before `first`.
    template <typename Take>
    void move_out(std::size_t first, Take take, std::vector<Event>& taken) {
        std::size_t kept = first;
        for (std::size_t i = first; i < size_; ++i) {
            if (take(slots_[i]))
                taken.push_back(slots_[i]);
            else if (kept++ != i)
                std::swap(slots_[kept - 1], slots_[i]);
        }
        size_ = kept;
    }
    // A fresh event at the end, in a reused slot when there is one.
    Event& add() {
        if (discard_) {
            scratch_.tally.clear();  // filled by assign and push_back: kept from growing
            scratch_.seats.clear();
            return scratch_;
        }
        if (size_ == slots_.size()) return grow();
        Event& slot = slots_[size_++];
        slot.reset();
        return slot;
    }

    std::size_t size() const { return size_; }
    // Whether what is added is kept (Events::kept): a fact only a reader
    // needs may be left unworked otherwise.
    bool keeps() const { return !discard_; }
    bool empty() const { return size_ == 0; }
    const Event& operator[](std::size_t index) const { return slots_[index]; }
    const Event* begin() const { return slots_.data(); }
    const Event* end() const { return slots_.data() + size_; }
    std::vector<Event> to_vector() const { return {begin(), end()}; }

  private:
    // A new slot: only until the buffer has grown to the largest action's
    // events, so kept out of add(), which the engine calls for every event.
    [[gnu::noinline]] Event& grow() {
        slots_.emplace_back();
        return slots_[size_++];
    }

    std::vector<Event> slots_;
    std::size_t size_ = 0;
    bool discard_ = false;
    Event scratch_;  // a discarding buffer's
};

}  // namespace coyel
