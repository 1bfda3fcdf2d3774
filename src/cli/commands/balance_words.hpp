// The balance lab's front end (`coyel balance`), shared by its files: the
// run's words and numbers, and --calibrate and --from-games
// (cmd_balance_calibrate.cpp).
#pragma once

#include <cstdint>
#include <string>

#include "commands.hpp"
#include "coyel/result.hpp"
#include "lab.hpp"
#include "narrator.hpp"

namespace coyel::cli::balance {

// The narrator of the run's language. Precondition: run_balance set it.
const narration::Narrator& narrator();
// Prints "balance: MESSAGE" on stderr; returns the exit code 2.
int refuse(const std::string& message);
int refuse(const Error& error);  // in the run's words
// A number the language's way ("37.9", "37,9"; thousands grouped).
std::string decimal(double value, int places);
std::string whole(std::int64_t count);

// --calibrate: the lengths and the skill measured on the saves, printed.
int run_calibrate(const BalanceOptions& given, const sim::RunSize& size);
// The options as given, with --from-games the lengths and skill its games
// measure (the model used said first, in text), or why there are none.
Result<BalanceOptions> measured_options(const BalanceOptions& given, const sim::RunSize& size);

}  // namespace coyel::cli::balance
