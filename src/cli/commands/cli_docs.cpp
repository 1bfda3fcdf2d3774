// The side of the man page and the completions that reads the CLI11 App
// (and so compiles CLI11 a second time; the renderers do not).
#include "cli_docs.hpp"

#include <fmt/format.h>
#include <histedit.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <memory>
#include <nlohmann/json_fwd.hpp>  // its version macros

#include "languages.hpp"
#include "repl/prompt_commands.hpp"

#include "coyel_build_info.hpp"  // COYEL_VERSION, COYEL_LIBEDIT_VERSION: CMake's

namespace coyel::cli {
namespace {

// Options whose values have a shape completion can help with, by name, so a
// new subcommand's FILE argument or --save completes saves with no change here.
// The commands whose FILE defaults to the games folder offer its games too.
ValueKind kind_by_name(std::string_view command, std::string_view name) {
    if (name == "FILE" && (command == "resume" || command == "display" || command == "serve"))
        return ValueKind::game_file;
    static const std::vector<std::pair<std::string_view, ValueKind>> kinds = {
        {"FILE", ValueKind::save_file},    {"--save", ValueKind::save_file},
        {"--html", ValueKind::any_file},   {"--option", ValueKind::house_rule},
        {"--deck", ValueKind::deck_cards}, {"--roles", ValueKind::seat_roles},
    };
    for (const auto& [known, kind] : kinds)
        if (known == name) return kind;
    return ValueKind::free;
}

// CLI11 writes an IsMember check into the type name: "TEXT:{moderator,table}".
std::vector<std::string> member_choices(const std::string& full_type_name) {
    const auto open = full_type_name.find(":{");
    const auto close = full_type_name.find('}', open);
    if (open == std::string::npos || close == std::string::npos) return {};
    std::vector<std::string> choices;
    std::string_view list{full_type_name.data() + open + 2, close - open - 2};
    while (!list.empty()) {
        const auto comma = list.find(',');
        choices.emplace_back(list.substr(0, comma));
        list = comma == std::string_view::npos ? "" : list.substr(comma + 1);
    }
    return choices;
}

OptionDoc describe_option(std::string_view command, const CLI::Option& option) {
    OptionDoc doc;
    doc.positional = !option.nonpositional();
    if (doc.positional) doc.names.push_back(option.get_name(true));
    for (const auto& name : option.get_snames()) doc.names.push_back("-" + name);
    for (const auto& name : option.get_lnames()) doc.names.push_back("--" + name);
    const bool flag = option.get_expected_max() == 0;  // add_flag sets expected(0)
    const std::string full_type_name = option.get_type_name();
    if (!flag) doc.type_name = full_type_name.substr(0, full_type_name.find(':'));
    doc.description = option.get_description();
    doc.choices = member_choices(full_type_name);
    // Not an IsMember check: an unknown language is refused with the list, exit 2.
    if (doc.names.back() == "--lang") doc.choices = narration::builtin_languages();
    doc.kind = flag                   ? ValueKind::none
               : !doc.choices.empty() ? ValueKind::choice
                                      : kind_by_name(command, doc.names.back());
    doc.required = option.get_required();
    doc.repeatable = option.get_expected_max() > 1;
    return doc;
}

CommandDoc describe_command(const CLI::App& app) {
    CommandDoc doc{app.get_name(), app.get_description(), app.get_footer(), {}, {}};
    for (const auto* option :
         app.get_options([](const CLI::Option* option) { return !option->get_group().empty(); }))
        doc.options.push_back(describe_option(app.get_name(), *option));
    for (const auto* command :
         app.get_subcommands([](const CLI::App* command) { return !command->get_group().empty(); }))
        doc.subcommands.push_back(describe_command(*command));
    return doc;
}

std::string compiler_version() {
#if defined(__clang__)
    return "clang " __clang_version__;
#elif defined(__GNUC__)
    return fmt::format("GCC {}.{}.{}", __GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__);
#else
    return "an unknown compiler";
#endif
}

}  // namespace

CommandDoc describe(const CLI::App& app, const narration::Script& words) {
    CommandDoc doc = describe_command(app);
    for (const auto& [name, argument] : PromptCommands::list()) {
        // The first of the script's words for it ("statut|état"), and its argument's.
        const std::string word = words.line(fmt::format("repl.word.{}", name));
        doc.prompt_commands.push_back(
            {word.substr(0, word.find('|')),
             argument.empty() ? std::string{} : words.line(fmt::format("repl.argument.{}", name)),
             words.line(fmt::format("repl.command.{}", name))});
    }
    return doc;
}

std::string version_text(bool verbose) {
    std::string text = "coyel " COYEL_VERSION;
    if (!verbose) return text;
    text += fmt::format("\nbuilt with {}, C++ {}\n", compiler_version(), __cplusplus);
    text += fmt::format(
        "libraries: CLI11 {}, fmt {}.{}.{}, nlohmann_json {}.{}.{}, libedit {} (API {}.{})",
        CLI11_VERSION, FMT_VERSION / 10000, FMT_VERSION / 100 % 100, FMT_VERSION % 100,
        NLOHMANN_JSON_VERSION_MAJOR, NLOHMANN_JSON_VERSION_MINOR, NLOHMANN_JSON_VERSION_PATCH,
        COYEL_LIBEDIT_VERSION, LIBEDIT_MAJOR, LIBEDIT_MINOR);
    return text;
}

void add_version_flags(CLI::App& app) {
    // Declared before --version so that its value is set when --version's
    // callback runs (CLI11 runs option callbacks in the order of declaration).
    auto verbose = std::make_shared<bool>(false);
    auto* verbose_flag =
        app.add_flag("--verbose", *verbose, "With --version: the compiler and the libraries");
    const std::function<std::string()> version = [verbose] { return version_text(*verbose); };
    auto* version_flag =
        app.set_version_flag("--version", version, "Print coyel's version and exit");
    verbose_flag->needs(version_flag);
}

void add_docs_commands(CLI::App& app, int& exit_code, const narration::Script& words) {
    auto shell = std::make_shared<std::string>();
    auto* completion =
        app.add_subcommand("completion", "Print the Tab-completion script for bash, zsh or fish");
    completion->add_option("SHELL", *shell, "The shell")
        ->required()
        ->check(CLI::IsMember(
            std::vector<std::string>(completion_shells.begin(), completion_shells.end())));
    completion->footer(
        "Examples:\n  source <(coyel completion bash)\n"
        "  coyel completion fish > ~/.config/fish/completions/coyel.fish\n"
        "Installed packages put the scripts where the shells look already.");
    completion->callback([&app, shell, &exit_code, &words] {
        fmt::print("{}", *completion_script(describe(app, words), *shell));
        exit_code = 0;
    });
    // Hidden (group ""): the build runs it to write coyel.1; `man coyel` reads that.
    auto* manpage = app.add_subcommand("manpage", "Print the man page (roff)")->group("");
    manpage->callback([&app, &exit_code, &words] {
        fmt::print("{}", man_page(describe(app, words), COYEL_VERSION, words));
        exit_code = 0;
    });
}

}  // namespace coyel::cli
