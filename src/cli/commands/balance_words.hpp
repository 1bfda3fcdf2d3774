// The balance lab's front end (`coyel balance`), shared by its files: the
// run's words and numbers, the flags that play what is shown, the progress
// of a long run, --advise (cmd_balance_advise.cpp), and --calibrate and
// --from-games (cmd_balance_calibrate.cpp).
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

#include "clock.hpp"
#include "commands.hpp"
#include "coyel/result.hpp"
#include "lab.hpp"
#include "narrator.hpp"

namespace coyel::cli::balance {

// The narrator of the run's language. Precondition: run_balance chose it.
const narration::Narrator& narrator();
void choose_narrator(const narration::Narrator* narrator);
// Prints "balance: MESSAGE" on stderr; returns the exit code 2.
int refuse(const std::string& message);
int refuse(const Error& error);  // in the run's words
// A number the language's way ("37.9", "37,9"; thousands grouped).
std::string decimal(double value, int places);
std::string whole(std::int64_t count);
std::string percent(double fraction);  // "37.9%", "37,9 %"
// "(50.0% to 52.0%)": a chance's 95% interval, padded to a typical width
// so that columns line up.
std::string interval_of(const sim::Summary& summary);
// "50.2% (49.2% to 51.2%)": a chance and its 95% interval, unpadded.
std::string chance_of(const sim::Summary& summary);
// "35 minutes", "a degree each night", "no heat".
std::string length_of(const Options& options, int minutes);

// The flags that give a config's house rules, other than the deck and its
// length: "--mode night --option tie=revote" (those `coyel new` takes).
std::string house_flags(const sim::SimConfig& config);
// The command that plays a deck and length of `config` with `games` games
// from `seed`: the figures shown beside it, to the last digit (the count's
// default deck and length left unsaid).
std::string figures_command(const sim::SimConfig& config, const Deck& deck, int minutes,
                            std::int64_t games, std::uint64_t seed);
// The model's flags where they differ from the defaults ("--skill 3 --call-seconds 30").
std::string model_flags(const sim::SimConfig& config);

nlohmann::json summary_json(const sim::Summary& summary);

// At a terminal (stderr is one, and no --json): `key`'s line on stderr with
// the games played so far, redrawn every progress_every of `clock`'s time
// (sim::paced), and Ctrl-C (or a closed terminal) stops the run, which then
// prints what it has. Else none.
sim::Progress progress_at_terminal(bool as_json, std::string_view key,
                                   const platform::Clock& clock);
// Clears the progress line, if one was drawn.
void end_progress(const sim::Progress& progress);
// The line a stopped run prints under what it has ("balance.stopped_*"),
// and its exit code, 130.
int say_stopped(std::string_view key, const narration::Args& args);

// --advise: the candidates ranked, checked, printed.
int run_advise(const sim::SimConfig& config, const sim::RunSize& size, const BalanceOptions& given);
// --calibrate: the lengths and the skill measured on the saves, printed.
int run_calibrate(const BalanceOptions& given, const sim::RunSize& size);
// The options as given, with --from-games the lengths and skill its games
// measure (the model used said first, in text), or why there are none.
Result<BalanceOptions> measured_options(const BalanceOptions& given, const sim::RunSize& size);

}  // namespace coyel::cli::balance
