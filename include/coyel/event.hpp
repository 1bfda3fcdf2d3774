// What an applied action did, for the moderator to announce (and for replay).
#pragma once

#include <optional>
#include <vector>

#include "coyel/roles.hpp"

namespace coyel {

enum class OutCause { damage, speculation, slapp, vote };
enum class LobbyOutcome { corrupted, already_corrupted, refused_ngo, refused_mayor, nobody };
enum class WinReason { temperature, no_carbon, no_ecosystems };

struct Event {
    enum class Kind {
        mayor_elected,     // player, or none: no mayor
        mayor_lost,        // player: the mayor went out
        temperature_rose,  // value: the new temperature
        lobby,             // player (if any), lobby outcome, extra: a second lobby follows
        dawn,              // the night's calls are over: the dawn steps follow
        player_out,        // player, role, cause
        saved,             // player saved by a protest
        fragile_revived,   // player
        slapp,             // filed (player out after all) or not
        vote_result,       // tally by seat, player out (if any), tied seats on a tie
        revote,            // tied: the seats in the revote
        game_over,         // winner, reason
    };

    Kind kind;
    std::optional<Seat> player;
    Role role = Role::citizen;
    OutCause cause = OutCause::damage;
    LobbyOutcome lobby = LobbyOutcome::nobody;
    bool extra = false;  // lobby: banker corrupted, one more lobby; slapp: filed
    int value = 0;
    Team winner = Team::ecosystems;
    WinReason reason = WinReason::temperature;
    std::vector<int> tally;           // vote_result: votes per seat, the mayor's counted twice
    std::vector<Seat> seats;          // vote_result, revote: the tied seats
    std::optional<Seat> double_vote;  // vote_result: the mayor, whose vote counted two
};

std::string_view win_reason_id(WinReason reason);  // "temperature", "no-carbon", ...

}  // namespace coyel
