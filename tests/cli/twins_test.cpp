// The table's view, the strong way (issue 8): twin games that differ only in
// hidden facts give byte-identical outputs wherever an output claims to be
// the table's: the table's observation, the REPL's `table`, and the replay's
// table story as text, Markdown and HTML, its statistics and the HTML's
// players included, and the players' screen (`coyel display`).
//
// Twins come from random games. For a prefix of a game's log, a twin either
// (a) swaps the roles of two players both still in the game there, or
// (b) changes one answer given eyes closed (the NGO's protection, a CEO
// lobby, the banker's gesture) to another legal one. The twin's log is
// replayed through a fresh game, and the twin is kept only when every public
// fact, as defined below without the core's views, is the same at every
// entry. Then every table output must be the same too.
#include <algorithm>
#include <sstream>

#include "../narration_helpers.hpp"
#include "../random_games.hpp"
#include "chronicle.hpp"
#include "coyel/observe.hpp"
#include "coyel/save.hpp"
#include "players_screen.hpp"
#include "render.hpp"
#include "terminal/views.hpp"
#include "web/serve_state.hpp"

using namespace coyel;
using namespace coyel::narration;
using namespace coyel::test;

namespace {

const Narrator& narrator() { return english_narrator(); }

// --- What the table witnessed, from the rules (SPEC sections 3 to 6) -------

// The public fields of one event: who went out and why, revotes, the tally...
struct PublicEvent {
    Event::Kind kind = Event::Kind::dawn;
    std::optional<Seat> player;
    std::optional<Role> role;
    std::optional<OutCause> cause;
    int value = 0;
    std::vector<Seat> seats;
    std::vector<int> tally;
    std::optional<Seat> double_vote;
    std::optional<Team> winner;
    std::optional<WinReason> reason;
    bool operator==(const PublicEvent&) const = default;
};

std::optional<PublicEvent> witnessed(const Event& e) {
    PublicEvent seen;
    seen.kind = e.kind;
    switch (e.kind) {
        case Event::Kind::lobby: return std::nullopt;  // eyes closed
        case Event::Kind::slapp:
            if (!e.filed) return std::nullopt;  // a suit not filed is never said
            seen.player = e.player;
            break;
        case Event::Kind::saved: break;  // that a protest saved someone, not whom
        case Event::Kind::dawn: break;
        case Event::Kind::mayor_elected:
        case Event::Kind::mayor_lost:
        case Event::Kind::fragile_revived: seen.player = e.player; break;
        case Event::Kind::temperature_rose: seen.value = e.value; break;
        case Event::Kind::player_out:
            seen.player = e.player;
            seen.role = e.role;
            seen.cause = e.cause;
            break;
        case Event::Kind::vote_result:
            seen.player = e.player;
            seen.seats = e.seats;
            seen.tally = e.tally;
            seen.double_vote = e.double_vote;
            break;
        case Event::Kind::revote: seen.seats = e.seats; break;
        case Event::Kind::game_over:
            seen.winner = e.winner;
            seen.reason = e.reason;
            break;
    }
    return seen;
}

// Everything the table knows after one entry.
struct PublicFacts {
    struct Place {
        bool in_game;
        std::optional<Role> role;       // once out, or for everyone at the end
        std::optional<bool> corrupted;  // at the end
        bool operator==(const Place&) const = default;
    };
    std::vector<Place> seats;
    std::optional<Seat> mayor;
    int round = 0;
    Phase phase = Phase::setup;
    int temperature = 0;
    std::int64_t clock = 0;
    std::optional<Team> winner;
    std::optional<WinReason> reason;
    std::optional<Seat> revealed_ceo;
    // The entry: the call (made aloud) and its clock; the answer if said aloud.
    ActionKind call = ActionKind::note;
    std::optional<std::int64_t> at;
    std::optional<Seat> elected;
    std::vector<Ballot> ballots;
    bool filed = false;
    std::vector<PublicEvent> events;
    bool operator==(const PublicFacts&) const = default;
};

PublicFacts public_facts(const Game& game, const Action& action, const std::vector<Event>& events) {
    const State& state = game.state();
    PublicFacts facts;
    facts.mayor = state.mayor;
    facts.round = state.round;
    facts.phase = state.phase;
    facts.temperature = state.temperature;
    facts.clock = state.clock_s;
    facts.winner = state.winner;
    facts.reason = state.win_reason;
    for (Seat seat = 0; seat < game.player_count(); ++seat) {
        const bool shown = !game.in_game(seat) || game.over();
        facts.seats.push_back(
            {game.in_game(seat), shown ? std::optional{game.role(seat)} : std::nullopt,
             game.over() ? std::optional{state.corrupted.contains(seat)} : std::nullopt});
    }
    if (state.ceo_revealed) facts.revealed_ceo = game.holder(Role::ceo);
    facts.call = action.kind;
    facts.at = action.at;
    if (action.kind == ActionKind::elect_mayor) facts.elected = action.player;
    if (action.kind == ActionKind::vote) facts.ballots = action.votes;
    facts.filed = action.kind == ActionKind::slapp && action.file;
    for (const auto& event : events)
        if (auto seen = witnessed(event)) facts.events.push_back(std::move(*seen));
    return facts;
}

struct Replayed {
    Game game;
    std::vector<PublicFacts> facts;  // after each entry
};

// The log through a fresh game; nullopt when an entry is refused.
std::optional<Replayed> replay(const Setup& setup, const std::vector<Action>& log) {
    Replayed replayed{Game(setup), {}};
    for (const auto& action : log) {
        auto events = replayed.game.apply(action);
        if (!events) return std::nullopt;
        replayed.facts.push_back(public_facts(replayed.game, action, *events));
    }
    return replayed;
}

// --- What claims to be the table's ----------------------------------------

struct TableOutputs {
    TableView view;
    std::string view_text, view_colour;  // the REPL's `table`; replay --upto
    std::string story, story_colour;     // replay --view table: each moment, the statistics
    std::string markdown, html;
    std::string players_screen;             // coyel display, ticking with a timer running
    std::string served_state, served_page;  // coyel serve: /state.json and /
};

TableOutputs table_outputs(const Game& game) {
    TableOutputs out;
    out.view = seen_by_table(game);
    out.view_text = cli::table_view_text(narrator(), out.view, false);
    out.view_colour = cli::table_view_text(narrator(), out.view, true);
    const Chronicle chronicle = make_chronicle(narrator(), game, View::table);
    for (const auto& moment : chronicle.moments) {
        out.story += render_text(moment, false);
        out.story_colour += render_text(moment, true);
    }
    const std::string statistics = render_statistics_text(narrator(), chronicle);
    out.story += statistics;
    out.story_colour += statistics;
    out.markdown = render_markdown(narrator(), chronicle, "twins.json");
    out.html = render_html(narrator(), chronicle, "twins.json");
    const LiveClock live{true, 0, 90'000, "", "", ""};
    out.players_screen = players_screen_text(players_screen(narrator(), game, live, 2'500));
    out.served_state = cli::public_state_json(narrator(), game, live, 2'500, "");
    out.served_page = cli::public_page(narrator());
    return out;
}

// The first line where two texts differ, for the failure message.
std::string first_difference(const std::string& a, const std::string& b) {
    std::istringstream in_a(a), in_b(b);
    std::string line_a, line_b;
    for (int line = 1;; ++line) {
        const bool more_a = static_cast<bool>(std::getline(in_a, line_a));
        const bool more_b = static_cast<bool>(std::getline(in_b, line_b));
        if (!more_a && !more_b) return "same";
        if (!more_a || !more_b || line_a != line_b)
            return "line " + std::to_string(line) + ":\n  " + (more_a ? line_a : "(end)") + "\n  " +
                   (more_b ? line_b : "(end)");
    }
}

// Why two games' table outputs differ, or "" when they are byte-identical.
std::string table_difference(const Game& a, const Game& b) {
    const TableOutputs x = table_outputs(a), y = table_outputs(b);
    if (!(x.view == y.view)) return "table_view: " + first_difference(x.view_text, y.view_text);
    const std::pair<const char*, std::string TableOutputs::*> texts[] = {
        {"table_view_text", &TableOutputs::view_text},
        {"table_view_text (colour)", &TableOutputs::view_colour},
        {"replay text", &TableOutputs::story},
        {"replay text (colour)", &TableOutputs::story_colour},
        {"replay Markdown", &TableOutputs::markdown},
        {"replay HTML", &TableOutputs::html},
        {"players' screen", &TableOutputs::players_screen},
        {"serve /state.json", &TableOutputs::served_state},
        {"serve /", &TableOutputs::served_page}};
    for (const auto& [name, text] : texts)
        if (x.*text != y.*text)
            return std::string{name} + ": " + first_difference(x.*text, y.*text);
    return "";
}

// The moderator sees the hidden facts: twins must differ there.
bool moderator_tells_apart(const Game& a, const Game& b) {
    auto story = [](const Game& game) {
        std::string told = cli::moderator_view_text(narrator(), game, false);
        for (const auto& moment : make_chronicle(narrator(), game, View::moderator).moments)
            told += render_text(moment, false);
        return told;
    };
    return story(a) != story(b);
}

// --- Making twins ----------------------------------------------------------

// (a) Two players in the game at the end of `log`, with different roles, swapped.
std::optional<Setup> swapped_roles(const Game& game, SplitMix64& rng) {
    std::vector<Seat> in;
    for (Seat seat : game.seats_in_game()) in.push_back(seat);
    if (in.size() < 2) return std::nullopt;
    const Seat a = in[rng.below(in.size())];
    const Seat b = in[rng.below(in.size())];
    if (game.role(a) == game.role(b)) return std::nullopt;
    Setup setup = game.setup();
    std::swap(setup.roles[a], setup.roles[b]);
    return setup;
}

bool answered_eyes_closed(ActionKind kind) {
    return kind == ActionKind::ngo_protect || kind == ActionKind::ceo_lobby ||
           kind == ActionKind::banker;
}

// (b) One answer given eyes closed changed to another legal one.
std::optional<std::vector<Action>> changed_answer(const Game& game, SplitMix64& rng) {
    std::vector<Action> log = game.log();
    std::vector<std::size_t> hidden;
    for (std::size_t i = 0; i < log.size(); ++i)
        if (answered_eyes_closed(log[i].kind)) hidden.push_back(i);
    if (hidden.empty()) return std::nullopt;
    const std::size_t index = hidden[rng.below(hidden.size())];
    Action& answer = log[index];
    const Game before = game.replay_prefix(index);
    if (answer.kind == ActionKind::banker) {
        std::vector<BankerChoice> others = before.legal_banker_choices();
        std::erase(others, answer.choice);
        if (others.empty()) return std::nullopt;
        answer.choice = others[rng.below(others.size())];
    } else {
        Choices others = before.legal_choices();
        if (answer.player)
            others.players.erase(*answer.player);
        else
            others.nobody = false;
        if (others.players.empty() && !others.nobody) return std::nullopt;
        answer.player = pick(others, rng);
    }
    return log;
}

struct Count {
    int tried = 0, accepted = 0;
    // Accepted twins of an unfinished game whose moderator's statistics differ:
    // the cases where a table statistic read from a hidden role would show.
    int unfinished_statistics = 0;
};

bool moderator_statistics_differ(const Game& a, const Game& b) {
    auto statistics = [](const Game& game) {
        return render_statistics_text(narrator(),
                                      make_chronicle(narrator(), game, View::moderator));
    };
    return statistics(a) != statistics(b);
}

// Keeps the twin if the table witnessed the same at every entry; then every
// table output must be the same.
void check_twin(const Replayed& original, const std::optional<Replayed>& twin, Count& count) {
    ++count.tried;
    if (!twin || twin->facts != original.facts) return;
    ++count.accepted;
    if (!original.game.over() && moderator_statistics_differ(original.game, twin->game))
        ++count.unfinished_statistics;
    const std::string difference = table_difference(original.game, twin->game);
    if (!difference.empty()) {
        INFO("entries: " << original.game.log().size());
        FAIL("twins told apart by the table's " << difference);
    }
    CHECK(moderator_tells_apart(original.game, twin->game));
}

}  // namespace

TEST_CASE("twin games that differ only in hidden facts give identical table outputs") {
    SplitMix64 rng(2026);
    Count swaps, answers;
    for (int index = 0; index < 150; ++index) {
        Game game(random_setup(rng));
        while (!game.over() || game.news_held()) (void)game.apply(random_action(game, rng));
        for (int prefixes = 0; prefixes < 4; ++prefixes) {
            const std::size_t entries = 1 + rng.below(game.log().size());
            const auto original = replay(game.setup(), game.replay_prefix(entries).log());
            REQUIRE(original);
            if (auto setup = swapped_roles(original->game, rng))
                check_twin(*original, replay(*setup, original->game.log()), swaps);
            if (auto log = changed_answer(original->game, rng))
                check_twin(*original, replay(game.setup(), *log), answers);
        }
    }
    INFO("role swaps: " << swaps.accepted << " of " << swaps.tried
                        << "; hidden answers: " << answers.accepted << " of " << answers.tried
                        << "; unfinished, statistics apart for the moderator: "
                        << swaps.unfinished_statistics << " and " << answers.unfinished_statistics);
    CHECK(swaps.accepted >= 200);
    CHECK(answers.accepted >= 200);
    // Issue 10: the replay's statistics are put to the test on unfinished games.
    CHECK(swaps.unfinished_statistics >= 50);
    CHECK(answers.unfinished_statistics >= 20);
}
