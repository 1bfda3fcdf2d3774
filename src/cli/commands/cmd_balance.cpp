// `coyel balance`: the balance lab. Simulated games of a deck, length and
// house rules through the real engine (src/sim), and what they say about the
// ecosystems' chance: one setup's figures, the decks closest to a fair game
// (--advise), the chance over skill (--skill-table), each card's worth (--values).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <thread>

#include "balance_words.hpp"
#include "commands.hpp"
#include "coyel/text.hpp"
#include "lab.hpp"
#include "language.hpp"
#include "narrator.hpp"
#include "record.hpp"
#include "setup_args.hpp"
#include "store/save_file.hpp"
#include "store/saved_games.hpp"
#include "terminal/signals.hpp"

namespace coyel::cli {
namespace balance {
namespace {
// The lab's words come from the script, like every line coyel shows, in the
// language run_balance chose (set once, before anything is printed).
const narration::Narrator* chosen_narrator = nullptr;
}  // namespace

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

}  // namespace balance

namespace {

using namespace balance;
using narration::Args;
using nlohmann::json;
using sim::Summary;

constexpr std::int64_t max_games = 100'000'000;
constexpr std::int64_t max_saved_games = 10'000;  // files in one folder

// "FLAG must be from LOW to HIGH", in the run's language; the bounds as typed, not grouped.
std::string out_of_range(std::string_view key, std::string_view flag, std::int64_t low,
                         std::int64_t high) {
    return narrator().line(key, Args{}
                                    .set("flag", std::string{flag})
                                    .set("low", std::to_string(low))
                                    .set("high", std::to_string(high)));
}

// Checks the numbers a moderator may mistype; the first problem, or "".
std::string check_numbers(const BalanceOptions& given) {
    const bool counted = !given.calibrate || given.players != 0;  // --calibrate needs no count
    if (given.players == 0 && counted)
        return out_of_range("balance.refusal.players_required", "--players", min_players,
                            max_players);
    if (counted && (given.players < min_players || given.players > max_players))
        return out_of_range("balance.refusal.players_range", "--players", min_players, max_players);
    if (given.games && (*given.games < 1 || *given.games > max_games))
        return out_of_range("balance.refusal.range", "--games", 1, max_games);
    if (given.threads && (*given.threads < 1 || *given.threads > 256))
        return out_of_range("balance.refusal.range", "--threads", 1, 256);
    if (!given.save_games.empty() && given.games.value_or(9604) > max_saved_games)
        return narrator().line("balance.refusal.save_games_most",
                               Args{}.set("games", std::to_string(max_saved_games)));
    if (given.skill < 1 || given.skill > 100)
        return out_of_range("balance.refusal.range", "--skill", 1, 100);
    if (given.skill_table < 0 || given.skill_table > 20)
        return out_of_range("balance.refusal.range", "--skill-table", 1, 20);
    for (int seconds : {given.time.call_seconds, given.time.day_seconds, given.time.ballot_seconds,
                        given.time.election_seconds})
        if (seconds < 0 || seconds > 3600)
            return out_of_range("balance.refusal.lengths", "", 0, 3600);
    return "";
}

// The simulation's config from the command line, or the reason it has none.
Result<sim::SimConfig> make_config(const BalanceOptions& given) {
    if (auto problem = check_numbers(given); !problem.empty()) return Error{problem};
    sim::SimConfig config;
    config.players = given.players;
    auto policy = sim::policy_from_id(given.policy);
    if (!policy)
        return Error{narrator().line(
            "balance.refusal.unknown_policy",
            Args{}.set("policy", given.policy).set("policies", "random, uniform, table"))};
    config.policy = *policy;
    config.skill = given.skill;
    config.time = given.time;
    config.options.temperature_minutes = default_minutes(given.players);
    if (auto problem = set_options(given.options, given.minutes, given.mode, config.options))
        return *problem;
    auto deck =
        given.deck.empty() ? default_deck(given.players) : parse_deck(given.deck, given.players);
    if (!deck) return deck.failure();
    if (auto problems = check_deck(*deck, given.players); !problems.empty())
        return problems.front();
    config.deck = *deck;
    return config;
}

std::string percent(double fraction) { return narrator().percent(fraction); }

// A signed worth in points: "+1.6", "-3.0".
std::string points(double value) {
    const std::string text = decimal(value, 1);
    return text.front() == '-' ? text : "+" + text;
}

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
            {"votes_mean", summary.votes_mean}};
}

