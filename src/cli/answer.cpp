#include "answer.hpp"

#include <fmt/format.h>

#include "coyel/text.hpp"

namespace coyel::cli {

bool is_player_name(std::string_view text, const Game& game) {
    return find_player(game.setup().players, text).has_value();
}

Result<std::optional<Seat>> parse_player(std::string_view raw, const Game& game, bool allow_none) {
    const std::string_view text = trim(raw);
    using Answer = std::optional<Seat>;
    if (text.empty()) return Error{"type a player's name, its first letters or seat number"};
    if (iequals(text, "none") || iequals(text, "nobody")) {
        if (!allow_none)
            return Error{"nobody is not an answer here: name a player", ErrorCode::refused};
        return Answer{};
    }
    if (is_all_digits(text)) {
        const std::size_t seat = text.size() > 3 ? 0 : std::stoul(std::string{text});
        if (seat < 1 || seat > static_cast<std::size_t>(game.player_count()))
            return Error{
                fmt::format("there is no seat {} (seats 1 to {})", text, game.player_count())};
        return Answer{static_cast<Seat>(seat - 1)};
    }
    if (auto exact = find_player(game.setup().players, text)) return Answer{*exact};
    // First letters: players in the game first, so "A" is not blocked by Ann
    // who went out two nights ago.
    for (bool in_game_only : {true, false}) {
        std::vector<Seat> matches;
        for (Seat seat = 0; seat < game.player_count(); ++seat)
            if ((!in_game_only || game.in_game(seat)) && istarts_with(game.name(seat), text))
                matches.push_back(seat);
        if (matches.size() == 1) return Answer{matches.front()};
        if (matches.size() > 1) {
            std::vector<std::string> names;
            for (Seat seat : matches) names.push_back(game.name(seat));
            return Error{fmt::format("\"{}\" could be {}: type more letters", text, join_or(names)),
                         ErrorCode::ambiguous};
        }
    }
    std::vector<std::string_view> names(game.setup().players.begin(), game.setup().players.end());
    return Error{fmt::format("no player is called \"{}\"{}", text, did_you_mean(text, names)),
                 ErrorCode::unknown_answer};
}

Result<bool> parse_yes_no(std::string_view raw) {
    const std::string answer = to_lower(trim(raw));
    if (answer == "yes" || answer == "y") return true;
    if (answer == "no" || answer == "n") return false;
    return Error{"answer yes or no", ErrorCode::unknown_answer};
}

Result<BankerChoice> parse_gesture(std::string_view raw) {
    const std::string answer = to_lower(trim(raw));
    if (answer == "up" || answer == "social") return BankerChoice::social;
    if (answer == "down" || answer == "speculation") return BankerChoice::speculation;
    if (answer == "none" || answer == "shake" || answer == "no") return BankerChoice::none;
    return Error{"answer up (social responsibility), down (speculation) or none (a head shake)",
                 ErrorCode::unknown_answer};
}

}  // namespace coyel::cli
