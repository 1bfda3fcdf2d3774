// Refusals carry their reason as data (issue 22): the English script words
// each exactly as the engine's English message does, and the French script
// words each in French, for every refusal random games meet.
#include <catch2/catch.hpp>

#include <map>

#include "coyel/game.hpp"
#include "coyel/setup.hpp"
#include "languages.hpp"
#include "narrator.hpp"
#include "random_games.hpp"

using namespace coyel;

namespace {

// Every refusal met at one step: each seat and nobody as the answer, each
// banker gesture, a ballot for each seat, and the asides the REPL may type.
void collect(const Game& game, std::map<std::string, Error>& by_reason) {
    auto keep = [&](const Refusal& refusal) {
        if (refusal && !refusal->reason.empty()) by_reason.try_emplace(refusal->reason, *refusal);
    };
    for (Seat seat = 0; seat <= game.player_count(); ++seat)  // one seat that does not exist
        keep(game.choice_refusal(seat));
    keep(game.choice_refusal(std::nullopt));
    for (BankerChoice choice :
         {BankerChoice::social, BankerChoice::speculation, BankerChoice::none}) {
        Action banker;
        banker.kind = ActionKind::banker;
        banker.choice = choice;
        Game copy = game;
        if (auto applied = copy.apply(banker); !applied) keep(applied.failure());
    }
    for (ActionKind aside : {ActionKind::heat, ActionKind::tell}) {
        Action action;
        action.kind = aside;
        Game copy = game;
        if (auto applied = copy.apply(action); !applied) keep(applied.failure());
    }
}

}  // namespace

TEST_CASE("each refusal's reason is worded by the scripts: English as the engine says, French") {
    const narration::Narrator english(narration::english_script());
    const narration::Narrator french(*narration::builtin_script("fr"));
    std::map<std::string, Error> by_reason;
    SplitMix64 rng(22);
    for (int played = 0; played < 300; ++played) {
        Game game(test::random_setup(rng));
        while (!game.over()) {
            collect(game, by_reason);
            REQUIRE(game.apply(test::random_action(game, rng)).ok());
        }
        collect(game, by_reason);
    }
    for (const auto& [reason, error] : by_reason) {
        INFO(reason << ": " << error.message);
        CHECK(english.script().has("refusal." + reason));
        CHECK(english.refusal(error) == error.message);
        CHECK(french.refusal(error) != error.message);
    }
    for (const char* met : {"out_of_game", "target_is_carbon", "ceo_self", "carbon_must_name",
                            "no_such_player", "game_over", "no_news", "heat_manual_only",
                            "ballot_out_of_game", "social_used", "speculation_not_corrupted"}) {
        INFO(met);
        CHECK(by_reason.count(met) == 1);
    }
}

TEST_CASE("a player's name refused for its shape is worded by the scripts, French too") {
    const narration::Narrator english(narration::english_script());
    const narration::Narrator french(*narration::builtin_script("fr"));
    const std::pair<std::string, const char*> names[] = {
        {"", "name_empty"},
        {"A\x01", "name_unprintable"},
        {std::string(30, 'a'), "name_too_long"},
        {"None", "name_reserved"},
        {"42", "name_digits"},
    };
    for (const auto& [name, reason] : names) {
        const auto refusal = check_name(name);
        REQUIRE(refusal);
        INFO(reason << ": " << refusal->message);
        CHECK(refusal->reason == reason);
        CHECK(english.refusal(*refusal) == refusal->message);
        CHECK(french.refusal(*refusal) != refusal->message);
    }
    CHECK(!check_name("Ana"));
}
