// The coyel command line: one subcommand per file, wired together here.
#pragma once

#include <CLI/CLI.hpp>

namespace coyel::cli {

int run(int argc, char** argv);

// Each adds its subcommand to `app`; `exit_code` receives the command's result.
void add_status_command(CLI::App& app, int& exit_code);
void add_check_command(CLI::App& app, int& exit_code);
void add_new_command(CLI::App& app, int& exit_code);
void add_resume_command(CLI::App& app, int& exit_code);
void add_replay_command(CLI::App& app, int& exit_code);

}  // namespace coyel::cli
