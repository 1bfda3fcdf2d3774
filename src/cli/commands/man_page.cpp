// `man coyel`: the subcommands and options as --help gives them (describe()),
// the house rules from the core's option_table(), and what no --help says:
// files, environment, exit codes.
#include <fmt/format.h>

#include "cli_docs.hpp"
#include "coyel/options.hpp"

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
std::string option_entries(const std::vector<OptionDoc>& options, bool with_help) {
    std::string out;
    for (const auto& option : options) {
        if (!with_help && option.names.back() == "--help") continue;
        const bool says_repeatable = option.description.find("repeatable") != std::string::npos;
        out += fmt::format(".TP\n{}\n{}{}\n", option_term(option), roff(option.description),
                           option.repeatable && !says_repeatable ? " (repeatable)" : "");
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
std::string footer_text(const std::string& footer) {
    constexpr std::string_view table_heading = "House rules (--option KEY=VALUE):\n";
    if (!footer.starts_with(table_heading)) return footer;
    const auto table_end = footer.find("\n\n");
    const std::string rest = table_end == std::string::npos ? "" : footer.substr(table_end + 2);
    // Command-line help, English as --help is (not a line of the script).
    constexpr std::string_view footer_pointer =
        R"(House rules (--option KEY=VALUE): see HOUSE RULES.
)";
    return std::string{footer_pointer} + rest;
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

void add_command(std::string& out, const CommandDoc& command, const std::string& prefix) {
    const std::string name = prefix.empty() ? command.name : prefix + " " + command.name;
    out += fmt::format(".SS \"coyel {}\"\n{}\n", name, roff(command.description));
    out += option_entries(command.options, false);
    if (!command.footer.empty()) out += footer_roff(footer_text(command.footer));
    for (const auto& sub : command.subcommands) add_command(out, sub, name);
}

std::string commands_section(const CommandDoc& program) {
    std::string out = ".SH COMMANDS\n";
    for (const auto& command : program.subcommands) add_command(out, command, "");
    return out;
}

// What the moderator types at the game's prompt, from the REPL's own table.
std::string prompt_commands_section(const CommandDoc& program) {
    if (program.prompt_commands.empty()) return {};
    std::string out{R"(.SH IN-GAME COMMANDS
At the game's prompt, besides the answer to the call (a name, a seat number,
\fBnobody\fR, \fByes\fR or \fBno\fR, \fBup\fR or \fBdown\fR), \fBcoyel new\fR and
\fBcoyel resume\fR take these; \fB/\fR before one (\fB/undo\fR) when a player
has its name.
)"};
    for (const auto& command : program.prompt_commands)
        out += fmt::format(".TP\n{}{}\n{}\n", bold(command.name),
                           command.argument.empty() ? "" : " " + italic(command.argument),
                           roff(command.meaning));
    return out;
}

std::string house_rules_section() {
    std::string out{R"(.SH HOUSE RULES
Chosen at the start with \fB\-\-option\fR \fIKEY\fR=\fIVALUE\fR on \fBcoyel new\fR
(repeatable), saved in the game, shown by \fBcoyel status\fR. A value's
default is in parentheses.
)"};
    for (const auto& info : option_table())
        out += fmt::format(".TP\n{}=\\fI{}\\fR\n{}\n", bold(info.key), roff(info.values),
                           roff(info.meaning));
    return out;
}

// Read from the code: save_lock.cpp, save_file.cpp, the games folder.
constexpr std::string_view files_and_environment = R"(.SH FILES
.TP
\fIFILE\fR.json
A game: its setup and every answer given, as JSON. Written after each answer
through \fIFILE\fR.json.tmp, synced and renamed over it, so a crash leaves the
previous save or the new one. A file that is not a coyel save is refused with
the reason and never overwritten.
.TP
\fI.FILE.json.lock\fR
Beside the save while a coyel plays it: a second \fBcoyel resume\fR of the same
file is refused with the first one's process id.
.TP
\fI$XDG_DATA_HOME/coyel/games\fR
The games folder (\fI~/.local/share/coyel/games\fR when \fBXDG_DATA_HOME\fR is
unset or not absolute), where the commands that list the group's games look.
.SH ENVIRONMENT
.TP
.B NO_COLOR
When set, no colour, even on a terminal.
.TP
.B COYEL_LANG
The language of the lines read aloud, before the locale.
.TP
.BR LC_ALL ", " LC_MESSAGES ", " LANG
The locale, in that order, when \fBCOYEL_LANG\fR is unset.
.TP
.B XDG_DATA_HOME
Where the games folder lives (see FILES).
)";

