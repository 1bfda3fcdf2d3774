// `coyel completion bash|zsh|fish`: one script per shell, written from
// describe()'s commands and options, the core's house rules and role ids.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>

#include "commands/cli_docs.hpp"
#include "coyel/options.hpp"
#include "coyel/roles.hpp"
#include "coyel/text.hpp"

namespace coyel::cli {
namespace {

std::string role_ids() {
    std::string ids;
    for (const auto& info : role_table) {
        if (!ids.empty()) ids += ' ';  // piece by piece: GCC 12 warns falsely on "" + string
        ids += info.id;
    }
    return ids;
}

std::string rule_keys(std::string_view suffix) {
    std::string keys;
    for (const auto& info : option_table())
        keys += fmt::format("{}{}{}", keys.empty() ? "" : " ", info.key, suffix);
    return keys;
}

// Text inside '...' in any of the three shells (fish reads \' there too, but
// '\'' works in all of them).
std::string single_quoted(std::string_view text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string{"'\\''"} : std::string(1, c);
    return out + "'";
}

// Words for a shell's command line, each quoted unless plainly safe.
std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& word : words) {
        const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
        });
        if (!out.empty()) out += ' ';
        out += plain ? word : single_quoted(word);
    }
    return out;
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

// How each script completes a kind of value: bash's _coyel_value kind, zsh's
// _arguments action, fish's `complete` flags. A choice's words are added
// where it is written.
struct ValueActions {
    ValueKind kind;
    std::string_view bash, zsh, fish;
};
constexpr std::array<ValueActions, 9> value_actions = {{
    {ValueKind::none, "none", " ", ""},
    {ValueKind::free, "free", " ", " -x"},
    {ValueKind::choice, "choice", "", ""},
    {ValueKind::save_file, "save_file", "_files -g \"*.json(-.)\"", " -x -a '(__coyel_saves)'"},
    {ValueKind::game_file, "game_file", "_coyel_game_file", " -x -a '(__coyel_game_files)'"},
    {ValueKind::any_file, "any_file", "_files", " -r -F"},
    {ValueKind::house_rule, "house_rule", "_coyel_house_rule", " -x -a '(__coyel_house_rule)'"},
    {ValueKind::deck_cards, "deck_cards", "_coyel_deck_cards", " -x -a '(__coyel_deck_cards)'"},
    {ValueKind::seat_roles, "seat_roles", "_coyel_seat_roles", " -x -a '(__coyel_seat_roles)'"},
}};

const ValueActions& actions_of(ValueKind kind) {
    return *std::find_if(value_actions.begin(), value_actions.end(),
                         [kind](const ValueActions& actions) { return actions.kind == kind; });
}

std::string_view kind_id(ValueKind kind) { return actions_of(kind).bash; }

const OptionDoc* first_positional(const CommandDoc& command) {
    for (const auto& option : command.options)
        if (option.positional) return &option;
    return nullptr;
}

// ---- bash -----------------------------------------------------------------

// The helpers every command shares: candidates cut where bash cuts words
// (COMP_WORDBREAKS has '=' and ':'), then one function per kind of value.
constexpr std::string_view bash_helpers = R"BASH(
# Offers the candidates ($2...) that extend the word $1. Bash replaces only
# what follows the word's last '=' or ':' (COMP_WORDBREAKS), so that is cut.
_coyel_reply() {
    local word=$1 candidate head=""
    shift
    local breaks=${COMP_WORDBREAKS//[^=:]/}
    [[ -n $breaks && $word == *["$breaks"]* ]] && head=${word%"${word##*["$breaks"]}"}
    for candidate in "$@"; do
        [[ $candidate == "$word"* ]] && COMPREPLY+=("${candidate#"$head"}")
    done
}

# The games folder, as coyel finds it (XDG_DATA_HOME only when absolute).
_coyel_games_folder() {
    local data=${XDG_DATA_HOME:-}
    [[ $data == /* ]] || data=$HOME/.local/share
    printf '%s\n' "$data/coyel/games"
}

_coyel_value() {  # kind, word, choices...
    local kind=$1 word=$2 item head name role
    shift 2
    case $kind in
        choice) _coyel_reply "$word" "$@" ;;
        save_file)
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -f -X '!*.json' -- "$word"; compgen -d -- "$word") ;;
        game_file)  # the folder's saves, then the games folder's by their whole path
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -f -X '!*.json' -- "$word"; compgen -d -- "$word"
                [[ $word != */* ]] && compgen -f -X '!*.json' -- "$(_coyel_games_folder)/$word") ;;
        any_file)
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -f -- "$word") ;;
        house_rule)
            if [[ $word == *=* ]]; then
                local -a values
                read -ra values <<<"$(_coyel_rule_values "${word%%=*}")"
                _coyel_reply "$word" "${values[@]/#/${word%%=*}=}"
            else
                _coyel_reply "$word" $_coyel_rule_keys
                compopt -o nospace 2>/dev/null
            fi ;;
        deck_cards|seat_roles)
            item=${word##*,}
            head=${word%"$item"}
            local -a candidates=()
            if [[ $kind == deck_cards && $item != *=* ]]; then
                for role in $_coyel_roles; do candidates+=("$head$role"); done
            elif [[ $kind == seat_roles && $item == *=* ]]; then
                name=${item%%=*}
                for role in $_coyel_roles; do candidates+=("$head$name=$role"); done
            fi
            _coyel_reply "$word" "${candidates[@]}"
            compopt -o nospace 2>/dev/null ;;
    esac
}
)BASH";