// A run's own figures: its speed too (a raced candidate's games have none of their own).
json run_json(const Summary& summary) {
    json out = summary_json(summary);
    out["games_per_second"] = summary.games_per_second;
    return out;
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
    fmt::print("{}\n", narrator().line("balance.length",
                                       Args{}
                                           .set("rounds", decimal(summary.rounds_mean, 1))
                                           .set("minutes", decimal(summary.minutes_mean, 1))
                                           .set("votes", decimal(summary.votes_mean, 2))));
    fmt::print("{}\n",
               narrator().line("balance.speed",
                               Args{}
                                   .set("count", static_cast<long long>(summary.tally.games))
                                   .set("games", whole(summary.tally.games))
                                   .set("speed", decimal(summary.games_per_second, 0))));
}

// The first line: what is simulated, so a pasted result says what it measures.
void print_heading(const sim::SimConfig& config, const sim::RunSize& size) {
    std::string policy{sim::policy_id(config.policy)};
    if (config.policy == sim::Policy::table)
        policy = narrator().line("balance.policy_skill",
                                 Args{}.set("policy", policy).set("skill", config.skill));
    Args args;
    args.set("players", config.players)
        .set("deck", narrator().deck(config.deck))
        .set("length", length_of(config.options, config.options.temperature_minutes))
        .set("policy", policy)
        .set("seed", std::to_string(size.seed))
        .set("threads", size.threads);
    fmt::print("{}\n", narrator().line("balance.heading", args));
}

// At a terminal (not in a pipe, not with --json): the games played so far
// on stderr's last line, and Ctrl-C (or a closed terminal) stops the run.
// `stops`: Ctrl-C stops the run (its figures so far are printed); else
// Ctrl-C ends the program as usual (an advice cut short would rank nothing).
sim::Progress progress_at_terminal(bool as_json, bool stops) {
    if (as_json || ::isatty(STDERR_FILENO) == 0) return {};
    if (stops) signals::watch();  // Ctrl-C now stops the run instead of the program
    return [stops](std::int64_t done, std::int64_t games) {
        Args args;
        args.set("done", whole(done)).set("games", whole(games));
        if (games > 0)
            args.set("percent", percent(static_cast<double>(done) / static_cast<double>(games)));
        const char* key = games > 0 ? "balance.progress" : "balance.progress_racing";
        fmt::print(stderr, "\r{}\033[K", narrator().line(key, args));
        std::fflush(stderr);
        return !stops || (!signals::take_interrupt() && signals::leaving() == 0);
    };
}

// The flags that play a candidate: "--deck carbon=2,ngo --minutes 35".
std::string candidate_flags(const sim::Candidate& candidate) {
    std::string flags = "--deck " + deck_argument(candidate.deck);
    if (candidate.minutes > 0) flags += fmt::format(" --minutes {}", candidate.minutes);
    return flags;
}

json candidate_json(const sim::Candidate& candidate) {
    json out = summary_json(candidate.summary);
    out["deck"] = deck_argument(candidate.deck);  // as --deck takes it
    out["deck_words"] = describe_deck(candidate.deck);
    out["minutes"] = candidate.minutes > 0 ? json(candidate.minutes) : json(nullptr);
    out["flags"] = candidate_flags(candidate);
    return out;
}

// "(50.0% to 52.0%)", "(de 50,0 % à 52,0 %)": a 95% interval in the script's
// words, padded to the width of a typical one so that columns line up.
std::string interval_of(const Summary& summary) {
    auto words = [](double low, double high) {
        return narrator().line("balance.interval",
                               Args{}.set("low", percent(low)).set("high", percent(high)));
    };
    std::string text = words(summary.ci95.low, summary.ci95.high);
    const std::size_t width = utf8_length(words(0.5, 0.5));
    if (utf8_length(text) < width) text.append(width - utf8_length(text), ' ');
    return text;
}

// One candidate's row; `mark` (the reference's label, when it is ranked) after it.
void print_candidate(const std::string& label, const sim::Candidate& candidate,
                     const Options& options, const std::string& mark) {
    const Summary& summary = candidate.summary;
    std::string row = fmt::format(
        "{:>9}  {:>6} {}  {:<48}  {}", label, percent(summary.ecosystems_win), interval_of(summary),
        narrator().deck(candidate.deck), length_of(options, candidate.minutes));
    if (!mark.empty()) row += "  ← " + mark;
    fmt::print("{}\n", row);
}

// --cards: "ngo,ceo" as the special cards a deck may hold.
Result<std::vector<Role>> parse_cards(const std::string& text) {
    std::vector<Role> cards;
    for (const auto& id : split_names(text)) {
        const auto role = role_from_id(id);
        if (!role || *role == Role::carbon || *role == Role::citizen)
            return Error{
                narrator().line("balance.refusal.not_special",
                                Args{}.set("card", id).set("cards", "ngo, ceo, banker, fragile"))};
        cards.push_back(*role);
    }
    return cards;
}

