// Simulated games as ordinary saves (`balance --save-games`): each one loads,
// checks and replays; replayed through the real Game it ends as the lab
// counted it; and --calibrate reads back the lengths and the skill it was played with.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "calibrate.hpp"
#include "cli/process.hpp"
#include "coyel/save.hpp"
#include "record.hpp"
#include "simulate.hpp"

using namespace coyel;
using coyel::test::run_coyel;

namespace {

std::string file_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<std::string> files_in(const std::string& folder) {
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(folder))
        files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

sim::SimConfig game_of(int players, TemperatureMode mode) {
    sim::SimConfig config;
    config.players = players;
    config.deck = *default_deck(players);
    config.options.temperature_mode = mode;
    config.options.temperature_minutes = default_minutes(players);
    return config;
}

}  // namespace

TEST_CASE("a simulated game, saved and loaded through the real Game, ends as the lab played it",
          "[sim]") {
    for (TemperatureMode mode :
         {TemperatureMode::clock, TemperatureMode::night, TemperatureMode::manual})
        for (int players : {5, 9, 17, 30}) {
            const auto config = game_of(players, mode);
            for (std::int64_t index = 0; index < 40; ++index) {
                INFO(players << " players, mode " << static_cast<int>(mode) << ", game " << index);
                const Game recorded = sim::recorded_game(config, 11, index);
                auto loaded = load_game(save_game(recorded), "simulated");
                REQUIRE(loaded);
                const auto lab = sim::play_game(config, sim::game_seed(11, index));
                REQUIRE(loaded->over());
                CHECK(loaded->state().winner == lab.winner);
                CHECK(loaded->state().win_reason == lab.reason);
                CHECK(loaded->state().round == lab.rounds);
                CHECK(loaded->state().clock_s == lab.seconds);
                for (const Action& entry : loaded->log()) CHECK(entry.wall.has_value());
            }
        }
}

TEST_CASE("balance --save-games writes saves that check and replay, holding the counted wins",
          "[sim]") {
    const std::string folder = test::temporary_folder() + "/saves";
    const auto run = run_coyel(
        "balance --players 9 --games 50 --seed 5 --threads 2 --json "
        "--save-games " +
            folder,
        false);
    REQUIRE(run.exit_code == 0);
    const auto figures = nlohmann::json::parse(run.out);
    const auto files = files_in(folder);
    REQUIRE(files.size() == 50);
    CHECK(files.front() == folder + "/game-00001.json");
    int wins = 0;
    for (const auto& file : files) {
        INFO(file);
        auto game = load_game(file_text(file), file);
        REQUIRE(game);
        REQUIRE(game->over());
        if (game->state().winner == Team::ecosystems) ++wins;
        CHECK(run_coyel("check " + file).exit_code == 0);
        CHECK(run_coyel("replay " + file + " > /dev/null").exit_code == 0);
    }
    CHECK(wins == Approx(figures["ecosystems_win"].get<double>() * 50).margin(1e-6));
    // A second run never overwrites them: one line, the files as they were.
    const std::string before = file_text(files.front());
    const auto again = run_coyel("balance --players 9 --games 50 --save-games " + folder);
    CHECK(again.exit_code == 2);
    CHECK(again.out == "balance: " + folder +
                           "/game-00001.json already exists: --save-games writes only new files\n");
    CHECK(file_text(files.front()) == before);
    CHECK(run_coyel("balance --players 9 --games 20000 --save-games " + folder).out ==
          "balance: --save-games writes at most 10000 games (a file each): give --games 10000 or "
          "fewer\n");
}

TEST_CASE("balance --calibrate recovers the lengths and the skill simulated games were played with",
          "[sim]") {
    const std::string root = test::temporary_folder();
    const std::string folder = root + "/coyel/games";  // the games folder under XDG_DATA_HOME
    const std::string model =
        " --call-seconds 30 --day-seconds 300 --ballot-seconds 8 --election-seconds 120";
    REQUIRE(run_coyel("balance --players 9 --games 600 --seed 3 --threads 2 --skill 4 --json" +
                          model + " --save-games " + folder,
                      false)
                .exit_code == 0);
    const auto run =
        run_coyel("balance --calibrate " + folder + " --games 4000 --threads 2 --json", false);
    REQUIRE(run.exit_code == 0);
    const auto out = nlohmann::json::parse(run.out);
    CHECK(out["games"] == 600);
    // Given no path, the games folder.
    const auto alone = test::run_shell("XDG_DATA_HOME=" + root + " " + COYEL_BINARY +
                                       " balance --calibrate --games 4000 --threads 2 --json");
    CHECK(alone.out == run.out);
    for (const auto& [key, seconds] :
         std::vector<std::pair<std::string, double>>{{"call_seconds", 30},
                                                     {"day_seconds", 300},
                                                     {"ballot_seconds", 8},
                                                     {"election_seconds", 120}}) {
        INFO(key << ": " << out[key].dump());
        CHECK(out[key]["median"].get<double>() == Approx(seconds));
        CHECK(out[key]["ci95"][0].get<double>() <= seconds);
        CHECK(seconds <= out[key]["ci95"][1].get<double>());
    }
    const auto& skill = out["skill"];
    INFO(skill.dump());
    CHECK(skill["ci95"][0].get<int>() <= 4);
    CHECK(4 <= skill["ci95"][1].get<int>());
    // Informative: the interval leaves out chance (1) and the far end (20).
    CHECK(skill["ci95"][0].get<int>() > 1);
    CHECK(skill["ci95"][1].get<int>() < 20);

    // --from-games runs a command with what --calibrate measured.
    auto figures = [](const std::string& args) {
        auto json = nlohmann::json::parse(run_coyel("balance --players 9 --games 3000 --threads 2"
                                                    " --json " +
                                                        args,
                                                    false)
                                              .out);
        json.erase("games_per_second");
        return json;
    };
    CHECK(figures("--from-games " + folder) ==
          figures(model + " --skill " + std::to_string(skill["value"].get<int>())));
}

TEST_CASE("balance --calibrate refuses a folder with no finished game in one line", "[sim]") {
    const std::string folder = test::temporary_folder();
    const auto run = run_coyel("balance --calibrate " + folder);
    CHECK(run.exit_code == 2);
    CHECK(run.out == "balance: --calibrate: no finished game among the saves read\n");
    const auto from = run_coyel("balance --players 9 --from-games " + folder);
    CHECK(from.exit_code == 2);
    CHECK(from.out == "balance: --from-games: no finished game among the saves read\n");
}
