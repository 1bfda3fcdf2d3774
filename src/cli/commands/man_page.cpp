// `man coyel`: the subcommands and options as --help gives them (describe()),
// the house rules of the core's option_table(), and what no --help says:
// files, environment, exit codes; its fixed words are the script's help.man.*
// lines, so `coyel --lang fr manpage` writes the French page.
#include <fmt/format.h>

#include "cli_docs.hpp"
#include "coyel/options.hpp"
#include "script.hpp"

namespace coyel::cli {
namespace {

// Text as roff reads it: backslashes and minus signs escaped, and no line
// that starts with a control character ('.' or '\'').
std::string roff(std::string_view text) {
    std::string out;
    bool line_start = true;
    for (char c : text) {
        if (line_start && (c == '.' || c == '\'')) out += "\\&";
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
        line_start = c == '\n';
    }
    return out;
}

std::string bold(std::string_view text) { return "\\fB" + roff(text) + "\\fR"; }
std::string italic(std::string_view text) { return "\\fI" + roff(text) + "\\fR"; }

// "-h, --help" in bold, then the value's type in italics: "--seed INT".
std::string option_term(const OptionDoc& option) {
    if (option.positional) return italic(option.names.front());
    std::string term;
    for (const auto& name : option.names) {
        if (!term.empty()) term += ", ";
        term += bold(name);
    }
    if (!option.type_name.empty()) term += fmt::format(" {}", italic(option.type_name));
    if (!option.choices.empty())
        term += fmt::format(" ({})", roff(fmt::format("{}", fmt::join(option.choices, "|"))));
    return term;
}

// Each option as a tagged paragraph; a subcommand's own --help is left out
// (the page says it once, under OPTIONS).
std::string option_entries(const std::vector<OptionDoc>& options, bool with_help,
                           const narration::Script& words) {
    const std::string repeatable = words.line("help.man.repeatable");
    std::string out;
    for (const auto& option : options) {
        if (!with_help && option.names.back() == "--help") continue;
        const bool says_repeatable = option.description.find(repeatable) != std::string::npos;
        out += fmt::format(".TP\n{}\n{}{}\n", option_term(option), roff(option.description),
                           option.repeatable && !says_repeatable ? " (" + repeatable + ")" : "");
    }
    return out;
}

// "FILE", "[FILE]" when it may be left out, "PATHS..." when it repeats.
std::string positional_term(const OptionDoc& option) {
    std::string term = italic(option.names.front()) + (option.repeatable ? "..." : "");
    return option.required ? term : "[" + term + "]";
}

// "--players INT", bracketed unless the command needs it.
std::string named_term(const OptionDoc& option) {
    std::string term = bold(option.names.back());
    if (!option.type_name.empty()) term += fmt::format(" {}", italic(option.type_name));
    return option.required ? term : "[" + term + "]";
}

// One line per command that runs: `coyel script` gives `coyel script show`
// and `coyel script check`, not `coyel script` alone.
std::string synopsis_of(const CommandDoc& command, const std::string& prefix) {
    const std::string name = prefix.empty() ? command.name : prefix + " " + command.name;
    if (!command.subcommands.empty()) {
        std::string lines;
        for (const auto& sub : command.subcommands) lines += synopsis_of(sub, name);
        return lines;
    }
    std::string line = ".B coyel " + roff(name);
    for (const auto& option : command.options) {
        // fmt rather than " " + text, on which GCC 12 warns falsely (-Wrestrict).
        if (option.positional)
            line += fmt::format(" {}", positional_term(option));
        else if (option.names.back() != "--help")
            line += fmt::format(" {}", named_term(option));
    }
    return line + "\n.br\n";
}

// A footer without the house rules' table, which HOUSE RULES gives once, in
// a form that wraps to the page.
std::string footer_text(const std::string& footer, const narration::Script& words) {
    const std::string table_heading = words.line("help.new.house_rules") + "\n";
    if (!footer.starts_with(table_heading)) return footer;
    const auto table_end = footer.find("\n\n");
    const std::string rest = table_end == std::string::npos ? "" : footer.substr(table_end + 2);
    return words.line("help.man.house_rules_pointer") + "\n" + rest;
}

// A footer as the page fills it: its sentences wrapped to the page, each on
// a line of its own; an indented line (an example to copy) kept as it is.
std::string footer_roff(const std::string& footer) {
    std::string out = ".PP\n";
    bool verbatim = false;
    std::string_view rest = footer;
    while (!rest.empty()) {
        const auto newline = rest.find('\n');
        const std::string_view line = rest.substr(0, newline);
        rest = newline == std::string_view::npos ? "" : rest.substr(newline + 1);
        const bool example = line.starts_with("  ");
        if (example != verbatim) out += example ? ".nf\n" : ".fi\n";
        verbatim = example;
        out += line.empty() ? std::string{".sp\n"} : roff(line) + (example ? "\n" : "\n.br\n");
    }
    return out + (verbatim ? ".fi\n" : "");
}

void add_command(std::string& out, const CommandDoc& command, const std::string& prefix,
                 const narration::Script& words) {
    const std::string name = prefix.empty() ? command.name : prefix + " " + command.name;
    out += fmt::format(".SS \"coyel {}\"\n{}\n", name, roff(command.description));
    out += option_entries(command.options, false, words);
    if (!command.footer.empty()) out += footer_roff(footer_text(command.footer, words));
    for (const auto& sub : command.subcommands) add_command(out, sub, name, words);
}

std::string commands_section(const CommandDoc& program, const narration::Script& words) {
    std::string out = fmt::format(".SH {}\n", words.line("help.man.section.commands"));
    for (const auto& command : program.subcommands) add_command(out, command, "", words);
    return out;
}

// What the moderator types at the game's prompt, from the REPL's own table.
std::string prompt_commands_section(const CommandDoc& program, const narration::Script& words) {
    if (program.prompt_commands.empty()) return {};
    std::string out = words.line("help.man.prompt_commands");
    for (const auto& command : program.prompt_commands)
        out += fmt::format(".TP\n{}{}\n{}\n", bold(command.name),
                           command.argument.empty() ? "" : " " + italic(command.argument),
                           roff(command.meaning));
    return out;
}

// Each rule's key as the script types it ("égalité"), its values and meaning.
std::string house_rules_section(const narration::Script& words) {
    std::string out = words.line("help.man.house_rules");
    for (const auto& info : option_table()) {
        const std::string key = words.line(fmt::format("option.key.{}", info.key));
        out += fmt::format(".TP\n{}=\\fI{}\\fR\n{}\n", bold(key.substr(0, key.find('|'))),
                           roff(words.line(fmt::format("help.option_values.{}", info.key))),
                           roff(words.line(fmt::format("help.option.{}", info.key))));
    }
    return out;
}

// Read from the code: save_lock.cpp, save_file.cpp, the games folder.

// "coyel — the moderator's assistant ...\nMore." gives "the moderator's assistant ...".
std::string_view one_line_summary(std::string_view description) {
    description = description.substr(0, description.find('\n'));
    constexpr std::string_view dash = " — ";
    const auto after_name = description.find(dash);
    return after_name == std::string_view::npos ? description
                                                : description.substr(after_name + dash.size());
}

}  // namespace

std::string man_page(const CommandDoc& program, std::string_view version,
                     const narration::Script& words) {
    const auto said = [&words](std::string_view key) { return words.line(key); };
    std::string out = fmt::format(".TH COYEL 1 \"\" \"coyel {}\" \"{}\"\n.SH {}\ncoyel \\- {}\n",
                                  version, said("help.man.title"), said("help.man.section.name"),
                                  roff(one_line_summary(program.description)));
    // Left-adjusted, as synopses are: justified, a long line's spaces would double.
    out += fmt::format(".SH {}\n.ad l\n.B coyel\n.br\n", said("help.man.section.synopsis"));
    for (const auto& command : program.subcommands) out += synopsis_of(command, "");
    out += ".B coyel \\-\\-version\n[\\fB\\-\\-verbose\\fR]\n.ad b\n";
    out += fmt::format(".SH {}\n{}\n", said("help.man.section.description"),
                       roff(program.description));
    out += said("help.man.default_command");
    out += fmt::format(".SH {}\n", said("help.man.section.options")) +
           option_entries(program.options, true, words);
    out += commands_section(program, words);
    out += prompt_commands_section(program, words);
    out += house_rules_section(words);
    out += said("help.man.files_and_environment");
    out += said("help.man.exit_status");
    out += said("help.man.examples_and_more");
    return out;
}

}  // namespace coyel::cli
