#include "simulate.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "coyel/rng.hpp"
#include "engine_port.hpp"
#include "policy.hpp"

namespace coyel::sim {
namespace {

constexpr std::array<Policy, 3> all_policies = {Policy::random, Policy::uniform, Policy::table};

// Where a game played to the longest limit would have been cut by each
// shorter one: the round and the votes when the clock first reached it.
struct Cuts {
    std::span<const std::int64_t> limits;  // seconds, rising
    std::span<GameOutcome> at;             // one per limit, filled as the clock passes it
    std::size_t passed = 0;

    void pass(std::int64_t now, int round, int votes) {
        for (; passed < limits.size() && now >= limits[passed]; ++passed)
            at[passed] = {Team::carbon, WinReason::temperature, round, limits[passed], votes};
    }
};

// One game in progress: the engine, the policy's dice and the model's clock.
struct Play {
    const SimConfig& config;
    EnginePort& game;
    SplitMix64 rng;
    Cuts* cuts = nullptr;  // a game played for several lengths at once
    std::int64_t now = 0;
    int votes = 0;
    bool refused = false;  // the engine refused an answer: a policy bug, the game stops

    // The clock moves on by `seconds`; in clock mode that may end the game.
    // The game's reading follows in every mode (it is the game's length), so
    // that each answer, stamped now, finds the clock already there. A shorter
    // limit would end the game here, before the clock moves, as it is now.
    bool spend(int seconds) {
        now += seconds;
        if (cuts != nullptr) cuts->pass(now, game.state().round, votes);
        game.advance_clock(now);
        return !game.over();
    }
};

// A whole vote (or revote), ballot by ballot in seat order, each ballot on the clock.
void take_vote(Play& play, CallId call) {
    const int talk =
        call == CallId::vote ? play.config.time.day_seconds : play.config.time.day_seconds / 4;
    if (!play.spend(talk)) return;
    const SeatSet candidates =
        call == CallId::vote ? play.game.in_game() : play.game.state().revote_candidates;
    const VotePlan plan = plan_vote(play.config, play.game, candidates, play.rng);
    while (auto voter = play.game.next_voter()) {
        if (!play.spend(play.config.time.ballot_seconds)) return;
        const Choices legal = play.game.ballots(*voter);
        const auto ballot = choose_ballot(play.config, play.game, plan, *voter, legal, play.rng);
        bool completed = false;
        if (!play.game.cast_ballot(as_choice(ballot), play.now, completed)) {
            play.refused = true;  // a policy only picks legal ballots
            return;
        }
        if (completed) {
            if (call == CallId::vote) ++play.votes;
            return;
        }
    }
}

// Answers one call that is not a vote.
void answer_call(Play& play, CallId call) {
    const TimeModel& time = play.config.time;
    if (call == CallId::new_mayor && !play.spend(time.election_seconds)) return;
    const bool free = (time.free_calls >> static_cast<unsigned>(call) & 1U) != 0;
    if (call != CallId::first_mayor && call != CallId::new_mayor &&
        !play.spend(free ? 0 : time.call_seconds))
        return;
    bool accepted = false;
    switch (call_info(call).answer) {
        case AnswerKind::gesture:
            accepted = play.game.answer_gesture(choose_gesture(play.config, play.game, play.rng),
                                                play.now);
            break;
        case AnswerKind::yes_no:
            accepted = play.game.answer_slapp(choose_slapp(play.config, play.rng), play.now);
            break;
        case AnswerKind::player:
        case AnswerKind::player_or_nobody:
            accepted = play.game.answer_player(
                call, as_choice(choose_player(play.config, call, play.game, play.rng)), play.now);
    }
    if (!accepted) play.refused = true;  // a policy only picks legal answers
}

}  // namespace

std::string_view policy_id(Policy policy) {
    switch (policy) {
        case Policy::random: return "random";
        case Policy::uniform: return "uniform";
        case Policy::table: return "table";
    }
    return "table";
}

std::optional<Policy> policy_from_id(std::string_view id) {
    for (Policy policy : all_policies)
        if (policy_id(policy) == id) return policy;
    return std::nullopt;
}

void Tally::add(const GameOutcome& outcome) {
    ++games;
    if (outcome.refused) {
        ++refused;
        return;
    }
    if (outcome.winner == Team::ecosystems) ++ecosystems_wins;
    ++ends[static_cast<std::size_t>(outcome.reason)];
    rounds += outcome.rounds;
    seconds += outcome.seconds;
    votes += outcome.votes;
}

void Tally::add(const Tally& other) {
    games += other.games;
    refused += other.refused;
    ecosystems_wins += other.ecosystems_wins;
    for (std::size_t i = 0; i < ends.size(); ++i) ends[i] += other.ends[i];
    rounds += other.rounds;
    seconds += other.seconds;
    votes += other.votes;
}

Interval wilson95(std::int64_t wins, std::int64_t games) { return wilson(wins, games, z95); }

Interval wilson(std::int64_t wins, std::int64_t games, double z) {
    if (games == 0) return {0, 1};
    const double n = static_cast<double>(games);
    const double p = static_cast<double>(wins) / n;
    const double denominator = 1 + z * z / n;
    const double centre = (p + z * z / (2 * n)) / denominator;
    const double half = z / denominator * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n));
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Summary summarise(const Tally& tally, double elapsed_seconds) {
    Summary summary;
    summary.tally = tally;
    if (tally.games == 0) return summary;
    const double n = static_cast<double>(tally.games);
    summary.ecosystems_win = static_cast<double>(tally.ecosystems_wins) / n;
    summary.ci95 = wilson95(tally.ecosystems_wins, tally.games);
    for (std::size_t i = 0; i < tally.ends.size(); ++i)
        summary.ends[i] = static_cast<double>(tally.ends[i]) / n;
    summary.rounds_mean = static_cast<double>(tally.rounds) / n;
    summary.minutes_mean = static_cast<double>(tally.seconds) / n / 60;
    summary.votes_mean = static_cast<double>(tally.votes) / n;
    summary.games_per_second = elapsed_seconds > 0 ? n / elapsed_seconds : 0;
    return summary;
}

