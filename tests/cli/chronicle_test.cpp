// The replay's chronicle: the narrator's lines, statistics, and the table's
// story keeps the moderator's secrets (twins_test.cpp proves the strong form).
#include "chronicle.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "../helpers.hpp"
#include "../narration_helpers.hpp"
#include "../random_games.hpp"
#include "process.hpp"
#include "render.hpp"
#include "store/save_file.hpp"

using namespace coyel;
using namespace coyel::narration;
using namespace coyel::test;

namespace {

const Narrator& narrator() { return english_narrator(); }

Game sample(const std::string& name) {
    auto game = cli::read_save_file(std::string{COYEL_DATA} + "/samples/" + name);
    REQUIRE(game.ok());
    return std::move(*game);
}

Chronicle moderator_story(const Game& game) {
    return make_chronicle(narrator(), game, View::moderator);
}

bool tells(const Chronicle& chronicle, const std::string& line) {
    return std::any_of(chronicle.moments.begin(), chronicle.moments.end(),
                       [&](const StoryMoment& moment) { return moment.text == line; });
}

std::vector<std::string> texts(const Chronicle& chronicle, StoryMoment::Kind kind) {
    std::vector<std::string> found;
    for (const auto& moment : chronicle.moments)
        if (moment.kind == kind) found.push_back(moment.text);
    return found;
}

std::string sample_path(const std::string& name) {
    return std::string{COYEL_DATA} + "/samples/" + name;
}

std::size_t occurrences(const std::string& text, const std::string& part) {
    std::size_t count = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
    return count;
}

}  // namespace

TEST_CASE("the three sample games end as their names say") {
    CHECK(sample("ecosystems-win.json").state().winner == Team::ecosystems);
    const Game hot = sample("temperature-loss.json");
    CHECK(hot.state().win_reason == WinReason::temperature);
    const Game slapp = sample("slapp-and-revival.json");
    CHECK(slapp.state().winner == Team::ecosystems);
    // Told in the REPL's words, from the same script lines.
    Args filed;
    filed.set("cause", "slapp").set("ceo", "Dan").set("name", "Ben");
    filed.set("role", narrator().role_with_article(Role::citizen));
    const std::string revived =
        narrator().line("event.fragile_revived", Args{}.set("name", "Finn"));
    for (View view : {View::moderator, View::table}) {
        const Chronicle chronicle = make_chronicle(narrator(), slapp, view);
        CHECK(tells(chronicle, narrator().line("event.player_out", filed)));
        CHECK(tells(chronicle, revived));
        CHECK(chronicle.moments.back().kind == StoryMoment::Kind::roles);
    }
}

TEST_CASE("the chronicle keeps the narrator's lines to read and record, not the calls") {
    const Chronicle chronicle = moderator_story(sample("slapp-and-revival.json"));
    CHECK(tells(chronicle, narrator().line("call.carbon_target.record",
                                           Args{}.set("who", "player").set("name", "Finn"))));
    CHECK(tells(chronicle, narrator().line("event.saved")));
    CHECK_FALSE(tells(chronicle, narrator().line("call.carbon_target.sleep")));
    CHECK_FALSE(tells(chronicle, narrator().line("call.ngo_protect.aloud")));
}

TEST_CASE("statistics: protests, lobbies, length") {
    const Statistics s = moderator_story(sample("slapp-and-revival.json")).statistics;
    CHECK(s.rounds == 3);
    CHECK(s.seconds == 1036);
    CHECK(s.protest_saves == 1);
    REQUIRE(s.lobbies);
    CHECK(s.lobbies->tried == 2);
    CHECK(s.lobbies->landed == 1);
    CHECK(s.lobbies->refused == 1);
    REQUIRE_FALSE(s.carbon_voters.empty());
    CHECK(s.carbon_voters.front().second == 2);  // Cleo, Eve and Finn voted for a carbon twice
    // The game is over: every role is public, so the table counts the same.
    const Statistics t =
        make_chronicle(narrator(), sample("slapp-and-revival.json"), View::table).statistics;
    CHECK_FALSE(t.lobbies);
    CHECK(t.protest_saves == 1);
    CHECK(t.carbon_voters == s.carbon_voters);
}

