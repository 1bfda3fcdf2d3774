// What each subcommand is given and runs. The command line itself (CLI11)
// is wired in app.cpp alone; each cmd_*.cpp runs one subcommand from a plain
// struct, so none of them compiles CLI11.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "simulate.hpp"

namespace coyel::cli {

struct NewOptions {
    std::string players;
    std::string deck;
    std::optional<std::uint64_t> seed;
    std::string roles;
    bool manual = false;
    std::vector<std::string> options;
    std::optional<int> minutes;
    std::string mode;
    std::string save;
    bool no_clear = false;
};

struct ReplayOptions {
    std::string path;
    bool step = false;
    int round = 0;
    std::optional<std::size_t> upto;
    std::string view = "moderator";
    bool markdown = false;
    std::string html;
};

struct BalanceOptions {
    int players = 0;
    std::string deck;
    std::vector<std::string> options;
    std::optional<int> minutes;
    std::string mode;
    std::string policy = "table";
    int skill = 2;
    std::optional<std::int64_t> games;
    std::uint64_t seed = 1;
    std::optional<int> threads;
    bool json = false;
    bool advise = false;
    int skill_table = 0;  // 0: no table
    bool values = false;
    sim::TimeModel time;
};

// Each returns the process's exit code.
int run_new(const NewOptions& given);
int run_resume(const std::string& path, bool clear);
int run_replay(const ReplayOptions& given);
int run_status(const std::string& path, bool as_json);
int run_check(const std::string& path);
int run_balance(const BalanceOptions& given);

}  // namespace coyel::cli
