// Games with no moderator (`coyel new --self`, issue 48) at the table's real
// pace on the fake clock: the real 15-second floor, the pages' one-second
// poll, a voice that lasts as espeak-ng's would, the talk's three minutes.

#include <catch2/catch.hpp>

#include <algorithm>

#include "../helpers.hpp"
#include "repl/play.hpp"
#include "self_table.hpp"

namespace coyel::test {
namespace {

// Seven players: every special card, Ana the only carbon emission.
Seating seven() {
    return {{"Ana", Role::carbon}, {"Ben", Role::citizen}, {"Cleo", Role::ngo},
            {"Dan", Role::ceo},    {"Eve", Role::banker},  {"Finn", Role::fragile},
            {"Gus", Role::citizen}};
}

bool heading_ends(const nlohmann::json& shown, std::string_view title) {
    const std::string call = shown.value("call", "");
    return call.size() >= title.size() &&
           call.compare(call.size() - title.size(), title.size(), title) == 0;
}

// A table steered to a protest on Night 1: the carbon emission and the NGO
// both name Ben; the CEO files the SLAPP-suit (`file`), then the day votes
// Ana out. Everyone else taps the first entry; everyone elects Gus.
PhonePlayer protest_table(const Game& game, bool file) {
    return [roles = game.setup().roles, file](
               Seat seat, const nlohmann::json& shown) -> std::optional<std::string> {
        const Role role = roles[static_cast<std::size_t>(seat)];
        if (heading_ends(shown, "mayor election") || heading_ends(shown, "new mayor")) return "Gus";
        if (heading_ends(shown, "the vote") || heading_ends(shown, "the revote")) return "Ana";
        if (heading_ends(shown, "the carbon emissions") && role == Role::carbon) return "Ben";
        if (heading_ends(shown, "the Environmental NGO") && role == Role::ngo) return "Ben";
        if (heading_ends(shown, "SLAPP-suit") && role == Role::ceo)
            return file ? "File a SLAPP-suit" : "Shake your head";
        if (heading_ends(shown, "the Bank CEO") && role == Role::banker)
            return "none (a head shake)";
        if (heading_ends(shown, "the Fossil Fuel CEO") && role == Role::ceo) return "Nobody";
        return shown["choices"][0].get<std::string>();
    };
}

std::size_t count_of(const Game& game, ActionKind kind) {
    return static_cast<std::size_t>(
        std::count_if(game.log().begin(), game.log().end(),
                      [&](const Action& entry) { return entry.kind == kind; }));
}

}  // namespace

TEST_CASE(
    "no moderator: a protest's SLAPP-suit answered on the phones ends at the 15-second floor") {
    for (const bool file : {true, false}) {
        CAPTURE(file);
        const Game game = make_game(seven());
        SelfTable table(game, protest_table(game, file));
        table.play();
        const Game& played = table.last();
        REQUIRE(played.over());
        CHECK(count_of(played, ActionKind::slapp) == 1);
        // Each night call lasts its floor at least, and the SLAPP-suit too:
        // none ends sooner than 15 s after the one before it.
        const auto& log = played.log();
        for (std::size_t i = 1; i < log.size(); ++i)
            if (log[i].kind == ActionKind::slapp) {
                REQUIRE(log[i].at);
                REQUIRE(log[i - 1].at);
                CHECK(*log[i].at - *log[i - 1].at >= 15);
                CHECK(*log[i].at - *log[i - 1].at < 60);  // once its voice and floor are done
            }
        CHECK(played.state().winner == Team::ecosystems);  // Ana voted out on Day 1
        // Every phone, in the game or out, says who won, in the same words.
        for (Seat seat = 0; seat < played.player_count(); ++seat)
            CHECK(table.poll(seat).value("over", "") == "The ecosystems team won.");
    }
}

}  // namespace coyel::test

