// A save near the size limit loads in linear time: the loader once rescanned
// the log after each entry, and a 16 MB log of notes took 23 s.
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../helpers.hpp"
#include "coyel/save.hpp"

using namespace coyel;
using namespace coyel::test;
using json = nlohmann::json;

namespace {

struct BigSave {
    std::string text;
    std::size_t entries = 0;
};

// The SPEC section 8 example's setup and a log of about 15.5 MB of notes.
// Entry number `duplicate_at` (counted from 1), if any, has "text" twice.
BigSave big_save(std::size_t duplicate_at = 0) {
    const json example = json::parse(read_file(COYEL_TEST_DATA "/saves/spec_example.json"));
    BigSave save;
    save.text = "{\n  \"format\": \"coyel-heaven\",\n  \"version\": 1,\n  \"setup\": " +
                example["setup"].dump() + ",\n  \"log\": [";
    const std::string words = "the river is higher than last year and the mayor said nothing";
    while (save.text.size() < 15'500'000) {
        ++save.entries;
        save.text += save.entries == 1 ? "\n    " : ",\n    ";
        save.text += R"({"do": "note", "text": "note )" + std::to_string(save.entries) + ": " +
                     words.substr(0, save.entries % 24) + "\"";
        if (save.entries == duplicate_at) save.text += R"(, "text": "again")";
        save.text += "}";
    }
    save.text += "\n  ]\n}\n";
    return save;
}

double seconds_to_load(const std::string& text, Result<Game>& game) {
    const auto start = std::chrono::steady_clock::now();
    game = load_game(text, "big");
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST_CASE("a save of 15.5 MB of notes loads in bounded time") {
    const BigSave save = big_save();
    REQUIRE(save.text.size() < max_save_bytes);
    Result<Game> game = Error{"not loaded"};
    const double seconds = seconds_to_load(save.text, game);
    INFO(save.entries << " entries, " << save.text.size() << " bytes, " << seconds << " s");
    REQUIRE(game.ok());
    CHECK(game->log().size() == save.entries);
    CHECK(game->log().back().kind == ActionKind::note);
    CHECK(game->log().back().text.rfind("note " + std::to_string(save.entries) + ": ", 0) == 0);
    CHECK(seconds < 10.0 * COYEL_TIME_FACTOR);
}

TEST_CASE("a key twice deep inside a large save is still refused") {
    const BigSave save = big_save(50'000);
    REQUIRE(save.entries > 50'000);
    Result<Game> game = Error{"not loaded"};
    const double seconds = seconds_to_load(save.text, game);
    REQUIRE_FALSE(game.ok());
    CHECK(game.error() == "big: the key \"text\" appears twice in one object");
    CHECK(seconds < 10.0 * COYEL_TIME_FACTOR);
}
