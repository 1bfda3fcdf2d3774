// Many seeded random games played to the end through the engine, checking
// invariants at every step and the save round trip at the end.
#include <fmt/format.h>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <thread>

#include "../helpers.hpp"
#include "../random_games.hpp"
#include "coyel/invariants.hpp"
#include "coyel/save.hpp"
#include "coyel/status.hpp"

using namespace coyel;
using namespace coyel::test;

namespace {

// 25,000 games; tools/soak (run by CI) plays ten times as many, tools/sanitize fewer.
int game_count() {
    const char* env = std::getenv("COYEL_RANDOM_GAMES");
    return env ? std::atoi(env) : 25'000;
}

// Legality asked and legality applied agree, both ways: every choice the
// engine lists is accepted, and every choice it accepts was listed.
std::string legality_disagrees(const Game& game) {
    const auto call = game.current_call();
    if (!call || call_info(*call).answer == AnswerKind::gesture) {
        if (call) {
            for (auto choice :
                 {BankerChoice::social, BankerChoice::speculation, BankerChoice::none}) {
                Game copy = game;
                Action action = act(ActionKind::banker);
                action.choice = choice;
                const bool listed = game.legal_gestures().contains(choice);
                if (listed == game.banker_refusal(choice).has_value() ||
                    copy.apply(action).ok() != listed)
                    return "a gesture's legality disagrees";
            }
        }
        return "";
    }
    if (call_info(*call).answer == AnswerKind::yes_no) return "";
    const Choices legal = game.legal_choices();
    std::vector<std::optional<Seat>> candidates{std::nullopt};
    for (Seat seat = 0; seat < game.player_count(); ++seat) candidates.emplace_back(seat);
    for (const auto& choice : candidates) {
        Game copy = game;
        const bool accepted = game.state().expects == ActionKind::vote
                                  ? copy.cast_ballot(choice).ok()
                                  : copy.apply(act(*game.state().expects, choice)).ok();
        if (accepted != legal.contains(choice) ||
            accepted == game.choice_refusal(choice).has_value())
            return fmt::format("legal_choices and apply disagree on {}",
                               choice ? game.name(*choice) : "nobody");
    }
    return "";
}

// A vote cast ballot by ballot, as the REPL does, with now and then a ballot
// taken back and cast again.
std::string vote_by_ballots(Game& game, SplitMix64& rng) {
    while (auto voter = game.next_voter()) {
        if (!game.state().ballots.empty() && rng.below(10) == 0) {
            if (!game.undo() || game.next_voter() == voter) return "a ballot was not taken back";
            continue;
        }
        auto cast = game.cast_ballot(pick(game.legal_choices(), rng));
        if (!cast) return "a legal ballot was refused: " + cast.error();
    }
    return "";
}

// Plays game number `index` to its end; returns the first failure, or "".
std::string play_one(std::uint64_t seed, bool check_legality, long long& actions, int& refusals) {
    SplitMix64 rng(seed);
    Setup setup = random_setup(rng);
    if (!check_setup(setup).empty()) return "an invalid random setup";
    Game game(setup);
    auto where = [&](int step) { return fmt::format(", game seed {}, step {}", seed, step); };
    for (int steps = 1; !game.over(); ++steps) {
        if (steps > 5000) return "the game did not end" + where(steps);
        const State before = game.state();
        if (check_legality)
            if (auto broken = legality_disagrees(game); !broken.empty())
                return broken + where(steps);
        if (game.state().expects == ActionKind::vote && rng.below(2) == 0) {
            if (auto broken = vote_by_ballots(game, rng); !broken.empty())
                return broken + where(steps);
            ++actions;
            if (auto broken = broken_invariant(game.setup(), before, game.state()); !broken.empty())
                return broken + where(steps);
            continue;
        }
        // Now and then an answer that is probably illegal: refused, nothing changes.
        if (rng.below(20) == 0) {
            Action wild = random_action(game, rng);
            wild.player = static_cast<Seat>(rng.below(game.player_count()));
            if (!game.apply(wild).ok()) {
                ++refusals;
                if (!(game.state() == before))
                    return "a refused action changed the state" + where(steps);
                continue;
            }
        } else if (auto applied = game.apply(random_action(game, rng)); !applied.ok()) {
            return "a legal action was refused: " + applied.error() + where(steps);
        }
        ++actions;
        if (auto broken = broken_invariant(game.setup(), before, game.state()); !broken.empty())
            return broken + where(steps);
        // What the table was told, kept as the game goes, is the told prefix replayed.
        if (check_legality && game.news_held() && !(game.told_state() == game.told_game().state()))
            return "the told state is not the told prefix's" + where(steps);
    }
    auto loaded = load_game(save_game(game), "random");
    if (!loaded.ok()) return loaded.error() + where(0);
    if (!(loaded->state() == game.state()) || status_json(*loaded) != status_json(game))
        return "save then load changed the game" + where(0);
    return "";
}

}  // namespace

TEST_CASE("random play: invariants hold at every step, every game ends, saves round-trip",
          "[long]") {
    const int games = game_count();
    // Two workers over interleaved seeds; the first failure is reported.
    constexpr int workers = 2;
    std::vector<long long> actions(workers, 0);
    std::vector<int> refusals(workers, 0);
    std::vector<std::string> failures(workers);
    std::vector<std::thread> threads;
    for (int w = 0; w < workers; ++w)
        threads.emplace_back([&, w] {
            SplitMix64 seeds(20261130 + w);
            for (int index = w; index < games && failures[w].empty(); index += workers)
                failures[w] = play_one(seeds.next(), index < games / 10, actions[w], refusals[w]);
        });
    for (auto& thread : threads) thread.join();
    for (const auto& failure : failures) CHECK(failure == "");
    const long long total_actions = actions[0] + actions[1];
    INFO(total_actions << " actions, " << refusals[0] + refusals[1] << " refusals checked");
    CHECK(total_actions > games * 10LL);
    CHECK(refusals[0] + refusals[1] > 0);
}

TEST_CASE("a discarding event buffer stays empty and the game plays the same") {
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        SplitMix64 setup_rng(seed);
        const Setup setup = random_setup(setup_rng);
        Game kept(setup, Log::off);
        Game discarded(setup, Log::off);
        EventBuffer kept_events;
        EventBuffer dropped(Events::discarded);
        SplitMix64 rng_kept(seed), rng_discarded(seed);
        const int answers = play_random_policy(kept, rng_kept, kept_events);
        CHECK(play_random_policy(discarded, rng_discarded, dropped) == answers);
        CHECK(discarded.state() == kept.state());
        CHECK(!kept_events.empty());  // the last answer's events, game_over among them
        CHECK(dropped.empty());
    }
}