namespace coyel::test {
namespace {

// Everyone's wishes at each call, whoever they are: the first wished entry
// that their phone shows open to them (a heading's end names the call:
// "the Environmental NGO", or "Day 2 · the vote" for one day's alone).
PhonePlayer wishes(std::vector<std::pair<std::string, std::vector<std::string>>> wished) {
    return [wished = std::move(wished)](Seat,
                                        const nlohmann::json& shown) -> std::optional<std::string> {
        const auto& words = shown["choices"];
        const std::string open = shown.value("open", "");
        for (const auto& [title, names] : wished) {
            if (!heading_ends(shown, title)) continue;
            for (const std::string& name : names)
                for (std::size_t index = 0; index < words.size(); ++index)
                    if (words[index] == name && open[index] == '1') return name;
        }
        for (std::size_t index = 0; index < words.size(); ++index)
            if (open[index] == '1') return words[index].get<std::string>();
        return std::nullopt;
    };
}

}  // namespace

TEST_CASE("no moderator: a tied election shows on the laptop face up and is read aloud") {
    const Game game = make_game(seven());
    const PhonePlayer rest = protest_table(game, true);
    // Three phones for Ana, three for Gus, one for Nobody: a tie, told on
    // every phone; then everyone taps Gus.
    SelfTable table(game,
                    [&](Seat seat, const nlohmann::json& shown) -> std::optional<std::string> {
                        if (!heading_ends(shown, "mayor election")) return rest(seat, shown);
                        if (!shown.value("note", "").empty()) return "Gus";
                        return seat == 6 ? "Nobody" : seat % 2 ? "Ana" : "Gus";
                    });
    table.play();
    const std::string tie = "A tie: Ana or Gus? Talk it over, then tap again and Done.";
    const auto said = table.said();
    CHECK(std::count(said.begin(), said.end(), tie) == 1);
    // The phones ask again once the voice has said the tie, not while it speaks.
    std::int64_t tie_heard_ms = -1;
    for (const auto& spoken : table.spoken())
        if (spoken.text == tie)
            tie_heard_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                               spoken.ended - platform::Clock::Steady{})
                               .count();
    REQUIRE(tie_heard_ms > 0);
    bool asked_again = false;
    for (const PhoneRequest& request : table.requests())
        if (request.note == tie && !request.shown.empty()) {
            asked_again = true;
            CHECK(request.at_ms >= tie_heard_ms);
        }
    CHECK(asked_again);
    const auto& screens = table.screens();
    CHECK(std::any_of(screens.begin(), screens.end(), [](const std::string& screen) {
        return screen.find("A tie: Ana or Gus?") != std::string::npos;
    }));
    REQUIRE(table.last().log().front().kind == ActionKind::elect_mayor);
    CHECK(table.last().log().front().player == seat(game, "Gus"));
}

TEST_CASE(
    "no moderator: twins, one of them with a pick closed to the NGO, give every phone the "
    "same requests and rounds, and the voice and the laptop the same") {
    Options options;
    options.ngo_repeat = false;
    const PhonePlayer player = wishes({{"mayor election", {"Dan"}},
                                       {"the carbon emissions", {"Ben", "Eve"}},
                                       {"the Environmental NGO", {"Finn", "Nobody"}},
                                       {"the Bank CEO", {"none (a head shake)"}},
                                       {"the Fossil Fuel CEO", {"Nobody"}},
                                       {"Day 1 · the vote", {"Nobody"}},
                                       {"Day 2 · the vote", {"Ana"}}});
    // The NGO is Cleo, or Gus. On Night 2 everyone wishes Finn protected
    // again: closed to the NGO alone (not two nights running), who taps
    // Nobody instead, on their own phone, with no round anyone else sees.
    SelfTable one(make_game(seven(), options), player);
    SelfTable other(make_game(swapped(seven(), 2, 6), options), player);
    one.play();
    other.play();
    REQUIRE(one.last().over());
    CHECK(one.last().state().winner == Team::ecosystems);
    std::vector<std::optional<Seat>> protections;
    for (const Action& entry : one.last().log())
        if (entry.kind == ActionKind::ngo_protect) protections.push_back(entry.player);
    CHECK(protections == std::vector<std::optional<Seat>>{seat(one.last(), "Finn"), std::nullopt});
    CHECK(one.requests() == other.requests());
    CHECK(one.said() == other.said());
    CHECK(one.elapsed() == other.elapsed());
    // Every screen the laptop showed face up, but the end's, which tells every card.
    const auto before_the_end = [](const std::vector<std::string>& screens) {
        std::vector<std::string> before;
        for (const std::string& screen : screens) {
            if (screen.find("Game over") != std::string::npos) break;
            before.push_back(screen);
        }
        return before;
    };
    const auto shown = before_the_end(one.screens());
    CHECK(shown.size() > 10);
    CHECK(shown == before_the_end(other.screens()));
}

