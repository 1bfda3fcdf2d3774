# What every terminal test shares, sourced by lib.sh and by the tests that
# keep their own helpers: tmux_ (tmux on the test's own server, $server) and
# scaled (a time bound stretched to the machine running the test).

# Every `-t NAME` names the session NAME exactly (=NAME:): tmux reads a bare
# name as a window of its current session first, prefixes included, and a
# key meant for session "t" once went to a newer session's pane.
tmux_() {
  local args=()
  while (($#)); do
    if [[ $1 == -t && $# -gt 1 && $2 =~ ^[A-Za-z0-9_-]+$ ]]; then
      args+=(-t "=$2:")
      shift 2
    else
      args+=("$1")
      shift
    fi
  done
  tmux -L "$server" "${args[@]}"
}

# scaled N: the bound N (any unit) times COYEL_TIME_FACTOR (10 under the
# sanitizers) and times the load beyond the machine's cores, so that a bound
# fails for a slow program, not for a busy machine.
scaled() {
  awk -v n="$1" -v factor="${COYEL_TIME_FACTOR:-1}" -v cores="$(nproc)" \
    '{ load = $1 / cores; if (load < 1) load = 1; printf "%d\n", n * factor * load }' /proc/loadavg
}

# A wait polls the screen about ten times a second. On two cores a `sleep`
# and a `grep` per poll, beside tmux, cost each waiting test a third of a
# core, taken from the tests and the build running beside it: these two
# start no process but tmux.

# nap SECONDS: sleeps, reading a pipe nobody writes to, with a timeout.
exec {nap_fd}<> <(:)
nap() { read -rt "$1" -u "$nap_fd" || true; }

# has_line -F|-E|-x TEXT: whether a line of standard input contains TEXT
# (-F), matches the extended regex TEXT (-E) or is TEXT whole (-x), as grep
# -q would say. Use it as `has_line -F text < <(screen)`.
has_line() {
  local line
  while IFS= read -r line; do
    case $1 in
      -E) [[ $line =~ $2 ]] && return 0 ;;
      -x) [[ $line == "$2" ]] && return 0 ;;
      *) [[ $line == *"$2"* ]] && return 0 ;;
    esac
  done
  return 1
}
