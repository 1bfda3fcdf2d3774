// The answers to a call, of every kind (AnswerKind, calls.hpp): a player or
// nobody, a banker's gesture, or whether a SLAPP-suit is filed. One answer
// (`Answer`) and a set of them (`Answers`, what Game::legal_answers lists),
// as bits: a set copies in a few bytes and answers "is this one open?" in a
// bit test.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "coyel/action.hpp"
#include "coyel/calls.hpp"
#include "coyel/seats.hpp"

namespace coyel {

// A set of the banker's gestures (SPEC section 3, call 3).
class GestureSet {
  public:
    constexpr GestureSet() = default;
    static constexpr GestureSet all() { return from_bits(0b111); }
    static constexpr GestureSet of(BankerChoice gesture) { return from_bits(bit(gesture)); }
    constexpr bool contains(BankerChoice gesture) const { return (bits_ & bit(gesture)) != 0; }
    constexpr GestureSet with(BankerChoice gesture) const {
        return from_bits(bits_ | bit(gesture));
    }
    constexpr GestureSet without(BankerChoice gesture) const {
        return from_bits(bits_ & ~bit(gesture));
    }
    constexpr GestureSet operator&(GestureSet other) const {
        return from_bits(bits_ & other.bits_);
    }
    constexpr bool operator==(const GestureSet&) const = default;
    constexpr int size() const { return (bits_ & 1) + ((bits_ >> 1) & 1) + ((bits_ >> 2) & 1); }

  private:
    static constexpr std::uint8_t bit(BankerChoice gesture) {
        return static_cast<std::uint8_t>(1U << static_cast<unsigned>(gesture));
    }
    static constexpr GestureSet from_bits(unsigned bits) {
        GestureSet set;
        set.bits_ = static_cast<std::uint8_t>(bits);
        return set;
    }
    std::uint8_t bits_ = 0;
};

// The gestures in the order a front end offers them: up, down, none.
inline constexpr BankerChoice gesture_order[] = {BankerChoice::social, BankerChoice::speculation,
                                                 BankerChoice::none};

// One answer to a call, read by the call's kind: `player` for a player (or
// nobody), `gesture` for the banker, `file` for the SLAPP-suit.
struct Answer {
    std::optional<Seat> player;
    BankerChoice gesture = BankerChoice::none;
    bool file = false;
    bool operator==(const Answer&) const = default;

    static Answer of(std::optional<Seat> player) { return Answer{player, {}, false}; }
    static Answer of(BankerChoice gesture) { return Answer{std::nullopt, gesture, false}; }
    static Answer filing(bool file) { return Answer{std::nullopt, {}, file}; }
};

// The answers open at a call: the players (and whether nobody), the
// gestures, or filing the suit and not. Only the call's kind is filled.
struct Answers {
    AnswerKind kind = AnswerKind::player;
    Choices players;
    GestureSet gestures;
    bool filing = false;  // yes_no: filing the suit and not, both open

    bool contains(const Answer& answer) const {
        switch (kind) {
            case AnswerKind::player:
            case AnswerKind::player_or_nobody: return players.contains(answer.player);
            case AnswerKind::gesture: return gestures.contains(answer.gesture);
            case AnswerKind::yes_no: return filing;
        }
        return false;
    }

    // Every answer in the set: the players in seat order, then nobody; the
    // gestures up, down, none; not filing, then filing.
    std::vector<Answer> list() const {
        std::vector<Answer> answers;
        switch (kind) {
            case AnswerKind::player:
            case AnswerKind::player_or_nobody:
                for (Seat seat : players.players) answers.push_back(Answer::of(seat));
                if (players.nobody) answers.push_back(Answer::of(std::nullopt));
                break;
            case AnswerKind::gesture:
                for (BankerChoice gesture : gesture_order)
                    if (gestures.contains(gesture)) answers.push_back(Answer::of(gesture));
                break;
            case AnswerKind::yes_no:
                if (filing) answers = {Answer::filing(false), Answer::filing(true)};
                break;
        }
        return answers;
    }
    bool operator==(const Answers&) const = default;
};

// The action that gives `answer` to a call of `action` kind (a vote's answer
// is one ballot: Game::cast_ballot takes it).
inline Action answer_action(ActionKind kind, const Answer& answer) {
    Action action;
    action.kind = kind;
    action.player = answer.player;
    action.choice = answer.gesture;
    action.file = answer.file;
    return action;
}

}  // namespace coyel
