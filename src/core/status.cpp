#include "coyel/status.hpp"

#include <nlohmann/json.hpp>

#include "coyel/observe.hpp"

namespace coyel {

// The moderator's observation of the game as it stands, as JSON.
nlohmann::ordered_json status_json(const Game& game) {
    using json = nlohmann::ordered_json;
    const TableView view = observe(game, Observer::moderator()).view;
    const State& state = game.state();
    json out;
    out["round"] = view.round;
    out["phase"] = phase_id(view.phase);
    out["expects"] = state.expects ? json(action_id(*state.expects)) : json(nullptr);
    out["temperature"] = view.temperature;
    out["clock_s"] = view.clock_s;
    out["winner"] = view.winner ? json(team_id(*view.winner)) : json(nullptr);
    out["win_reason"] = view.win_reason ? json(win_reason_id(*view.win_reason)) : json(nullptr);
    out["ceo_revealed"] = state.ceo_revealed;
    json players = json::array();
    for (const TablePlayer& player : view.players)
        players.push_back({{"name", player.name},
                           {"role", role_id(*player.role)},
                           {"in_game", player.in_game},
                           {"corrupted", player.corrupted},
                           {"mayor", player.mayor}});
    out["players"] = players;
    // Beyond the contract: what a reviewer or a tool may also want.
    out["temperature_limit"] = game.setup().options.temperature_limit;
    out["slapps_left"] = game.slapps_left();
    out["log_entries"] = game.log().size();
    out["news_held"] = game.news_held();  // the table not yet told the last news (a gate)
    if (!view.revote_between.empty()) {
        json tied = json::array();
        for (Seat seat : view.revote_between) tied.push_back(view.players[seat].name);
        out["revote_between"] = tied;
    }
    return out;
}

}  // namespace coyel
