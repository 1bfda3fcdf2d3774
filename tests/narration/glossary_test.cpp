// The French glossary in docs/scripts.md against the French script: one term
// per card and per thing.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "coyel/text.hpp"
#include "embedded_scripts.hpp"
#include "languages.hpp"

using namespace coyel::narration;

namespace {

using Row = std::vector<std::string>;

// The cells of a Markdown table row: "| a | b |" -> {"a", "b"}.
Row cells_of(const std::string& row) {
    Row cells;
    std::stringstream in(row.substr(1));
    std::string cell;
    while (std::getline(in, cell, '|')) cells.emplace_back(coyel::trim(cell));
    return cells;
}

// The rows of the glossary's tables whose header's first cell is `first`.
std::vector<Row> glossary_table(const std::string& first) {
    std::ifstream file(COYEL_TEST_DATA "/../docs/scripts.md");
    REQUIRE(file);
    std::string line;
    bool in_glossary = false, in_table = false;
    std::vector<Row> rows;
    while (std::getline(file, line)) {
        if (line.starts_with("## ")) in_glossary = line == "## Glossary";
        if (!in_glossary) continue;
        if (!line.starts_with("|")) {
            in_table = false;
            continue;
        }
        const Row cells = cells_of(line);
        if (cells.front() == first)
            in_table = true;
        else if (in_table && !line.starts_with("|---"))
            rows.push_back(cells);
    }
    return rows;
}

std::vector<std::string> split_commas(const std::string& text) {
    std::vector<std::string> words;
    std::stringstream in(text);
    std::string word;
    while (std::getline(in, word, ','))
        if (!coyel::trim(word).empty()) words.emplace_back(coyel::trim(word));
    return words;
}

// Every line of the built-in French script as written, braces and all.
nlohmann::json french_lines() { return nlohmann::json::parse(builtin_script_text("fr"))["lines"]; }

}  // namespace

TEST_CASE("each card has one French title, one name in a sentence, one short name") {
    const auto cards = glossary_table("card");
    REQUIRE(cards.size() == 6);
    const nlohmann::json lines = french_lines();
    for (const Row& card : cards) {
        INFO(card[0]);
        REQUIRE(card.size() == 5);
        CHECK(lines["role." + card[0]] == card[1]);
        CHECK(lines["role." + card[0] + ".a"] == card[2]);
        CHECK(lines["view.role." + card[0]] == card[3]);
    }
}

TEST_CASE("no French line says what the glossary says never to say") {
    auto rows = glossary_table("card");
    const auto things = glossary_table("thing");
    REQUIRE(things.size() >= 5);
    rows.insert(rows.end(), things.begin(), things.end());
    const nlohmann::json lines = french_lines();
    for (const auto& [key, value] : lines.items()) {
        const std::string text = value.get<std::string>();
        for (const Row& row : rows)
            for (const std::string& never : split_commas(row.back())) {
                INFO(key << ": " << text << " (never " << never << ")");
                CHECK(text.find(never) == std::string::npos);
            }
    }
}