TEST_CASE("statistics: a vote decided by the mayor's double vote") {
    Game g = make_game();
    ok(g, elect(g, "Hana"));
    quiet_night(g, "Ben");
    ok(g, vote(g, {{"Ana", "Cleo"},
                   {"Cleo", "Ana"},
                   {"Dan", "Cleo"},
                   {"Eve", "Ana"},
                   {"Finn", nullptr},
                   {"Gus", "Cleo"},
                   {"Hana", "Ana"}}));  // 4 to 3, 3 to 3 without
    CHECK(moderator_story(g).statistics.votes_decided_by_mayor == 1);
    CHECK(make_chronicle(narrator(), g, View::table).statistics.votes_decided_by_mayor == 1);
    Game spec = sample("ecosystems-win.json");
    CHECK(moderator_story(spec).statistics.votes_decided_by_mayor == 0);
}

TEST_CASE("the table counts votes only for the carbon emissions it knows") {
    Game g = make_game();
    ok(g, elect(g, "Hana"));
    quiet_night(g, "Ben");
    // Ana and Gus are carbon emissions; Gus goes out, Ana stays in.
    ok(g, vote(g, {{"Ana", "Gus"},
                   {"Cleo", "Gus"},
                   {"Dan", "Ana"},
                   {"Eve", "Gus"},
                   {"Finn", "Ana"},
                   {"Gus", "Cleo"},
                   {"Hana", nullptr}}));
    REQUIRE_FALSE(g.in_game(*seat(g, "Gus")));
    const auto moderator = moderator_story(g).statistics.carbon_voters;
    const auto table = make_chronicle(narrator(), g, View::table).statistics.carbon_voters;
    // Cleo, Eve (for Gus); Dan, Finn (for Ana): not Ana, a carbon emission voting for Gus.
    CHECK(moderator.size() == 4);
    // The table does not know Ana is one: her ballot counts there.
    CHECK(table == std::vector<std::pair<std::string, int>>{{"Ana", 1}, {"Cleo", 1}, {"Eve", 1}});
}

TEST_CASE("replay up to entry K: the chronicle stops there, with the game as it was") {
    const Game game = sample("temperature-loss.json");
    const Chronicle part = make_chronicle(narrator(), game, View::moderator, 5);
    CHECK(part.game.log().size() == 5);
    CHECK(part.game.state() == game.replay_prefix(5).state());
    for (const auto& moment : part.moments) CHECK(moment.entry <= 5);
}

TEST_CASE("clock mode: the chart steps up at the second each degree was reached") {
    const Game game = sample("temperature-loss.json");
    const Options& options = game.setup().options;
    for (View view : {View::moderator, View::table}) {
        const std::vector<Sample> samples = make_chronicle(narrator(), game, view).samples;
        for (std::size_t i = 1; i < samples.size(); ++i)
            CHECK(samples[i - 1].at <= samples[i].at);  // in time order
        for (int degree = options.temperature_start + 1; degree <= options.temperature_limit;
             ++degree) {
            INFO("degree " << degree);
            const std::int64_t second = clock_rise_at(options, degree);
            // The first point at that second already has the degree; the one before has not.
            const auto step = std::find_if(samples.begin(), samples.end(),
                                           [&](const Sample& s) { return s.at >= second; });
            REQUIRE(step != samples.begin());
            REQUIRE(step != samples.end());
            CHECK(step->at == second);
            CHECK(step->temperature == degree);
            CHECK(std::prev(step)->temperature == degree - 1);
        }
    }
}

