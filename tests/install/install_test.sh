#!/usr/bin/env bash
# coyel installed into a scratch prefix, checked as a user meets it: the
# binary runs, `man -l` renders a page naming every subcommand and option
# that --help lists, and each shell's completion script loads and completes
# subcommands, options, house rules, role ids and save files.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR files|man|bash|zsh|fish
# Exits 77 (skipped) when the shell or man is not installed.
set -euo pipefail
build=$(realpath "$1")
source_dir=$(realpath "$2")
part=$3
scratch=$(mktemp -d)
server=""
trap '[[ -n $server ]] && tmux -L "$server" kill-server 2>/dev/null; rm -rf "$scratch"' EXIT
fail() { echo "FAIL ($part): $*"; exit 1; }
skip_without() { command -v "$1" >/dev/null || { echo "SKIP: $1 is not installed"; exit 77; }; }

prefix=$scratch/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
coyel=$prefix/bin/coyel
# A folder to complete file names in: saves, another file, a folder.
mkdir -p "$scratch/table/older games"
touch "$scratch/table/friday.json" "$scratch/table/notes.txt"
# The games folder, where `resume` and `display` look without a FILE.
export XDG_DATA_HOME=$scratch/data
games=$XDG_DATA_HOME/coyel/games
mkdir -p "$games"
touch "$games/2026-11-30-2115-ana-ben-cleo.json" "$games/.2026-11-30-2115-ana-ben-cleo.json.lock"

# Every subcommand --help lists, and every option of each.
subcommands() { "$coyel" --help | sed -n '/^Subcommands:/,/^$/p' | awk 'NR > 1 && NF { print $1 }'; }
# The options a command's --help lists (each option line's own name: not
# those its footer's examples mention).
options_of() { "$coyel" "$1" --help | sed -nE 's/^ +(-[a-zA-Z],)?(--[a-z][a-z-]*).*/\2/p' | sort -u; }

# Whether $1 (the completions, one per line) holds the line $2.
offers() { grep -qxF -- "$2" <<<"$1" || fail "completing gave no \"$2\" in: $(tr '\n' ' ' <<<"$1")"; }
lacks() { ! grep -qxF -- "$2" <<<"$1" || fail "completing gave \"$2\" in: $(tr '\n' ' ' <<<"$1")"; }

check_files() {
    for file in bin/coyel share/man/man1/coyel.1.gz share/bash-completion/completions/coyel \
        share/zsh/vendor-completions/_coyel share/fish/vendor_completions.d/coyel.fish \
        share/doc/coyel/copyright share/doc/coyel/changelog.gz share/doc/coyel/rules.md \
        share/doc/coyel/rulings.md; do
        [[ -s $prefix/$file ]] || fail "$file was not installed"
    done
    "$coyel" --version | grep -qxE 'coyel [0-9]+\.[0-9]+\.[0-9]+' || fail "--version: $("$coyel" --version)"
    "$coyel" --version --verbose | grep -q 'CLI11 .*fmt .*nlohmann_json .*libedit' ||
        fail "--version --verbose names no libraries"
    "$coyel" check "$source_dir/data/samples/ecosystems-win.json" | grep -q '^ok' ||
        fail "the installed coyel cannot check a sample save"
}