void print_advice_json(const sim::SimConfig& config, const sim::Advice& advice) {
    json ranked = json::array();
    for (const auto& candidate : advice.ranked) {
        ranked.push_back(candidate_json(candidate));
        ranked.back()["special_cards"] = sim::special_cards(candidate.deck);
    }
    const bool fair = !advice.ranked.empty() &&
                      sim::advice_rank(std::abs(advice.ranked.front().summary.ecosystems_win - 0.5),
                                       advice.ranked.front().deck)
                              .band == 0;
    fmt::print("{}\n", json{{"players", config.players},
                            {"reference", candidate_json(advice.reference)},
                            {"reference_ranked", advice.reference_ranked},
                            {"ranked", ranked},
                            {"any_within_band", fair},
                            {"games_played", advice.games_played}}
                           .dump(2));
}

// Below the list: that none is within 3 points (and, when the length was
// given, the length that would make the first fair), then the first's flags.
void print_advice_notes(const sim::SimConfig& config, const sim::RunSize& size,
                        const BalanceOptions& given, const sim::Advice& advice) {
    if (advice.ranked.empty()) return;
    const sim::Candidate& first = advice.ranked.front();
    if (sim::advice_rank(std::abs(first.summary.ecosystems_win - 0.5), first.deck).band != 0) {
        fmt::print("{}\n", narrator().line("balance.advise_none_fair"));
        if (given.minutes && config.options.temperature_mode == TemperatureMode::clock) {
            sim::SimConfig deck = config;
            deck.deck = first.deck;
            deck.options.temperature_minutes = first.minutes;
            if (auto length = sim::nearest_fair_length(deck, size, sim::advice_band))
                fmt::print("{}\n", narrator().line(
                                       "balance.advise_longer",
                                       Args{}
                                           .set("minutes", length->minutes)
                                           .set("win", percent(length->summary.ecosystems_win))));
        }
    }
    fmt::print("{}\n",
               narrator().line(
                   "balance.advise_flags",
                   Args{}.set("players", config.players).set("flags", candidate_flags(first))));
}

int run_advise(const sim::SimConfig& config, const sim::RunSize& size,
               const BalanceOptions& given) {
    sim::AdviceAsk ask;
    if (!given.cards.empty()) {
        auto cards = parse_cards(given.cards);
        if (!cards) return refuse(cards.failure());
        ask.cards = *cards;
    }
    ask.minutes = given.minutes;
    const auto progress = progress_at_terminal(given.json, false);
    const auto advice = sim::advise(config, size, ask, progress);
    if (progress) fmt::print(stderr, "\r\033[K");  // the progress line gone
    if (given.json) {
        print_advice_json(config, advice);
        return 0;
    }
    const std::string reference = narrator().line(
        "balance.advise_given", Args{}.set("deck", given.deck.empty() ? "default" : "given"));
    fmt::print("{}\n", narrator().line("balance.advise_title"));
    for (std::size_t rank = 0; rank < advice.ranked.size(); ++rank) {
        const bool is_reference = advice.reference_ranked &&
                                  advice.ranked[rank].deck == advice.reference.deck &&
                                  advice.ranked[rank].minutes == advice.reference.minutes;
        print_candidate(fmt::format("{}.", rank + 1), advice.ranked[rank], config.options,
                        is_reference ? reference : "");
    }
    print_candidate(reference, advice.reference, config.options, "");
    fmt::print("{}\n",
               narrator().line("balance.advise_played",
                               Args{}
                                   .set("count", static_cast<long long>(advice.games_played))
                                   .set("games", whole(advice.games_played))));
    print_advice_notes(config, size, given, advice);
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
            out.push_back(run_json(row));
            out.back()["skill"] = i + 1;
            continue;
        }
        fmt::print("{:>5}  {:>6} {}  {:>8}  {:>7}\n", i + 1, percent(row.ecosystems_win),
                   interval_of(row), decimal(row.rounds_mean, 1), decimal(row.minutes_mean, 1));
    }
    if (as_json) fmt::print("{}\n", out.dump(2));
    return 0;
}