std::string bash_rule_values() {
    std::string out = "_coyel_rule_values() {\n    case $1 in\n";
    for (const auto& [key, values] : house_rule_values())
        if (!values.empty()) out += fmt::format("        {}) echo {} ;;\n", key, joined(values));
    return out + "    esac\n}\n";
}

// `case "$command $prev"` lines: an option's value, after that option.
// `command` is "" for the program's own options (no subcommand typed yet).
std::string bash_option_values(const CommandDoc& options_of, std::string_view command) {
    std::string out;
    for (const auto& option : options_of.options) {
        if (option.positional || option.kind == ValueKind::none) continue;
        for (const auto& name : option.names)
            out += fmt::format("        {}) _coyel_value {} \"$cur\" {}; return ;;\n",
                               single_quoted(fmt::format("{} {}", command, name)),
                               kind_id(option.kind), joined(option.choices));
    }
    return out;
}

// The `case $command` lines: what is offered for a word starting with '-',
// and for any other word (the first positional's values).
std::pair<std::string, std::string> bash_words(const CommandDoc& command,
                                               std::string_view case_label) {
    std::vector<std::string> names;
    for (const auto& option : command.options)
        if (!option.positional) names.insert(names.end(), option.names.begin(), option.names.end());
    std::string dashed =
        fmt::format("            {}) _coyel_reply \"$cur\" {} ;;\n", case_label, joined(names));
    std::string other;
    if (const auto* positional = first_positional(command))
        other = fmt::format("        {}) _coyel_value {} \"$cur\" {} ;;\n", case_label,
                            kind_id(positional->kind), joined(positional->choices));
    return {dashed, other};
}

