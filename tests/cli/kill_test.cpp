// Crash safety: coyel killed with SIGKILL at random moments of a scripted
// game. After every kill the save loads, holds a prefix of the game played
// in one go, and holds every answer coyel had finished with.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "coyel/rng.hpp"
#include "coyel/save.hpp"
#include "process.hpp"

using namespace coyel;
using namespace coyel::test;

namespace {

const std::vector<std::string> new_game = {
    "new",
    "--players",
    "Ana,Ben,Cleo,Dan,Eve,Finn,Gus,Hana",
    "--roles",
    "Ana=carbon,Cleo=ngo,Dan=ceo,Eve=banker,Finn=fragile,Gus=carbon",
    "--mode",
    "night",
    "--option",
    "tie=revote",
    "--save",
    "game.json"};

// A coyel running with its input on a pipe the test holds open.
struct Child {
    pid_t pid;
    int input;
};

// Starts coyel in `folder` with `input` on a pipe that stays open (no end of
// input: the game only stops by the kill). Its output goes to folder/out.
Child start(const std::string& folder, const std::string& input) {
    int pipe_fds[2];
    REQUIRE(::pipe(pipe_fds) == 0);
    pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        ::dup2(pipe_fds[0], 0);
        ::close(pipe_fds[1]);
        int out = ::open((folder + "/out").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(out, 1);
        ::dup2(out, 2);
        if (::chdir(folder.c_str()) != 0) ::_exit(127);
        ::setenv("NO_COLOR", "1", 1);
        ::setenv("COYEL_FROZEN_CLOCK", "1", 1);
        std::vector<char*> argv{const_cast<char*>(COYEL_BINARY)};
        for (const auto& argument : new_game) argv.push_back(const_cast<char*>(argument.c_str()));
        argv.push_back(nullptr);
        ::execv(COYEL_BINARY, argv.data());
        ::_exit(127);
    }
    ::close(pipe_fds[0]);
    REQUIRE(::write(pipe_fds[1], input.data(), input.size()) == static_cast<ssize_t>(input.size()));
    return {child, pipe_fds[1]};
}

// Kills the child and returns once it is gone: nothing it does can follow.
void kill_now(const Child& child) {
    ::kill(child.pid, SIGKILL);
    int status;
    ::waitpid(child.pid, &status, 0);
    ::close(child.input);
}

// Answers read: each is echoed after its prompt, "[+1°C] mayor> Hana".
std::size_t answers_echoed(const std::string& output) {
    std::size_t count = 0;
    std::istringstream lines(output);
    for (std::string line; std::getline(lines, line);)
        count += line.rfind("[", 0) == 0 && line.find("> ") != std::string::npos;
    return count;
}

}  // namespace

TEST_CASE("kill -9 at random moments: the save loads and loses nothing accepted", "[long]") {
    // 80 kills; tools/soak (run by CI) makes 500, tools/sanitize 50.
    const char* runs_text = std::getenv("COYEL_KILL_RUNS");
    const int runs = runs_text ? std::atoi(runs_text) : 80;
    const auto answers = [] {
        std::vector<std::string> lines;
        std::istringstream in(read_file(COYEL_TEST_DATA "/transcripts/full_game.in"));
        for (std::string line; std::getline(in, line);) lines.push_back(line);
        return lines;
    }();
    const std::string folder = temporary_folder();
    const std::string save = folder + "/game.json";

    // The save after the first j answers, played without a kill.
    std::vector<std::string> saves(answers.size() + 1);
    for (std::size_t j = 0; j <= answers.size(); ++j) {
        std::filesystem::remove(save);
        std::string input;
        for (std::size_t i = 0; i < j; ++i) input += answers[i] + "\n";
        std::ofstream(folder + "/input") << input;
        std::string arguments;
        for (const auto& argument : new_game) arguments += " '" + argument + "'";
        run_shell("cd " + folder + " && COYEL_FROZEN_CLOCK=1 " + COYEL_BINARY + arguments +
                  " < input > /dev/null 2>&1");
        saves[j] = read_file(save);
        REQUIRE(load_game(saves[j], "save").ok());
    }

    std::string all;
    for (const auto& answer : answers) all += answer + "\n";
    // Kill moments spread over one whole uninterrupted run, however fast
    // this build is: the run ends at the game's end, input still open.
    // Real time, as it must be: a real process killed at real moments. Its
    // end is the save's last text, looked for each millisecond (another
    // process's file tells nothing else), not a time guessed.
    std::filesystem::remove(save);
    const auto started = std::chrono::steady_clock::now();
    const Child timing = start(folder, all);
    while (read_file(save) != saves.back() &&
           std::chrono::steady_clock::now() - started < std::chrono::seconds(30))
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    const auto whole_run = std::chrono::duration_cast<std::chrono::microseconds>(
                               std::chrono::steady_clock::now() - started)
                               .count();
    kill_now(timing);
    SplitMix64 rng(2026);
    int killed_mid_game = 0;
    for (int run = 0; run < runs; ++run) {
        std::filesystem::remove(save);
        const Child child = start(folder, all);
        std::this_thread::sleep_for(std::chrono::microseconds(rng.below(whole_run + 1)));
        kill_now(child);
        if (!std::filesystem::exists(save)) continue;  // killed before the first save
        // coyel echoes each answer as it reads it, after saving the one before:
        // the save holds every answer but perhaps the last one read.
        const std::size_t read = answers_echoed(read_file(folder + "/out"));
        const std::string held = read_file(save);
        INFO("run " << run << ", answers read " << read);
        REQUIRE(load_game(held, "save").ok());
        // Through a pipe the end's roles are told at once, in a save of their own.
        const auto whole = load_game(saves.back(), "save");
        const auto loaded = load_game(held, "save");
        const bool before_roles_told = read == answers.size() && loaded->end_held() &&
                                       loaded->log().size() + 1 == whole->log().size();
        CHECK((held == saves[read] || (read > 0 && held == saves[read - 1]) || before_roles_told));
        killed_mid_game += held != saves.back();
    }
    CHECK(killed_mid_game > 0);
    std::filesystem::remove_all(folder);
}
