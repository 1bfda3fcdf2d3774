// `coyel balance --calibrate` and `--from-games`: the time model and the
// skill measured on a group's own saves (docs/balance.md "Calibration").
#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "balance_words.hpp"
#include "calibrate.hpp"
#include "store/saved_games.hpp"

namespace coyel::cli::balance {
namespace {

using narration::Args;
using nlohmann::json;

// The highest skill --calibrate tries: past it, more skill barely moves a chance.
constexpr int max_calibrated_skill = 20;

// The finished and unfinished games among `paths` (none: the games folder),
// each file that is not a save reported and left out.
Result<std::vector<Game>> read_games(const std::vector<std::string>& paths) {
    std::vector<ListedSave> saved;
    if (paths.empty()) {
        std::string folder;
        auto in_folder = read_games_folder(folder, print_skipped);
        if (!in_folder) return Error{in_folder.error()};
        saved = std::move(*in_folder);
    } else {
        saved = read_saved_games(paths, print_skipped);
    }
    std::vector<Game> games;
    for (auto& game : saved) games.push_back(std::move(game.game));
    return games;
}

// `flag` (--calibrate, --from-games) names the option in a refusal.
Result<sim::Calibration> calibrate_on(std::string_view flag, const std::vector<std::string>& paths,
                                      const sim::TimeModel& model, const sim::RunSize& size,
                                      const sim::Progress& progress = {}) {
    auto games = read_games(paths);
    if (!games) return Error{games.error()};
    auto wall = [](std::string_view text) -> std::optional<std::int64_t> {
        if (auto when = parse_wall(text)) return static_cast<std::int64_t>(*when);
        return std::nullopt;
    };
    auto calibration = sim::calibrate(*games, wall, model, size, max_calibrated_skill, progress);
    if (calibration.games == 0)
        return Error{fmt::format("{}: no finished game among the saves read", flag)};
    return calibration;
}

json measured_json(const sim::Measured& measured) {
    if (!measured.measured()) return nullptr;
    return {{"median", measured.median},
            {"ci95", {measured.ci95.low, measured.ci95.high}},
            {"samples", measured.samples},
            {"games", measured.games},
            {"left_out", measured.left_out}};
}

std::string_view status_id(sim::LengthStatus status) {
    switch (status) {
        case sim::LengthStatus::measured: return "measured";
        case sim::LengthStatus::none: return "none";
        case sim::LengthStatus::not_measurable: return "not_measurable";
        case sim::LengthStatus::undetermined: return "undetermined";
    }
    return "none";
}

void print_measured(std::string_view what, const sim::Measured& measured, int model) {
    Args args;
    args.set("what", std::string{what})
        .set("samples", whole(measured.samples))
        .set("sample_count", static_cast<long long>(measured.samples))
        .set("count", static_cast<long long>(measured.games))
        .set("games", whole(measured.games))
        .set("left_out", static_cast<long long>(measured.left_out))
        .set("model", model);
    switch (measured.status) {
        case sim::LengthStatus::not_measurable:
            fmt::print("{}\n", narrator().line("balance.calibrated_unmeasurable", args));
            return;
        case sim::LengthStatus::none:
            fmt::print("{}\n", narrator().line("balance.calibrated_none", args));
            return;
        case sim::LengthStatus::undetermined:
            fmt::print("{}\n", narrator().line("balance.calibrated_undetermined", args));
            return;
        case sim::LengthStatus::measured: break;
    }
    args.set("median", decimal(measured.median, 1))
        .set("low", decimal(measured.ci95.low, 1))
        .set("high", decimal(measured.ci95.high, 1));
    fmt::print("{}\n", narrator().line("balance.calibrated_length", args));
}

// The flags of what was measured, and only that: "--call-seconds 30 --skill 4".
std::string measured_flags(const sim::Calibration& calibration) {
    std::string flags;
    for (const auto& [flag, measured] : {std::pair{"--call-seconds", &calibration.call},
                                         {"--day-seconds", &calibration.talk},
                                         {"--ballot-seconds", &calibration.ballot},
                                         {"--election-seconds", &calibration.election}})
        if (measured->measured())
            flags += fmt::format(" {} {}", flag, std::lround(measured->median));
    if (calibration.skill.determined())
        flags += fmt::format(" --skill {}", calibration.skill.skill);
    return flags.empty() ? flags : flags.substr(1);
}

void print_skill(const sim::Calibration& calibration, int model_skill) {
    const auto& skill = calibration.skill;
    Args args;
    args.set("skill", skill.skill)
        .set("low", skill.low)
        .set("high", skill.high)
        .set("max", skill.max_skill)
        .set("model", model_skill)
        .set("count", static_cast<long long>(calibration.games))
        .set("games", whole(calibration.games));
    fmt::print("{}\n", narrator().line(skill.determined() ? "balance.calibrated_skill"
                                                          : "balance.calibrated_skill_undetermined",
                                       args));
}

void print_calibration(const sim::Calibration& calibration, const sim::TimeModel& model,
                       int model_skill) {
    fmt::print("{}\n", narrator().line("balance.calibrated_title",
                                       Args{}
                                           .set("count", static_cast<long long>(calibration.games))
                                           .set("games", whole(calibration.games))));
    if (calibration.copies > 0)
        fmt::print("{}\n", narrator().line(
                               "balance.calibrated_copies",
                               Args{}.set("copies", static_cast<long long>(calibration.copies))));
    print_measured("call", calibration.call, model.call_seconds);
    print_measured("talk", calibration.talk, model.day_seconds);
    print_measured("ballot", calibration.ballot, model.ballot_seconds);
    print_measured("election", calibration.election, model.election_seconds);
    if (!calibration.stopped) print_skill(calibration, model_skill);
    const std::string flags = measured_flags(calibration);
    fmt::print("{}\n", flags.empty() ? narrator().line("balance.calibrated_nothing")
                                     : narrator().line("balance.calibrated_flags",
                                                       Args{}.set("flags", flags)));
}

}  // namespace

int run_calibrate(const BalanceOptions& given, const sim::RunSize& size) {
    const auto progress =
        progress_at_terminal(given.json, "balance.progress_calibrate", *size.clock);
    auto calibration =
        calibrate_on("--calibrate", given.calibrate_paths, given.time, size, progress);
    end_progress(progress);
    if (!calibration) return refuse(calibration.failure());
    if (!given.json) {
        print_calibration(*calibration, given.time, given.skill);
        if (!calibration->stopped) return 0;
        return say_stopped("balance.stopped_calibrate", Args{}.set("model", given.skill));
    }
    json kept = json::array(), status = json::object();  // the lengths left at the model's
    for (const auto& [name, measured] : {std::pair{"call_seconds", &calibration->call},
                                         {"day_seconds", &calibration->talk},
                                         {"ballot_seconds", &calibration->ballot},
                                         {"election_seconds", &calibration->election}}) {
        if (!measured->measured()) kept.push_back(name);
        status[name] = status_id(measured->status);
    }
    const auto& skill = calibration->skill;
    fmt::print(
        "{}\n",
        json{
            {"games", calibration->games},
            {"copies", calibration->copies},
            {"call_seconds", measured_json(calibration->call)},
            {"day_seconds", measured_json(calibration->talk)},
            {"ballot_seconds", measured_json(calibration->ballot)},
            {"election_seconds", measured_json(calibration->election)},
            {"status", status},
            {"kept_from_model", kept},
            {"not_measurable",
             {{"day_seconds", calibration->talk.status == sim::LengthStatus::not_measurable},
              {"ballot_seconds", calibration->ballot.status == sim::LengthStatus::not_measurable}}},
            {"flags", measured_flags(*calibration)},
            {"skill",
             {{"value", skill.skill},
              {"determined", skill.determined()},
              {"used", calibration->skill_or(given.skill)},
              {"ci95", {skill.low, skill.high}},
              {"max", skill.max_skill},
              {"log_likelihood", skill.log_likelihood}}}}
            .dump(2));
    return 0;
}

// The options as given, with --from-games the lengths and skill its games measure.
Result<BalanceOptions> measured_options(const BalanceOptions& given, const sim::RunSize& size) {
    BalanceOptions measured = given;
    if (!given.from_games) return measured;
    auto calibration = calibrate_on("--from-games", given.from_games_paths, given.time, size);
    if (!calibration) return Error{calibration.error()};
    measured.time = calibration->time(given.time);
    measured.skill = calibration->skill_or(given.skill);
    if (!given.json) {  // the model the figures below come from: what was measured, and only that
        const std::string flags = measured_flags(*calibration);
        fmt::print("{}\n",
                   narrator().line("balance.from_games_model",
                                   Args{}
                                       .set("count", static_cast<long long>(calibration->games))
                                       .set("games", whole(calibration->games))
                                       .set("measured", flags.empty() ? "no" : "yes")
                                       .set("flags", flags)));
    }
    return measured;
}

}  // namespace coyel::cli::balance