std::uint64_t game_seed(std::uint64_t base_seed, std::uint64_t index) {
    // Two SplitMix64 steps apart per index: neighbouring games share nothing.
    return SplitMix64(base_seed ^ (index * 0xD1B54A32D192ED03ULL)).next();
}

std::vector<std::string> seat_names(int players) {
    std::vector<std::string> names;
    for (int seat = 1; seat <= players; ++seat) names.push_back("P" + std::to_string(seat));
    return names;
}

namespace {

// A table of `config`'s players and options, dealt by `seed`.
EnginePort make_table(const SimConfig& config, std::uint64_t seed, Log log = Log::off) {
    Setup setup;
    setup.players = seat_names(config.players);
    setup.roles = deal(config.deck, SplitMix64(seed).next());
    setup.options = config.options;
    return EnginePort(std::move(setup), log);
}

// One game on a table reused from game to game (`roles`: its seats' cards,
// reused too): dealt anew and restarted, so that playing allocates nothing.
GameOutcome play_on(EnginePort& table, std::span<Role> roles, const SimConfig& config,
                    std::uint64_t seed, Cuts* cuts = nullptr) {
    SplitMix64 rng(seed);
    deal_fast(config.deck, rng, roles);
    table.restart(roles);
    Play play{config, table, rng, cuts};
    while (auto call = play.game.call()) {
        if (play.refused) return {Team::carbon, WinReason::temperature, 0, 0, 0, true};
        if (*call == CallId::vote || *call == CallId::revote)
            take_vote(play, *call);
        else
            answer_call(play, *call);
    }
    const State& state = play.game.state();
    return {*state.winner, *state.win_reason, state.round, state.clock_s, play.votes, false};
}

}  // namespace

Tally play_games(const SimConfig& config, std::int64_t first, std::int64_t end,
                 std::uint64_t base_seed) {
    Tally tally;
    EnginePort table = make_table(config, base_seed);
    std::vector<Role> roles(static_cast<std::size_t>(config.players));
    for (std::int64_t index = first; index < end; ++index)
        tally.add(play_on(table, roles, config, game_seed(base_seed, index)));
    return tally;
}