// "(-1.3 to +1.5)": a worth's 95% interval in points, padded to a typical width.
std::string points_interval(const sim::Interval& interval) {
    auto words = [](double low, double high) {
        return narrator().line("balance.interval",
                               Args{}.set("low", points(low)).set("high", points(high)));
    };
    std::string text = words(interval.low, interval.high);
    const std::size_t width = utf8_length(words(-10, -10));
    if (utf8_length(text) < width) text.append(width - utf8_length(text), ' ');
    return text;
}

json value_json(const sim::CardValue& value) {
    auto interval = [](const sim::Interval& ci) { return json{ci.low, ci.high}; };
    return {
        {"card", role_id(value.role)},
        {"points", value.points()},
        {"points_ci95", interval(value.points_ci95())},
        {"points_without_time_cost", value.with_free ? json(value.points_free()) : json(nullptr)},
        {"points_without_time_cost_ci95",
         value.with_free ? interval(value.points_free_ci95()) : json(nullptr)},
        {"with_calls_free", value.with_free ? run_json(*value.with_free) : json(nullptr)},
        {"in_deck", value.in_deck},
        {"with", run_json(value.with)},
        {"without", run_json(value.without)}};
}

void print_value(const sim::CardValue& value) {
    const std::string role{role_id(value.role)};
    const std::string free = value.with_free ? points(value.points_free()) : "—";
    const std::string free_interval =
        value.with_free ? points_interval(value.points_free_ci95()) : std::string{};
    fmt::print(
        "{:<8} {:>6} {}  {:>6} {:<{}}  ({} → {}; {})\n",
        narrator().line(fmt::format("view.role.{}", role)), points(value.points()),
        points_interval(value.points_ci95()), free, free_interval,
        utf8_length(points_interval({0, 0})), percent(value.with.ecosystems_win),
        percent(value.without.ecosystems_win),
        narrator().line("balance.value_by", Args{}.set("in_deck", value.in_deck ? "yes" : "no")));
}

int run_values(const sim::SimConfig& config, const sim::RunSize& size, bool as_json) {
    const auto values = sim::card_values(config, size);
    if (as_json) {
        json out = json::array();
        for (const auto& value : values) out.push_back(value_json(value));
        fmt::print("{}\n", out.dump(2));
        return 0;
    }
    fmt::print("{}\n", narrator().line("balance.values_header"));
    for (const auto& value : values) print_value(value);
    fmt::print("{}\n", narrator().line("balance.values_sign",
                                       Args{}
                                           .set("count", static_cast<long long>(size.games))
                                           .set("games", whole(size.games))));
    fmt::print("{}\n", narrator().line("balance.values_why",
                                       Args{}.set("seconds", config.time.call_seconds)));
    return 0;
}

// One deck as data/decks.json writes it: the special cards' counts.
std::string deck_object(const Deck& deck) {
    std::vector<std::string> items{fmt::format("\"carbon\": {}", deck[Role::carbon])};
    for (Role role : special_roles)
        if (deck[role] > 0) items.push_back(fmt::format("\"{}\": {}", role_id(role), deck[role]));
    return fmt::format("{{{}}}", fmt::join(items, ", "));
}

// The count's fair default deck and length, and the chance measured for
// them, as one line of JSON: tools/make-decks gathers them into data/decks.json.
int run_fair_default(const sim::SimConfig& config, const sim::RunSize& size) {
    const auto fair = sim::fair_default(config, size, 2000, 0.03);
    if (!fair.found)
        return refuse(
            narrator().line("balance.refusal.no_fair", Args{}.set("players", config.players)));
    const auto& chosen = fair.chosen;
    fmt::print("{{\"players\": {}, \"deck\": {}, \"minutes\": {}, \"ecosystems_win\": {:.3f}}}\n",
               config.players, deck_object(chosen.deck), chosen.minutes,
               chosen.summary.ecosystems_win);
    return 0;
}

// --save-games: game i of the run as "game-0000{i+1}.json" in `folder`.
std::string saved_game_path(const std::string& folder, std::int64_t index) {
    return (std::filesystem::path(folder) / fmt::format("game-{:05}.json", index + 1)).string();
}

// The folder, made if missing, with none of the files about to be written:
// a save already there is never overwritten. The problem, or "".
std::string prepare_save_folder(const std::string& folder, std::int64_t games) {
    std::error_code error;
    std::filesystem::create_directories(folder, error);
    if (error)
        return narrator().line("balance.refusal.cannot_make",
                               Args{}.set("folder", folder).set("reason", error.message()));
    if (!std::filesystem::is_directory(folder))
        return narrator().line("balance.refusal.not_a_folder", Args{}.set("folder", folder));
    for (std::int64_t index = 0; index < games; ++index)
        if (std::filesystem::exists(saved_game_path(folder, index)))
            return narrator().line("balance.refusal.file_exists",
                                   Args{}.set("file", saved_game_path(folder, index)));
    return "";
}

