// coyel_bench: what one moderator input costs in a big, long game.
// Run through tools/bench. Prints medians over many repetitions.
#include <fmt/format.h>
#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>
#include <vector>

#include "coyel/save.hpp"
#include "coyel/status.hpp"
#include "random_games.hpp"
#include "save_file.hpp"

using namespace coyel;
using Clock = std::chrono::steady_clock;

namespace {

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
            if (action.kind == ActionKind::ngo_protect) action.player = game.state().night.target;
            if (action.kind == ActionKind::slapp) action.file = false;
            if (action.kind == ActionKind::vote)
                for (auto& ballot : action.votes)
                    ballot.choice = ballot.voter;  // 1 vote each: a tie
            if (!game.apply(action).ok()) break;
        }
        if (!game.over()) return game;
    }
}

template <typename F>
double median_us(int repetitions, F&& work) {
    std::vector<double> samples;
    for (int i = 0; i < repetitions; ++i) {
        auto start = Clock::now();
        work();
        samples.push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count());
    }
    std::sort(samples.begin(), samples.end());
    return samples[samples.size() / 2];
}

}  // namespace

int main() {
    const Game game = long_game(20);
    SplitMix64 rng(7);
    const Action next = test::random_action(game, rng);
    const std::string text = save_game(game);
    fmt::print("game: 30 players, round {}, {} log entries, save {} bytes\n", game.state().round,
               game.log().size(), text.size());
    volatile std::size_t sink = 0;
    // Copies made beforehand, so only the apply itself is timed.
    std::vector<Game> copies(2000, game);
    std::size_t next_copy = 0;
    double apply = median_us(2000, [&] { sink = copies[next_copy++].apply(next).ok(); });
    double save = median_us(2000, [&] { sink = save_game(game).size(); });
    double load = median_us(200, [&] { sink = load_game(text, "bench").ok(); });
    double status = median_us(2000, [&] { sink = status_json(game).size(); });
    fmt::print("apply one input (engine)       {:8.2f} us\n", apply);
    fmt::print("serialise the whole save       {:8.2f} us\n", save);
    fmt::print("engine + serialisation         {:8.2f} us\n", apply + save);
    // The REPL's whole save: serialise, temporary file, fsync, rename, fsync.
    const std::string path = "coyel_bench_save.json";
    double disk = median_us(200, [&] { sink = !cli::write_atomically(path, save_game(game)); });
    std::remove(path.c_str());
    std::remove((path + ".tmp").c_str());
    fmt::print("whole save with fsync (disk)   {:8.2f} us\n", disk);
    fmt::print("load (parse + replay the log)  {:8.2f} us\n", load);
    fmt::print("status --json object           {:8.2f} us\n", status);
}