std::vector<Tally> play_games_at_lengths(SimConfig config, std::span<const int> minutes,
                                         std::int64_t first, std::int64_t end,
                                         std::uint64_t base_seed) {
    std::vector<std::int64_t> limits;
    for (int length : minutes) limits.push_back(60LL * length);
    std::vector<GameOutcome> cut(limits.size());
    std::vector<Tally> tallies(limits.size());
    config.options.temperature_minutes = minutes.back();
    EnginePort table = make_table(config, base_seed);
    std::vector<Role> roles(static_cast<std::size_t>(config.players));
    for (std::int64_t index = first; index < end; ++index) {
        Cuts cuts{limits, cut};
        const GameOutcome played =
            play_on(table, roles, config, game_seed(base_seed, index), &cuts);
        // Cut by the limits the clock reached; played out to its end by the others.
        for (std::size_t i = 0; i < limits.size(); ++i)
            tallies[i].add(played.refused || i >= cuts.passed ? played : cut[i]);
    }
    return tallies;
}

GameOutcome play_game(const SimConfig& config, std::uint64_t seed) {
    EnginePort table = make_table(config, seed);
    std::vector<Role> roles(static_cast<std::size_t>(config.players));
    return play_on(table, roles, config, seed);
}

Game play_logged_game(const SimConfig& config, std::uint64_t seed) {
    // The same deal and dice as play_game: only the log differs.
    EnginePort table = make_table(config, seed, Log::kept);
    std::vector<Role> roles(static_cast<std::size_t>(config.players));
    (void)play_on(table, roles, config, seed);
    return table.game();
}

Progress paced(Progress progress, const platform::Clock& clock) {
    if (!progress) return {};
    // Shared: the copies progress_within makes tell one line, one pace.
    auto last = std::make_shared<platform::Clock::Steady>(clock.now());
    return [progress = std::move(progress), &clock, last](std::int64_t done, std::int64_t games) {
        const auto now = clock.now();
        if (now - *last < progress_every) return true;
        *last = now;
        return progress(done, games);
    };
}

Summary simulate(const SimConfig& config, std::int64_t games, std::uint64_t base_seed, int threads,
                 const Progress& progress, const platform::Clock* clock) {
    const auto start = clock ? clock->now() : platform::Clock::Steady{};
    threads = std::max(1, threads);
    std::vector<Tally> tallies(static_cast<std::size_t>(threads));
    // Threads take the next batch of games as they finish one, so a core
    // slowed by another program does not hold the others up at the end. Game
    // i is played with its own seed whoever plays it, and a tally is integer
    // sums: the result is the same for any thread count or timing.
    constexpr std::int64_t batch = 4096;
    std::atomic<std::int64_t> next_batch{0};
    std::atomic<std::int64_t> done{0};
    std::atomic<bool> stopped{false};
    auto work = [&](int thread) {
        Tally local;  // written once at the end: no cache line shared while playing
        EnginePort table = make_table(config, base_seed);
        std::vector<Role> roles(static_cast<std::size_t>(config.players));
        for (std::int64_t first = stopped ? games : next_batch.fetch_add(batch); first < games;
             first = stopped ? games : next_batch.fetch_add(batch)) {
            const std::int64_t end = std::min(first + batch, games);
            for (std::int64_t index = first; index < end; ++index)
                local.add(play_on(table, roles, config, game_seed(base_seed, index)));
            done += end - first;
            // The calling thread's report between two batches; false stops the run.
            if (thread == 0 && progress && !progress(done.load(), games)) stopped = true;
        }
        tallies[thread] = local;
    };
    std::vector<std::thread> workers;
    for (int thread = 1; thread < threads; ++thread) workers.emplace_back(work, thread);
    work(0);
    for (auto& worker : workers) worker.join();
    Tally total;
    for (const auto& tally : tallies) total.add(tally);
    const std::chrono::duration<double> elapsed =
        clock ? clock->now() - start : std::chrono::duration<double>{};
    return summarise(total, elapsed.count());
}

}  // namespace coyel::sim
