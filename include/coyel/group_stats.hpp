// The group's record over many games: each team's wins and why, by player
// count and by deck, the games' length, each player's games, wins and roles,
// and the special cards' records. Computed from games already loaded (the
// front end reads the files); unfinished games are counted apart and never
// enter a win or a rate.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "coyel/event.hpp"
#include "coyel/game.hpp"

namespace coyel {

inline constexpr std::size_t team_count = 2;
inline constexpr std::size_t win_reason_count = 3;

// Finished games and each team's wins among them, indexed by Team.
struct WinTally {
    int finished = 0;
    std::array<int, team_count> wins{};
    bool operator==(const WinTally&) const = default;
};

// A length over the finished games: least, most, total (for the mean).
struct Span {
    std::int64_t least = 0, most = 0, total = 0;
    bool operator==(const Span&) const = default;
};

// One player, recognised by name across games as the REPL matches names:
// ignoring case and accents (Cleo is Cléo), except within a game that seats
// both spellings (Zoe and Zoé stay two), and as the group's SameNames say.
struct PlayerRecord {
    std::string name;                           // as first met
    int finished = 0;                           // finished games played
    int wins = 0;                               // of those, won by their card's team
    std::array<int, all_roles.size()> roles{};  // finished games per card held
    bool operator==(const PlayerRecord&) const = default;
};

// One special card (any but citizen) over the finished games dealt it.
struct CardRecord {
    int finished = 0;   // finished games with the card in the deck
    int team_wins = 0;  // of those, won by the card's team
    // What the card did, each counted where it applies, over those games:
    int protest_saves = 0;     // ngo: players saved at dawn by a protest
    int slapps_filed = 0;      // ceo: SLAPP-suits filed (the saved player out after all)
    int slapps_declined = 0;   // ceo: protests let stand
    int lobbies_landed = 0;    // ceo: players corrupted
    int social_used = 0;       // banker: thumbs up (a fragile ecosystem revived)
    int speculation_used = 0;  // banker: thumbs down (a player out)
    int revivals = 0;          // fragile: back in the game by social responsibility
    bool operator==(const CardRecord&) const = default;
};

struct GroupStats {
    int games = 0;       // every save read
    int unfinished = 0;  // not over: counted apart, in nothing below
    WinTally overall;
    std::array<int, win_reason_count> reasons{};  // finished games per WinReason
    std::map<int, WinTally> by_player_count;
    std::map<Deck, WinTally> by_deck;  // by the special cards (no citizen)
    Span rounds;
    Span seconds;                                      // of game clock
    std::vector<PlayerRecord> players;                 // most finished games first, then by name
    std::array<CardRecord, all_roles.size()> cards{};  // by Role; citizen stays empty
    bool operator==(const GroupStats&) const = default;
};

// The deck's special cards, citizens left out: "2 carbon, ceo, ngo".
Deck special_cards_of(const Setup& setup);  // the deck without its citizens
std::string special_cards(const Setup& setup);

// Names that are one player although spelt apart ("Bob", "Robert"): each
// group's first name is the one shown. From `coyel stats --same Bob=Robert`.
using SameNames = std::vector<std::vector<std::string>>;

GroupStats group_stats(const std::vector<const Game*>& games, const SameNames& same = {});

// As `coyel stats --json` prints it: ids, not words ("ecosystems", "no-carbon").
nlohmann::ordered_json group_stats_json(const GroupStats& stats);

}  // namespace coyel