constexpr std::string_view exit_status = R"(.SH EXIT STATUS
.TP
.B 0
Done: the game saved and left, a replay or a check finished, or the end of
the answers read from a pipe.
.TP
.B 1
A file could not be read, loaded or written, or a save is in use.
.TP
.B 2
\fBcoyel new\fR refused the players, the deck, the deal or a house rule.
.TP
.B 100\-114
The command line itself is wrong (as CLI11 numbers its errors): 104 a value
of the wrong type, 105 a value out of range (\fB\-\-view\fR, \fB\-\-round\fR,
\fB\-\-upto\fR), 106 a required argument missing, 107 \fB\-\-verbose\fR
without \fB\-\-version\fR, 109 an unknown argument.
.TP
.BR 129 ", " 131 ", " 143
128 plus the signal: the terminal closed (SIGHUP), SIGQUIT or SIGTERM ended a
game after saving it; \fBcoyel resume\fR goes on.
)";

constexpr std::string_view examples_and_more = R"(.SH EXAMPLES
.nf
coyel new \-\-players "Ana,Ben,Cleo,Dan,Eve,Finn,Gus,Hana"
coyel new \-\-players "..." \-\-deck carbon=2,ngo,ceo,banker,fragile \-\-seed 7
coyel new \-\-players "..." \-\-option tie=revote \-\-save friday.json
coyel resume friday.json
coyel replay friday.json \-\-view table \-\-step
coyel replay friday.json \-\-html friday.html
coyel status friday.json \-\-json
source <(coyel completion bash)
.fi
.SH SEE ALSO
\fBcoyel \-\-help\fR and \fBcoyel\fR \fICOMMAND\fR \fB\-\-help\fR; \fBhelp\fR at the
game's prompt. The rulebook, \fIrules.md\fR, and the rulings where it is
silent, \fIrulings.md\fR, are installed in \fIshare/doc/coyel\fR under coyel's
prefix (\fI/usr/share/doc/coyel\fR from the package).
)";

// "coyel — the moderator's assistant ...\nMore." gives "the moderator's assistant ...".
std::string_view one_line_summary(std::string_view description) {
    description = description.substr(0, description.find('\n'));
    constexpr std::string_view dash = " — ";
    const auto after_name = description.find(dash);
    return after_name == std::string_view::npos ? description
                                                : description.substr(after_name + dash.size());
}

}  // namespace

std::string man_page(const CommandDoc& program, std::string_view version) {
    std::string out =
        fmt::format(".TH COYEL 1 \"\" \"coyel {}\" \"User Commands\"\n.SH NAME\ncoyel \\- {}\n",
                    version, roff(one_line_summary(program.description)));
    // Left-adjusted, as synopses are: justified, a long line's spaces would double.
    out += ".SH SYNOPSIS\n.ad l\n.B coyel\n.br\n";
    for (const auto& command : program.subcommands) out += synopsis_of(command, "");
    out += ".B coyel \\-\\-version\n[\\fB\\-\\-verbose\\fR]\n.ad b\n";
    out += fmt::format(".SH DESCRIPTION\n{}\n", roff(program.description));
    out += R"(.PP
Without a command, \fBcoyel\fR is \fBcoyel new\fR, asking for the players.
)";
    out += ".SH OPTIONS\n" + option_entries(program.options, true);
    out += commands_section(program);
    out += prompt_commands_section(program);
    out += house_rules_section();
    out += files_and_environment;
    out += exit_status;
    out += examples_and_more;
    return out;
}

}  // namespace coyel::cli
