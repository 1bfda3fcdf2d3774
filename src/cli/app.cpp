#include "app.hpp"

namespace coyel::cli {

int run(int argc, char** argv) {
    // Line by line even into a pipe, so output and refusals keep their order.
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    CLI::App app{
        "coyel — the moderator's assistant for Coyel Heaven.\n"
        "It reads the calls aloud with you, keeps the rules, and saves after every "
        "answer.",
        "coyel"};
    app.require_subcommand(0, 1);
    app.set_version_flag("--version", "coyel 0.1.0");
    int exit_code = 0;
    add_new_command(app, exit_code);
    add_resume_command(app, exit_code);
    add_replay_command(app, exit_code);
    add_status_command(app, exit_code);
    add_check_command(app, exit_code);
    app.footer("Rules: docs/rules.md (the engine's rulebook); README.md for examples.");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        return app.exit(error);
    }
    if (app.get_subcommands().empty()) {
        // The built-in default: a new game, asking for what it needs.
        const char* start[] = {"coyel", "new"};
        return run(2, const_cast<char**>(start));
    }
    return exit_code;
}

}  // namespace coyel::cli
