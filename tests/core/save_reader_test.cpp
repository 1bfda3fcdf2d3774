// A save read again as it grows (SaveReader, issue 47): only the new entries
// applied, yet exactly the game a whole reading gives, whatever the
// moderator did between two saves (answers, ballots one by one, the clock
// run on, a wall time stamped, undo, an older copy of the game resumed or
// another game written in the same file, a file half written). And written
// again with the lines of the entries before kept (SaveWriter): the same text.
#include <catch2/catch.hpp>

#include "../helpers.hpp"
#include "../random_games.hpp"
#include "coyel/save.hpp"

using namespace coyel;
using namespace coyel::test;

namespace {

// Everything a reading holds that a player's screen or a later reading may see.
void check_same_reading(const SavedGame& step, const SavedGame& whole) {
    CHECK(save_game(step.game, step.live) == save_game(whole.game, whole.live));
    CHECK(step.game.state() == whole.game.state());
    CHECK(step.game.told_state() == whole.game.told_state());
    CHECK(step.game.told() == whole.game.told());
    CHECK(step.game.news_held() == whole.game.news_held());
    CHECK(step.game.end_held() == whole.game.end_held());
    CHECK(step.game.undo_reveals_secret() == whole.game.undo_reveals_secret());
    CHECK(step.game.cards_shown() == whole.game.cards_shown());
    CHECK(step.game.next_rise_at() == whole.game.next_rise_at());
    CHECK(step.live == whole.live);
}

// One of the moderator's moves between two saves, chosen at random.
void play_a_move(Game& game, SplitMix64& rng) {
    const std::uint64_t move = rng.below(20);
    if (move == 0) {
        (void)game.undo();
    } else if (move == 1 && !game.log().empty()) {  // the front end stamps the wall clock's time
        game.stamp_wall(game.log().size() - 1, "2026-11-30T20:21:31.123Z");
    } else if (move <= 3 && game.clock_may_run()) {
        (void)game.advance_clock(game.state().clock_s + static_cast<std::int64_t>(rng.below(90)));
    } else if (move <= 6 && game.state().expects == ActionKind::vote) {
        (void)game.cast_ballot(pick(game.legal_choices(), rng));  // a ballot pending
    } else {
        Action action = random_action(game, rng);
        // Stamped as the REPL stamps each input once the clock runs.
        if (!action.at && game.clock_may_run()) action.at = game.state().clock_s;
        (void)game.apply(action);
    }
}

std::optional<LiveClock> some_live(SplitMix64& rng, const Game& game) {
    if (rng.below(3) == 0) return std::nullopt;
    LiveClock live;
    live.running = game.clock_may_run() && rng.below(2) == 0;
    live.wall_ms = 1'796'073'300'000 + static_cast<std::int64_t>(rng.below(100'000));
    if (rng.below(4) == 0) live.table_note = "a tie";
    return live;
}

}  // namespace

TEST_CASE("a save read again as it grows gives exactly the game a whole reading gives") {
    std::size_t readings = 0, new_entries_only = 0, broken = 0, refusals = 0;
    for (std::uint64_t seed = 1; seed <= 120; ++seed) {
        SplitMix64 rng(seed);
        Game game(random_setup(rng));
        SplitMix64 other_rng(seed + 1000);
        Game other(random_setup(other_rng));  // another game, saved in the same file now and then
        SaveReader reader;
        SaveWriter writer;
        std::optional<Game> copy;  // a copy of the game, resumed later in the same file
        for (int move = 0; move < 400 && !game.over(); ++move) {
            if (rng.below(25) == 0) copy = game;
            if (copy && rng.below(30) == 0)
                game = *std::exchange(copy, std::nullopt);
            else
                play_a_move(game, rng);
            if (rng.below(3) != 0) continue;  // several moves between two saves, at times
            const bool another = rng.below(25) == 0;
            const Game& saved = another ? other : game;
            const auto live = another ? std::nullopt : some_live(rng, game);
            const std::string text = save_game(saved, live);
            REQUIRE(writer.text(saved, live) == text);  // the lines kept give the same text
            // Half written: refused, the last good reading kept.
            if (reader.saved() && rng.below(30) == 0) {
                const std::string before = save_game(reader.saved()->game, reader.saved()->live);
                CHECK(reader.read(text.substr(0, text.size() * 2 / 3), "game.json"));
                CHECK(save_game(reader.saved()->game, reader.saved()->live) == before);
                ++broken;
            }
            const auto whole = load_save(text, "game.json");
            const auto refused = reader.read(text, "game.json");
            INFO("seed " << seed << ", move " << move);
            REQUIRE(whole.ok() == !refused);
            if (refused) {  // a state the save cannot hold: the same words, and nothing changed
                CHECK(refused->message == whole.failure().message);
                CHECK(refused->where == whole.failure().where);
                CHECK(refused->reason == whole.failure().reason);
                ++refusals;
                continue;
            }
            INFO("seed " << seed << ", move " << move);
            check_same_reading(*reader.saved(), *whole);
            ++readings;
            if (reader.read_new_entries_only()) ++new_entries_only;
        }
    }
    INFO(new_entries_only << " of " << readings << " readings went on from the last; " << refusals
                          << " saves refused");
    CHECK(new_entries_only > readings * 2 / 3);  // the usual case, not the exception
    CHECK(broken > 0);
}

TEST_CASE("a save read again says what is wrong with it as a whole reading does") {
    Game game = noted_game(3);
    SaveReader reader;
    REQUIRE_FALSE(reader.read(save_game(game), "game.json"));
    std::string text = save_game(game);
    const std::string bad_entry = R"(,
    {"do": "elect_mayor", "player": "Nobody"})";
    text.insert(text.rfind("\n  ]"), bad_entry);
    const auto error = reader.read(text, "game.json");
    REQUIRE(error);
    CHECK(error->message == load_save(text, "game.json").error());
    CHECK(reader.saved()->game.log().size() == 3);  // the last good reading kept
    Action note;
    note.kind = ActionKind::note;
    note.text = "n";
    REQUIRE(game.apply(note).ok());
    REQUIRE_FALSE(reader.read(save_game(game), "game.json"));
    CHECK(reader.read_new_entries_only());
    CHECK(reader.saved()->game.log().size() == 4);
}

TEST_CASE("a save whose clock stands behind the last reading's is read whole") {
    SplitMix64 rng(3);
    Game game(random_setup(rng));
    while (!game.clock_may_run() || game.log().size() < 8) play_a_move(game, rng);
    REQUIRE_FALSE(game.over());
    const Game older = game;  // a copy of the game, resumed later in the same file
    REQUIRE(game.advance_clock(game.state().clock_s + 5).ok());
    SaveReader reader;
    REQUIRE_FALSE(reader.read(save_game(game), "game.json"));  // "pending": the clock ran on
    Game resumed = older;
    SECTION("as it was") {}
    SECTION("with a note that does not move the clock") {
        Action note;
        note.kind = ActionKind::note;
        note.text = "n";
        REQUIRE(resumed.apply(note).ok());
    }
    const std::string text = save_game(resumed);
    REQUIRE_FALSE(reader.read(text, "game.json"));
    CHECK_FALSE(reader.read_new_entries_only());
    check_same_reading(*reader.saved(), *load_save(text, "game.json"));
}
