// A call answered on the players' phones (`--cards phone`, issue 39): the
// rules of docs/phone-answers.md that decide what a phone shows and whose
// taps count. At night every phone of a player in the game shows the same
// list (the decoy rule); only the taps of the players the call wakes make
// the answer, and the carbon emissions must agree on one name. By day each
// player's phone is their ballot, public, cast in seat order; at the
// mayor's election, their vote, counted once every phone is done.
#pragma once

#include <optional>
#include <vector>

#include "coyel/action.hpp"
#include "coyel/game.hpp"

namespace coyel {

// One entry of the list a phone shows: a player, nobody, or a gesture.
struct PhoneChoice {
    std::optional<Seat> player;  // nullopt: nobody (or a gesture's entry)
    std::optional<BankerChoice> gesture;
    std::optional<bool> file;  // the SLAPP-suit's entries: file it, or not
    bool operator==(const PhoneChoice&) const = default;

    static PhoneChoice of(Seat seat) { return with(&PhoneChoice::player, seat); }
    static PhoneChoice of(BankerChoice gesture) { return with(&PhoneChoice::gesture, gesture); }
    static PhoneChoice filing(bool file) { return with(&PhoneChoice::file, file); }

  private:
    template <typename T>
    static PhoneChoice with(std::optional<T> PhoneChoice::*field, T value) {
        PhoneChoice choice;
        choice.*field = value;
        return choice;
    }
};

// The list every phone shows at the call now expected: every choice of the
// call's kind, never the legal set, which can hold a secret (the NGO's
// last protected player, the carbon emissions' own seats). Every player in
// the game, then nobody where the call's kind allows nobody; or the three
// gestures; or, at the SLAPP-suit, filing it and not. At a vote, the
// candidates (the tied players at a revote), then nobody where the options
// let a voter abstain: public, as the vote is
// (a corrupted voter may not name the CEO: refused on their phone alone).
// At the mayor's election, every player in the game, then nobody.
// Empty at any other call.
std::vector<PhoneChoice> phone_choices(const Game& game);

// Whether the phones answer `call` one ballot per phone (the day's vote).
constexpr bool is_ballot(CallId call) { return call == CallId::vote || call == CallId::revote; }

// What `seat`'s phone alone is shown at the call now expected, as the
// moderator would point at it: at the SLAPP-suit's call, the player the
// protest saved, to the CEO (eyes closed; docs/rulings.md says when).
std::optional<Seat> phone_pointed_at(const Game& game, Seat seat);

// Whether the phones answer `call` as the table's election: every phone
// taps a name or nobody, and the most taps elect (the mayor's election).
constexpr bool is_election(CallId call) {
    return call == CallId::first_mayor || call == CallId::new_mayor;
}

// The seats whose taps answer the call now expected: the holders, still in
// the game, of the role it wakes (every carbon emission at the carbon call);
// at a vote or an election, every player in the game.
SeatSet phone_answerers(const Game& game);

// The answer the answerers' picks make (`picks[i]` is the index in
// phone_choices of the i-th answerer in seat order, nullopt before Done):
// taken when every answerer has picked the same entry, else nullopt (the
// carbon emissions have not agreed yet). Whether the rules allow it is
// Game::apply's to say.
std::optional<Action> phone_answer(const Game& game,
                                   const std::vector<std::optional<std::size_t>>& picks);

// The count of an election by phone (`picks` as for phone_answer, one per
// player in the game): the single entry with the most taps is elected
// (nobody's entry elects no mayor, as typed); a tie at the top gives the
// tied entries instead, and the table talks it over and taps again.
struct PhoneElection {
    std::optional<Action> elected;
    std::vector<std::size_t> tied;  // indices in phone_choices, when no entry leads
};
PhoneElection phone_election(const Game& game,
                             const std::vector<std::optional<std::size_t>>& picks);

// How many answers the log holds, asides left out (a degree, a note, the
// dawn's telling): what tells one call from the next, so that a degree
// reached during a call leaves it the same call on every phone.
std::size_t answers_logged(const Game& game);

// The action one entry of the list stands for, at the call now expected.
std::optional<Action> phone_action(const Game& game, std::size_t index);

}  // namespace coyel