std::string bash_script(const CommandDoc& program) {
    std::vector<std::string> commands;
    std::string dashed, other;
    auto add_words = [&](const CommandDoc& command, std::string_view label) {
        auto [for_dashed, for_other] = bash_words(command, label);
        dashed += for_dashed;
        other += for_other;
    };
    add_words(program, "''");
    std::string option_values = bash_option_values(program, "");
    for (const auto& command : program.subcommands) {
        commands.push_back(command.name);
        option_values += bash_option_values(command, command.name);
        add_words(command, command.name);
    }
    other += fmt::format("        '') _coyel_reply \"$cur\" {} ;;\n", joined(commands));
    return fmt::format(
        R"(# bash completion for coyel                                -*- shell-script -*-
# Written by `coyel completion bash` from coyel's own command line.
_coyel_roles={roles}
_coyel_rule_keys={keys}
{rule_values}{helpers}
_coyel() {{
    local line=${{COMP_LINE:0:COMP_POINT}} command="" word
    local -a words
    read -ra words <<<"$line"
    [[ -z $line || $line == *[[:space:]] ]] && words+=("")
    local cur=${{words[-1]}} prev=""
    ((${{#words[@]}} > 1)) && prev=${{words[-2]}}
    ((${{#words[@]}} > 2)) && for word in "${{words[@]:1:${{#words[@]}}-2}}"; do
        case $word in
            {commands}) command=$word; break ;;
        esac
    done
    COMPREPLY=()
    case "$command $prev" in
{option_values}    esac
    if [[ $cur == -* ]]; then
        case $command in
{dashed}        esac
        return
    fi
    case $command in
{other}    esac
}}
complete -F _coyel coyel
)",
        fmt::arg("roles", single_quoted(role_ids())),
        fmt::arg("keys", single_quoted(rule_keys("="))),
        fmt::arg("rule_values", bash_rule_values()), fmt::arg("helpers", bash_helpers),
        fmt::arg("commands", fmt::join(commands, "|")), fmt::arg("option_values", option_values),
        fmt::arg("dashed", dashed), fmt::arg("other", other));
}

// ---- zsh ------------------------------------------------------------------

// Inside an _arguments spec's [explanation]: brackets and backslashes escaped.
std::string zsh_explanation(std::string_view text) {
    std::string out;
    for (char c : first_line(std::string{text})) {
        if (c == '[' || c == ']' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

std::string zsh_action(const OptionDoc& option) {
    if (option.kind == ValueKind::choice) return fmt::format("({})", joined(option.choices));
    return std::string{actions_of(option.kind).zsh};
}

// One _arguments spec per name: '--seed[Seed of the random deal]:INT: '.
std::string zsh_specs(const CommandDoc& command) {
    std::string specs;
    int position = 0;
    for (const auto& option : command.options) {
        std::string message = option.type_name;
        std::erase(message, ':');
        if (option.positional) {
            specs += " \\\n        " +
                     single_quoted(fmt::format("{}:{}:{}", ++position, option.names.front(),
                                               zsh_action(option)));
            continue;
        }
        for (const auto& name : option.names) {
            std::string spec = fmt::format("{}{}[{}]", option.repeatable ? "*" : "", name,
                                           zsh_explanation(option.description));
            if (option.kind != ValueKind::none)
                spec += fmt::format(":{}:{}", message, zsh_action(option));
            specs += " \\\n        " + single_quoted(spec);
        }
    }
    return specs;
}

constexpr std::string_view zsh_helpers = R"ZSH(
_coyel_game_file() {  # the folder's saves, then the games folder's by their whole path
    local data=${XDG_DATA_HOME:-}
    [[ $data == /* ]] || data=$HOME/.local/share
    local -a games=($data/coyel/games/*.json(N-.))
    _files -g "*.json(-.)"
    compadd -J games -X 'games folder' -- $games
}

_coyel_deck_cards() {  # role[=N],...
    compset -P '*,'
    compset -P '*=' && return 1
    compadd -q -S , -- ${=_coyel_roles}
}

_coyel_seat_roles() {  # NAME=ROLE,...
    compset -P '*,'
    compset -P '*=' || return 1
    compadd -q -S , -- ${=_coyel_roles}
}
)ZSH";

std::string zsh_house_rule() {
    std::string out =
        "_coyel_house_rule() {  # KEY=VALUE\n    if compset -P '*='; then\n"
        "        case ${IPREFIX%=} in\n";
    for (const auto& [key, values] : house_rule_values())
        if (!values.empty())
            out += fmt::format("            {}) compadd -- {} ;;\n", key, joined(values));
    return out + fmt::format("        esac\n    else\n        compadd -S = -- {}\n    fi\n}}\n",
                             rule_keys(""));
}

std::string zsh_script(const CommandDoc& program) {
    std::string described, per_command;
    for (const auto& command : program.subcommands) {
        described += "\n                " +
                     single_quoted(command.name + ":" + first_line(command.description));
        per_command += fmt::format("                {}) _arguments -s{} && ret=0 ;;\n",
                                   command.name, zsh_specs(command));
    }
    return fmt::format(R"(#compdef coyel
# zsh completion for coyel, written by `coyel completion zsh` from coyel's own
# command line.
_coyel_roles={roles}
{house_rule}{helpers}
_coyel() {{
    local curcontext=$curcontext state state_descr line ret=1
    typeset -A opt_args
    _arguments -C{program_specs} \
        '1: :->command' \
        '*:: :->argument' && ret=0
    case $state in
        command)
            local -a commands=({described}
            )
            _describe -t commands 'coyel command' commands && ret=0 ;;
        argument)
            curcontext=${{curcontext%:*:*}}:coyel-$words[1]:
            case $words[1] in
{per_command}            esac ;;
    esac
    return ret
}}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
    _coyel "$@"
else
    compdef _coyel coyel
fi
)",
                       fmt::arg("roles", single_quoted(role_ids())),
                       fmt::arg("house_rule", zsh_house_rule()), fmt::arg("helpers", zsh_helpers),
                       fmt::arg("program_specs", zsh_specs(program)),
                       fmt::arg("described", described), fmt::arg("per_command", per_command));
}

// ---- fish -----------------------------------------------------------------

constexpr std::string_view fish_helpers = R"FISH(
# Saves and folders; fish's own __fish_complete_suffix adds every other file.
function __coyel_saves
    __fish_complete_suffix .json | string match -r -- '^[^\t]*(?:\.json|/)(?:\t.*)?$'
end

# Saves, then the games folder's by their whole path.
function __coyel_game_files
    __coyel_saves
    set -l data $XDG_DATA_HOME
    string match -q '/*' -- $data; or set data $HOME/.local/share
    for game in $data/coyel/games/*.json
        echo $game
    end
end

# The token being completed, split at its last comma: the list so far, the item.
function __coyel_list_item
    set -l token (commandline -ct)
    string replace -r '[^,]*$' '' -- $token
    string replace -r '.*,' '' -- $token
end

function __coyel_deck_cards  # role[=N],...
    set -l parts (__coyel_list_item)
    string match -q '*=*' -- $parts[2]; and return
    for role in $__coyel_roles
        echo $parts[1]$role
    end
end

function __coyel_seat_roles  # NAME=ROLE,...
    set -l parts (__coyel_list_item)
    string match -q '*=*' -- $parts[2]; or return
    set -l name (string split -m 1 = -- $parts[2])[1]
    for role in $__coyel_roles
        echo $parts[1]$name=$role
    end
end
)FISH";

std::string fish_house_rule() {
    std::string out =
        "function __coyel_house_rule  # KEY=VALUE\n"
        "    set -l token (commandline -ct)\n    switch $token\n";
    for (const auto& [key, values] : house_rule_values())
        if (!values.empty())
            out += fmt::format("        case {}\n            printf '{}=%s\\n' {}\n",
                               single_quoted(key + "=*"), key, joined(values));
    return out + fmt::format(
                     "        case '*=*'\n        case '*'\n            printf '%s=\\n' {}\n"
                     "    end\nend\n",
                     rule_keys(""));
}

std::string fish_value(const OptionDoc& option) {
    if (option.kind == ValueKind::choice) return " -x -a " + single_quoted(joined(option.choices));
    return std::string{actions_of(option.kind).fish};
}

std::string fish_lines(const CommandDoc& command, const std::string& condition) {
    std::string out;
    for (const auto& option : command.options) {
        std::string line = "complete -c coyel -n " + single_quoted(condition);
        if (option.positional) {
            // -x offers only these words, where -a alone would add every file.
            out += line + fish_value(option) + "\n";
            continue;
        }
        for (const auto& name : option.names)
            line += name.starts_with("--") ? " -l " + name.substr(2) : " -s " + name.substr(1);
        out += line + fish_value(option) + " -d " + single_quoted(first_line(option.description)) +
               "\n";
    }
    return out;
}

std::string fish_script(const CommandDoc& program) {
    std::string out = fmt::format(
        "# fish completion for coyel, written by `coyel completion fish` from coyel's own\n"
        "# command line.\nset -g __coyel_roles {}\n{}{}\ncomplete -c coyel -f\n",
        role_ids(), fish_house_rule(), fish_helpers);
    out += fish_lines(program, "__fish_use_subcommand");
    for (const auto& command : program.subcommands)
        out += fmt::format("complete -c coyel -n __fish_use_subcommand -a {} -d {}\n", command.name,
                           single_quoted(first_line(command.description)));
    for (const auto& command : program.subcommands)
        out += fish_lines(command, "__fish_seen_subcommand_from " + command.name);
    return out;
}

}  // namespace

std::vector<std::pair<std::string, std::vector<std::string>>> house_rule_values() {
    std::vector<std::pair<std::string, std::vector<std::string>>> rules;
    for (const auto& info : option_table()) {
        std::vector<std::string> accepted;
        std::string_view listed = info.values;
        while (!listed.empty()) {
            const auto bar = listed.find('|');
            const std::string word{trim(listed.substr(0, bar))};
            listed = bar == std::string_view::npos ? "" : listed.substr(bar + 1);
            Options probe;  // the core says which listed words are values
            if (!set_option_text(probe, fmt::format("{}={}", info.key, word)))
                accepted.push_back(word);
        }
        rules.emplace_back(std::string{info.key}, std::move(accepted));
    }
    return rules;
}

std::optional<std::string> completion_script(const CommandDoc& program, std::string_view shell) {
    if (shell == "bash") return bash_script(program);
    if (shell == "zsh") return zsh_script(program);
    if (shell == "fish") return fish_script(program);
    return std::nullopt;
}

}  // namespace coyel::cli