TEST_CASE("clock mode: the chart's degree has the players in before the entry that carried it") {
    Game g = make_game();  // 25 minutes, 0 to 5: a degree every 300 s
    ok(g, at(elect(g, "Hana"), 0));
    ok(g, at(target(g, "Ben"), 10));
    ok(g, at(protect(g, nullptr), 20));
    ok(g, at(bank(BankerChoice::none), 30));
    ok(g, at(lobby(g, nullptr), 310));      // +1 at 300 s; at dawn Ben is out
    ok(g, at(act(ActionKind::tell), 310));  // the day is opened
    const std::vector<Sample> samples = moderator_story(g).samples;
    REQUIRE(samples.size() == g.log().size() + 2);
    const Sample& rise = samples[samples.size() - 3];
    CHECK(rise.at == 300);
    CHECK(rise.entry == 5);
    CHECK(rise.temperature == 1);
    CHECK(rise.players_in == 8);
    CHECK(rise.ecosystems_in == 5);  // the CEO plays with the carbon emissions
    CHECK(samples.back().at == 310);
    CHECK(samples.back().players_in == 7);
    CHECK(samples.back().ecosystems_in == 4);
}

TEST_CASE("night mode: the chart keeps one point per entry, the rise at dawn") {
    Options options;
    options.temperature_mode = TemperatureMode::night;
    Game g = make_game(spec_table(), options);
    ok(g, at(elect(g, "Hana"), 0));
    quiet_night(g, "Ben");
    const std::vector<Sample> samples = moderator_story(g).samples;
    REQUIRE(samples.size() == g.log().size() + 1);
    CHECK(samples.back().temperature == 1);
    CHECK(samples[samples.size() - 2].temperature == 0);
}

TEST_CASE("clock mode: the text and Markdown tell each degree at its own second, in time order") {
    const Game game = sample("temperature-loss.json");
    const Options& options = game.setup().options;
    for (View view : {View::moderator, View::table}) {
        const Chronicle chronicle = make_chronicle(narrator(), game, view);
        for (std::size_t i = 1; i < chronicle.moments.size(); ++i)
            CHECK(chronicle.moments[i - 1].at <= chronicle.moments[i].at);
        std::string text;
        for (const auto& moment : chronicle.moments) text += render_text(moment, false);
        const std::string markdown = render_markdown(narrator(), chronicle, "t");
        for (int degree = options.temperature_start + 1; degree <= options.temperature_limit;
             ++degree) {
            const std::string rose = narrator().line(
                "event.temperature_rose", Args{}.set("temperature", narrator().degrees(degree)));
            const std::string clock = clock_text(clock_rise_at(options, degree));
            INFO("degree " << degree << " at " << clock);
            CHECK(text.find(fmt::format("{:>7}  {}\n", clock, rose)) != std::string::npos);
            CHECK(markdown.find(fmt::format("- `{}` {}\n", clock, rose)) != std::string::npos);
        }
    }
}

TEST_CASE("the story and the chart keep time order, with every clock degree, in random games") {
    SplitMix64 rng(91);
    for (int index = 0; index < 300; ++index) {
        Game game(random_setup(rng));
        while (!game.over() || game.news_held()) (void)game.apply(random_action(game, rng));
        const Options& options = game.setup().options;
        const bool clock = options.temperature_mode == TemperatureMode::clock;
        const int degrees = clock ? game.state().temperature - options.temperature_start : 0;
        for (View view : {View::moderator, View::table}) {
            const Chronicle chronicle = make_chronicle(narrator(), game, view);
            const auto& samples = chronicle.samples;
            CHECK(samples.size() == game.log().size() + 1 + static_cast<std::size_t>(degrees));
            for (std::size_t i = 1; i < samples.size(); ++i)
                CHECK(samples[i - 1].at <= samples[i].at);
            for (std::size_t i = 1; i < chronicle.moments.size(); ++i)
                CHECK(chronicle.moments[i - 1].at <= chronicle.moments[i].at);
            for (int degree = options.temperature_start + 1;
                 degree <= options.temperature_start + degrees; ++degree)
                CHECK(std::any_of(samples.begin(), samples.end(), [&](const Sample& s) {
                    // at its second, or later when held with a dawn's news
                    return s.at >= clock_rise_at(options, degree) && s.temperature == degree;
                }));
        }
    }
}

