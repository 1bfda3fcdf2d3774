// `coyel balance` as run: its figures as JSON, and a clear line for bad input.
#include <fmt/format.h>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>

#include "cli/process.hpp"

using coyel::test::run_coyel;

TEST_CASE("balance --json gives the issue's figures, the same for one thread or two", "[sim]") {
    const std::string args =
        "balance --players 8 --deck carbon=1 --mode manual --policy uniform --games 3000 --json";
    const auto one = run_coyel(args + " --threads 1", false);
    const auto two = run_coyel(args + " --threads 2", false);
    REQUIRE(one.exit_code == 0);
    REQUIRE(two.exit_code == 0);
    auto first = nlohmann::json::parse(one.out);
    auto second = nlohmann::json::parse(two.out);
    CHECK(first["games"] == 3000);
    const double win = first["ecosystems_win"];
    CHECK(first["ci95"][0] < win);
    CHECK(win < first["ci95"][1]);
    CHECK(first["ends"]["temperature"] == 0.0);
    const double no_carbon = first["ends"]["no-carbon"];
    CHECK(no_carbon == win);
    CHECK(no_carbon + first["ends"]["no-ecosystems"].get<double>() == Approx(1.0));
    CHECK(first["rounds_mean"] > 1.0);
    CHECK(first["minutes_mean"] > 0.0);
    CHECK(first["games_per_second"] > 0.0);
    // Only the speed may differ between runs.
    first.erase("games_per_second");
    second.erase("games_per_second");
    first.erase("threads");
    second.erase("threads");
    CHECK(first == second);
}

TEST_CASE("balance prints the figures as text", "[sim]") {
    const auto run = run_coyel("balance --players 9 --games 500 --threads 2", false);
    REQUIRE(run.exit_code == 0);
    CHECK(run.out.rfind("9 players · carbon, ceo, ngo, banker, fragile, 4 citizen · 18 minutes ·"
                        " policy table, skill 2 · seed 1, 2 threads\n",
                        0) == 0);
    CHECK(run.out.find("Ecosystems win ") != std::string::npos);
    CHECK(run.out.find("Ends: temperature ") != std::string::npos);
}

TEST_CASE("balance in French: the script's deck words, numbers written the French way", "[sim]") {
    const auto english = run_coyel("balance --players 9 --games 2000 --threads 2 --json", false);
    const auto run = run_coyel("balance --players 9 --games 2000 --threads 2 --lang fr", false);
    REQUIRE(run.exit_code == 0);
    CHECK(run.out.rfind("9 joueurs · émission de carbone, PDG, ONG, banquier, écosystème "
                        "fragile, 4 citoyens · 18 minutes · modèle table, flair 2 · graine 1, 2 "
                        "fils d’exécution\n",
                        0) == 0);
    // The same figure as the JSON's, with a decimal comma and a narrow space before %.
    const auto win = nlohmann::json::parse(english.out)["ecosystems_win"].get<double>();
    std::string percent = fmt::format("{:.1f}", 100 * win);
    std::replace(percent.begin(), percent.end(), '.', ',');
    CHECK(run.out.find("Les écosystèmes gagnent " + percent + "\u202f%") != std::string::npos);
    CHECK(run.out.find("2\u202f000 parties à ") != std::string::npos);
}

TEST_CASE("balance refuses bad input in one line and exits non-zero", "[sim]") {
    const std::pair<const char*, const char*> cases[] = {
        {"--players 3", "balance: --players must be a count from 5 to 30\n"},
        {"--players 9 --policy smart",
         "balance: unknown --policy \"smart\" (random, uniform, table)\n"},
        {"--players 9 --games 0", "balance: --games must be from 1 to 100000000\n"},
        {"--players 9 --skill 0", "balance: --skill must be from 1 to 100\n"},
        {"--players 9 --day-seconds -5",
         "balance: modelled lengths must be from 0 to 3600 seconds\n"},
        {"--advise", "balance: --players is required (a count from 5 to 30)\n"},
        {"--players 9 --advise --cards ngo,carbon",
         "balance: --cards: \"carbon\" is not a special card (ngo, ceo, banker, fragile)\n"},
        {"--players 9 --advise --save-games /nonexistent/folder",
         "balance: --save-games goes with the plain figures only\n"},
    };
    for (const auto& [args, message] : cases) {
        const auto run = run_coyel(std::string{"balance "} + args);
        INFO(args);
        CHECK(run.exit_code == 2);
        CHECK(run.out == message);
    }
    // The deck's and the house rules' own refusals, from the engine, as `new` gives them.
    for (const char* args : {"--players 9 --deck carbon=5", "--players 9 --option tie=maybe",
                             "--players 9 --mode sometimes"}) {
        const auto run = run_coyel(std::string{"balance "} + args);
        INFO(args << ": " << run.out);
        CHECK(run.exit_code == 2);
        CHECK(run.out.rfind("balance: ", 0) == 0);
        CHECK(std::count(run.out.begin(), run.out.end(), '\n') == 1);
    }
}