// Twelve players: two carbon emissions (Ana, Ben), every special card.
Seating twelve() {
    return {{"Ana", Role::carbon},  {"Ben", Role::carbon},   {"Cleo", Role::ngo},
            {"Dan", Role::ceo},     {"Eve", Role::banker},   {"Finn", Role::fragile},
            {"Gus", Role::citizen}, {"Hana", Role::citizen}, {"Ivo", Role::citizen},
            {"Jo", Role::citizen},  {"Kim", Role::citizen},  {"Lou", Role::citizen}};
}

TEST_CASE(
    "no moderator: twelve players, a carbon disagreement refused on its phone and a "
    "lobbied banker, at the 15-second floor") {
    const Game game = make_game(twelve());
    const PhonePlayer rest = wishes({{"mayor election", {"Lou"}},
                                     {"the carbon emissions", {"Gus"}},
                                     {"the Environmental NGO", {"Cleo"}},
                                     {"the Bank CEO", {"none (a head shake)"}},
                                     {"the vote", {"Ana", "Ben"}},
                                     {"the revote", {"Ana", "Ben"}}});
    // Ana sends Done on Gus first; Ben then taps Hana on a page not yet
    // refreshed (a disagreement): refused on Ben's phone alone, who taps
    // again. The CEO lobbies the banker, then, with the lobby it buys, Finn.
    bool ana_done = false;
    SelfTable table(game,
                    [&](Seat seat, const nlohmann::json& shown) -> std::optional<std::string> {
                        const bool carbon_call = heading_ends(shown, "the carbon emissions");
                        if (carbon_call && seat == 0 && !ana_done) {
                            ana_done = true;
                            return "Gus";
                        }
                        if (carbon_call && seat == 1 && shown.value("note", "").empty())
                            return ana_done ? std::optional<std::string>("Hana") : std::nullopt;
                        if (shown.value("call", "") == "Night 1 · the Fossil Fuel CEO" && seat == 3)
                            return "Eve";
                        if (heading_ends(shown, "the CEO's extra lobby") && seat == 3)
                            return "Finn";
                        if (heading_ends(shown, "the Fossil Fuel CEO") && seat == 3)
                            return "Nobody";
                        return rest(seat, shown);
                    });
    table.play();
    const Game& played = table.last();
    REQUIRE(played.over());
    CHECK(played.state().winner == Team::ecosystems);  // Ana, then Ben voted out
    const auto refused = std::count_if(
        table.requests().begin(), table.requests().end(), [](const PhoneRequest& request) {
            return request.seat == 1 &&
                   request.what ==
                       "done " + std::to_string(static_cast<int>(cli::PhoneDesk::Posted::bad));
        });
    CHECK(refused == 1);
    std::vector<std::optional<Seat>> targets, lobbied;
    for (const Action& entry : played.log()) {
        if (entry.kind == ActionKind::carbon_target) targets.push_back(entry.player);
        if (entry.kind == ActionKind::ceo_lobby) lobbied.push_back(entry.player);
    }
    REQUIRE_FALSE(targets.empty());
    CHECK(targets.front() == seat(game, "Gus"));  // the team's pick, not the refused one
    REQUIRE(lobbied.size() >= 2);
    CHECK(lobbied[0] == seat(game, "Eve"));
    CHECK(lobbied[1] == seat(game, "Finn"));  // the banker corrupted: a second lobby at once
}

// Each day's talk, as the voice read it: from the end of "Talk it over…"
// to the start of "Time is up.", for each day that had both.
std::vector<std::chrono::milliseconds> talks_heard(const SelfTable& table) {
    std::vector<std::chrono::milliseconds> talks;
    std::optional<platform::Clock::Steady> opened;
    for (const auto& line : table.spoken()) {
        if (line.text.starts_with("Talk it over")) opened = line.ended;
        if (line.text == "Time is up." && opened)
            talks.push_back(
                std::chrono::duration_cast<std::chrono::milliseconds>(line.began - *opened));
    }
    return talks;
}

TEST_CASE("no moderator: the day's talk runs from when the voice has read it, resumed or not") {
    const Game game = make_game(seven());
    // A talk of a second, shorter than the voice takes to read the call.
    const PhonePlayer protest = protest_table(game, true);
    for (const bool resume : {false, true}) {
        CAPTURE(resume);
        Game started = game;
        if (resume) {  // killed after the SLAPP-suit, then resumed
            SelfTable first(game, protest, "1s");
            first.play_until(
                [](const Game& saved) { return count_of(saved, ActionKind::slapp) == 1; });
            started = first.last();
        }
        SelfTable table(started, protest, "1s");
        table.play();
        REQUIRE(table.last().over());
        const auto talks = talks_heard(table);
        REQUIRE_FALSE(talks.empty());
        for (const auto talk : talks) CHECK(talk >= std::chrono::seconds(1));
    }
}

