// Issue 10 at the session: the screen keeps secrets, mistakes are
// recoverable, guidance where a moderator looks for it.
#include "../narration_helpers.hpp"
#include "chronicle.hpp"
#include "live_session.hpp"

using namespace coyel;
using namespace coyel::test;

namespace {
constexpr std::string_view clear_all = "\x1b[H\x1b[2J\x1b[3J";

// Night 1 of the spec table in night mode, to its last call.
std::deque<Typed> night_one() {
    return {{0ms, "Hana"}, {0ms, "Ben"}, {0ms, "none"}, {0ms, "none"}, {0ms, "none"}};
}
Game night_mode_game() {
    Options options;
    options.temperature_mode = TemperatureMode::night;
    return make_game(spec_table(), options);
}
}  // namespace

TEST_CASE("at dawn the night's lines stay until Enter, then screen and scrollback are cleared") {
    auto typed = night_one();
    typed.push_back({0ms, ""});  // Enter: the day opens
    typed.push_back({0ms, "quit"});
    Table table(typed, night_mode_game(), {}, /*clear=*/true);
    table.session.run();
    const std::string out = table.out.text();
    const auto cleared = out.find(clear_all);
    REQUIRE(cleared != std::string::npos);
    CHECK(out.find("The carbon emissions target Ben.") < cleared);  // read before the clearing
    CHECK(out.find("Fossil Fuel CEO, close your eyes.") < cleared);
    CHECK(out.find("Everyone, open your eyes") > cleared);  // the day on a clean screen
    CHECK(table.reader.prompts[5] == "[+1°C] Enter clears the screen and opens the day> ");
}

TEST_CASE("no clearing (--no-clear): no gate at dawn and nothing cleared") {
    auto typed = night_one();
    typed.push_back({0ms, "quit"});
    Table table(typed, night_mode_game(), {}, /*clear=*/false);
    table.session.run();
    CHECK(table.out.text().find("\x1b[3J") == std::string::npos);
    CHECK(table.out.text().find("Everyone, open your eyes") != std::string::npos);
}

TEST_CASE("status on a terminal: Enter hides the roles again") {
    Table table({{0ms, "Hana"}, {0ms, "status"}, {0ms, ""}, {0ms, "quit"}}, night_mode_game(), {},
                /*clear=*/true);
    table.session.run();
    const std::string out = table.out.text();
    const auto roles = out.find("carbon");
    const auto cleared = out.find(clear_all);
    REQUIRE(roles != std::string::npos);
    REQUIRE(cleared != std::string::npos);
    CHECK(roles < cleared);
    CHECK(table.reader.prompts[2] == "[+0°C] Enter hides the roles> ");
    // The call shows again on the clean screen.
    CHECK(out.find("Carbon emissions, pick an ecosystem to damage.", cleared) != std::string::npos);
}

TEST_CASE("save as NAME, save to the game's own file, and one message after a failed save") {
    Table table({{0ms, "Hana"}, {0ms, "save"}, {0ms, "save as rescue.json"}, {0ms, "quit"}});
    table.session.run();
    const std::string out = table.out.text();
    CHECK(out.find("Saved to game.json.\n") != std::string::npos);
    CHECK(out.find("Saved to rescue.json; later saves go there too.") != std::string::npos);
    CHECK(out.find("as rescue.json") == std::string::npos);
}

TEST_CASE("a session that starts in the middle of a vote shows where it stands") {
    Game game = night_mode_game();
    ok(game, elect(game, "Hana"));
    quiet_night(game, "Ben");
    REQUIRE(game.cast_ballot(seat(game, "Cleo")).ok());
    Table table({{0ms, "quit"}}, std::move(game));
    table.session.run();
    const std::string out = table.out.text();
    CHECK(out.find("── Day 1") != std::string::npos);
    CHECK(out.find("Voted so far:\n  Ana → Cleo\n") != std::string::npos);
    // A resumed game waits for the moderator: Enter or `resume` starts the clock.
    CHECK(out.find("The clock stands paused at 0:00: press Enter or type resume") !=
          std::string::npos);
    CHECK(table.reader.prompts[0] == "[+1°C, paused] Cleo votes for> ");
}

TEST_CASE("help and Tab at the carbon target do not offer none, which is refused there") {
    Table table({{0ms, "Hana"}, {0ms, "help"}, {0ms, "quit"}});
    table.session.run();
    CHECK(table.out.text().find(
              "Answer with a player's name (any case), one of its words, their first letters or\n"
              "  a seat number.") != std::string::npos);
    const auto& words = table.reader.completions;
    CHECK(std::find(words.begin(), words.end(), "none") == words.end());
    CHECK(std::find(words.begin(), words.end(), "Ben") != words.end());
}

