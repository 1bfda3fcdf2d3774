// Every line of the balance lab reaches the output whole: each `balance.*`
// key of each built-in script is shown by some command below, in its
// language, and no output holds a placeholder left unfilled ("{count}").
// The lines only a terminal shows (the progress, Ctrl-C's "Stopped") are
// checked so under tmux (tests/tmux/balance_progress_test.sh); `coyel
// new`'s estimate and warnings by tests/tmux/deck_estimate_test.sh and the
// unfair_deal transcripts.
#include <catch2/catch.hpp>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "cli/process.hpp"

using coyel::test::run_coyel;
using nlohmann::json;

namespace {

// The literal texts of a script line's pattern (message.hpp's syntax): the
// text around its placeholders (and a plural's #) and inside each branch of
// a plural or select.
void literals_of(const std::string& pattern, std::size_t& at, std::vector<std::string>& out) {
    std::string text;
    while (at < pattern.size() && pattern[at] != '}') {
        if (pattern[at] == '#') {  // a plural's number
            out.push_back(text);
            text.clear();
            ++at;
            continue;
        }
        if (pattern[at] != '{') {
            text += pattern[at++];
            continue;
        }
        out.push_back(text);
        text.clear();
        const std::size_t close = pattern.find_first_of(",}", at);
        at = close + 1;
        if (pattern[close] == '}') continue;  // {name}
        at = pattern.find(',', at) + 1;       // past the kind: the branches follow
        while (at < pattern.size() && pattern[at] != '}') {
            const std::size_t open = pattern.find('{', at);
            at = open + 1;
            literals_of(pattern, at, out);
            ++at;  // the branch's '}'
            while (at < pattern.size() && pattern[at] == ' ') ++at;
        }
        ++at;  // the placeholder's '}'
    }
    out.push_back(text);
}

std::vector<std::string> literals(const std::string& pattern) {
    std::vector<std::string> out;
    std::size_t at = 0;
    literals_of(pattern, at, out);
    return out;
}

// The keys shown only at a terminal: tests/tmux/balance_progress_test.sh.
bool terminal_only(const std::string& key) {
    return key.rfind("balance.progress", 0) == 0 || key.rfind("balance.stopped", 0) == 0;
}

std::string read(const std::string& path) {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), {}};
}

// Each save of `folder` rewritten by `change`, which gets its log.
void rewrite_saves(const std::string& folder, const std::function<void(json&)>& change) {
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        json save = json::parse(read(entry.path().string()));
        change(save["log"]);
        std::ofstream(entry.path()) << save.dump(2);
    }
}

// A save's wall time moved on by `seconds` (negative: back).
void move_wall(json& entry, long long seconds) {
    std::tm time{};
    std::istringstream(entry["wall"].get<std::string>()) >>
        std::get_time(&time, "%Y-%m-%dT%H:%M:%S");
    const std::time_t at = timegm(&time) + seconds;
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&at));
    entry["wall"] = text;
}

// Each vote 30 s a ballot quicker than the lab made it: a ballot of -25 s.
void quicker_votes(json& log) {
    long long shift = 0;  // seconds taken off from here on
    for (auto& entry : log) {
        if (entry.contains("votes")) shift += 30 * static_cast<long long>(entry["votes"].size());
        if (entry.contains("wall")) move_wall(entry, -shift);
    }
}

// The folders the calibration runs read: games as the lab saves them, the
// same without wall times, with votes that make a negative ballot, one game.
// (and a game played across midnight, for the replay's dates).
struct Saves {
    std::string played, no_walls, quicker, one, midnight, copied;
};

Saves make_saves() {
    using coyel::test::temporary_folder;
    Saves saves{temporary_folder(), temporary_folder(), temporary_folder(),
                temporary_folder(), temporary_folder(), temporary_folder()};
    const std::string lab = "balance --players 9 --threads 2 --skill 4 --seed 3 --save-games ";
    REQUIRE(run_coyel(lab + saves.played + " --games 300", false).exit_code == 0);
    REQUIRE(run_coyel(lab + saves.no_walls + " --games 5", false).exit_code == 0);
    REQUIRE(run_coyel(lab + saves.quicker + " --games 5", false).exit_code == 0);
    REQUIRE(run_coyel(lab + saves.one + " --games 1", false).exit_code == 0);
    REQUIRE(run_coyel(lab + saves.midnight + " --games 1", false).exit_code == 0);
    rewrite_saves(saves.no_walls, [](json& log) {
        for (auto& entry : log) entry.erase("wall");
    });
    rewrite_saves(saves.quicker, quicker_votes);
    rewrite_saves(saves.midnight, [](json& log) { move_wall(log.back(), 5 * 3600); });
    std::filesystem::copy_file(saves.one + "/game-00001.json", saves.copied + "/copy.json");
    return saves;
}