TEST_CASE(
    "no moderator: the phones show a dawn's new mayor and who is out once the dawn is heard") {
    const Game game = make_game(seven());
    // Gus elected, then the carbon emission's target, unprotected: a new mayor at dawn.
    SelfTable table(game, wishes({{"mayor election", {"Gus"}},
                                  {"the carbon emissions", {"Gus"}},
                                  {"the Environmental NGO", {"Cleo"}},
                                  {"the Bank CEO", {"none (a head shake)"}},
                                  {"the Fossil Fuel CEO", {"Nobody"}},
                                  {"new mayor", {"Finn"}},
                                  {"the vote", {"Ana"}}}));
    table.play();
    REQUIRE(table.last().over());
    const auto spoken = table.spoken();
    const auto call = std::find_if(spoken.begin(), spoken.end(), [](const auto& line) {
        return line.text == "Players, elect a new mayor.";
    });
    REQUIRE(call != spoken.end());
    const auto heard_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                              call->ended - platform::Clock::Steady{})
                              .count();
    const Seat gus = *seat(game, "Gus");
    bool shown = false;
    for (const PhoneRequest& request : table.requests()) {
        if (request.what != "poll") continue;
        if (request.shown.ends_with("new mayor") ||
            (request.seat == gus && request.shown == "out")) {
            CAPTURE(request.at_ms, request.seat, request.shown);
            CHECK(request.at_ms >= heard_ms);
            shown = true;
        }
    }
    CHECK(shown);
}

TEST_CASE("resume --self goes on with the talk and the voice it was started with") {
    Setup setup = make_setup(seven());
    setup.self_play = Setup::SelfPlay{"45s", false, "/tmp/voice.jsonl"};
    const auto loaded = load_game(save_game(Game(setup)), "self.json");
    REQUIRE(loaded.ok());
    CHECK(loaded->setup().self_play == setup.self_play);
    cli::SelfFlags self;
    self.self = true;
    const auto [speech, by_itself] = cli::as_started(loaded->setup(), {}, self);
    CHECK(by_itself.talk_or_default() == "45s");
    CHECK(speech.log == "/tmp/voice.jsonl");
    self.talk = "2";  // given again: it wins
    CHECK(cli::as_started(loaded->setup(), {}, self).second.talk_or_default() == "2");
    cli::SelfFlags moderated;  // a plain resume: moderated, as asked
    CHECK_FALSE(cli::as_started(loaded->setup(), {}, moderated).second.self);
}

}  // namespace coyel::test

namespace coyel::test {

TEST_CASE("phones: a call heard before a tie's note is taken does not open the tie's round") {
    FakeClock clock;
    const narration::Narrator narrator{narration::english_script()};
    cli::PhoneInbox inbox;
    cli::PhoneRelay relay(narrator, inbox, clock);
    const Game game = make_game(seven());  // at the mayor's election
    relay.follow(game, std::nullopt);
    inbox.call_read(0);
    relay.step();
    const auto shown = [&](Seat seat) { return nlohmann::json::parse(relay.poll(seat)); };
    // Three taps for Ana, three for Gus, one for Nobody: a tie.
    for (Seat seat = 0; seat < game.player_count(); ++seat) {
        const auto poll = shown(seat);
        const std::string wish = seat == 6 ? "Nobody" : seat % 2 ? "Ana" : "Gus";
        const auto& words = poll["choices"];
        const auto index =
            static_cast<std::size_t>(std::find(words.begin(), words.end(), wish) - words.begin());
        REQUIRE(relay.post(seat, poll["nonce"].get<std::string>(), index) ==
                cli::PhoneDesk::Posted::taken);
    }
    relay.step();  // the tie, and its note for the table
    // The session says the call is heard at a wake-up before it takes the
    // note (the server's thread and the session's race there).
    inbox.call_read(0);
    relay.step();
    CHECK(shown(0)["choices"].empty());  // the tie's round waits for the tie to be said
    REQUIRE(inbox.take_table_note());
    inbox.call_read(0);  // the tie said
    relay.step();
    CHECK_FALSE(shown(0)["choices"].empty());
    CHECK(shown(0)["note"] == "A tie: Ana or Gus? Talk it over, then tap again and Done.");
}

}  // namespace coyel::test
