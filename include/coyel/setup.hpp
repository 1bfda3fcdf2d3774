// Who plays, who holds which card, and the house rules (SPEC section 2).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "coyel/options.hpp"
#include "coyel/result.hpp"
#include "coyel/roles.hpp"

namespace coyel {

class SplitMix64;  // rng.hpp

inline constexpr int min_players = 5;
inline constexpr int max_players = 30;
inline constexpr std::size_t max_name_length = 24;

// A count per role; a deck is dealt one card per player.
struct Deck {
    std::array<int, all_roles.size()> counts{};

    int& operator[](Role role) { return counts[static_cast<std::size_t>(role)]; }
    int operator[](Role role) const { return counts[static_cast<std::size_t>(role)]; }
    int size() const;
    auto operator<=>(const Deck&) const = default;  // an order, for maps: by count, role by role
};

struct Setup {
    std::vector<std::string> players;   // seat order
    std::vector<Role> roles;            // by seat
    std::optional<std::uint64_t> seed;  // present for a random deal
    Options options;
    // By seat, the secret of each player's card link (`coyel new --cards
    // phone`, card_view.hpp); empty for a game without phone cards.
    std::vector<std::string> card_tokens;
    // Where the game serves its players' screen and card links (`--serve`),
    // as it last did: the address asked, the port bound, and the address
    // the links were given with, for `resume` to serve the same links again
    // or say which changed; nullopt for a game never served.
    struct Served {
        std::string bind;  // "0.0.0.0", "127.0.0.1", …
        int port = 0;      // 1 to 65535
        std::string
            address;  // "http://192.168.1.20:8080/"; empty in a save from before it was kept
        bool operator==(const Served&) const = default;
    };
    std::optional<Served> served;
    // How a game with no moderator (`new --self`) was started, for `resume
    // --self` to go on the same way: the talk's length as --talk took it, and
    // the voice (--speak, --speak-log); nullopt for a moderated game.
    struct SelfPlay {
        std::string talk;       // "45s", "1:30", "3"
        bool speak = false;     // on the loudspeaker
        std::string speak_log;  // timed and silent, into this file; empty: none
        bool operator==(const SelfPlay&) const = default;
    };
    std::optional<SelfPlay> self_play;

    int player_count() const { return static_cast<int>(players.size()); }
    bool operator==(const Setup&) const = default;
};

// Who holds each unique role (and the first holder of the others): found
// once per deal, since the rules ask it at every answer.
struct Cast {
    std::array<std::optional<Seat>, all_roles.size()> holders{};
    std::array<std::uint32_t, all_roles.size()> role_seats{};  // per role, a bit per seat
    std::uint32_t carbon_seats = 0;     // a bit per seat holding a carbon emission
    std::uint32_t ecosystem_seats = 0;  // a bit per seat of the ecosystems' team

    static Cast of(const Setup& setup);
    // The same, in place: a new deal in the simulator, without a copy.
    void recount(const Setup& setup);
    std::optional<Seat> holder(Role role) const { return holders[static_cast<std::size_t>(role)]; }
    std::uint32_t seats_of(Role role) const { return role_seats[static_cast<std::size_t>(role)]; }
};

// The problem with one name as typed, after trimming; nullopt when it is fine.
Refusal check_name(std::string_view name);

// Every problem with the player list, one error each (its reason as data
// for a script to word); empty when valid.
std::vector<Error> check_players(const std::vector<std::string>& players);

// Every problem with the deck for this many players, one error each.
std::vector<Error> check_deck(const Deck& deck, int player_count);

// Every problem with a whole setup: players, deck from the roles, options.
std::vector<Error> check_setup(const Setup& setup);

Deck deck_of(const std::vector<Role>& roles);

// The default deck for a player count, from data/decks.json compiled in.
Result<Deck> default_deck(int player_count);

// The default length in minutes (clock mode) for a player count, from the
// same file: with the default deck the balance lab's fairest length
// (docs/balance.md "Default decks and lengths"). 25 outside 5..30.
int default_minutes(int player_count);

// Parses "carbon=2,ngo,ceo" (a role alone counts one; the rest are citizens).
Result<Deck> parse_deck(std::string_view text, int player_count);

// "2 carbon, ngo, ceo, 4 citizen"
std::string describe_deck(const Deck& deck);
// The deck as parse_deck reads it (--deck): "carbon=2,ngo,ceo", the rest citizens.
std::string deck_argument(const Deck& deck);

// Deals the deck to seats with the named, portable generator (see rng.hpp).
std::vector<Role> deal(const Deck& deck, std::uint64_t seed);
// The same deal into `seats` (deck.size() of them), without allocating.
void deal(const Deck& deck, std::uint64_t seed, std::span<Role> seats);
// A deal with fast_below's stream (see rng.hpp), no division per card: the
// balance lab's. Not the deal of `coyel new --seed`, which keeps deal().
void deal_fast(const Deck& deck, SplitMix64& rng, std::span<Role> seats);

// Seat of `name` (any case, surrounding space ignored), or nullopt.
std::optional<Seat> find_player(const std::vector<std::string>& players, std::string_view name);

}  // namespace coyel
