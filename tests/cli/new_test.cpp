// `coyel new` as a script runs it: the save's default place and name, a manual deal.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>

#include "process.hpp"

using namespace coyel::test;
namespace fs = std::filesystem;

namespace {

const std::string players = "--players \"Ana,Ben,Cleo,Dan,Eve\"";

// coyel new in `folder`, given `input` on a pipe.
Run run_new_game(const std::string& folder, const std::string& arguments,
                 const std::string& input) {
    return run_shell("cd " + folder + " && printf '" + input + "' | " COYEL_BINARY " new " +
                     arguments + " 2>&1");
}

}  // namespace

TEST_CASE("without --save, games go to the games folder, each under a name of its own") {
    const std::string folder = temporary_folder();
    const std::string data_home = "XDG_DATA_HOME=" + folder + "/data ";
    for (int game = 0; game < 3; ++game) {
        auto run = run_shell("cd " + folder + " && printf 'quit\\n' | " + data_home +
                             COYEL_BINARY
                             " new --players \"Ana,Bén,Cleo O'Neil,Dan,Eve\" "
                             "--roles Ana=carbon 2>&1");
        CHECK(run.exit_code == 0);
    }
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder + "/data/coyel/games"))
        names.push_back(entry.path().filename());
    REQUIRE(names.size() == 3);
    // The minute, the first three players (accents dropped), then -2, -3 for
    // games started in the same minute.
    const std::regex pattern{R"(\d{4}-\d\d-\d\d-\d{4}-ana-ben-cleo-o-neil(-[23])?\.json)"};
    for (const auto& name : names) CHECK(std::regex_match(name, pattern));
    // Nothing where coyel was started.
    CHECK(std::distance(fs::directory_iterator(folder), fs::directory_iterator{}) == 1);
    fs::remove_all(folder);
}

TEST_CASE("without --save and without a home, coyel new says so and writes nothing") {
    const std::string folder = temporary_folder();
    auto run =
        run_shell("cd " + folder + " && printf 'quit\\n' | env -u XDG_DATA_HOME -u HOME " +
                  COYEL_BINARY " new --players Ana,Ben,Cleo,Dan,Eve --roles Ana=carbon 2>&1");
    CHECK(run.exit_code == 1);
    // The deal, --roles too, is stated and checked before the save is chosen.
    CHECK(run.out ==
          "Deck for 5 players: carbon, 4 citizen.\n"
          "Length: 14 minutes of game clock, the default for 5 players.\n"
          "no games folder: set HOME or XDG_DATA_HOME to an absolute path, or use --save\n");
    CHECK(fs::is_empty(folder));
    fs::remove_all(folder);
}

TEST_CASE("a manual deal from a pipe: each card checked as it comes, names as printed") {
    const std::string folder = temporary_folder();
    auto run = run_new_game(
        folder, players + " --manual --save game.json",
        "bank ceo\\nBank\\nfoss\\nback\\nFOSSIL FUEL CEO\\nCarbon Emission\\n\\n\\nquit\\n");
    CHECK(run.exit_code == 0);
    CHECK(run.out.find("Ana already has the Bank CEO, and a deck holds only one: another card "
                       "for Ben.\n") != std::string::npos);
    auto save = nlohmann::json::parse(read_file(folder + "/game.json"));
    CHECK(save["setup"]["roles"] == nlohmann::json({{"Ana", "banker"},
                                                    {"Ben", "ceo"},
                                                    {"Cleo", "carbon"},
                                                    {"Dan", "citizen"},
                                                    {"Eve", "citizen"}}));
    fs::remove_all(folder);
}
