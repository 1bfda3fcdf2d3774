// The man page, the shell completions and `--version --verbose`, all drawn
// from the CLI11 App as built at run time, so a new subcommand or option
// appears in them without a line changed here.
//
// describe() walks the App into plain structs (this header keeps CLI11 out);
// man_page() and completion_script() render those structs.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace CLI {
class App;
}
namespace coyel::narration {
class Script;
}

namespace coyel::cli {

// What the value of an option is, for completion.
enum class ValueKind {
    none,        // a flag: no value
    free,        // anything: nothing to complete
    choice,      // one of `choices` (CLI11's IsMember)
    save_file,   // a save: *.json
    game_file,   // a save, the games folder's too (resume, display)
    any_file,    // a file of any name
    house_rule,  // KEY=VALUE from option_table()
    deck_cards,  // role[=N],... (--deck)
    seat_roles,  // NAME=ROLE,... (--roles)
};

struct OptionDoc {
    std::vector<std::string> names;  // "-h", "--help"; for a positional, its name ("FILE")
    bool positional = false;
    std::string type_name;  // "TEXT", "INT", ...; empty for a flag
    std::string description;
    std::vector<std::string> choices;  // from an IsMember check
    ValueKind kind = ValueKind::none;
    bool required = false;
    bool repeatable = false;
};

// A command typed at the game's prompt (the REPL's table), for the man page.
struct PromptCommandDoc {
    std::string name;      // "timer"
    std::string argument;  // "[LENGTH]"; empty when it takes none
    std::string meaning;   // help's line, in the script's words
};

struct CommandDoc {
    std::string name;  // "coyel" for the program itself
    std::string description;
    std::string footer;
    std::vector<OptionDoc> options;
    std::vector<CommandDoc> subcommands;  // hidden ones (CLI11 group "") are left out
    std::vector<PromptCommandDoc> prompt_commands = {};  // the program's only
};

// The App's visible subcommands and options, in the order they were added,
// and the commands of the game's prompt in the script's words.
CommandDoc describe(const CLI::App& app, const narration::Script& words);

// Adds `--verbose` and `--version` (`coyel X.Y.Z`; with --verbose, the
// compiler and the libraries) to the App.
void add_version_flags(CLI::App& app);

// Adds `completion SHELL` and the hidden `manpage`; both describe `app` as it
// is when they run, every other subcommand included.
// The man page's fixed words are `words`' lines.
void add_docs_commands(CLI::App& app, int& exit_code, const narration::Script& words);

// `coyel X.Y.Z`, and with `verbose` the compiler and library versions; no
// final newline (CLI11 adds it).
std::string version_text(bool verbose);

// The man page, section 1, in roff, its fixed sections in the script's words.
std::string man_page(const CommandDoc& program, std::string_view version,
                     const narration::Script& words);

// House rules with the values the core accepts among those their
// documentation lists ("clock | night | manual"); open ranges have none.
std::vector<std::pair<std::string, std::vector<std::string>>> house_rule_values();

// "bash", "zsh" or "fish"; nullopt for another shell.
std::optional<std::string> completion_script(const CommandDoc& program, std::string_view shell);

inline const std::vector<std::string_view> completion_shells = {"bash", "zsh", "fish"};

}  // namespace coyel::cli