TEST_CASE("the table's story tells no secret of the moderator's, in random games") {
    SplitMix64 rng(77);
    int secrets = 0;
    for (int index = 0; index < 300; ++index) {
        Game game(random_setup(rng));
        while (!game.over() || game.news_held()) (void)game.apply(random_action(game, rng));
        const Chronicle moderator = moderator_story(game);
        const Chronicle table = make_chronicle(narrator(), game, View::table);
        std::string told;
        for (const auto& moment : table.moments) {
            CHECK_FALSE(moment.secret);
            CHECK(moment.kind != StoryMoment::Kind::note);
            told += render_text(moment, false);
        }
        // No line the moderator's story marks secret is in the table's.
        for (const auto& moment : moderator.moments) {
            if (!moment.secret) continue;
            ++secrets;
            if (told.find(moment.text) != std::string::npos)
                FAIL("the table's story tells: " << moment.text);
        }
        CHECK_FALSE(table.statistics.lobbies);
        const std::string page = render_html(narrator(), table, "t");
        CHECK(page.find("class=\"moment secret\"") == std::string::npos);
        CHECK(page.find("class=\"carbon\"") == std::string::npos);  // no team counts
    }
    CHECK(secrets > 1000);
}

// The lines told after the last vote's ballots: its tally and outcome.
std::vector<std::string> after_last_vote(const Chronicle& chronicle) {
    const auto vote =
        std::find_if(chronicle.moments.rbegin(), chronicle.moments.rend(),
                     [](const StoryMoment& m) { return m.kind == StoryMoment::Kind::vote; });
    std::vector<std::string> lines;
    for (auto it = vote.base(); it != chronicle.moments.end(); ++it)
        if (it->kind == StoryMoment::Kind::line) lines.push_back(it->text);
    return lines;
}

// Ana and Cleo tie, 2 to 2, after Ben went out in the night.
Action tied_vote(const Game& g) {
    return vote(g, {{"Ana", "Cleo"},
                    {"Cleo", "Ana"},
                    {"Dan", "Cleo"},
                    {"Eve", "Ana"},
                    {"Finn", nullptr},
                    {"Gus", nullptr},
                    {"Hana", nullptr}});
}

