// coyel_bench (Google Benchmark): the balance lab's games per second, and
// what one moderator input costs in a big, long game. Run through tools/bench.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <vector>

#include "coyel/save.hpp"
#include "coyel/status.hpp"
#include "random_games.hpp"
#include "simulate.hpp"
#include "store/save_file.hpp"

using namespace coyel;

namespace {

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

// A 30-player game many rounds in: random play, except that the NGO always
// saves the target and the day votes remove nobody, so all 30 stay in.
Game long_game(int rounds) {
    for (std::uint64_t seed = 1;; ++seed) {
        SplitMix64 rng(seed);
        Setup setup = test::random_setup(rng);
        if (setup.player_count() != 30 || deck_of(setup.roles)[Role::ngo] == 0) continue;
        setup.options.temperature_mode = TemperatureMode::manual;
        setup.options.ngo_repeat = true;
        Game game(setup);
        while (!game.over() && game.state().round < rounds) {
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
    std::vector<Game> copies;
    std::size_t used = 0;
    for (auto _ : bench) {
        if (used == copies.size()) {
            bench.PauseTiming();
            copies.assign(1000, game);
            used = 0;
            bench.ResumeTiming();
        }
        benchmark::DoNotOptimize(copies[used++].apply(next).ok());
    }
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

}  // namespace

BENCHMARK_MAIN();
