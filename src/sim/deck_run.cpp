#include "deck_run.hpp"

#include <algorithm>
#include <atomic>
#include <span>
#include <thread>

namespace coyel::sim {

DeckRun::DeckRun(const Deck& deck, std::vector<int> minutes)
    : deck(deck),
      minutes(std::move(minutes)),
      tallies(this->minutes.size()),
      played(this->minutes.size()) {}

std::size_t DeckRun::length_index(int wanted) const {
    return static_cast<std::size_t>(std::find(minutes.begin(), minutes.end(), wanted) -
                                    minutes.begin());
}

Candidate DeckRun::candidate(std::size_t length) const {
    return {deck, minutes[length], summarise(tallies[length], 0)};
}

SimConfig config_for(SimConfig config, const Deck& deck, int minutes) {
    config.deck = deck;
    if (minutes > 0) config.options.temperature_minutes = minutes;
    return config;
}

namespace {

// A piece of one run's games, played by whichever thread takes it.
struct Piece {
    std::size_t run;
    std::int64_t first, end;
    std::vector<Tally> tallies;  // by length played
};

std::vector<Tally> play_piece(const SimConfig& config, const DeckRun& run, const Piece& piece,
                              std::uint64_t seed) {
    if (run.minutes.size() == 1 && run.minutes.front() == 0)
        return {play_games(config_for(config, run.deck, 0), piece.first, piece.end, seed)};
    const std::span<const int> lengths(run.minutes.data(), run.played);
    return play_games_at_lengths(config_for(config, run.deck, 0), lengths, piece.first, piece.end,
                                 seed);
}

}  // namespace

bool play_runs(const SimConfig& config, std::vector<DeckRun>& runs,
               const std::vector<std::size_t>& which, std::int64_t games, const RunSize& size,
               const Progress& progress, std::int64_t before) {
    constexpr std::int64_t piece_games = 1024;
    std::vector<Piece> pieces;
    for (std::size_t i : which)
        for (std::int64_t first = runs[i].games(); first < games; first += piece_games)
            pieces.push_back({i, first, std::min(games, first + piece_games), {}});
    std::atomic<std::size_t> next{0};
    std::atomic<std::int64_t> done{0};
    std::atomic<bool> stop{false};
    // A piece taken is always played, and they are taken in order: the
    // pieces played are the first ones, whenever the run stops.
    auto work = [&](bool reports) {
        while (!stop) {
            const std::size_t i = next++;
            if (i >= pieces.size()) return;
            Piece& piece = pieces[i];
            piece.tallies = play_piece(config, runs[piece.run], piece, size.seed);
            done += piece.end - piece.first;
            if (reports && progress && !progress(before + done.load(), 0)) stop = true;
        }
    };
    std::vector<std::thread> workers;
    for (int thread = 1; thread < size.threads; ++thread) workers.emplace_back(work, false);
    work(true);
    for (auto& worker : workers) worker.join();
    const std::size_t played = std::min(next.load(), pieces.size());
    for (std::size_t i = 0; i < played; ++i)
        for (std::size_t length = 0; length < pieces[i].tallies.size(); ++length)
            runs[pieces[i].run].tallies[length].add(pieces[i].tallies[length]);
    return !stop;  // stopped even after the last piece: the caller stops too
}

}  // namespace coyel::sim
