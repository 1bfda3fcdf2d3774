// coyel_bench (Google Benchmark): the balance lab's games per second, and
// what one moderator input costs in a big, long game. Run through tools/bench.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <vector>

#include "coyel/save.hpp"
#include "coyel/status.hpp"
#include "languages.hpp"
#include "players_screen.hpp"
#include "random_games.hpp"
#include "simulate.hpp"
#include "store/save_file.hpp"
#include "web/serve_state.hpp"

using namespace coyel;

namespace {

// Copies of `held` made with the timer stopped, `batch` at a time: each
// iteration works on one as `held` is.
template <typename T>
class FreshCopies {
  public:
    FreshCopies(benchmark::State& bench, const T& held, std::size_t batch)
        : bench_(bench), held_(held), batch_(batch) {}
    T& next() {
        if (used_ == copies_.size()) {
            bench_.PauseTiming();
            copies_.assign(batch_, held_);
            used_ = 0;
            bench_.ResumeTiming();
        }
        return copies_[used_++];
    }

  private:
    benchmark::State& bench_;
    const T& held_;
    std::size_t batch_;
    std::vector<T> copies_;
    std::size_t used_ = 0;
};

// What `coyel balance --players 10 --mode night --policy random` runs (issue
// 12): sim::simulate, its own threads (the argument), a new deal each game.
// A run is 200,000 games; the counter is games a second of the whole machine.
void balance_random_ten_player_games(benchmark::State& bench) {
    sim::SimConfig config;
    config.players = 10;
    config.deck = *default_deck(10);
    config.options.temperature_mode = TemperatureMode::night;
    config.policy = sim::Policy::random;
    constexpr std::int64_t games_per_run = 200'000;
    std::int64_t games = 0;
    std::uint64_t seed = 1;
    for (auto _ : bench) {
        const sim::Summary summary =
            sim::simulate(config, games_per_run, seed++, static_cast<int>(bench.range(0)));
        benchmark::DoNotOptimize(summary.tally.ecosystems_wins);
        games += summary.tally.games;
    }
    bench.counters["games/s"] =
        benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
}
BENCHMARK(balance_random_ten_player_games)
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// The engine alone under the same random play (tests/random_games.cpp), one
// game per iteration, on 1 and 2 benchmark threads: games and answers a second.
void random_ten_player_games(benchmark::State& bench) {
    const Setup base = test::ten_player_night_setup();
    const Deck deck = deck_of(base.roles);
    SplitMix64 rng(static_cast<std::uint64_t>(bench.thread_index()) + 1);
    Game game(base, Log::off);
    EventBuffer events;
    std::vector<Role> roles = base.roles;
    std::int64_t games = 0, answers = 0;
    for (auto _ : bench) {
        deal(deck, rng.next(), roles);
        game.restart(roles);
        answers += test::play_random_policy(game, rng, events);
        ++games;
    }
    // Summed over the threads: the games a second of the whole machine.
    bench.counters["games/s"] =
        benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
    bench.counters["answers/game"] = benchmark::Counter(
        static_cast<double>(answers) / static_cast<double>(games), benchmark::Counter::kAvgThreads);
}
BENCHMARK(random_ten_player_games)->Threads(1)->Threads(2)->UseRealTime();

// A 30-player game played until `done` says so: random play, except that
// the NGO always saves the target and the day votes remove nobody, so all 30
// stay in.
template <typename Done>
Game thirty_stay_in_until(Done done) {
    for (std::uint64_t seed = 1;; ++seed) {
        SplitMix64 rng(seed);
        Setup setup = test::random_setup(rng);
        if (setup.player_count() != 30 || deck_of(setup.roles)[Role::ngo] == 0) continue;
        setup.options.temperature_mode = TemperatureMode::manual;
        setup.options.ngo_repeat = true;
        Game game(setup);
        while (!game.over() && !done(game)) {
            Action action = test::random_action(game, rng);
            if (action.kind == ActionKind::heat) continue;
            if (action.kind == ActionKind::ngo_protect)
                action.player = game.state().night.named_by(CallId::carbon_target);
            if (action.kind == ActionKind::slapp) action.file = false;
            if (action.kind == ActionKind::vote)
                for (auto& ballot : action.votes) ballot.choice = ballot.voter;  // a tie
            if (!game.apply(action).ok()) break;
        }
        if (!game.over()) return game;
    }
}

// Many rounds in.
Game long_game(int rounds) {
    return thirty_stay_in_until(
        [rounds](const Game& game) { return game.state().round >= rounds; });
}

const Game& repl_game() {
    static const Game game = long_game(20);
    return game;
}

// The engine's part of one REPL input: apply on a copy of the long game
// (copies made with the timer stopped, a thousand at a time).
void repl_apply_input(benchmark::State& bench) {
    const Game& game = repl_game();
    SplitMix64 rng(7);
    const Action next = test::random_action(game, rng);
    FreshCopies<Game> copies(bench, game, 1000);
    for (auto _ : bench) benchmark::DoNotOptimize(copies.next().apply(next).ok());
    bench.SetLabel("30 players, round 20");
}
BENCHMARK(repl_apply_input);

void repl_serialise_save(benchmark::State& bench) {
    const Game& game = repl_game();
    for (auto _ : bench) benchmark::DoNotOptimize(save_game(game).size());
    bench.counters["bytes"] = static_cast<double>(save_game(game).size());
}
BENCHMARK(repl_serialise_save);

// The REPL's whole save after each input: serialise, temporary file, fsync,
// rename, fsync of the folder (src/cli/save_file.cpp).
void repl_atomic_save(benchmark::State& bench) {
    const Game& game = repl_game();
    const std::string path = "coyel_bench_save.json";
    for (auto _ : bench) benchmark::DoNotOptimize(cli::write_atomically(path, save_game(game)));
    std::remove(path.c_str());
    bench.SetLabel("on the current folder's disk");
}
BENCHMARK(repl_atomic_save)->UseRealTime();

void load_and_replay(benchmark::State& bench) {
    const std::string text = save_game(repl_game());
    for (auto _ : bench) benchmark::DoNotOptimize(load_game(text, "bench").ok());
}
BENCHMARK(load_and_replay);

void status_object(benchmark::State& bench) {
    const Game& game = repl_game();
    for (auto _ : bench) benchmark::DoNotOptimize(status_json(game).size());
}
BENCHMARK(status_object);

// A 30-player game of `entries` log entries (issue 47), played as
// long_game() plays, stopped where the night's news is held (the dawn
// answered, not yet told): the moment the table's view costs the most.
Game game_of_entries(std::size_t entries) {
    return thirty_stay_in_until(
        [entries](const Game& game) { return game.log().size() >= entries && game.news_held(); });
}

// The game a save earlier: its log less the last entry.
Game a_save_before(const Game& game) {
    Game before(game.setup(), Log::kept, game.news());
    for (std::size_t i = 0; i + 1 < game.log().size(); ++i) (void)before.apply(game.log()[i]);
    return before;
}

// What a players' screen pays after each save: the save read, the table's
// story (kept from the last reading by display, the page and the laptop
// face up) fed the new entry, and `show` drawing the screen or the page's
// state. With `whole`, the save is read whole (load_save), as before issue
// 47; without, read on from the save before (SaveReader), as the followers
// read it. The argument is the log's length.
template <typename Show>
void after_one_save(benchmark::State& bench, bool whole, Show show) {
    const Game game = game_of_entries(static_cast<std::size_t>(bench.range(0)));
    const std::string text = save_game(game);
    const narration::Narrator narrator(narration::english_script());
    narration::TableStory story(narrator);
    const Game before = a_save_before(game);
    story.follow(before);
    SaveReader held;
    (void)held.read(save_game(before), "bench");
    FreshCopies<SaveReader> readers(bench, held, 16);  // each reading from the save before
    for (auto _ : bench) {
        if (whole) {
            auto loaded = load_save(text, "bench");
            benchmark::DoNotOptimize(show(story, loaded->game));
            continue;
        }
        SaveReader& reader = readers.next();
        (void)reader.read(text, "bench");  // the copy: the file's text, as read
        benchmark::DoNotOptimize(show(story, reader.saved()->game));
    }
    bench.counters["entries"] = static_cast<double>(game.log().size());
}

std::size_t players_screen_size(narration::TableStory& story, const Game& game) {
    return narration::players_screen(story, game, std::nullopt, 0).players.size();
}

std::size_t page_state_size(narration::TableStory& story, const Game& game) {
    return cli::public_state(story, game, std::nullopt, 0, "").at(0).size();
}

// `display` after a save: the save read on from the last, the screen drawn.
void display_after_save(benchmark::State& bench) {
    after_one_save(bench, false, players_screen_size);
}
BENCHMARK(display_after_save)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);

