// What one observer may know at one moment, decided here once: the table's
// view, one player's card, what the rules told that player privately (a tap
// on the shoulder, a head shake, a finger pointed) and their phone at the
// call now expected. Every screen, page, phone and status is a projection of
// an observation; no front end reads a hidden fact from the game (the phones'
// desk also asks the core, phone_call.hpp, the list every phone shows, the
// same on all, and whose taps answer, to judge a night's answer as a
// moderator would). The table of who learns what, and when, is in
// docs/rulings.md; twin games that differ only in hidden facts give every
// observer but the one holding them the same observation
// (tests/core/observe_test.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "coyel/card_view.hpp"
#include "coyel/game.hpp"
#include "coyel/phone_call.hpp"
#include "coyel/table_view.hpp"

namespace coyel {

// The moment observed: the game, and the live clock's reading when it runs
// ahead of the game's own (a clock that ticked since the last entry).
struct Moment {
    const Game& game;
    std::optional<std::int64_t> clock_s;
    // The moment as the table was told it, for the moderator too: held news
    // not yet in (the moderator's story tells the game in the table's order).
    // Every other observer always sees the told moment.
    bool as_told = false;
};

// A fact the rules give one player privately, when they give it.
struct PrivateFact {
    enum class Kind {
        fellow,       // a carbon emission: `about` is another (they met on night 1)
        lobbied,      // the CEO lobbied this player, who recognised `about`, the CEO
        corrupted,    // the CEO: `about` was corrupted by their lobby and recognised them
        lobby_spent,  // the CEO, tonight: the lobby on `about` changed nothing (a head shake)
        saved,        // the CEO at the SLAPP-suit: the protest saved `about` (pointed at)
    };
    Kind kind = Kind::fellow;
    Seat about = 0;
    bool operator==(const PrivateFact&) const = default;
};

// One player's phone at the call now expected (docs/phone-answers.md).
struct PhoneView {
    std::optional<CallId> call;        // nullopt: no call on the phones now
    std::vector<PhoneChoice> choices;  // the same list on every phone (the decoy rule)
    // Per entry, whether this player may tap it: every entry for a player
    // whose taps do not count; for one whose do, what the rules allow them
    // (the NGO not last night's player, the carbon emissions not their own,
    // the banker the gestures open, a corrupted voter not the CEO).
    std::vector<bool> open;
    bool answers = false;  // whether this player's taps make the answer (never shown)
    bool operator==(const PhoneView&) const = default;
};

// What the moderator is shown to run the call now expected: whom to ask and
// what the rules leave open, facts the table may not know (whom the protest
// saved, whom the NGO protected last night).
struct CallPrompt {
    CallId call = CallId::first_mayor;
    std::optional<Seat> voter;           // whose ballot is asked now
    int slapps_left = 0;                 // the CEO's SLAPP-suits not yet filed
    std::optional<Seat> saved;           // whom tonight's protest saved
    std::optional<Seat> ngo_barred;      // whom the NGO may not protect tonight
    std::vector<BankerChoice> gestures;  // the banker's gestures open now
    bool operator==(const CallPrompt&) const = default;
};

struct Observation {
    TableView view;                 // the game as this observer knows it
    std::optional<CardView> card;   // a player's own card
    std::vector<PrivateFact> told;  // what the rules told this player privately, so far
    PhoneView phone;                // a player's phone (no call for anyone else)
    // The moderator's, while a call is expected (not at a told moment).
    std::optional<CallPrompt> prompt;
    bool operator==(const Observation&) const = default;
};

// Everything `observer` may know at `moment`. The moderator sees the game
// as it stands, held news included (unless the moment is as told), with the
// call's prompt; the table and each player as the table was told it, each
// player with their own card, facts and phone.
// Precondition for Observer::Kind::player: seat < game.player_count().
Observation observe(const Moment& moment, Observer observer);

// The same, at the game's own reading.
inline Observation observe(const Game& game, Observer observer) {
    return observe(Moment{game, std::nullopt}, observer);
}

// The table's view at the game's own reading, the view most screens draw.
inline TableView seen_by_table(const Game& game) { return observe(game, Observer::table()).view; }

}  // namespace coyel
