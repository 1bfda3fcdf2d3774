// The read-only subcommands, run as a user runs them.
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "process.hpp"

using namespace coyel::test;

namespace {

Run run(const std::string& arguments, bool with_stderr = true) {
    return run_coyel(arguments, with_stderr);
}
std::string read(const std::string& path) { return read_file(path); }

const std::string example = COYEL_TEST_DATA "/saves/spec_example.json";

// Each run of spaces as one: a table's columns, whatever their widths.
std::string collapse_spaces(const std::string& text) {
    std::string out;
    for (char c : text)
        if (c != ' ' || out.empty() || out.back() != ' ') out += c;
    return out;
}

}  // namespace

TEST_CASE("coyel status --json prints SPEC section 9 and never writes the file") {
    const std::string before = read(example);
    auto result = run("status " + example + " --json", false);
    CHECK(result.exit_code == 0);
    auto status = nlohmann::json::parse(result.out);
    CHECK(status["round"] == 2);
    CHECK(status["phase"] == "night");
    CHECK(status["expects"] == "carbon_target");
    CHECK(status["players"].size() == 8);
    CHECK(read(example) == before);
}

TEST_CASE("coyel status shows the moderator's view in words") {
    auto result = run("status " + example);
    CHECK(result.exit_code == 0);
    CHECK(result.out.find("Night 2") != std::string::npos);
    // Spaces collapsed: the columns' widths follow the longest role's name.
    CHECK(collapse_spaces(result.out).find("Hana in citizen mayor, corrupted") !=
          std::string::npos);
    CHECK(result.out.find("Next: the carbon emissions' target.") != std::string::npos);
    CHECK(result.out.find("\x1b[") == std::string::npos);  // no colour into a pipe
}

TEST_CASE("coyel check: ok and a summary, or the error line and exit 1") {
    auto good = run("check " + example);
    CHECK(good.exit_code == 0);
    CHECK(good.out ==
          "ok: " + example +
              ": 8 players, round 2, night, expects carbon_target, +1°C, 7 log entries\n");
    auto missing = run("check /nonexistent.json");
    CHECK(missing.exit_code == 1);
    CHECK(missing.out == "/nonexistent.json: cannot open: No such file or directory\n");
    auto status_missing = run("status /nonexistent.json --json");
    CHECK(status_missing.exit_code != 0);
}

TEST_CASE("coyel check refuses a broken file without touching it") {
    const std::string path = "coyel_test_broken.json";
    { std::ofstream(path) << R"({"format": "coyel-heaven", "version": 1, "setup": )"; }
    auto result = run("check " + path);
    CHECK(result.exit_code == 1);
    CHECK(result.out.rfind(path + ": not valid JSON: parse error at line 1", 0) == 0);
    CHECK(read(path) == R"({"format": "coyel-heaven", "version": 1, "setup": )");
    std::remove(path.c_str());
}

TEST_CASE("coyel check names the log entry the rules refuse, and why, in words") {
    const std::string path = "coyel_test_refused_entry.json";
    auto save = nlohmann::json::parse(read(example));
    save["log"][1] = {{"do", "slapp"}, {"file", true}};
    { std::ofstream(path) << save.dump(); }
    auto result = run("check " + path);
    CHECK(result.exit_code == 1);
    CHECK(result.out ==
          path + ": log entry 2 (slapp): the game expects carbon_target now, not slapp\n");
    std::remove(path.c_str());
}

TEST_CASE("coyel --help teaches the subcommands") {
    auto result = run("--help");
    CHECK(result.exit_code == 0);
    CHECK(result.out.find("status") != std::string::npos);
    CHECK(result.out.find("check") != std::string::npos);
}

TEST_CASE("coyel check counts one log entry as one") {
    const std::string folder = temporary_folder();
    run_shell("cd " + folder +
              " && printf 'none\\nquit\\n' | COYEL_FROZEN_CLOCK=1 " COYEL_BINARY
              " new --players Ana,Ben,Cleo,Dan,Eve --roles Ana=carbon --save one.json >/dev/null");
    const auto one = run("check " + folder + "/one.json");
    CHECK(one.out.ends_with(", 1 log entry\n"));
    const auto french = run("check --lang fr " + folder + "/one.json");
    CHECK(french.out.ends_with(", 1 entrée au journal.\n"));
    std::filesystem::remove_all(folder);
}