// The same with the save read whole, as before.
void display_after_save_read_whole(benchmark::State& bench) {
    after_one_save(bench, true, players_screen_size);
}
BENCHMARK(display_after_save_read_whole)
    ->Arg(10)
    ->Arg(100)
    ->Arg(1000)
    ->Unit(benchmark::kMicrosecond);

// The players' page after a save: the server's follower reads the save and
// builds the state GET /state.json serves until the next save.
void page_after_save(benchmark::State& bench) { after_one_save(bench, false, page_state_size); }
BENCHMARK(page_after_save)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);

void page_after_save_read_whole(benchmark::State& bench) {
    after_one_save(bench, true, page_state_size);
}
BENCHMARK(page_after_save_read_whole)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);

// Times `draw(game, story)` on a game of the benchmark's argument's length,
// the story (kept from one drawing to the next) fed before the timing.
template <typename Draw>
void at_length(benchmark::State& bench, Draw draw) {
    const Game game = game_of_entries(static_cast<std::size_t>(bench.range(0)));
    const narration::Narrator narrator(narration::english_script());
    narration::TableStory story(narrator);
    story.follow(game);
    for (auto _ : bench) benchmark::DoNotOptimize(draw(game, story));
    bench.counters["entries"] = static_cast<double>(game.log().size());
}

