// Counts of legal answer sequences from fixed deals, as chess engines count
// moves ("perft"): from a position, every answer the game lists is given,
// to a fixed depth, and the leaves are counted. A change to any call's rule,
// to what the game lists or to which call comes next changes a count; the
// counts are pinned. A second count, by giving every answer there is and
// keeping those apply accepts, holds the lists to apply on every path.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "../helpers.hpp"
#include "coyel/game.hpp"

using namespace coyel;
using namespace coyel::test;

namespace {

// Gives `answer` to the call expected: a ballot is cast, any other answer applied.
bool give(Game& game, const Answer& answer) {
    EventBuffer events;
    const ActionKind kind = call_info(*game.current_call()).action;
    if (kind == ActionKind::vote) return !game.cast_ballot(answer.player, events);
    return !game.apply(answer_action(kind, answer), events);
}

// The number of sequences of `depth` answers, each one the game lists.
std::uint64_t perft(const Game& game, int depth) {
    if (depth == 0) return 1;
    std::uint64_t leaves = 0;
    for (const Answer& answer : game.legal_answers().list()) {
        Game next = game;
        REQUIRE(give(next, answer));
        leaves += perft(next, depth - 1);
    }
    return leaves;
}

// Every answer of `kind` there is: each seat and nobody, each gesture,
// filing the suit and not.
std::vector<Answer> every_answer(const Game& game, AnswerKind kind) {
    switch (kind) {
        case AnswerKind::gesture:
            return {Answer::of(BankerChoice::social), Answer::of(BankerChoice::speculation),
                    Answer::of(BankerChoice::none)};
        case AnswerKind::yes_no: return {Answer::filing(false), Answer::filing(true)};
        case AnswerKind::player:
        case AnswerKind::player_or_nobody: break;
    }
    std::vector<Answer> answers = {Answer::of(std::nullopt)};
    for (Seat seat = 0; seat < game.player_count(); ++seat) answers.push_back(Answer::of(seat));
    return answers;
}

// The same count without the lists: every answer of the call's kind is
// tried, and those apply accepts are followed.
std::uint64_t perft_by_apply(const Game& game, int depth) {
    if (depth == 0) return 1;
    if (game.over()) return 0;
    std::uint64_t leaves = 0;
    for (const Answer& answer : every_answer(game, call_info(*game.current_call()).answer)) {
        Game next = game;
        if (give(next, answer)) leaves += perft_by_apply(next, depth - 1);
    }
    return leaves;
}

// perft at depths 1, 2, ... up to the counts' size.
std::vector<std::uint64_t> perft_counts(const Game& game, std::size_t depths) {
    std::vector<std::uint64_t> counts;
    for (std::size_t depth = 1; depth <= depths; ++depth)
        counts.push_back(perft(game, static_cast<int>(depth)));
    return counts;
}

Game lean_game(const Seating& seating, Options options = {}) {
    return Game(make_setup(seating, options), Log::off);
}

// Seven players: every special card, one carbon emission.
Seating seven() {
    return {{"Ana", Role::carbon}, {"Ben", Role::citizen}, {"Cleo", Role::ngo},
            {"Dan", Role::ceo},    {"Eve", Role::banker},  {"Finn", Role::fragile},
            {"Gus", Role::citizen}};
}

// Twelve players: every special card, three carbon emissions.
Seating twelve() {
    return {{"Ana", Role::carbon}, {"Ben", Role::citizen},  {"Cleo", Role::ngo},
            {"Dan", Role::ceo},    {"Eve", Role::banker},   {"Finn", Role::fragile},
            {"Gus", Role::carbon}, {"Hana", Role::citizen}, {"Ivo", Role::citizen},
            {"Jo", Role::citizen}, {"Kim", Role::carbon},   {"Lea", Role::citizen}};
}

// Every option away from its default that changes a legal set or a call.
Options house_rules() {
    Options options;
    options.temperature_mode = TemperatureMode::manual;
    options.banker_actions = BankerActions::one_total;
    options.slapp_uses = 2;
    options.ngo_repeat = false;
    options.tie = TieRule::revote;
    options.abstain = false;
    options.mayor_succession = MayorSuccession::none;
    return options;
}

Answer by(const Game& game, const char* name) { return Answer::of(seat(game, name)); }

}  // namespace

TEST_CASE("perft: seven players, default options, from the deal to Day 1's ballots") {
    const Game game = lean_game(seven());
    CHECK(perft_counts(game, 7) ==
          std::vector<std::uint64_t>{8, 48, 384, 384, 2688, 17136, 117066});
    CHECK(perft_by_apply(game, 7) == 117066);
}

TEST_CASE("perft: twelve players, default options, from the deal") {
    const Game game = lean_game(twelve());
    CHECK(perft_counts(game, 6) == std::vector<std::uint64_t>{13, 117, 1521, 1521, 18252, 205008});
    CHECK(perft_by_apply(game, 5) == 18252);
}

TEST_CASE("perft: twelve players, house rules, Night 2 after a saved player and a vote") {
    Game game = lean_game(twelve(), house_rules());
    // Ana mayor; Night 1: Ben targeted and protected, the banker shakes their
    // head, the CEO lobbies nobody; the SLAPP-suit is not filed; Day 1: Finn,
    // the fragile ecosystem, voted out by all.
    for (const Answer& answer : {by(game, "Ana"), by(game, "Ben"), by(game, "Ben"),
                                 Answer::of(BankerChoice::none), Answer::of(std::nullopt)})
        REQUIRE(give(game, answer));
    REQUIRE(game.current_call() == CallId::slapp);
    REQUIRE(give(game, Answer::filing(false)));
    while (game.current_call() == CallId::vote) REQUIRE(give(game, by(game, "Finn")));
    REQUIRE(game.current_call() == CallId::carbon_target);
    // Night 2: the NGO may not protect Ben again; the honest banker may revive Finn.
    CHECK(perft_counts(game, 6) == std::vector<std::uint64_t>{8, 88, 176, 1936, 19226, 199707});
    CHECK(perft_by_apply(game, 5) == 19226);
}

TEST_CASE("perft: twelve players, house rules, the last ballots of Day 1 and a revote") {
    Game game = lean_game(twelve(), house_rules());
    for (const Answer& answer : {by(game, "Ana"), by(game, "Ben"), by(game, "Cleo"),
                                 Answer::of(BankerChoice::none), Answer::of(std::nullopt)})
        REQUIRE(give(game, answer));
    REQUIRE(game.current_call() == CallId::vote);  // Ben out at dawn
    // Eight ballots: Hana 5 (the mayor, Ana, counting two), Ivo 4; Jo, Kim and Lea to vote.
    for (const char* name : {"Hana", "Ivo", "Hana", "Ivo", "Hana", "Ivo", "Hana", "Ivo"})
        REQUIRE(give(game, by(game, name)));
    CHECK(perft_counts(game, 5) == std::vector<std::uint64_t>{11, 121, 1331, 8087, 76934});
    CHECK(perft_by_apply(game, 5) == 76934);
}
