// `coyel balance`: the balance lab. Simulated games of a deck, length and
// house rules through the real engine (src/sim), and what they say about the
// ecosystems' chance: one setup's figures, the decks closest to a fair game
// (--advise), the chance over skill (--skill-table), each card's worth (--values).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <nlohmann/json.hpp>
#include <thread>

#include "commands.hpp"
#include "lab.hpp"
#include "language.hpp"
#include "narrator.hpp"
#include "setup_args.hpp"

namespace coyel::cli {
namespace {

using narration::Args;
using nlohmann::json;
using sim::Summary;

// The lab's words come from the script, like every line coyel shows, in the
// language run_balance chose (set once, before anything is printed).
const narration::Narrator* chosen_narrator = nullptr;
const narration::Narrator& narrator() { return *chosen_narrator; }

constexpr std::int64_t max_games = 100'000'000;

int refuse(const std::string& message) {
    fmt::print(stderr, "balance: {}\n", message);
    return 2;
}

// Checks the numbers a moderator may mistype; the first problem, or "".
std::string check_numbers(const BalanceOptions& given) {
    if (given.players < min_players || given.players > max_players)
        return fmt::format("--players must be a count from {} to {}", min_players, max_players);
    if (given.games && (*given.games < 1 || *given.games > max_games))
        return fmt::format("--games must be from 1 to {}", max_games);
    if (given.threads && (*given.threads < 1 || *given.threads > 256))
        return "--threads must be from 1 to 256";
    if (given.skill < 1 || given.skill > 100) return "--skill must be from 1 to 100";
    if (given.skill_table < 0 || given.skill_table > 20)
        return "--skill-table must be from 1 to 20";
    for (int seconds : {given.time.call_seconds, given.time.day_seconds, given.time.ballot_seconds,
                        given.time.election_seconds})
        if (seconds < 0 || seconds > 3600) return "modelled lengths must be from 0 to 3600 seconds";
    return "";
}

// The simulation's config from the command line, or the reason it has none.
Result<sim::SimConfig> make_config(const BalanceOptions& given) {
    if (auto problem = check_numbers(given); !problem.empty()) return Error{problem};
    sim::SimConfig config;
    config.players = given.players;
    auto policy = sim::policy_from_id(given.policy);
    if (!policy)
        return Error{fmt::format("unknown --policy \"{}\" (random, uniform, table)", given.policy)};
    config.policy = *policy;
    config.skill = given.skill;
    config.time = given.time;
    config.options.temperature_minutes = default_minutes(given.players);
    if (auto problem = set_options(given.options, given.minutes, given.mode, config.options))
        return Error{problem->message};
    auto deck =
        given.deck.empty() ? default_deck(given.players) : parse_deck(given.deck, given.players);
    if (!deck) return Error{deck.error()};
    if (auto problems = check_deck(*deck, given.players); !problems.empty())
        return problems.front();
    config.deck = *deck;
    return config;
}

std::string percent(double fraction) { return fmt::format("{:.1f}%", 100 * fraction); }

std::string length_of(const Options& options, int minutes) {
    return narrator().line(
        "balance.length_of",
        Args{}.set("mode", std::string{id_of(options.temperature_mode)}).set("minutes", minutes));
}

json summary_json(const Summary& summary) {
    json ends = json::object();
    for (WinReason reason :
         {WinReason::temperature, WinReason::no_carbon, WinReason::no_ecosystems})
        ends[std::string{win_reason_id(reason)}] = summary.ends[static_cast<std::size_t>(reason)];
    return {{"games", summary.tally.games},
            {"ecosystems_win", summary.ecosystems_win},
            {"ci95", {summary.ci95.low, summary.ci95.high}},
            {"ends", ends},
            {"rounds_mean", summary.rounds_mean},
            {"minutes_mean", summary.minutes_mean},
            {"votes_mean", summary.votes_mean},
            {"games_per_second", summary.games_per_second}};
}

void print_summary(const Summary& summary) {
    auto end = [&](WinReason reason) {
        return percent(summary.ends[static_cast<std::size_t>(reason)]);
    };
    fmt::print("{}\n",
               narrator().line("balance.win", Args{}
                                                  .set("win", percent(summary.ecosystems_win))
                                                  .set("low", percent(summary.ci95.low))
                                                  .set("high", percent(summary.ci95.high))));
    fmt::print("{}\n", narrator().line("balance.ends",
                                       Args{}
                                           .set("temperature", end(WinReason::temperature))
                                           .set("no_carbon", end(WinReason::no_carbon))
                                           .set("no_ecosystems", end(WinReason::no_ecosystems))));
    fmt::print("{}\n",
               narrator().line("balance.length",
                               Args{}
                                   .set("rounds", fmt::format("{:.1f}", summary.rounds_mean))
                                   .set("minutes", fmt::format("{:.1f}", summary.minutes_mean))
                                   .set("votes", fmt::format("{:.2f}", summary.votes_mean))));
    fmt::print("{}\n",
               narrator().line("balance.speed",
                               Args{}
                                   .set("games", std::to_string(summary.tally.games))
                                   .set("speed", fmt::format("{:.0f}", summary.games_per_second))));
}

// The first line: what is simulated, so a pasted result says what it measures.
void print_heading(const sim::SimConfig& config, const sim::RunSize& size) {
    std::string policy{sim::policy_id(config.policy)};
    if (config.policy == sim::Policy::table) policy += fmt::format(", skill {}", config.skill);
    Args args;
    args.set("players", config.players)
        .set("deck", describe_deck(config.deck))
        .set("length", length_of(config.options, config.options.temperature_minutes))
        .set("policy", policy)
        .set("seed", std::to_string(size.seed))
        .set("threads", size.threads);
    fmt::print("{}\n", narrator().line("balance.heading", args));
}

json candidate_json(const sim::Candidate& candidate) {
    json out = summary_json(candidate.summary);
    out["deck"] = describe_deck(candidate.deck);
    out["minutes"] = candidate.minutes > 0 ? json(candidate.minutes) : json(nullptr);
    return out;
}

void print_candidate(const std::string& label, const sim::Candidate& candidate,
                     const Options& options) {
    const Summary& summary = candidate.summary;
    fmt::print("{:>9}  {:>6} ({:>5} to {:>5})  {:<48}  {}\n", label,
               percent(summary.ecosystems_win), percent(summary.ci95.low),
               percent(summary.ci95.high), describe_deck(candidate.deck),
               length_of(options, candidate.minutes));
}

int run_advise(const sim::SimConfig& config, const sim::RunSize& size, bool default_deck,
               bool as_json) {
    const auto advice = sim::advise(config, size, std::max<std::int64_t>(size.games / 20, 200), 10);
    if (as_json) {
        json ranked = json::array();
        for (const auto& candidate : advice.ranked) ranked.push_back(candidate_json(candidate));
        fmt::print("{}\n", json{{"players", config.players},
                                {"reference", candidate_json(advice.reference)},
                                {"ranked", ranked}}
                               .dump(2));
        return 0;
    }
    fmt::print("{}\n", narrator().line("balance.advise_title"));
    for (std::size_t rank = 0; rank < advice.ranked.size(); ++rank)
        print_candidate(fmt::format("{}.", rank + 1), advice.ranked[rank], config.options);
    print_candidate(narrator().line("balance.advise_given",
                                    Args{}.set("deck", default_deck ? "default" : "given")),
                    advice.reference, config.options);
    return 0;
}

int run_skill_table(const sim::SimConfig& config, int max_skill, const sim::RunSize& size,
                    bool as_json) {
    const auto rows = sim::skill_table(config, max_skill, size);
    json out = json::array();
    if (!as_json) fmt::print("{}\n", narrator().line("balance.skill_header"));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Summary& row = rows[i];
        if (as_json) {
            out.push_back(summary_json(row));
            out.back()["skill"] = i + 1;
            continue;
        }
        fmt::print("{:>5}  {:>6} ({:>5} to {:>5})  {:>8.1f}  {:>7.1f}\n", i + 1,
                   percent(row.ecosystems_win), percent(row.ci95.low), percent(row.ci95.high),
                   row.rounds_mean, row.minutes_mean);
    }
    if (as_json) fmt::print("{}\n", out.dump(2));
    return 0;
}

int run_values(const sim::SimConfig& config, const sim::RunSize& size, bool as_json) {
    const auto values = sim::card_values(config, size);
    json out = json::array();
    if (!as_json) fmt::print("{}\n", narrator().line("balance.values_header"));
    for (const auto& value : values) {
        const std::string role{role_id(value.role)};
        if (as_json) {
            out.push_back({{"card", role},
                           {"points", value.points()},
                           {"points_without_time_cost", value.points_free()},
                           {"with_calls_free", summary_json(value.with_free)},
                           {"in_deck", value.in_deck},
                           {"with", summary_json(value.with)},
                           {"without", summary_json(value.without)}});
            continue;
        }
        fmt::print("{:<8} {:>+6.1f} {:>+6.1f}  ({} → {}; {})\n", role, value.points(),
                   value.points_free(), percent(value.with.ecosystems_win),
                   percent(value.without.ecosystems_win),
                   narrator().line("balance.value_by",
                                   Args{}.set("in_deck", value.in_deck ? "yes" : "no")));
    }
    if (as_json)
        fmt::print("{}\n", out.dump(2));
    else
        fmt::print("{}\n", narrator().line("balance.values_why",
                                           Args{}.set("seconds", config.time.call_seconds)));
    return 0;
}

// One deck as data/decks.json writes it: the special cards' counts.
std::string deck_object(const Deck& deck) {
    std::vector<std::string> items;
    for (Role role : {Role::carbon, Role::ngo, Role::ceo, Role::banker, Role::fragile})
        if (deck[role] > 0) items.push_back(fmt::format("\"{}\": {}", role_id(role), deck[role]));
    return fmt::format("{{{}}}", fmt::join(items, ", "));
}

// The count's fair default deck and length, and the chance measured for
// them, as one line of JSON: tools/make-decks gathers them into data/decks.json.
int run_fair_default(const sim::SimConfig& config, const sim::RunSize& size) {
    const auto fair = sim::fair_default(config, size, 2000, 0.03);
    if (!fair.found)
        return refuse(fmt::format("no deck and length is fair for {} players", config.players));
    const auto& chosen = fair.chosen;
    fmt::print("{{\"players\": {}, \"deck\": {}, \"minutes\": {}, \"ecosystems_win\": {:.3f}}}\n",
               config.players, deck_object(chosen.deck), chosen.minutes,
               chosen.summary.ecosystems_win);
    return 0;
}

}  // namespace

