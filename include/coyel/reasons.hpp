// Every refusal of the rules engine as a code (as ninja's status enum and
// Stockfish's error values): the engine writes no words. A refusal carries
// its reason's id and its arguments (Error::reason, Error::args); the
// narration words it from the script's line "refusal.<id>", in the game's
// language. tests/narration/refusal_words_test.cpp meets every reason and
// words it in English and French.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "coyel/result.hpp"

namespace coyel {

enum class Reason : std::uint8_t {
    // An answer refused by its call's checks (include/coyel/checks.hpp).
    no_such_player,
    out_of_game,
    carbon_must_name,
    target_is_carbon,
    ngo_repeat,
    ceo_self,
    social_corrupted,
    speculation_not_corrupted,
    social_used,
    speculation_used,
    one_total_used,
    no_fragile,
    fragile_in_game,
    fragile_out,
    voter_out,
    abstain_off,
    ballot_no_such_player,
    ballot_out_of_game,
    revote_only,
    corrupted_for_ceo,
    // An answer of another kind than the call's: a player to the banker's call.
    wrong_answer_kind,
    // Not at this moment of the game, or of its clock.
    game_over,
    over_by_then,
    not_now,
    no_news,
    no_vote,
    heat_manual_only,
    clock_not_started,
    clock_back,
    at_out_of_range,
    cards_out,
    // A malformed action: from a file, or a front end's mistake.
    clock_needs_at,
    text_not_utf8,
    voter_no_such_player,
    voted_twice,
    not_voted,
    cards_shown_range,
};

struct ReasonInfo {
    Reason reason;
    std::string_view id;  // the script's line is "refusal.<id>"
    // What kind of failure, for a front end to decide by. Stated per reason,
    // so that no reason becomes secret, or public, by its place in a list.
    ErrorCode code;
};

inline constexpr auto reason_table = std::to_array<ReasonInfo>({
    {Reason::no_such_player, "no_such_player", ErrorCode::invalid},
    {Reason::out_of_game, "out_of_game", ErrorCode::refused},
    {Reason::carbon_must_name, "carbon_must_name", ErrorCode::refused},
    {Reason::target_is_carbon, "target_is_carbon", ErrorCode::refused},
    {Reason::ngo_repeat, "ngo_repeat", ErrorCode::refused},
    {Reason::ceo_self, "ceo_self", ErrorCode::refused},
    {Reason::social_corrupted, "social_corrupted", ErrorCode::refused},
    {Reason::speculation_not_corrupted, "speculation_not_corrupted", ErrorCode::refused},
    {Reason::social_used, "social_used", ErrorCode::refused},
    {Reason::speculation_used, "speculation_used", ErrorCode::refused},
    {Reason::one_total_used, "one_total_used", ErrorCode::refused},
    {Reason::no_fragile, "no_fragile", ErrorCode::refused},
    {Reason::fragile_in_game, "fragile_in_game", ErrorCode::refused},
    {Reason::fragile_out, "fragile_out", ErrorCode::refused},
    {Reason::voter_out, "voter_out", ErrorCode::refused},
    {Reason::abstain_off, "abstain_off", ErrorCode::refused},
    {Reason::ballot_no_such_player, "ballot_no_such_player", ErrorCode::invalid},
    {Reason::ballot_out_of_game, "ballot_out_of_game", ErrorCode::refused},
    {Reason::revote_only, "revote_only", ErrorCode::refused},
    // The table must not hear why: it would learn the voter is corrupted.
    {Reason::corrupted_for_ceo, "corrupted_for_ceo", ErrorCode::refused_secretly},
    {Reason::wrong_answer_kind, "wrong_answer_kind", ErrorCode::invalid},
    {Reason::game_over, "game_over", ErrorCode::game_over},
    {Reason::over_by_then, "over_by_then", ErrorCode::game_over},
    {Reason::not_now, "not_now", ErrorCode::not_now},
    {Reason::no_news, "no_news", ErrorCode::not_now},
    {Reason::no_vote, "no_vote", ErrorCode::not_now},
    {Reason::heat_manual_only, "heat_manual_only", ErrorCode::not_now},
    {Reason::clock_not_started, "clock_not_started", ErrorCode::not_now},
    {Reason::clock_back, "clock_back", ErrorCode::invalid},
    {Reason::at_out_of_range, "at_out_of_range", ErrorCode::invalid},
    {Reason::cards_out, "cards_out", ErrorCode::not_now},
    {Reason::clock_needs_at, "clock_needs_at", ErrorCode::invalid},
    {Reason::text_not_utf8, "text_not_utf8", ErrorCode::invalid},
    {Reason::voter_no_such_player, "voter_no_such_player", ErrorCode::invalid},
    {Reason::voted_twice, "voted_twice", ErrorCode::invalid},
    {Reason::not_voted, "not_voted", ErrorCode::invalid},
    {Reason::cards_shown_range, "cards_shown_range", ErrorCode::invalid},
});

inline constexpr Reason last_reason = Reason::cards_shown_range;
static_assert(reason_table.size() == static_cast<std::size_t>(last_reason) + 1);
static_assert(
    [] {
        for (std::size_t i = 0; i < reason_table.size(); ++i)
            if (static_cast<std::size_t>(reason_table[i].reason) != i) return false;
        return true;
    }(),
    "reason_table's rows are in the order of Reason");

constexpr const ReasonInfo& reason_info(Reason reason) {
    return reason_table[static_cast<std::size_t>(reason)];
}

// A refusal for `reason`, with its arguments by name (a list argument holds
// its items separated by '\n'). No words: Narrator::refusal writes them.
inline Error refusal(Reason reason, std::vector<std::pair<std::string, std::string>> args = {}) {
    const ReasonInfo& info = reason_info(reason);
    return Error{{}, info.code, std::string{info.id}, std::move(args)};
}

}  // namespace coyel
