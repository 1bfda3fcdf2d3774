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
