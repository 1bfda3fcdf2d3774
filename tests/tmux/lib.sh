# What the tmux tests share. Source it after setting $server (the tmux
# server's name); a test may then redefine screen or fail, or set
# wait_seconds (15 by default) and wait_grep (-E, or -F for plain text).
# The random-play test may hold both cores: waits are generous.

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
screen() { tmux_ capture-pane -p -t t; }
fail() { echo "FAIL: $1"; screen; exit 1; }

# Waits until a line of the screen matches $1.
wait_for() {
  for _ in $(seq "$(scaled $((${wait_seconds:-15} * 10)))"); do
    has_line "${wait_grep:--E}" "$1" < <(screen) && return 0
    nap 0.1
  done
  fail "never saw: $1"
}
