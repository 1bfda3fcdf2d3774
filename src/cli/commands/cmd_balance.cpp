// `coyel balance`: the balance lab. Simulated games of a deck, length and
// house rules through the real engine (src/sim), and what they say about the
// ecosystems' chance: one setup's figures, the decks closest to a fair game
// (--advise), the chance over skill (--skill-table), each card's worth (--values).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <system_error>
#include <thread>

#include "balance_words.hpp"
#include "commands.hpp"
#include "coyel/text.hpp"
#include "defaults.hpp"
#include "language.hpp"
#include "narrator.hpp"
#include "record.hpp"
#include "setup_args.hpp"
#include "store/save_file.hpp"

namespace coyel::cli {
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
    // --calibrate needs no count, nor --fair-defaults (5 to 30 without one)
    const bool counted = !(given.calibrate || given.fair_defaults) || given.players != 0;
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

// A signed worth in points: "+1.6", "-3.0".
std::string points(double value) {
    if (std::abs(value) < 0.05) return decimal(0, 1);  // no "-0.0", no "+0.0"
    const std::string text = decimal(value, 1);
    return text.front() == '-' ? text : "+" + text;
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

// A stopped table's last row has fewer games than asked: said under it.
int run_skill_table(const sim::SimConfig& config, int max_skill, const sim::RunSize& size,
                    bool as_json) {
    const auto progress = progress_at_terminal(as_json, "balance.progress_skill", *size.clock);
    const auto rows = sim::skill_table(config, max_skill, size, progress);
    end_progress(progress);
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
    if (rows.empty() || rows.back().tally.games == size.games) return 0;
    return say_stopped("balance.stopped_skill", Args{}
                                                    .set("skill", static_cast<int>(rows.size()))
                                                    .set("max", max_skill)
                                                    .set("done", whole(rows.back().tally.games))
                                                    .set("games", whole(size.games)));
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

// Whether the interval, as printed (to a tenth of a point), leaves out 0.
bool sign_known(const sim::Interval& interval) {
    return interval.low >= 0.05 || interval.high <= -0.05;
}

// The worth, "±" in place of its sign where its interval holds 0: the
// games do not tell the sign, which another seed might flip.
std::string worth(double value, const sim::Interval& interval) {
    if (!sign_known(interval)) return "±" + decimal(std::abs(value), 1);
    return points(value);
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
        {"sign_known", sign_known(value.points_ci95())},
        {"with", run_json(value.with)},
        {"without", run_json(value.without)}};
}

void print_value(const sim::CardValue& value) {
    const std::string role{role_id(value.role)};
    const std::string free =
        value.with_free ? worth(value.points_free(), value.points_free_ci95()) : "—";
    const std::string free_interval =
        value.with_free ? points_interval(value.points_free_ci95()) : std::string{};
    fmt::print(
        "{:<8} {:>6} {}  {:>6} {:<{}}  ({} → {}; {})\n",
        narrator().line(fmt::format("view.role.{}", role)),
        worth(value.points(), value.points_ci95()), points_interval(value.points_ci95()), free,
        free_interval, utf8_length(points_interval({0, 0})), chance_of(value.with),
        chance_of(value.without),
        narrator().line("balance.value_by", Args{}.set("in_deck", value.in_deck ? "yes" : "no")));
}

int run_values(const sim::SimConfig& config, const sim::RunSize& size, bool as_json) {
    const auto progress = progress_at_terminal(as_json, "balance.progress_values", *size.clock);
    const auto values = sim::card_values(config, size, progress);
    end_progress(progress);
    bool unknown = false;  // a sign the games do not tell
    if (as_json) {
        json out = json::array();
        for (const auto& value : values) out.push_back(value_json(value));
        fmt::print("{}\n", out.dump(2));
    } else {
        fmt::print("{}\n", narrator().line("balance.values_header"));
        for (const auto& value : values) {
            print_value(value);
            unknown = unknown || !sign_known(value.points_ci95()) ||
                      (value.with_free && !sign_known(value.points_free_ci95()));
        }
        fmt::print("{}\n", narrator().line("balance.values_sign",
                                           Args{}
                                               .set("count", static_cast<long long>(size.games))
                                               .set("games", whole(size.games))
                                               .set("unknown", unknown ? "yes" : "no")));
        fmt::print("{}\n", narrator().line("balance.values_why",
                                           Args{}.set("seconds", config.time.call_seconds)));
    }
    const auto measured = sim::card_values_count(config);
    if (values.size() == measured) return 0;
    return say_stopped("balance.stopped_values", Args{}
                                                     .set("done", static_cast<int>(values.size()))
                                                     .set("cards", static_cast<int>(measured)));
}

// One deck as data/decks.json writes it: the special cards' counts.
std::string deck_object(const Deck& deck) {
    std::vector<std::string> items{fmt::format("\"carbon\": {}", deck[Role::carbon])};
    for (Role role : special_roles)
        if (deck[role] > 0) items.push_back(fmt::format("\"{}\": {}", role_id(role), deck[role]));
    return fmt::format("{{{}}}", fmt::join(items, ", "));
}

// One count's default as one line of JSON (tools/make-decks gathers them
// into data/decks.json): the deck, the minutes and the fresh games' chance
// first, then its interval, the skills, and every fair deck considered.
void print_default_json(const sim::CountDefault& count) {
    const auto& chosen = count.chosen;
    json skills = json::array(), considered = json::array();
    for (const auto& skill : chosen.skills) skills.push_back(skill.ecosystems_win);
    for (const auto& other : count.considered)
        considered.push_back({{"deck", deck_argument(other.screened.deck)},
                              {"minutes", other.screened.minutes},
                              {"screened", other.screened.summary.ecosystems_win},
                              {"spread_points", other.spread()}});
    fmt::print(
        "{{\"players\": {}, \"deck\": {}, \"minutes\": {}, \"ecosystems_win\": {:.3f}, "
        "\"ci95\": {}, \"fresh_games\": {}, \"skills\": {}, \"spread_points\": {:.1f}, "
        "\"considered\": {}}}\n",
        count.players, deck_object(chosen.screened.deck), chosen.screened.minutes,
        chosen.fresh.ecosystems_win, json{chosen.fresh.ci95.low, chosen.fresh.ci95.high}.dump(),
        chosen.fresh.tally.games, skills.dump(), chosen.spread(), considered.dump());
}

// One count's default as a row: the deck and length, the fresh games'
// chance, the chance at each skill and the spread; then the other fair decks.
void print_default_row(const sim::SimConfig& config, const sim::CountDefault& count) {
    const auto& chosen = count.chosen;
    std::string skills;
    for (const auto& skill : chosen.skills)
        skills += fmt::format("  {:>6}", percent(skill.ecosystems_win));
    fmt::print("{:>7}  {:<46}  {:<12}  {}{}  {:>6}\n", count.players,
               narrator().deck(chosen.screened.deck),
               length_of(config.options, chosen.screened.minutes), chance_of(chosen.fresh), skills,
               decimal(chosen.spread(), 1));
    for (const auto& other : count.considered) {
        if (other.screened.deck == chosen.screened.deck) continue;
        fmt::print("{}\n", narrator().line(
                               "balance.defaults_other",
                               Args{}
                                   .set("deck", narrator().deck(other.screened.deck))
                                   .set("length", length_of(config.options, other.screened.minutes))
                                   .set("spread", decimal(other.spread(), 1))));
    }
}

// Each count's fair default from 5 players up to --players (30 when not
// given): a count's choice depends on the counts before it (the carbon
// count and the length never fall), so all are chosen in order.
int run_fair_defaults(const sim::SimConfig& config, const sim::RunSize& size,
                      const BalanceOptions& given) {
    sim::DefaultsSize defaults;
    if (given.games) defaults.screen_games = *given.games;
    defaults.fresh_games = std::max(defaults.fresh_games, defaults.screen_games);
    defaults.seed = size.seed;
    defaults.threads = size.threads;
    const int last = given.players == 0 ? max_players : given.players;
    const auto progress =
        progress_at_terminal(given.json, "balance.progress_defaults", *size.clock);
    if (!given.json) {
        // The skills are measured at the settled length on the fresh games' count.
        const double half =
            100 * sim::z95 * 0.5 / std::sqrt(static_cast<double>(defaults.fresh_games));
        fmt::print("{}\n{}\n", narrator().line("balance.defaults_header"),
                   narrator().line("balance.defaults_skills",
                                   Args{}
                                       .set("count", static_cast<long long>(defaults.fresh_games))
                                       .set("games", whole(defaults.fresh_games))
                                       .set("half", decimal(half, 1))));
    }
    std::fflush(stdout);
    const auto result = sim::fair_defaults(config, min_players, last, defaults, progress);
    end_progress(progress);
    int done = min_players - 1;
    for (const auto& count : result.counts) {
        if (!count.found) break;
        if (given.json)
            print_default_json(count);
        else
            print_default_row(config, count);
        done = count.players;
    }
    if (result.stopped)
        return say_stopped("balance.stopped_defaults",
                           Args{}
                               .set("done", done)
                               .set("last", last)
                               .set("any", done < min_players ? "no" : "yes"));
    if (done < last)
        return refuse(narrator().line("balance.refusal.no_fair", Args{}.set("players", done + 1)));
    return 0;
}

// --save-games: game i of the run as "game-0000{i+1}.json" in `folder`.
std::string saved_game_path(const std::string& folder, std::int64_t index) {
    const std::string_view slash = folder.ends_with('/') ? "" : "/";
    return fmt::format("{}{}game-{:05}.json", folder, slash, index + 1);
}

// The folder, made if missing, with none of the files about to be written:
// a save already there is never overwritten. The problem, or "".
std::string prepare_save_folder(const std::string& folder, std::int64_t games,
                                platform::Disk& disk) {
    // A path that is there and not a folder is refused too ("Not a directory").
    if (const int error = disk.make_folders(folder))
        return narrator().line(
            "balance.refusal.cannot_make",
            Args{}.set("folder", folder).set("reason", std::generic_category().message(error)));
    for (std::int64_t index = 0; index < games; ++index)
        if (disk.exists(saved_game_path(folder, index)))
            return narrator().line("balance.refusal.file_exists",
                                   Args{}.set("file", saved_game_path(folder, index)));
    return "";
}

// The run's games again, each as an ordinary save (sim/record.hpp): the
// same seeds, so the saves hold the very games the figures count.
int save_games(const sim::SimConfig& config, const sim::RunSize& size, const std::string& folder,
               bool as_json, platform::Disk& disk) {
    for (std::int64_t index = 0; index < size.games; ++index) {
        const Game game = sim::recorded_game(config, size.seed, index);
        if (auto failure = write_atomically(disk, saved_game_path(folder, index), save_game(game)))
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
int run_figures(const sim::SimConfig& config, const sim::RunSize& size, const BalanceOptions& given,
                platform::Disk& disk) {
    if (!given.json) {
        print_heading(config, size);
        std::fflush(stdout);
    }
    const auto progress = progress_at_terminal(given.json, "balance.progress", *size.clock);
    const Summary summary =
        sim::simulate(config, size.games, size.seed, size.threads, progress, size.clock);
    end_progress(progress);
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
    if (summary.tally.games < size.games)  // stopped: the figures of the games played
        return say_stopped("balance.stopped",
                           Args{}
                               .set("done", whole(summary.tally.games))
                               .set("games", whole(size.games))
                               .set("saved", given.save_games.empty() ? "no" : "yes"));
    if (given.save_games.empty()) return 0;
    return save_games(config, size, given.save_games, given.json, disk);
}

}  // namespace

int run_balance(const BalanceOptions& typed, const platform::Clock& clock, platform::Disk& disk) {
    const auto chosen = choose_script_or_say(typed.language);
    if (!chosen) return 2;
    const narration::Narrator words(chosen->script());
    balance::choose_narrator(&words);
    struct Forget {  // never left pointing at `words` once it is gone
        ~Forget() { balance::choose_narrator(nullptr); }
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
    size.clock = &clock;
    size.threads = given.threads
                       ? *given.threads
                       : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    if (auto problem = check_numbers(given); !problem.empty()) return refuse(problem);
    if (given.calibrate) return balance::run_calibrate(given, size);
    auto measured = balance::measured_options(given, size);
    if (!measured) return refuse(measured.failure());
    if (given.fair_defaults && measured->players == 0) measured->players = max_players;
    auto config = make_config(*measured);
    if (!config) return refuse(config.failure());
    const bool plain =
        !given.fair_defaults && !given.advise && given.skill_table == 0 && !given.values;
    if (!given.save_games.empty()) {
        if (!plain) return refuse(narrator().line("balance.refusal.save_games_plain"));
        if (auto problem = prepare_save_folder(given.save_games, size.games, disk);
            !problem.empty())
            return refuse(problem);
    }
    if (given.fair_defaults) return run_fair_defaults(*config, size, given);
    if (given.advise) return run_advise(*config, size, given);
    if (given.skill_table > 0) return run_skill_table(*config, given.skill_table, size, given.json);
    if (given.values) return run_values(*config, size, given.json);
    return run_figures(*config, size, given, disk);
}

}  // namespace coyel::cli
