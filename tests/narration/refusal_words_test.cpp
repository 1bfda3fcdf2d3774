// Every refusal of the rules engine is a reason code with its arguments, and
// no words (issue 47): each reason is met in random games, and worded by
// both scripts, every placeholder filled. The English words themselves are
// pinned by the scenario tests (night_test, day_test, temperature_test, ...).
#include <catch2/catch.hpp>

#include <map>

#include "coyel/game.hpp"
#include "coyel/reasons.hpp"
#include "coyel/setup.hpp"
#include "languages.hpp"
#include "narrator.hpp"
#include "random_games.hpp"

using namespace coyel;

namespace {

// The refusals met, by reason; and any refusal without a reason.
struct Met {
    std::map<std::string, Error> by_reason;
    std::vector<std::string> without_reason;

    void keep(const Refusal& refusal) {
        if (!refusal) return;
        if (refusal->reason.empty())
            without_reason.push_back(refusal->message);
        else
            by_reason.try_emplace(refusal->reason, *refusal);
    }
    void keep_applied(const Game& game, const Action& action) {
        Game copy = game;
        if (auto applied = copy.apply(action); !applied) keep(applied.failure());
    }
};

Action of_kind(ActionKind kind) {
    Action action;
    action.kind = kind;
    return action;
}

// The answers to the call: each seat, one seat that does not exist, nobody,
// each gesture, and a player where the call takes none.
void try_answers(const Game& game, Met& met) {
    for (Seat seat = 0; seat <= game.player_count(); ++seat) met.keep(game.choice_refusal(seat));
    met.keep(game.choice_refusal(std::nullopt));
    for (BankerChoice gesture : gesture_order) met.keep(game.answer_refusal(Answer::of(gesture)));
    if (game.state().expects != ActionKind::vote) {
        Game copy = game;
        if (auto cast = copy.cast_ballot(std::nullopt); !cast) met.keep(cast.failure());
    }
}

// The asides and the malformed actions a file or a front end may give.
void try_asides(const Game& game, Met& met) {
    for (ActionKind aside : {ActionKind::heat, ActionKind::tell, ActionKind::clock})
        met.keep_applied(game, of_kind(aside));
    Action garbled = of_kind(ActionKind::note);
    garbled.text = "caf\xe9";
    met.keep_applied(game, garbled);
    Action late = of_kind(ActionKind::note);
    late.at = max_clock_seconds + 1;
    met.keep_applied(game, late);
    if (game.state().clock_s > 0) {
        late.at = game.state().clock_s - 1;
        met.keep_applied(game, late);
    }
    for (ActionKind kind : {ActionKind::slapp, ActionKind::elect_mayor})
        if (game.state().expects != kind) met.keep_applied(game, of_kind(kind));
    const Options& options = game.setup().options;
    if (!game.over() && options.temperature_mode == TemperatureMode::clock) {
        Action at_the_limit = of_kind(*game.state().expects);
        at_the_limit.at = std::max<std::int64_t>(game.state().clock_s, seconds_to_limit(options));
        met.keep_applied(game, at_the_limit);
    }
    Game copy = game;
    met.keep(copy.set_cards_shown(game.player_count() + 1));
    met.keep(copy.set_cards_shown(0));
    if (auto moved = copy.advance_clock(game.state().clock_s + 1); !moved)
        met.keep(moved.failure());
}

// A whole vote given at once, malformed: a voter twice, a voter missing, a
// ballot from a seat that does not exist.
void try_votes(const Game& game, Met& met) {
    if (game.state().expects != ActionKind::vote) return;
    for (Seat out = 0; out < game.player_count(); ++out)
        if (!game.in_game(out)) met.keep(game.ballot_refusal(Ballot{out, std::nullopt}));
    Action vote = of_kind(ActionKind::vote);
    met.keep_applied(game, vote);
    const Seat first = *game.seats_in_game().begin();
    vote.votes = {Ballot{first, std::nullopt}, Ballot{first, std::nullopt}};
    met.keep_applied(game, vote);
    vote.votes = {Ballot{game.player_count(), std::nullopt}};
    met.keep_applied(game, vote);
}

// Random games until every reason is met (about a thousand), or 5,000.
Met meet_refusals() {
    Met met;
    SplitMix64 rng(47);
    for (int played = 0; played < 5000 && met.by_reason.size() < reason_table.size(); ++played) {
        Game game(test::random_setup(rng));
        while (!game.over()) {
            try_answers(game, met);
            try_asides(game, met);
            try_votes(game, met);
            REQUIRE(game.apply(test::random_action(game, rng)).ok());
        }
        try_answers(game, met);
        try_asides(game, met);
    }
    return met;
}

}  // namespace

TEST_CASE("every refusal of the engine is a reason, met in random games, worded by both scripts") {
    const narration::Narrator english(narration::english_script());
    const narration::Narrator french(*narration::builtin_script("fr"));
    const std::vector<std::string> french_fallbacks = french.script().fallbacks();
    const Met met = meet_refusals();
    CHECK(met.without_reason.empty());
    for (const std::string& words : met.without_reason)
        INFO("a refusal without a reason: " << words);
    for (const ReasonInfo& info : reason_table) {
        const std::string id{info.id};
        INFO(id);
        CHECK(met.by_reason.count(id) == 1);
        if (met.by_reason.count(id) == 0) continue;
        const Error& error = met.by_reason.at(id);
        CHECK(error.message.empty());  // the engine writes no words
        CHECK(error.code == info.code);
        const std::string key = "refusal." + id;
        CHECK(english.script().has(key));
        CHECK(std::count(french_fallbacks.begin(), french_fallbacks.end(), key) == 0);
        const std::string in_english = english.refusal(error), in_french = french.refusal(error);
        INFO(in_english << " / " << in_french);
        CHECK(!in_english.empty());
        CHECK(in_english.find('{') == std::string::npos);  // an argument missing shows as {name}
        CHECK(in_french.find('{') == std::string::npos);
        CHECK(in_french != in_english);
    }
    CHECK(met.by_reason.size() == reason_table.size());
}

TEST_CASE("a refusal met in a file is worded after its place") {
    const narration::Narrator english(narration::english_script());
    const narration::Narrator french(*narration::builtin_script("fr"));
    const Error placed =
        located(located(refusal(Reason::voted_twice, {{"voter", "Ana"}}), "log entry 7 (vote)"),
                "game.json");
    CHECK(placed.message.empty());
    CHECK(english.refusal(placed) == "game.json: log entry 7 (vote): Ana voted twice");
    CHECK(french.refusal(placed) == "game.json: log entry 7 (vote): Ana a voté deux fois.");
    // Words C++ wrote (a file error) take the place in them.
    CHECK(english.refusal(located(Error{"missing \"votes\""}, "game.json")) ==
          "game.json: missing \"votes\"");
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
