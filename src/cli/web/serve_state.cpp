#include "serve_state.hpp"

#include <nlohmann/json.hpp>

#include "players_screen.hpp"

namespace coyel::cli {
namespace {

nlohmann::json players_json(const narration::PlayersScreen& screen) {
    nlohmann::json players = nlohmann::json::array();
    for (const auto& row : screen.players)
        players.push_back({{"seat", row.seat},
                           {"name", row.name},
                           {"status", row.status},
                           {"in_game", row.in_game},
                           {"mayor", row.mayor}});
    return players;
}

}  // namespace

PublicState public_state(const narration::Narrator& narrator, const Game& game,
                         const std::optional<LiveClock>& live, std::int64_t now_ms,
                         const std::string& note, const std::string& game_id) {
    narration::TableStory story(narrator);
    return public_state(story, game, live, now_ms, note, game_id);
}

PublicState public_state(narration::TableStory& story, const Game& game,
                         const std::optional<LiveClock>& live, std::int64_t now_ms,
                         const std::string& note, const std::string& game_id) {
    const narration::PlayersScreen screen = narration::players_screen(story, game, live, now_ms);
    const nlohmann::json out = {{"phase", screen.phase},
                                {"temperature", screen.temperature},
                                {"temperature_limit", screen.temperature_limit},
                                {"degrees", screen.degrees},
                                {"temperature_text", screen.temperature_text},
                                {"countdown", screen.countdown},
                                {"countdown_figure", screen.countdown_figure.value_or("")},
                                {"timer", screen.timer.value_or("")},
                                {"players", players_json(screen)},
                                {"announcement", screen.announcement},
                                {"vote", screen.vote},
                                {"result", screen.result.value_or("")},
                                {"result_figure", screen.result_figure.value_or("")},
                                {"note", note},
                                {"game", game_id}};
    PublicState state;
    state.head = out.dump();  // UTF-8 as is; the page never parses it as markup
    state.head.pop_back();    // its closing brace, which at() puts back
    if (screen.countdown_left) state.countdown_ends_ms = now_ms + screen.countdown_left->count();
    if (screen.timer && live && live->timer_ends_ms) state.timer_ends_ms = live->timer_ends_ms;
    return state;
}

std::string PublicState::at(std::int64_t now_ms) const {
    std::string json = head;
    const auto left = [now_ms](std::int64_t ends_ms) {
        return std::to_string(std::max<std::int64_t>(0, ends_ms - now_ms));
    };
    if (countdown_ends_ms) json += ",\"countdown_ms\":" + left(*countdown_ends_ms);
    if (timer_ends_ms) json += ",\"timer_ms\":" + left(*timer_ends_ms);
    return json + '}';
}

std::string public_state_json(const narration::Narrator& narrator, const Game& game,
                              const std::optional<LiveClock>& live, std::int64_t now_ms,
                              const std::string& note, const std::string& game_id) {
    return public_state(narrator, game, live, now_ms, note, game_id).at(now_ms);
}

}  // namespace coyel::cli
