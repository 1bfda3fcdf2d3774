// The rollback contract (issue 24): an action, ballot or clock move the rules
// refuse leaves the game exactly as it was. The build tools/test makes checks
// no invariant inside the engine (COYEL_CHECK_INVARIANTS is for Debug and the
// sanitizers), so this test holds the contract there: at every step of seeded
// random games, every answer of every kind, legal or not, is tried on a copy.
#include <fmt/format.h>

#include <cstdlib>

#include "../helpers.hpp"
#include "../random_games.hpp"
#include "coyel/save.hpp"

using namespace coyel;
using namespace coyel::test;

namespace {

// Where two games differ, as far as anything outside them can tell; "" if nowhere.
std::string difference(const Game& a, const Game& b) {
    if (!(a.state() == b.state())) return "the state";
    if (a.log() != b.log()) return "the log";
    if (a.told() != b.told() || a.news_held() != b.news_held()) return "what the table was told";
    if (a.cards_shown() != b.cards_shown()) return "the cards shown";
    return "";
}

bool same_events(const std::vector<Event>& a, const std::vector<Event>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const Event& x, const Event& y) {
        return x.kind == y.kind && x.player == y.player && x.value == y.value &&
               x.one_more_lobby == y.one_more_lobby && x.filed == y.filed &&
               x.was_revote == y.was_revote && x.seats == y.seats && x.tally == y.tally;
    });
}

// The `at`s worth trying: none, now, back in time, a little and far on (a
// degree may pass, the limit may end the game), beyond the largest accepted.
std::vector<std::optional<std::int64_t>> moments(const Game& game) {
    const std::int64_t now = game.state().clock_s;
    return {std::nullopt, now, now - 1, now + 7, now + 4000, max_clock_seconds + 1};
}

// Every action worth trying now: each kind with each seat (and nobody, and
// seats that do not exist), each gesture, each SLAPP-suit decision, votes
// short of a voter or with a stranger in them; each at one of the moments.
std::vector<Action> every_answer(const Game& game, SplitMix64& rng) {
    const auto at = moments(game);
    std::vector<Action> answers;
    auto add = [&](Action action) {
        action.at = at[rng.below(at.size())];
        answers.push_back(std::move(action));
    };
    const int players = game.player_count();
    for (int k = 0; k <= static_cast<int>(last_action_kind); ++k) {
        Action action;
        action.kind = static_cast<ActionKind>(k);
        action.text = "a remark";
        for (Seat seat = -1; seat <= players; ++seat) {
            action.player = seat == -1 ? std::nullopt : std::optional<Seat>{seat};
            add(action);
        }
    }
    Action gesture = act(ActionKind::banker);
    for (auto choice : {BankerChoice::none, BankerChoice::social, BankerChoice::speculation}) {
        gesture.choice = choice;
        add(gesture);
    }
    Action slapp = act(ActionKind::slapp);
    for (bool file : {false, true}) {
        slapp.file = file;
        add(slapp);
    }
    Action vote = act(ActionKind::vote);
    for (Seat voter : game.seats_in_game()) vote.votes.push_back(Ballot{voter, std::nullopt});
    add(vote);
    if (!vote.votes.empty()) {
        Action short_one = vote;
        short_one.votes.pop_back();
        add(short_one);
        Action stranger = vote;
        stranger.votes.back().choice = players;
        add(stranger);
    }
    return answers;
}

struct Tally {
    long long refused = 0, accepted = 0;
};

// Tries every answer on a copy of `game`; returns the first refusal that
// changed the copy, or "". Each refused copy must also play on as the game
// does: the same next action gives the same events and the same game.
std::string try_every_answer(const Game& game, const Action& next, SplitMix64& rng, Tally& tally) {
    auto check_refused = [&](Game& trial, const std::string& what) -> std::string {
        ++tally.refused;
        if (auto where = difference(trial, game); !where.empty())
            return fmt::format("refused {} changed {}", what, where);
        return "";
    };
    std::optional<Game> refused_copy;
    for (const Action& answer : every_answer(game, rng)) {
        Game trial = game;
        if (trial.apply(answer).ok()) {
            ++tally.accepted;
            continue;
        }
        if (auto broken = check_refused(trial, std::string{action_id(answer.kind)});
            !broken.empty())
            return broken;
        refused_copy = std::move(trial);
    }
    for (Seat seat = -2; seat <= game.player_count(); ++seat)
        for (const auto& at : moments(game)) {
            Game trial = game;
            const auto choice = seat == -2 ? std::nullopt : std::optional<Seat>{seat};
            const auto cast = trial.cast_ballot(choice, at);
            if (cast.ok()) continue;
            if (auto broken = check_refused(trial, "ballot (" + cast.error() + ")");
                !broken.empty())
                return broken;
        }
    for (const std::int64_t at : {game.state().clock_s - 1, max_clock_seconds + 1}) {
        Game trial = game;
        if (trial.advance_clock(at).ok()) continue;
        if (auto broken = check_refused(trial, "clock move"); !broken.empty()) return broken;
    }
    if (refused_copy) {
        Game original = game;
        const auto theirs = original.apply(next);
        const auto ours = refused_copy->apply(next);
        if (theirs.ok() != ours.ok() || (ours.ok() && !same_events(*ours, *theirs)) ||
            !difference(*refused_copy, original).empty() ||
            save_game(*refused_copy) != save_game(original))
            return "after a refusal, the game played on differently";
    }
    return "";
}

// 200 games; tools/soak (run by CI) plays 1,000, and tools/sanitize 50, where each is twenty times
// slower.
long long rollback_games() {
    const char* env = std::getenv("COYEL_ROLLBACK_GAMES");
    return env ? std::atoll(env) : 200;
}

}  // namespace

TEST_CASE("every refused answer, ballot or clock move leaves the game as it was") {
    Tally tally;
    const long long games = rollback_games();
    for (long long seed = 1; seed <= games; ++seed) {
        SplitMix64 rng(static_cast<std::uint64_t>(seed) * 7919);
        Game game(random_setup(rng));
        for (int step = 0; !game.over() && step < 300; ++step) {
            const Action next = random_action(game, rng);
            const std::string broken = try_every_answer(game, next, rng, tally);
            INFO("game seed " << seed << ", step " << step);
            REQUIRE(broken == "");
            REQUIRE(game.apply(next).ok());
        }
    }
    INFO(tally.refused << " refusals, " << tally.accepted << " accepted answers");
    CHECK(tally.refused > 5'000 * games);  // over a million in the 200 games
    CHECK(tally.accepted > 500 * games);
}
