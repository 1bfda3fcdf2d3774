// The balance lab's words, numbers, flags and progress (balance_words.hpp).
#include "balance_words.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>

#include "coyel/setup.hpp"
#include "coyel/text.hpp"
#include "terminal/signals.hpp"

namespace coyel::cli::balance {
namespace {
// The lab's words come from the script, like every line coyel shows, in the
// language run_balance chose (set once, before anything is printed).
const narration::Narrator* chosen_narrator = nullptr;
}  // namespace

void choose_narrator(const narration::Narrator* narrator) { chosen_narrator = narrator; }

const narration::Narrator& narrator() { return *chosen_narrator; }

int refuse(const std::string& message) {
    fmt::print(stderr, "balance: {}\n", message);
    return 2;
}
int refuse(const Error& error) { return refuse(narrator().refusal(error)); }

// Every number the lab prints goes through here, written the language's way
// ("37.9", "37,9"; thousands grouped).
std::string decimal(double value, int places) { return narrator().number(value, places); }

// A count of games, answers, ...: through `decimal` too (exact below 2^53).
std::string whole(std::int64_t count) { return decimal(static_cast<double>(count), 0); }

std::string percent(double fraction) { return narrator().percent(fraction); }

namespace {
std::string interval_words(double low, double high) {
    return narrator().line("balance.interval",
                           narration::Args{}.set("low", percent(low)).set("high", percent(high)));
}
}  // namespace

std::string interval_of(const sim::Summary& summary) {
    std::string text = interval_words(summary.ci95.low, summary.ci95.high);
    const std::size_t width = utf8_length(interval_words(0.5, 0.5));
    if (utf8_length(text) < width) text.append(width - utf8_length(text), ' ');
    return text;
}

std::string chance_of(const sim::Summary& summary) {
    return percent(summary.ecosystems_win) + " " +
           interval_words(summary.ci95.low, summary.ci95.high);
}

std::string length_of(const Options& options, int minutes) {
    return narrator().line("balance.length_of",
                           narration::Args{}
                               .set("mode", std::string{id_of(options.temperature_mode)})
                               .set("minutes", minutes));
}

std::string house_flags(const sim::SimConfig& config) {
    std::string flags;
    const Options& options = config.options;
    if (options.temperature_mode != TemperatureMode::clock)
        flags += fmt::format(" --mode {}", id_of(options.temperature_mode));
    // Every house rule but the mode and the length (their own flags), as set_option_text reads it.
    const nlohmann::json given = options_to_json(options), usual = options_to_json(Options{});
    for (const auto& [key, value] : given.items()) {
        if (key == "temperature") {
            for (const char* part : {"start", "limit"})
                if (value[part] != usual[key][part])
                    flags += fmt::format(" --option temperature.{}={}", part, value[part].dump());
            continue;
        }
        if (value == usual[key]) continue;
        const std::string text = value.is_string() ? value.get<std::string>() : value.dump();
        flags += fmt::format(" --option {}={}", key, text);
    }
    return flags.empty() ? flags : flags.substr(1);
}

std::string model_flags(const sim::SimConfig& config) {
    const sim::SimConfig usual;
    std::string flags;
    if (config.policy != usual.policy)
        flags += fmt::format(" --policy {}", sim::policy_id(config.policy));
    if (config.policy == sim::Policy::table && config.skill != usual.skill)
        flags += fmt::format(" --skill {}", config.skill);
    const auto time = [&](const char* flag, int value, int model) {
        if (value != model) flags += fmt::format(" {} {}", flag, value);
    };
    time("--call-seconds", config.time.call_seconds, usual.time.call_seconds);
    time("--day-seconds", config.time.day_seconds, usual.time.day_seconds);
    time("--ballot-seconds", config.time.ballot_seconds, usual.time.ballot_seconds);
    time("--election-seconds", config.time.election_seconds, usual.time.election_seconds);
    return flags.empty() ? flags : flags.substr(1);
}

std::string figures_command(const sim::SimConfig& config, const Deck& deck, int minutes,
                            std::int64_t games, std::uint64_t seed) {
    // The count's default deck and length go without saying (balance plays
    // them unasked), so the command of a default fits an 80-column line.
    std::string command = fmt::format("coyel balance --players {}", config.players);
    const auto usual_deck = default_deck(config.players);
    if (!usual_deck || *usual_deck != deck)
        command += fmt::format(" --deck {}", deck_argument(deck));
    if (minutes > 0 && minutes != default_minutes(config.players))
        command += fmt::format(" --minutes {}", minutes);
    for (const std::string& flags : {house_flags(config), model_flags(config)})
        if (!flags.empty()) command += " " + flags;
    return command + fmt::format(" --games {} --seed {}", games, seed);
}

nlohmann::json summary_json(const sim::Summary& summary) {
    nlohmann::json ends = nlohmann::json::object();
    for (WinReason reason :
         {WinReason::temperature, WinReason::no_carbon, WinReason::no_ecosystems})
        ends[std::string{win_reason_id(reason)}] = summary.ends[static_cast<std::size_t>(reason)];
    return {{"games", summary.tally.games},
            {"ecosystems_win", summary.ecosystems_win},
            {"ci95", {summary.ci95.low, summary.ci95.high}},
            {"ends", ends},
            {"rounds_mean", summary.rounds_mean},
            {"minutes_mean", summary.minutes_mean},
            {"votes_mean", summary.votes_mean}};
}

sim::Progress progress_at_terminal(bool as_json, std::string_view key,
                                   const platform::Clock& clock) {
    if (as_json || ::isatty(STDERR_FILENO) == 0) return {};
    signals::watch();  // Ctrl-C now stops the run instead of the program
    // Once stopped, stopped for good: a run that had played its last games
    // when Ctrl-C came must not let the next run of the command go on.
    auto stopped = std::make_shared<bool>(false);
    auto line = [key = std::string{key}, stopped](std::int64_t done, std::int64_t games) {
        if (*stopped) return false;
        narration::Args args;
        args.set("done", whole(done)).set("games", whole(games));
        if (games > 0)
            args.set("percent", percent(static_cast<double>(done) / static_cast<double>(games)));
        fmt::print(stderr, "\r{}\033[K", narrator().line(key, args));
        std::fflush(stderr);
        if (signals::take_stop()) signals::stop_now();  // Ctrl-Z stops the run, as it would
        *stopped = signals::take_interrupt() || signals::leaving() != 0;
        return !*stopped;
    };
    return sim::paced(std::move(line), clock);
}

void end_progress(const sim::Progress& progress) {
    if (progress) fmt::print(stderr, "\r\033[K");  // the progress line gone
}

int say_stopped(std::string_view key, const narration::Args& args) {
    fmt::print("{}\n", narrator().line(key, args));
    return 130;
}

}  // namespace coyel::cli::balance