// Every command below, in `language`, its output (and its errors) together.
std::string outputs(const std::string& language, const Saves& saves) {
    const std::string lab = "balance --lang " + language + " --threads 2 ";
    std::string all;
    const std::vector<std::string> runs = {
        "--players 9 --games 500",
        "--players 30 --advise --minutes 45 --games 300",
        "--players 12 --advise --games 600",
        "--players 9 --advise --cards ngo,ceo --mode night --games 300",
        "--players 9 --deck carbon=2,ngo,ceo --advise --games 300",
        "--players 9 --skill-table 2 --games 300",
        "--players 9 --values --games 300",
        "--players 9 --minutes 25 --call-seconds 60 --values --games 3000",
        "--players 7 --fair-defaults --games 1000",
        "--calibrate " + saves.played + " --games 300",
        "--calibrate " + saves.no_walls + " --games 100",
        "--calibrate " + saves.quicker + " --games 100",
        "--calibrate " + saves.one + " " + saves.copied + " --games 100",
        "--players 9 --games 200 --from-games " + saves.played,
        "--players 9 --games 200 --from-games " + saves.one,
        "--players 9 --games 3 --save-games " + coyel::test::temporary_folder(),
        // Refusals, each in one line.
        "--advise",
        "--players 3",
        "--players 9 --games 0",
        "--players 9 --day-seconds -5",
        "--players 9 --games 20000 --save-games /tmp/x",
        "--players 9 --advise --save-games /tmp/x",
        "--players 9 --save-games /proc/x",
        "--players 9 --save-games /etc/hostname",
        "--players 9 --games 3 --save-games " + saves.one,
        "--players 9 --policy smart",
        "--players 9 --advise --cards ngo,carbon",
        "--players 6 --fair-defaults --call-seconds 3600 --day-seconds 3600 --games 300",
    };
    for (const auto& args : runs) all += run_coyel(lab + args).out;
    for (const auto& folder : {saves.one, saves.midnight})
        all += run_coyel("replay --lang " + language + " " + folder + "/game-00001.json").out;
    all += run_coyel("stats --lang " + language + " " + saves.played).out;
    return all;
}

}  // namespace

TEST_CASE("every line of the balance lab is shown whole, in each language", "[long]") {
    const Saves saves = make_saves();
    for (const std::string language : {"en", "fr"}) {
        INFO(language);
        const std::string all = outputs(language, saves);
        std::smatch left;
        const bool unfilled = std::regex_search(all, left, std::regex("\\{[a-z_]+[},]"));
        INFO("an unfilled placeholder: " << (unfilled ? left.str() : ""));
        CHECK_FALSE(unfilled);
        const json script =
            json::parse(read(std::string{COYEL_DATA} + "/script/" + language + ".json"));
        for (const auto& [key, pattern] : script["lines"].items()) {
            if (key.rfind("balance.", 0) != 0 || terminal_only(key)) continue;
            INFO(key);
            const auto texts = literals(pattern.get<std::string>());
            // Each literal trimmed; the line is shown when one of its longer ones
            // is (a short line's only literal, " to ", stands for itself).
            std::vector<std::string> trimmed;
            std::size_t longest = 0;
            for (std::string text : texts) {
                text.erase(0, text.find_first_not_of(" \n("));
                text.erase(text.find_last_not_of(" \n):;.,") + 1);
                longest = std::max(longest, text.size());
                trimmed.push_back(text);
            }
            CHECK(std::any_of(trimmed.begin(), trimmed.end(), [&](const std::string& text) {
                return text.size() >= std::min<std::size_t>(8, longest) &&
                       all.find(text) != std::string::npos;
            }));
        }
    }
}