// The run's games again, each as an ordinary save (sim/record.hpp): the
// same seeds, so the saves hold the very games the figures count.
int save_games(const sim::SimConfig& config, const sim::RunSize& size, const std::string& folder,
               bool as_json) {
    for (std::int64_t index = 0; index < size.games; ++index) {
        const Game game = sim::recorded_game(config, size.seed, index);
        if (auto failure = write_atomically(saved_game_path(folder, index), save_game(game)))
            return refuse(*failure);
    }
    if (!as_json)
        fmt::print("{}\n",
                   narrator().line(
                       "balance.saved_games",
                       Args{}.set("games", static_cast<int>(size.games)).set("folder", folder)));
    return 0;
}

// The plain figures of one setup (and with --save-games, its games as saves).
// The heading comes first, so a long run says at once what it plays.
int run_figures(const sim::SimConfig& config, const sim::RunSize& size,
                const BalanceOptions& given) {
    if (!given.json) {
        print_heading(config, size);
        std::fflush(stdout);
    }
    const auto progress = progress_at_terminal(given.json, true);
    const Summary summary = sim::simulate(config, size.games, size.seed, size.threads, progress);
    if (progress) fmt::print(stderr, "\r\033[K");  // the progress line gone
    if (summary.tally.refused > 0) {
        fmt::print(stderr, "balance: the engine refused {} simulated answers: a simulator bug\n",
                   summary.tally.refused);
        return 1;
    }
    if (given.json) {
        json out = run_json(summary);
        out["model"] = {{"call_seconds", config.time.call_seconds},
                        {"day_seconds", config.time.day_seconds},
                        {"ballot_seconds", config.time.ballot_seconds},
                        {"election_seconds", config.time.election_seconds},
                        {"skill", config.skill}};  // with --from-games, the measured model
        out["players"] = config.players;
        out["deck"] = describe_deck(config.deck);
        out["policy"] = sim::policy_id(config.policy);
        out["seed"] = size.seed;
        out["threads"] = size.threads;
        fmt::print("{}\n", out.dump(2));
    } else {
        print_summary(summary);
    }
    if (summary.tally.games < size.games) {  // stopped: the figures of the games played
        fmt::print("{}\n",
                   narrator().line("balance.stopped",
                                   Args{}
                                       .set("done", whole(summary.tally.games))
                                       .set("games", whole(size.games))
                                       .set("saved", given.save_games.empty() ? "no" : "yes")));
        return 130;
    }
    if (given.save_games.empty()) return 0;
    return save_games(config, size, given.save_games, given.json);
}

}  // namespace

int run_balance(const BalanceOptions& typed) {
    const auto chosen = choose_script_or_say(typed.language);
    if (!chosen) return 2;
    const narration::Narrator words(chosen->script());
    balance::chosen_narrator = &words;
    struct Forget {  // never left pointing at `words` once it is gone
        ~Forget() { balance::chosen_narrator = nullptr; }
    } forget;
    // Cards in any built-in script's words, as new takes them: "carbone=2", "ONG,PDG".
    std::vector<CardCorrection> corrected;
    BalanceOptions given = typed;
    given.deck = card_ids(typed.deck, &corrected);
    given.cards = card_ids(typed.cards, &corrected);
    tell_corrections(corrected, words);
    sim::RunSize size;
    if (given.games) size.games = *given.games;
    size.seed = given.seed;
    size.threads = given.threads
                       ? *given.threads
                       : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    if (auto problem = check_numbers(given); !problem.empty()) return refuse(problem);
    if (given.calibrate) return balance::run_calibrate(given, size);
    auto measured = balance::measured_options(given, size);
    if (!measured) return refuse(measured.failure());
    auto config = make_config(*measured);
    if (!config) return refuse(config.failure());
    const bool plain =
        !given.fair_defaults && !given.advise && given.skill_table == 0 && !given.values;
    if (!given.save_games.empty()) {
        if (!plain) return refuse(narrator().line("balance.refusal.save_games_plain"));
        if (auto problem = prepare_save_folder(given.save_games, size.games); !problem.empty())
            return refuse(problem);
    }
    if (given.fair_defaults) return run_fair_default(*config, size);
    if (given.advise) return run_advise(*config, size, given);
    if (given.skill_table > 0) return run_skill_table(*config, given.skill_table, size, given.json);
    if (given.values) return run_values(*config, size, given.json);
    return run_figures(*config, size, given);
}

}  // namespace coyel::cli