check_man() {
    skip_without man
    local page warnings
    page=$(MANWIDTH=100 man -l "$prefix/share/man/man1/coyel.1.gz" 2>/dev/null | col -b)
    warnings=$(MANWIDTH=100 man --warnings -l "$prefix/share/man/man1/coyel.1.gz" 2>&1 >/dev/null)
    [[ -z $warnings ]] || fail "man warns: $warnings"
    for section in NAME SYNOPSIS OPTIONS COMMANDS "HOUSE RULES" FILES ENVIRONMENT "EXIT STATUS" EXAMPLES; do
        grep -qx "$section" <<<"$page" || fail "no $section section"
    done
    for command in $(subcommands); do
        grep -q "^   coyel $command\$" <<<"$page" || fail "subcommand $command is not in the page"
        # The command's own part of COMMANDS, up to the next command or section.
        local own  # not "part": fail names the part being tested
        own=$(awk -v title="   coyel $command" '$0 == title { inside = 1; next }
                   inside && (/^   coyel / || /^[A-Z]/) { exit } inside' <<<"$page")
        for option in $(options_of "$command"); do
            [[ $option == --help ]] && continue  # said once, under OPTIONS
            grep -qE -- "^ +$option( |\$)" <<<"$own" || fail "$command $option is not in its part"
        done
    done
    for rule in temperature.mode slapp_uses mayor_succession; do
        grep -qF "$rule=" <<<"$page" || fail "house rule $rule is not in the page"
    done
    for variable in NO_COLOR COYEL_LANG XDG_DATA_HOME .lock 105 143; do
        grep -qF -- "$variable" <<<"$page" || fail "the page says nothing of $variable"
    done
    # The synopsis: optional arguments bracketed, required ones not.
    for line in "coyel resume [FILE] [--no-clear]" "coyel display [FILE]" "coyel stats [PATHS...]" \
        "coyel balance [--players INT]" "coyel script show LANG" "coyel script check FILE..."; do
        grep -qF -- "$line" <<<"$page" || fail "the synopsis has no \"$line\""
    done
    # Every command of the game's prompt, each in IN-GAME COMMANDS.
    local prompt
    prompt=$(awk '/^IN-GAME COMMANDS$/ { inside = 1; next } inside && /^[A-Z]/ { exit } inside' <<<"$page")
    for command in help status table undo note pause resume clock heat timer save quit; do
        grep -qE -- "^ +$command( |\$)" <<<"$prompt" || fail "the prompt's $command is not in the page"
    done
    # The house rules once, and no line past 80 columns at 80.
    [[ $(grep -c 'a tied vote removes nobody' <<<"$page") == 1 ]] || fail "the house rules are in the page more than once"
    local wide
    wide=$(MANWIDTH=80 man -l "$prefix/share/man/man1/coyel.1.gz" 2>/dev/null | col -b | awk 'length > 80')
    [[ -z $wide ]] || fail "lines past 80 columns: $wide"
    # SEE ALSO names files that are installed.
    for doc in rules.md rulings.md; do
        [[ -s $prefix/share/doc/coyel/$doc ]] || fail "SEE ALSO names $doc, not installed"
    done
    check_man_french
}

# `man -L fr coyel`: the same page in the French script's words, found by man
# itself under share/man/fr.
check_man_french() {
    local page warnings wide
    [[ -s $prefix/share/man/fr/man1/coyel.1.gz ]] || fail "no French man page installed"
    page=$(LC_ALL=C.UTF-8 MANPATH=$prefix/share/man MANWIDTH=100 man -L fr coyel 2>/dev/null | col -b)
    warnings=$(MANWIDTH=100 man --warnings -l "$prefix/share/man/fr/man1/coyel.1.gz" 2>&1 >/dev/null)
    [[ -z $warnings ]] || fail "man warns on the French page: $warnings"
    for section in NOM SYNOPSIS OPTIONS COMMANDES "COMMANDES EN JEU" "RÈGLES MAISON" FICHIERS \
        ENVIRONNEMENT "CODE DE RETOUR" EXEMPLES "VOIR AUSSI"; do
        grep -qx "$section" <<<"$page" || fail "no $section section in the French page"
    done
    for words in "Lancer une partie" "égalité=aucun | second-tour" "annuler la dernière saisie" \
        "Sans commande, coyel est coyel new"; do
        grep -qF -- "$words" <<<"$page" || fail "the French page has no \"$words\""
    done
    for words in "House rules" "IN-GAME COMMANDS" "Start a game" "(repeatable)"; do
        ! grep -qF -- "$words" <<<"$page" || fail "the French page says \"$words\""
    done
    # Characters, not bytes, at 80 columns.
    wide=$(LC_ALL=C.UTF-8 MANPATH=$prefix/share/man MANWIDTH=80 man -L fr coyel 2>/dev/null |
        col -bx | LC_ALL=C.UTF-8 wc -L)
    ((wide <= 80)) || fail "the French page is $wide columns wide at 80"
}

# bash calls _coyel with the line so far; the function is run the same way.
bash_complete() {
    (cd "$scratch/table" && bash --norc --noprofile -c '
        source "$1"
        COMP_LINE=$2 COMP_POINT=${#2}
        read -ra COMP_WORDS <<<"$2"
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        _coyel coyel
        printf "%s\n" "${COMPREPLY[@]}"' _ "$prefix/share/bash-completion/completions/coyel" "$1")
}

check_bash() {
    skip_without bash
    bash --norc --noprofile -c 'source "$1" && complete -p coyel' _ \
        "$prefix/share/bash-completion/completions/coyel" | grep -q -- '-F _coyel' ||
        fail "the script does not register _coyel for coyel"
    local got
    got=$(bash_complete "coyel re"); offers "$got" replay; offers "$got" resume; lacks "$got" new
    got=$(bash_complete "coyel "); for command in $(subcommands); do offers "$got" "$command"; done
    got=$(bash_complete "coyel replay game.json --vi"); offers "$got" --view
    got=$(bash_complete "coyel replay game.json --view "); offers "$got" moderator; offers "$got" table
    got=$(bash_complete "coyel new --option ti"); offers "$got" tie=
    # Bash replaces what follows the last '=', so the reply is the value alone.
    got=$(bash_complete "coyel new --option tie=r"); offers "$got" revote
    got=$(bash_complete "coyel new --deck carbon=2,n"); offers "$got" "2,ngo"
    got=$(bash_complete "coyel new --roles Ana=carbon,Ben=b"); offers "$got" banker
    got=$(bash_complete "coyel resume "); offers "$got" friday.json; offers "$got" "older games"
    lacks "$got" notes.txt
    offers "$got" "$games/2026-11-30-2115-ana-ben-cleo.json"
    lacks "$got" "$games/.2026-11-30-2115-ana-ben-cleo.json.lock"
    got=$(bash_complete "coyel resume 2026"); offers "$got" "$games/2026-11-30-2115-ana-ben-cleo.json"
    got=$(bash_complete "coyel status "); lacks "$got" "$games/2026-11-30-2115-ana-ben-cleo.json"
    got=$(bash_complete "coyel new --lang "); offers "$got" en; offers "$got" fr; lacks "$got" friday.json
    got=$(bash_complete "coyel completion "); offers "$got" zsh
}

# A real interactive zsh under tmux, its completion system started from a
# scratch ZDOTDIR whose fpath holds only the installed _coyel besides zsh's own.
check_zsh() {
    skip_without zsh
    skip_without tmux
    local home=$scratch/zdot
    mkdir -p "$home"
    cat >"$home/.zshrc" <<EOF
fpath=($prefix/share/zsh/vendor-completions \$fpath)
path=($prefix/bin \$path)
autoload -Uz compinit && compinit -u -d $home/.zcompdump
PS1='zsh%% '
EOF
    server="coyel-install-$$"
    tmux -L "$server" new-session -d -s z -x 120 -y 30 \
        "cd '$scratch/table' && ZDOTDIR='$home' HOME='$home' zsh -d -i"
    zsh_wait_for 'zsh%'
    zsh_type "coyel rep" Tab; zsh_wait_for 'coyel replay'
    zsh_type " friday.json --vi" Tab; zsh_wait_for 'coyel replay friday.json --view'
    zsh_type " t" Tab; zsh_wait_for 'coyel replay friday.json --view table'
    tmux -L "$server" send-keys -t z C-u
    zsh_type "coyel new --option ti" Tab; zsh_wait_for 'coyel new --option tie='
    zsh_type "r" Tab; zsh_wait_for 'coyel new --option tie=revote'
    tmux -L "$server" send-keys -t z C-u
    zsh_type "coyel status fr" Tab; zsh_wait_for 'coyel status friday.json'
    tmux -L "$server" send-keys -t z C-u
    zsh_type "coyel resume " Tab; zsh_wait_for '2026-11-30-2115-ana-ben-cleo.json'
    tmux -L "$server" send-keys -t z C-u
    zsh_type "coyel new --lang e" Tab; zsh_wait_for 'coyel new --lang en'
}
zsh_type() { tmux -L "$server" send-keys -t z -l "$1"; [[ $# -gt 1 ]] && tmux -L "$server" send-keys -t z "$2"; }
zsh_wait_for() {
    local deadline=$((SECONDS + 30))  # generous: two cores shared by many builds
    until tmux -L "$server" capture-pane -p -t z | grep -qF -- "$1"; do
        ((SECONDS < deadline)) || fail "zsh never showed \"$1\": $(tmux -L "$server" capture-pane -p -t z)"
        sleep 0.2
    done
}

fish_complete() {
    (cd "$scratch/table" && fish --no-config -c 'source $argv[1]; complete -C $argv[2]' \
        "$prefix/share/fish/vendor_completions.d/coyel.fish" "$1") | cut -f1
}

check_fish() {
    skip_without fish
    local got
    got=$(fish_complete "coyel re"); offers "$got" replay; offers "$got" resume; lacks "$got" new
    got=$(fish_complete "coyel replay game.json --vi"); offers "$got" --view
    got=$(fish_complete "coyel replay game.json --view "); offers "$got" table
    got=$(fish_complete "coyel new --option ti"); offers "$got" tie=
    got=$(fish_complete "coyel new --option tie="); offers "$got" tie=revote
    got=$(fish_complete "coyel new --deck carbon=2,n"); offers "$got" carbon=2,ngo
    got=$(fish_complete "coyel new --roles Ana=c"); offers "$got" Ana=ceo
    got=$(fish_complete "coyel resume "); offers "$got" friday.json; lacks "$got" notes.txt
    offers "$got" "$games/2026-11-30-2115-ana-ben-cleo.json"
    got=$(fish_complete "coyel replay x.json --lang "); offers "$got" en; offers "$got" fr
    lacks "$got" friday.json
}

case $part in
    files) check_files ;;
    man) check_man ;;
    bash) check_bash ;;
    zsh) check_zsh ;;
    fish) check_fish ;;
    *) fail "no such part: $part" ;;
esac
echo "ok: $part"
