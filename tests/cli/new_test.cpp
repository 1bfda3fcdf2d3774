// `coyel new` as a script runs it: the save's default name, a manual deal.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>

#include "process.hpp"

using namespace coyel::test;
namespace fs = std::filesystem;

namespace {

const std::string players = "--players \"Ana,Ben,Cleo,Dan,Eve\"";

// coyel new in `folder`, given `input` on a pipe.
Run new_game(const std::string& folder, const std::string& arguments, const std::string& input) {
    return run_shell("cd " + folder + " && printf '" + input + "' | " COYEL_BINARY " new " +
                     arguments + " 2>&1");
}

}  // namespace

TEST_CASE("games started in the same second each get a save of their own") {
    const std::string folder = temporary_folder();
    for (int game = 0; game < 3; ++game)
        CHECK(new_game(folder, players + " --roles Ana=carbon", "quit\\n").exit_code == 0);
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder))
        if (entry.path().extension() == ".json") names.push_back(entry.path().filename());
    REQUIRE(names.size() == 3);
    // Seconds in the name, then -2, -3 for a game started in the same second.
    const std::regex pattern{R"(coyel-\d{4}-\d\d-\d\d-\d{6}(-[23])?\.json)"};
    for (const auto& name : names) CHECK(std::regex_match(name, pattern));
    fs::remove_all(folder);
}

TEST_CASE("a manual deal from a pipe: each card checked as it comes, names as printed") {
    const std::string folder = temporary_folder();
    auto run = new_game(
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