int run_balance(const BalanceOptions& given) {
    const auto chosen = choose_script_or_say(given.language);
    if (!chosen) return 2;
    const narration::Narrator words(chosen->script());
    chosen_narrator = &words;
    struct Forget {  // never left pointing at `words` once it is gone
        ~Forget() { chosen_narrator = nullptr; }
    } forget;
    sim::RunSize size;
    if (given.games) size.games = *given.games;
    size.seed = given.seed;
    size.threads = given.threads
                       ? *given.threads
                       : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    auto config = make_config(given);
    if (!config) return refuse(config.error());
    if (given.fair_defaults) return run_fair_default(*config, size);
    if (given.advise) return run_advise(*config, size, given.deck.empty(), given.json);
    if (given.skill_table > 0) return run_skill_table(*config, given.skill_table, size, given.json);
    if (given.values) return run_values(*config, size, given.json);
    const Summary summary = sim::simulate(*config, size.games, size.seed, size.threads);
    if (summary.tally.refused > 0) {
        fmt::print(stderr, "balance: the engine refused {} simulated answers: a simulator bug\n",
                   summary.tally.refused);
        return 1;
    }
    if (given.json) {
        json out = summary_json(summary);
        out["players"] = config->players;
        out["deck"] = describe_deck(config->deck);
        out["policy"] = sim::policy_id(config->policy);
        out["seed"] = size.seed;
        out["threads"] = size.threads;
        fmt::print("{}\n", out.dump(2));
        return 0;
    }
    print_heading(*config, size);
    print_summary(summary);
    return 0;
}

}  // namespace coyel::cli
