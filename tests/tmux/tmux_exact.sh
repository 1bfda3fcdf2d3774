# tmux_: tmux on the test's own server ($server). Sourced by lib.sh and by
# the tests that keep their own helpers.

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
