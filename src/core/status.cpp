#include "coyel/status.hpp"

#include <nlohmann/json.hpp>

namespace coyel {

nlohmann::ordered_json status_json(const Game& game) {
    using json = nlohmann::ordered_json;
    const State& state = game.state();
    json out;
    out["round"] = state.round;
    out["phase"] = phase_id(state.phase);
    out["expects"] = state.expects ? json(action_id(*state.expects)) : json(nullptr);
    out["temperature"] = state.temperature;
    out["clock_s"] = state.clock_s;
    out["winner"] = state.winner ? json(team_id(*state.winner)) : json(nullptr);
    out["win_reason"] = state.win_reason ? json(win_reason_id(*state.win_reason)) : json(nullptr);
    out["ceo_revealed"] = state.ceo_revealed;
    json players = json::array();
    for (Seat seat = 0; seat < game.player_count(); ++seat) {
        players.push_back({{"name", game.name(seat)},
                           {"role", role_id(game.role(seat))},
                           {"in_game", state.in_game.contains(seat)},
                           {"corrupted", state.corrupted.contains(seat)},
                           {"mayor", state.mayor == seat}});
    }
    out["players"] = players;
    // Beyond the contract: what a reviewer or a tool may also want.
    out["temperature_limit"] = game.setup().options.temperature_limit;
    out["slapps_left"] = game.slapps_left();
    out["log_entries"] = game.log().size();
    out["news_held"] = game.news_held();  // the table not yet told the last news (a gate)
    if (!state.revote_candidates.empty()) {
        json tied = json::array();
        for (Seat seat : state.revote_candidates) tied.push_back(game.name(seat));
        out["revote_between"] = tied;
    }
    return out;
}

}  // namespace coyel