bool contains(const std::vector<std::string>& lines, const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

TEST_CASE("replay: the revote is labelled as one, and a tie says that nobody is out") {
    for (TieRule rule : {TieRule::revote, TieRule::none}) {
        Options options;
        options.tie = rule;
        Game g = make_game(spec_table(), options);
        ok(g, elect(g, "Hana"));
        quiet_night(g, "Ben");
        ok(g, tied_vote(g));
        const bool revote = rule == TieRule::revote;
        if (revote) ok(g, tied_vote(g));  // tied again
        REQUIRE(g.state().phase == Phase::night);
        // One wording, the REPL's and the replay's (issue 21).
        const std::string nobody_out =
            narrator().line("event.vote_nobody", Args{}.set("why", revote ? "tied_again" : "tie"));
        for (View view : {View::moderator, View::table}) {
            INFO((revote ? "revote, " : "no revote, ")
                 << (view == View::table ? "table" : "moderator"));
            const Chronicle chronicle = make_chronicle(narrator(), g, view);
            std::vector<std::string> labels{narrator().line("replay.vote")};
            if (revote) labels.push_back(narrator().line("replay.revote"));
            CHECK(texts(chronicle, StoryMoment::Kind::vote) == labels);
            const auto told = after_last_vote(chronicle);
            CHECK(std::count(told.begin(), told.end(), nobody_out) == 1);
        }
    }
}

TEST_CASE("replay refuses a --round or --upto the game does not have, with the range") {
    const std::string path = sample_path("temperature-loss.json");
    const Game game = sample("temperature-loss.json");
    const int rounds = game.state().round;
    const std::size_t entries = game.log().size();
    const std::string round_range = fmt::format("--round must be from 1 to {}", rounds);
    const std::string upto_range = fmt::format("--upto must be from 1 to {}", entries);
    const std::pair<std::string, std::string> refused[] = {
        {fmt::format("--round {}", rounds + 1), round_range},
        {"--round -1", round_range},
        {fmt::format("--upto {}", entries + 1), upto_range},
        {"--upto 999", upto_range},
        {"--upto 0", upto_range},
        {"--upto -1", upto_range + " (the log's entries), not -1"}};
    for (const auto& [arguments, range] : refused) {
        INFO(arguments);
        const Run run = run_coyel("replay " + path + " " + arguments);
        CHECK(run.exit_code != 0);
        CHECK(run.exit_code == run_coyel("replay " + path + " --view nobody").exit_code);
        CHECK(run.out.find(range) == 0);
        CHECK(occurrences(run.out, "\n") == 1);  // one line, nothing else
    }
    CHECK(
        run_coyel(fmt::format("replay {} --round {} --upto {}", path, rounds, entries)).exit_code ==
        0);
}

TEST_CASE("replay --step: q then Enter stops there, with nothing more") {
    const std::string prompt = narrator().line("replay.enter");
    const Run run = run_shell(fmt::format("printf '\\nq\\nmore\\n' | {} replay {} --step",
                                          COYEL_BINARY, sample_path("slapp-and-revival.json")));
    CHECK(run.exit_code == 0);
    CHECK(occurrences(run.out, prompt) == 2);
    CHECK(run.out.find(narrator().line("replay.statistics")) == std::string::npos);
    // An empty line goes on; the end of input (no prompt shown there) ends
    // the stepping, statistics included.
    const Run to_the_end = run_shell(fmt::format("printf '\\n' | {} replay {} --step", COYEL_BINARY,
                                                 sample_path("slapp-and-revival.json")));
    CHECK(occurrences(to_the_end.out, prompt) == 1);
    CHECK(to_the_end.out.find(narrator().line("replay.statistics")) != std::string::npos);
}

namespace {

std::string before(const std::string& page, const std::string& part) {
    const auto at = page.find(part);
    REQUIRE(at != std::string::npos);
    return page.substr(0, at);
}

}  // namespace

TEST_CASE("the HTML recap opens with the result, the date and the players") {
    Game game = sample("slapp-and-revival.json");
    std::vector<Action> log = game.log();
    log[1].wall = "2026-11-30T20:15:00+01:00";  // the first entry that carries one
    log[4].wall = "2026-12-01T00:10:00+01:00";
    Game dated(game.setup());
    for (const Action& action : log) ok(dated, action);
    for (View view : {View::moderator, View::table}) {
        INFO((view == View::table ? "table" : "moderator"));
        const std::string page =
            render_html(narrator(), make_chronicle(narrator(), dated, view), "t");
        const std::string opening = before(page, "id=\"charts\"");
        const std::string end = narrator().line(
            "event.game_over", Args{}.set("reason", "no-carbon").set("temperature", "+3°C"));
        CHECK(opening.find(end) != std::string::npos);
        CHECK(opening.find(narrator().line("html.played_on", Args{}.set("date", "2026-11-30"))) !=
              std::string::npos);
        CHECK(opening.find("<td>Gus</td><td>" + narrator().role_title(Role::carbon)) !=
              std::string::npos);
    }
    // No wall time: no date.
    const std::string undated = render_html(narrator(), moderator_story(game), "t");
    CHECK(undated.find("class=\"played\"") == std::string::npos);
}

TEST_CASE(
    "the HTML recap of an unfinished game shows the table the roles revealed, the moderator every "
    "role") {
    const Game whole = sample("slapp-and-revival.json");
    const Game part = whole.replay_prefix(12);  // Gus is out, revealed; the game goes on
    REQUIRE_FALSE(part.over());
    REQUIRE_FALSE(part.in_game(*seat(part, "Gus")));
    const std::string table =
        before(render_html(narrator(), make_chronicle(narrator(), part, View::table), "t"),
               "id=\"charts\"");
    const std::string moderator =
        before(render_html(narrator(), moderator_story(part), "t"), "id=\"charts\"");
    const State& state = part.state();
    const std::string unfinished = narrator().line(
        "html.unfinished", Args{}
                               .set("phase", narrator().phase_title(state.phase, state.round))
                               .set("clock", clock_text(state.clock_s)));
    CHECK(table.find(unfinished) != std::string::npos);
    // Gus went out and showed his card (issue 26); the cards still hidden are not named.
    CHECK(table.find("<td>Gus</td><td>" + narrator().role_title(Role::carbon)) !=
          std::string::npos);
    for (Role role : {Role::ngo, Role::banker}) {  // Dan's CEO was revealed by his SLAPP-suit
        INFO(narrator().role_title(role));
        CHECK(table.find(narrator().role_title(role)) == std::string::npos);
    }
    CHECK(moderator.find("<td>Gus</td><td>" + narrator().role_title(Role::carbon)) !=
          std::string::npos);
}

TEST_CASE(
    "an unfinished game: the table's list has the roles revealed, and the story says where it "
    "stops") {
    Game g = make_game();
    ok(g, elect(g, "Hana"));
    quiet_night(g, "Ben");  // Ben is out and revealed a Citizen-Ecosystem
    for (View view : {View::moderator, View::table}) {
        const Chronicle story = make_chronicle(narrator(), g, view);
        REQUIRE(story.players.size() == 8);
        CHECK(story.players[1].text == narrator().role_title(Role::citizen));  // Ben
        if (view == View::table) CHECK(story.players[0].text.empty());         // Ana: still hidden
        REQUIRE_FALSE(story.moments.empty());
        CHECK(story.moments.back().text ==
              narrator().line("replay.stops",
                              Args{}.set("phase", narrator().phase_title(Phase::day, 1))));
    }
}

TEST_CASE("the HTML recap's title names the players while they fit, then how many more") {
    const std::string page =
        render_html(narrator(), moderator_story(sample("ecosystems-win.json")), "t");
    CHECK(page.find("<title>Coyel Heaven: Ana, Ben, Cleo, Dan, Eve, Finn, Gus, Hana</title>") !=
          std::string::npos);
    Seating thirty;
    for (int i = 1; i <= 30; ++i)
        thirty.push_back({fmt::format("Player{:02}", i), i <= 7 ? Role::carbon : Role::citizen});
    const std::string crowded = render_html(narrator(), moderator_story(make_game(thirty)), "t");
    const auto title =
        crowded.substr(crowded.find("<title>"), crowded.find("</title>") - crowded.find("<title>"));
    CHECK(title ==
          "<title>Coyel Heaven: Player01, Player02, Player03, Player04, Player05 and 25 more");
    const Narrator french(*builtin_script("fr"));
    const std::string french_page =
        render_html(french, make_chronicle(french, make_game(thirty), View::table), "t");
    CHECK(french_page.find("Player04 et 26 autres</title>") != std::string::npos);
}

// The table's story kept as the game goes (issue 47) says the same last
// announcement as the story told from the start, in random games with undos
// and news held, read now and then (as `display` reads saves: an undo and a
// new answer may come between two readings).
TEST_CASE("chronicle: the table's story fed as the game goes tells what the whole story tells") {
    SplitMix64 seeds(20261205);
    int steps = 0, undos = 0, news = 0;
    for (int played = 0; played < 60; ++played) {
        SplitMix64 rng(seeds.next());
        Game game(random_setup(rng), Log::kept, News::held);
        TableStory story(narrator());
        for (int step = 0; step < 120 && !game.over(); ++step, ++steps) {
            if (step > 3 && rng.fast_below(8) == 0 && game.undo()) {
                ++undos;
            } else {
                const Action action = random_action(game, rng);
                if (!game.apply(action).ok()) continue;
            }
            if (rng.fast_below(2) == 0) continue;  // not read this time
            story.follow(game);
            const auto told = story.last_announcement();
            news += told.empty() ? 0 : 1;
            REQUIRE(told == last_announcement(narrator(), game));
        }
    }
    CHECK(undos > 50);
    CHECK(news > steps / 4);
}
