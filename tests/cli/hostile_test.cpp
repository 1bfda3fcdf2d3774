// Hostile and broken files: each is refused with a clear line, in bounded
// time, and never written. The table in docs/robustness.md is this test's
// golden output (COYEL_UPDATE_GOLDEN=1 rewrites it), so the docs say what
// the code does.
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>

#include <fmt/format.h>
#include "coyel/save.hpp"

#include "process.hpp"

using namespace coyel;
using namespace coyel::test;
namespace fs = std::filesystem;

namespace {

std::string spec_example_text() { return read_file(COYEL_TEST_DATA "/saves/spec_example.json"); }

// The example with Ben's name, in the player list only, replaced.
std::string with_player_name(const std::string& name) {
    std::string text = spec_example_text();
    text.replace(text.find("\"Ben\""), 5, "\"" + name + "\"");
    return text;
}

struct Case {
    std::string what;
    std::function<void(const std::string& path)> make;  // writes the hostile file at path
};

void write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

std::vector<Case> cases() {
    return {
        {"empty file", [](const std::string& p) { write(p, ""); }},
        {"truncated save",
         [](const std::string& p) { write(p, spec_example_text().substr(0, 300)); }},
        {"JSON that is not a coyel save",
         [](const std::string& p) { write(p, R"({"name": "package", "version": "1.0"})"); }},
        {"a save from a newer coyel",
         [](const std::string& p) {
             std::string text = spec_example_text();
             text.replace(text.find("\"version\": 1"), 12, "\"version\": 7");
             write(p, text);
         }},
        {"1,000,000 nested arrays",
         [](const std::string& p) {
             write(p, std::string(1'000'000, '[') + std::string(1'000'000, ']'));
         }},
        {"a huge number as the seed",
         [](const std::string& p) {
             std::string text = spec_example_text();
             text.replace(text.find("12345"), 5, std::string(400, '9'));
             write(p, text);
         }},
        {"a huge number as a clock",
         [](const std::string& p) {
             std::string text = spec_example_text();
             text.replace(text.find("\"at\": 40"), 8, "\"at\": 1e308");
             write(p, text);
         }},
        {"a 10 MB player name",
         [](const std::string& p) { write(p, with_player_name(std::string(10'000'000, 'x'))); }},
        {"invalid UTF-8 in a name",
         [](const std::string& p) { write(p, with_player_name("B\xff\xfen")); }},
        {"a control character in a name",
         [](const std::string& p) { write(p, with_player_name("B\\u0007n")); }},
        {"a key twice",
         [](const std::string& p) {
             std::string text = spec_example_text();
             text.replace(text.find("\"seed\": 12345"), 13, "\"seed\": 1, \"seed\": 2");
             write(p, text);
         }},
        {"a file of 20 MB", [](const std::string& p) { write(p, std::string(20'000'000, ' ')); }},
        {"a folder", [](const std::string& p) { fs::create_directory(p); }},
        {"a FIFO", [](const std::string& p) { ::mkfifo(p.c_str(), 0644); }},
        {"/dev/zero", [](const std::string&) {}},
        {"a missing file", [](const std::string&) {}},
    };
}

}  // namespace

TEST_CASE("hostile files are refused quickly with one line, and never written") {
    const std::string folder = temporary_folder();
    std::string table =
        "| file | `coyel check` says (exit 1, within 5 s, the file untouched) |\n|---|---|\n";
    for (const auto& c : cases()) {
        const std::string path = c.what == "/dev/zero" ? "/dev/zero" : folder + "/hostile.json";
        if (c.what != "/dev/zero") fs::remove_all(path);
        c.make(path);
        const bool is_regular = fs::is_regular_file(path);
        const std::string before = is_regular ? read_file(path) : "";
        const auto start = std::chrono::steady_clock::now();
        auto result = run_coyel("check " + path);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        INFO(c.what << ": " << result.out);
        CHECK(result.exit_code == 1);
        CHECK(std::count(result.out.begin(), result.out.end(), '\n') == 1);  // one line
        CHECK(seconds < 5.0 * COYEL_TIME_FACTOR);
        if (is_regular) CHECK(read_file(path) == before);
        // The resume command refuses it too, and writes nothing.
        auto resumed = run_coyel("resume " + path + " < /dev/null");
        CHECK(resumed.exit_code == 1);
        if (is_regular) CHECK(read_file(path) == before);
        std::string said = result.out.substr(0, result.out.size() - 1);
        for (auto at = said.find(folder); at != std::string::npos; at = said.find(folder))
            said.replace(at, folder.size(), "DIR");
        if (said.size() > 140) said = said.substr(0, 137) + "...";
        for (char& ch : said)
            if (ch == '|') ch = '/';
        table += fmt::format("| {} | `{}` |\n", c.what, said);
    }
    fs::remove_all(folder);
    const std::string docs = std::string{COYEL_TEST_DATA} + "/../docs/robustness.md";
    const std::string text = read_file(docs);
    const std::string begin = "<!-- hostile-files:begin -->\n", end = "<!-- hostile-files:end -->";
    const auto from = text.find(begin), to = text.find(end);
    REQUIRE(from != std::string::npos);
    REQUIRE(to != std::string::npos);
    const std::string current = text.substr(from + begin.size(), to - from - begin.size());
    if (std::getenv("COYEL_UPDATE_GOLDEN"))
        std::ofstream(docs) << text.substr(0, from + begin.size()) + table + text.substr(to);
    else
        CHECK(current == table);
}
