// `coyel balance --advise`: the decks and lengths closest to a fair game,
// raced, then checked on fresh games before any goes above the default
// (docs/balance.md "--advise").
#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "advise.hpp"
#include "balance_words.hpp"
#include "setup_args.hpp"
#include "terminal/terminal.hpp"

namespace coyel::cli::balance {
namespace {

using narration::Args;
using nlohmann::json;

// The flags `coyel new` plays a candidate with: "--deck carbon=2,ngo --minutes 35".
std::string new_flags(const sim::SimConfig& config, const sim::Candidate& candidate) {
    std::string flags = "--deck " + deck_argument(candidate.deck);
    if (candidate.minutes > 0) flags += fmt::format(" --minutes {}", candidate.minutes);
    if (const auto house = house_flags(config); !house.empty()) flags += " " + house;
    return flags;
}

// The command that plays a candidate's figures as shown (its games, the run's seed).
std::string candidate_command(const sim::SimConfig& config, const sim::Candidate& candidate,
                              std::uint64_t seed) {
    return figures_command(config, candidate.deck, candidate.minutes, candidate.summary.tally.games,
                           seed);
}

json candidate_json(const sim::SimConfig& config, const sim::Candidate& candidate,
                    std::uint64_t seed) {
    json out = summary_json(candidate.summary);
    out["deck"] = deck_argument(candidate.deck);  // as --deck takes it
    out["deck_words"] = describe_deck(candidate.deck);
    out["minutes"] = candidate.minutes > 0 ? json(candidate.minutes) : json(nullptr);
    out["flags"] = new_flags(config, candidate);
    out["command"] = candidate_command(config, candidate, seed);
    out["special_cards"] = sim::special_cards(candidate.deck);
    return out;
}

json check_json(const sim::SimConfig& config, const sim::Check& check, std::uint64_t seed) {
    return {
        {"deck", deck_argument(check.candidate.deck)},
        {"minutes", check.candidate.minutes > 0 ? json(check.candidate.minutes) : json(nullptr)},
        {"fresh", summary_json(check.fresh)},
        {"fresh_command", figures_command(config, check.candidate.deck, check.candidate.minutes,
                                          check.fresh.tally.games, seed)},
        {"reference_fresh", summary_json(check.reference)},
        {"nearer_points", check.nearer},
        {"nearer_points_ci95", {check.nearer_ci95.low, check.nearer_ci95.high}},
        {"confirmed", check.confirmed}};
}

bool within_band(const sim::Candidate& candidate) { return sim::advice_rank(candidate).band == 0; }

void print_advice_json(const sim::SimConfig& config, const sim::RunSize& size,
                       const sim::Advice& advice) {
    json ranked = json::array(), checks = json::array();
    for (const auto& candidate : advice.ranked)
        ranked.push_back(candidate_json(config, candidate, size.seed));
    for (const auto& check : advice.checks)
        checks.push_back(check_json(config, check, advice.fresh_seed));
    fmt::print("{}\n",
               json{{"players", config.players},
                    {"reference", candidate_json(config, advice.reference, size.seed)},
                    {"reference_ranked", advice.reference_ranked},
                    {"ranked", ranked},
                    {"any_within_band", !advice.ranked.empty() && within_band(advice.ranked[0])},
                    {"games_played", advice.games_played},
                    {"fresh_seed", advice.fresh_seed},
                    {"fresh_games", advice.fresh_games},
                    {"checks", checks},
                    {"stopped", advice.stopped}}
                   .dump(2));
}

// One candidate's row; `mark` (the reference's label, when it is ranked) after it.
void print_candidate(const std::string& label, const sim::Candidate& candidate,
                     const Options& options, const std::string& mark) {
    const sim::Summary& summary = candidate.summary;
    std::string row = fmt::format(
        "{:>9}  {:>6} {}  {:<48}  {}", label, percent(summary.ecosystems_win), interval_of(summary),
        narrator().deck(candidate.deck), length_of(options, candidate.minutes));
    if (!mark.empty()) row += "  ← " + mark;
    fmt::print("{}\n", row);
}

// "+0.5 points (−0.9 to +1.9)".
Args nearer_args(const sim::Check& check) {
    auto signed_points = [](double value) {
        const std::string text = decimal(value, 1);
        return text.front() == '-' ? text : "+" + text;
    };
    return Args{}
        .set("nearer", signed_points(check.nearer))
        .set("low", signed_points(check.nearer_ci95.low))
        .set("high", signed_points(check.nearer_ci95.high));
}

// Each check: the fresh figures of the candidate and the reference, the
// difference with its interval, and whether the candidate stays above.
void print_checks(const sim::SimConfig& config, const sim::Advice& advice,
                  const std::string& reference) {
    if (advice.checks.empty()) return;
    fmt::print(
        "{}\n",
        narrator().line(
            "balance.advise_checks_title",
            Args{}.set("seed", std::to_string(advice.fresh_seed)).set("reference", reference)));
    for (const auto& check : advice.checks) {
        Args args = nearer_args(check);
        args.set("deck", narrator().deck(check.candidate.deck))
            .set("length", length_of(config.options, check.candidate.minutes))
            .set("win", chance_of(check.fresh))
            .set("reference_win", chance_of(check.reference))
            .set("count", static_cast<long long>(check.fresh.tally.games))
            .set("games", whole(check.fresh.tally.games))
            .set("reference", reference)
            .set("verdict", !advice.reference_ranked ? "aside"
                            : check.confirmed        ? "confirmed"
                                                     : "below");
        print_wrapped(stdout, narrator().line("balance.advise_check", args));
    }
}

// Below the list: that none is within 3 points (and, when the length was
// given, the length that would make the first fair), then the first's flags.
void print_advice_notes(const sim::SimConfig& config, const sim::RunSize& size,
                        const BalanceOptions& given, const sim::Advice& advice) {
    if (advice.ranked.empty()) return;
    const sim::Candidate& first = advice.ranked.front();
    if (!within_band(first)) {
        fmt::print("{}\n", narrator().line("balance.advise_none_fair"));
        if (given.minutes && config.options.temperature_mode == TemperatureMode::clock) {
            sim::SimConfig deck = config;
            deck.deck = first.deck;
            deck.options.temperature_minutes = first.minutes;
            if (auto length = sim::nearest_fair_length(deck, size, sim::advice_band))
                fmt::print("{}\n", narrator().line("balance.advise_longer",
                                                   Args{}
                                                       .set("minutes", length->minutes)
                                                       .set("win", chance_of(length->summary))));
        }
    }
    fmt::print("{}\n",
               narrator().line("balance.advise_flags",
                               Args{}
                                   .set("flags", new_flags(config, first))
                                   .set("command", candidate_command(config, first, size.seed))));
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

void print_advice(const sim::SimConfig& config, const sim::RunSize& size,
                  const BalanceOptions& given, const sim::Advice& advice,
                  const std::string& reference) {
    fmt::print("{}\n", narrator().line("balance.advise_title", Args{}.set("reference", reference)));
    for (std::size_t rank = 0; rank < advice.ranked.size(); ++rank) {
        const bool is_reference = advice.reference_ranked &&
                                  advice.ranked[rank].deck == advice.reference.deck &&
                                  advice.ranked[rank].minutes == advice.reference.minutes;
        print_candidate(fmt::format("{}.", rank + 1), advice.ranked[rank], config.options,
                        is_reference ? narrator().line("balance.advise_given",
                                                       Args{}.set("reference", reference))
                                     : "");
    }
    print_candidate(narrator().line("balance.advise_given", Args{}.set("reference", reference)),
                    advice.reference, config.options, "");
    print_checks(config, advice, reference);
    fmt::print("{}\n",
               narrator().line("balance.advise_played",
                               Args{}
                                   .set("count", static_cast<long long>(advice.games_played))
                                   .set("games", whole(advice.games_played))
                                   .set("fresh_count", static_cast<long long>(advice.fresh_games))
                                   .set("fresh", whole(advice.fresh_games))));
    print_advice_notes(config, size, given, advice);
}

}  // namespace

int run_advise(const sim::SimConfig& config, const sim::RunSize& size,
               const BalanceOptions& given) {
    sim::AdviceAsk ask;
    if (!given.cards.empty()) {
        auto cards = parse_cards(given.cards);
        if (!cards) return refuse(cards.failure());
        ask.cards = *cards;
    }
    ask.minutes = given.minutes;
    const auto progress = progress_at_terminal(given.json, "balance.progress_racing", *size.clock);
    const auto advice = sim::advise(config, size, ask, progress);
    end_progress(progress);
    const std::string reference = given.deck.empty() ? "default" : "given";
    if (given.json)
        print_advice_json(config, size, advice);
    else
        print_advice(config, size, given, advice, reference);
    if (!advice.stopped) return 0;
    return say_stopped("balance.stopped_advise",
                       Args{}
                           .set("games", whole(advice.games_played + advice.fresh_games))
                           .set("reference", reference));
}

}  // namespace coyel::cli::balance
