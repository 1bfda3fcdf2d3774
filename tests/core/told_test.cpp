// What the table has been told (SPEC section 8, `tell`; docs/rulings.md): the
// news of an answer given with the table's eyes closed waits for the
// moderator to tell it, and every view the players see follows.
#include "../helpers.hpp"
#include "coyel/observe.hpp"
#include "coyel/save.hpp"

using namespace coyel;
using namespace coyel::test;

namespace {

// Night 1 on the spec table (Hana mayor) up to its last call, unanswered.
Game before_last_call(Options options = {}) {
    Game g = make_game(spec_table(), options);
    ok(g, elect(g, "Hana"));
    ok(g, target(g, "Ben"));
    ok(g, protect(g, nullptr));
    ok(g, bank(BankerChoice::none));
    return g;
}

Action tell_at(std::int64_t seconds) { return at(act(ActionKind::tell), seconds); }

}  // namespace

TEST_CASE("the night's last answer holds its dawn until the table is told") {
    Game g = before_last_call();
    const TableView night_view = seen_by_table(g);
    const auto answered = ok(g, lobby(g, "Finn"));
    // The answer's own events (the lobby) come back; the dawn's wait.
    CHECK(has_event(answered, Event::Kind::lobby));
    CHECK_FALSE(has_event(answered, Event::Kind::dawn));
    CHECK_FALSE(has_event(answered, Event::Kind::player_out));
    CHECK(g.news_held());
    CHECK(g.told() == g.log().size() - 1);
    CHECK_FALSE(in(g, "Ben"));              // the rules have resolved the dawn
    CHECK(seen_by_table(g) == night_view);  // but the table knows nothing of it
    CHECK_FALSE(table_may_look(g));         // and its eyes are closed
    const auto told = ok(g, act(ActionKind::tell));
    REQUIRE(told.size() >= 2);
    CHECK(told.front().kind == Event::Kind::dawn);
    CHECK(has_event(told, Event::Kind::player_out));
    CHECK_FALSE(has_event(told, Event::Kind::lobby));  // told once, with the answer
    CHECK_FALSE(g.news_held());
    CHECK(g.told() == g.log().size());
    CHECK_FALSE(seen_by_table(g).players[*seat(g, "Ben")].in_game);
    CHECK(table_may_look(g));
}

TEST_CASE("a tell with nothing held is refused, and changes nothing") {
    Game g = before_last_call();
    CHECK(refused(g, act(ActionKind::tell)) == "there is no news to tell");
}

TEST_CASE("a vote or an election tells the held news first: saves without tells load") {
    Game g = before_last_call();
    ok(g, lobby(g, nullptr));
    REQUIRE(g.news_held());
    const auto events = ok(g, vote_all(g, nullptr));
    CHECK_FALSE(g.news_held());
    REQUIRE(events.size() > 1);
    CHECK(events.front().kind == Event::Kind::dawn);
    CHECK(events.back().kind == Event::Kind::vote_result);
}

TEST_CASE("a SLAPP-suit's outcome waits for the table to open its eyes") {
    Game s = make_game();
    ok(s, elect(s, "Hana"));
    night(s, "Ben", "Ben");  // saved by a protest, told
    REQUIRE(s.state().expects == ActionKind::slapp);
    const TableView before = seen_by_table(s);
    CHECK(ok(s, slapp(true)).empty());  // all of it is news
    CHECK(s.news_held());
    CHECK(seen_by_table(s) == before);
    const auto told = ok(s, act(ActionKind::tell));
    REQUIRE_FALSE(told.empty());
    CHECK(told.front().kind == Event::Kind::slapp);
    CHECK(has_event(told, Event::Kind::player_out));
    CHECK(seen_by_table(s).players[*seat(s, "Dan")].role == Role::ceo);
}

TEST_CASE("a degree reached before the dawn is told comes with it, once") {
    Options options;
    options.temperature_mode = TemperatureMode::clock;
    Game g = before_last_call(options);
    const std::int64_t rise = *g.next_rise_at();
    ok(g, at(lobby(g, nullptr), rise - 5));
    REQUIRE(g.news_held());
    const auto degree = g.advance_clock(rise + 1);
    REQUIRE(degree.ok());
    CHECK(degree->empty());  // held: the table hears it with the dawn
    CHECK(g.state().temperature == 1);
    CHECK(seen_by_table(g).temperature == 0);
    CHECK(seen_by_table(g).clock_s == rise + 1);  // time itself is public
    const auto told = ok(g, tell_at(rise + 3));
    REQUIRE(told.size() >= 2);
    CHECK(told.front().kind == Event::Kind::dawn);
    CHECK(told.back().kind == Event::Kind::temperature_rose);
    CHECK(seen_by_table(g).temperature == 1);
}

TEST_CASE("undo: a tell goes with the answer whose news it told") {
    Game g = before_last_call();
    ok(g, lobby(g, "Finn"));
    ok(g, act(ActionKind::tell));
    CHECK(g.undo_reveals_secret());  // the lobby, which the table did not hear
    auto undone = g.undo();
    REQUIRE(undone);
    CHECK(undone->action.kind == ActionKind::ceo_lobby);
    CHECK(g.log().back().kind == ActionKind::banker);  // the tell went too
    CHECK_FALSE(g.news_held());
    CHECK(g.state().expects == ActionKind::ceo_lobby);
    // At the gate, before telling, the same undo shows nothing new.
    ok(g, lobby(g, "Finn"));
    CHECK_FALSE(g.undo_reveals_secret());
}

TEST_CASE("undo of a public answer reveals no secret") {
    Game g = before_last_call();
    ok(g, lobby(g, nullptr));
    ok(g, act(ActionKind::tell));
    ok(g, vote_all(g, nullptr));
    CHECK_FALSE(g.undo_reveals_secret());  // a ballot of the vote, said aloud
}

TEST_CASE("the save keeps what the table was told: a game saved at the gate loads held") {
    Game g = before_last_call();
    ok(g, lobby(g, "Finn"));
    auto at_gate = load_game(save_game(g), "g.json");
    REQUIRE(at_gate.ok());
    CHECK(at_gate->news_held());
    CHECK(seen_by_table(*at_gate) == seen_by_table(g));
    ok(g, act(ActionKind::tell));
    const std::string text = save_game(g);
    CHECK(text.find("{\"do\": \"tell\"}") != std::string::npos);
    auto told = load_game(text, "g.json");
    REQUIRE(told.ok());
    CHECK_FALSE(told->news_held());
    CHECK(save_game(*told) == text);
}