TEST_CASE("at dawn's gate, undo takes back the night's last answer and the day waits") {
    auto typed = night_one();
    typed.push_back({0ms, "Gus"});   // an answer: refused, Enter comes first
    typed.push_back({0ms, "undo"});  // the CEO's lobby, taken back: no dawn yet
    typed.push_back({0ms, "Finn"});
    typed.push_back({0ms, "quit"});
    Table table(typed, night_mode_game(), {}, /*clear=*/true);
    table.session.run();
    const std::string out = table.out.text();
    CHECK(out.find("Press Enter first") != std::string::npos);
    CHECK(out.find("Undone: the CEO's lobby on nobody.") != std::string::npos);
    CHECK(table.reader.prompts[7] == "[+0°C] CEO lobbies> ");  // the night again
    CHECK(table.reader.prompts.back() == "[+1°C] Enter clears the screen and opens the day> ");
}

TEST_CASE("the SLAPP call names the saved player on screen only, and Enter clears it after") {
    Options options;
    options.temperature_mode = TemperatureMode::night;
    Table table({{0ms, "Hana"},
                 {0ms, "Ben"},
                 {0ms, "Ben"},
                 {0ms, "none"},
                 {0ms, "Cleo"},
                 {0ms, ""},  // the dawn, told: a protest saved an ecosystem
                 {0ms, ""},  // every eye but the CEO's closed
                 {0ms, "yes"},
                 {0ms, ""},  // the CEO's eyes closed too: the table opens its eyes
                 {0ms, "quit"}},
                make_game(spec_table(), options), {}, /*clear=*/true);
    table.session.run();
    const std::string out = table.out.text();
    const auto point = out.find("Point at Ben for the CEO");
    REQUIRE(point != std::string::npos);
    const auto aloud = out.find("the player I point at");  // aloud: no name
    REQUIRE(aloud != std::string::npos);
    const auto saved = out.find("a protest saved it");
    REQUIRE(saved != std::string::npos);
    CHECK(table.reader.prompts[6] == "[+1°C] Enter when only the CEO's eyes are open> ");
    // The name shows only on a screen cleared of the dawn's news.
    const auto hint_clear = out.rfind(clear_all, point);
    CHECK(saved < aloud);
    CHECK(aloud < hint_clear);
    CHECK(out.find("a protest saved it", hint_clear) > out.rfind(clear_all));  // recap only
    CHECK(table.reader.prompts[8] == "[+1°C] Enter clears the screen> ");
    const auto last_clear = out.rfind(clear_all);
    CHECK(point < last_clear);
    CHECK(out.find("Point at Ben", last_clear) == std::string::npos);
    // The CEO's decision is told when the table's eyes open, not before.
    CHECK(out.find("Fossil Fuel CEO, close your eyes.", point) < last_clear);
    CHECK(out.find("Everyone, open your eyes.", last_clear) != std::string::npos);
    CHECK(out.find("is out after all") > last_clear);
    // Below it, the dawn's news again: the screen was cleared of it (issue 21).
    CHECK(out.find("Told at dawn:\n  Everyone, open your eyes: it is a new day", last_clear) !=
          std::string::npos);
}

TEST_CASE("a game that ends at dawn waits at the gate, then shows the end") {
    Options options;
    options.temperature_mode = TemperatureMode::night;
    options.temperature_limit = 1;  // the first dawn reaches it
    auto typed = night_one();
    typed.push_back({0ms, ""});  // Enter: the day's lines, and the end
    typed.push_back({0ms, ""});  // Enter at the end: every role
    typed.push_back({0ms, ""});  // Enter again: finished
    Table table(typed, make_game(spec_table(), options), {}, /*clear=*/true);
    CHECK(table.session.run() == 0);
    const std::string out = table.out.text();
    const auto cleared = out.find(clear_all);
    REQUIRE(cleared != std::string::npos);
    const auto end = out.find("── Game over ──", cleared);
    REQUIRE(end != std::string::npos);
    CHECK(out.find("Every role:", end) != std::string::npos);
    CHECK(table.reader.prompts[table.reader.prompts.size() - 2] ==
          "[game over] Enter tells every role> ");
    CHECK(table.reader.prompts.back() == "[game over] Enter to finish, or undo> ");
    CHECK_FALSE(table.disk.last().end_held());
}