// The screen alone, the save already read and the story at its last entry:
// what the game's length must not change.
void players_screen_of_game(benchmark::State& bench) {
    at_length(bench, [](const Game& game, narration::TableStory& story) {
        return narration::players_screen(story, game, std::nullopt, 0).players.size();
    });
}
BENCHMARK(players_screen_of_game)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);

// The same screen with the story told from the start each time, as every
// reading did before the story was kept.
void players_screen_told_again(benchmark::State& bench) {
    at_length(bench, [](const Game& game, narration::TableStory& story) {
        return narration::players_screen(story.narrator(), game, std::nullopt, 0).players.size();
    });
}
BENCHMARK(players_screen_told_again)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);

// GET /state.json: the page's JSON, from the state the last save built
// (page_after_save), under the server's lock only to take its pointer.
void page_state_json(benchmark::State& bench) {
    const Game game = game_of_entries(static_cast<std::size_t>(bench.range(0)));
    const narration::Narrator narrator(narration::english_script());
    narration::TableStory story(narrator);
    const cli::PublicState built = cli::public_state(story, game, std::nullopt, 0, "");
    std::int64_t now_ms = 0;
    for (auto _ : bench) benchmark::DoNotOptimize(built.at(now_ms += 100).size());
    bench.counters["entries"] = static_cast<double>(game.log().size());
}
BENCHMARK(page_state_json)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);

// The REPL's save after an input at each length (serialise only: the disk's
// part is repl_atomic_save's): the whole game serialised, as before issue 47.
void save_of_length(benchmark::State& bench) {
    at_length(bench,
              [](const Game& game, narration::TableStory&) { return save_game(game).size(); });
}
BENCHMARK(save_of_length)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);

// The same save as the REPL writes it now (SaveWriter): the lines of the
// entries written at the save before kept, the new entry's written, all joined.
void save_written(benchmark::State& bench) {
    const Game game = game_of_entries(static_cast<std::size_t>(bench.range(0)));
    SaveWriter held;
    (void)held.text(a_save_before(game));
    FreshCopies<SaveWriter> writers(bench, held, 16);  // each writing from the save before
    for (auto _ : bench) benchmark::DoNotOptimize(writers.next().text(game).size());
    bench.counters["entries"] = static_cast<double>(game.log().size());
}
BENCHMARK(save_written)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);

// The pieces of reading a save whole: nlohmann's parse of the text alone,
// and the game built by applying the log's entries (already read) through
// the engine. The rest of load_save is reading the entries (a vote's 60
// names looked up).
void save_parse_only(benchmark::State& bench) {
    at_length(bench, [text = std::string()](const Game& game, narration::TableStory&) mutable {
        if (text.empty()) text = save_game(game);
        return nlohmann::json::parse(text).size();
    });
}
BENCHMARK(save_parse_only)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);

void save_replay_only(benchmark::State& bench) {
    at_length(bench, [](const Game& game, narration::TableStory&) {
        Game built(game.setup(), Log::kept, game.news());
        for (const Action& action : game.log()) (void)built.apply(action);
        return built.log().size();
    });
}
BENCHMARK(save_replay_only)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