TEST_CASE("balance refuses in the run's language: French refusals in one line", "[sim]") {
    const std::pair<const char*, const char*> cases[] = {
        {"--players 3", "balance: --players doit être un nombre de 5 à 30\n"},
        {"--players 9 --games 0", "balance: --games doit aller de 1 à 100000000\n"},
        {"--advise", "balance: il faut --players (un nombre de 5 à 30)\n"},
        {"--players 9 --advise --save-games /nonexistent/folder",
         "balance: --save-games ne s’emploie qu’avec les chiffres de base\n"},
        {"--players 9 --policy smart",
         "balance: valeur inconnue pour --policy\u202f: «\u202fsmart\u202f» (random, uniform, "
         "table)\n"},
    };
    for (const auto& [args, message] : cases) {
        const auto run = run_coyel(std::string{"balance --lang fr "} + args);
        INFO(args);
        CHECK(run.exit_code == 2);
        CHECK(run.out == message);
    }
    // The engine's own refusal of a deck, worded by the French script too.
    const auto english = run_coyel("balance --players 9 --deck carbon=5");
    const auto french = run_coyel("balance --lang fr --players 9 --deck carbon=5");
    CHECK(french.exit_code == 2);
    CHECK(french.out.rfind("balance: ", 0) == 0);
    CHECK(french.out != english.out);
}

TEST_CASE("balance --advise ranks ten candidates and shows the default deck below", "[sim]") {
    const auto run = run_coyel("balance --players 6 --mode night --advise --games 200", false);
    REQUIRE(run.exit_code == 0);
    CHECK(run.out.rfind("Ranked: within 3 points of a fair game (ecosystems win 50%) first, the "
                        "most special cards kept first; then the nearest 50%. None goes above the "
                        "default unless fresh games find it nearer 50% by more than their noise:\n",
                        0) == 0);
    CHECK(run.out.find("\n      10.   ") != std::string::npos);
    CHECK(run.out.find("\n  default   ") != std::string::npos);
    CHECK(run.out.find("carbon, ceo, ngo, banker, fragile, citizen") != std::string::npos);
}

TEST_CASE("balance --values: each card's worth with and without its calls' clock time", "[sim]") {
    // Long calls in a short game: the NGO's and the banker's calls cost their
    // team the clock; free, they are worth more. The fragile has no call.
    const auto run = run_coyel(
        "balance --players 9 --minutes 25 --call-seconds 60 --values --games 3000 --threads 2 "
        "--json",
        false);
    REQUIRE(run.exit_code == 0);
    const auto values = nlohmann::json::parse(run.out);
    int checked = 0;
    for (const auto& value : values) {
        INFO(value["card"]);
        const double timed = value["points"];
        // Each worth with its 95% interval around it.
        CHECK(value["points_ci95"][0].get<double>() < timed);
        CHECK(timed < value["points_ci95"][1].get<double>());
        if (value["card"] == "carbon") {  // its call is paid with or without the card
            CHECK(value["points_without_time_cost"].is_null());
            continue;
        }
        const double free = value["points_without_time_cost"];
        if (value["card"] == "fragile") CHECK(free == Approx(timed));
        if (value["card"] == "ngo" || value["card"] == "banker") {
            CHECK(free > timed + 3);
            ++checked;
        }
    }
    CHECK(checked == 2);
    const auto text = run_coyel("balance --players 9 --values --games 500 --threads 2", false);
    CHECK(text.out.find("free: the worth were the card's own calls to take no clock time") !=
          std::string::npos);
    CHECK(text.out.find("+ the card helps the ecosystems, − it helps the carbon team. ± where an "
                        "interval holds 0: 500 games a side do not tell the sign") !=
          std::string::npos);
    CHECK(text.out.find("\ncarbon    ") != std::string::npos);
    CHECK(text.out.find(")       —   ") != std::string::npos);
}