TEST_CASE(
    "after dawn's clearing, twin games that differ only in hidden roles show the same screen") {
    auto screen_after_dawn = [](Seating seating) {
        Options options;
        options.temperature_mode = TemperatureMode::night;
        auto typed = night_one();
        typed.push_back({0ms, ""});  // Enter: the day opens on a cleared screen
        typed.push_back({0ms, "status"});
        typed.push_back({0ms, ""});  // Enter: the screen is turned away, the roles show
        typed.push_back({0ms, ""});  // Enter: the roles go
        typed.push_back({0ms, "quit"});
        Table table(typed, make_game(seating, options), {}, /*clear=*/true);
        table.session.run();
        const std::string out = table.out.text();
        return out.substr(out.rfind(clear_all));
    };
    // The twin: Cleo and Hana swap the NGO's card and a citizen's, which the
    // night kept secret (the NGO protected nobody, Hana is only the mayor).
    Seating twin = spec_table();
    std::swap(twin[2].second, twin[7].second);
    const std::string original = screen_after_dawn(spec_table());
    // Enter hid the roles; the day's news is back on the screen (issue 21).
    CHECK(original.find("Last told to the table:\n  Everyone, open your eyes") !=
          std::string::npos);
    CHECK(screen_after_dawn(twin) == original);
}

TEST_CASE("a degree that passes at dawn's gate is told once, by the dawn, as the replay tells it") {
    // A degree every 30 s: the night is answered at once, then the gate waits 31 s.
    auto typed = night_one();
    typed.push_back({31s, ""});  // Enter, a degree later: the dawn is told now
    typed.push_back({0ms, "quit"});
    Table table(typed, one_minute_game(), {}, /*clear=*/true);
    table.session.run();
    const std::string out = table.out.text();
    const auto& narrator = english_narrator();
    const std::string rose = narrator.line(
        "event.temperature_rose", narration::Args{}.set("temperature", narrator.degrees(1)));
    // Not at the gate (above the waiting prompt), not after: once, by the dawn.
    CHECK(table.reader.shown.find(rose) == std::string::npos);
    CHECK(out.find(rose) == std::string::npos);
    const std::string level = "The global temperature is +1°C above normal.";
    const auto cleared = out.rfind(clear_all);
    REQUIRE(cleared != std::string::npos);
    REQUIRE(out.find(level, cleared) != std::string::npos);
    CHECK(out.find(level) == out.rfind(level));
    // The replay tells the same lines, in the same order, at the second Enter came.
    const Game saved = table.disk.last();
    CHECK(saved.log().back().kind == ActionKind::tell);
    CHECK(saved.log().back().at == 31);
    std::vector<std::string> told_then;
    for (const auto& moment :
         narration::make_chronicle(narrator, saved, narration::View::table).moments)
        if (moment.entry == saved.log().size() && moment.kind == narration::StoryMoment::Kind::line)
            told_then.push_back(moment.text);
    REQUIRE(told_then.size() >= 3);
    std::size_t at = cleared;
    for (const auto& line : told_then) {  // the REPL wraps its lines: their starts, in order
        INFO(line);
        at = out.find(line.substr(0, 30), at);
        CHECK(at != std::string::npos);
    }
    CHECK(told_then[1] == level);
    CHECK(std::find(told_then.begin(), told_then.end(), rose) == told_then.end());
}

TEST_CASE("undo while status shows the roles: done at once, and Enter still hides them") {
    auto typed = night_one();
    typed.push_back({0ms, ""});        // the day opens
    typed.push_back({0ms, "status"});  // asks for the screen to be turned away
    typed.push_back({0ms, ""});        // the roles show
    typed.push_back({0ms, "undo"});    // the screen is turned away already
    typed.push_back({0ms, ""});        // the roles go
    typed.push_back({0ms, "quit"});
    Table table(typed, night_mode_game(), {}, /*clear=*/true);
    table.session.run();
    const std::string out = table.out.text();
    CHECK(out.find("Undone: the CEO's lobby on nobody.") != std::string::npos);
    const auto& prompts = table.reader.prompts;
    REQUIRE(prompts.size() >= 11);
    CHECK(prompts[6] == "[+1°C] Ana votes for> ");
    CHECK(prompts[7] == "[+1°C] Turn the screen away from the players, then Enter> ");
    CHECK(prompts[8] == "[+1°C] Enter hides the roles> ");
    CHECK(prompts[9] ==
          "[+0°C] Enter hides the roles> ");  // after the undo (the night again), still
}

TEST_CASE("status at the dawn's gate: the moderator sees the night's outcome before telling it") {
    auto typed = night_one();
    typed.push_back({0ms, "status"});  // at the gate, the table's eyes still closed
    typed.push_back({0ms, "quit"});
    Table table(typed, night_mode_game(), {}, /*clear=*/true);
    table.session.run();
    const std::string out = table.out.text();
    // The game as it stands: the dawn's degree, Ben out, and the next call
    // the day's, where the table was told only the night so far.
    const auto status = out.find("Day 1 · +1°C of +5°C");
    REQUIRE(status != std::string::npos);
    const auto ben = out.find(" 2  Ben", status);
    REQUIRE(ben != std::string::npos);
    CHECK(out.substr(ben, out.find('\n', ben) - ben).find(" out ") != std::string::npos);
    CHECK(out.find("Next: the day vote.", ben) != std::string::npos);
    CHECK(out.find("The table has not been told the last news yet", ben) != std::string::npos);
}
