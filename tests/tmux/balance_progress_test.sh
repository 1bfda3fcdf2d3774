#!/usr/bin/env bash
# `coyel balance` on a real terminal: a long run says what it plays at once,
# shows the games played so far, and Ctrl-C ends it with the figures of
# those games; --advise shows the games raced so far; in a pipe no progress
# line is written.
# Usage: balance_progress_test.sh PATH/TO/coyel
set -euo pipefail
coyel=$(realpath "$1")
folder=$(mktemp -d)
server="coyel-progress-$$"
trap 'tmux -L "$server" kill-server 2>/dev/null || true; sleep 0.2; rm -rf "$folder" 2>/dev/null || true' EXIT

source "$(dirname "$0")/common.sh"
screen() { tmux_ capture-pane -p -J -t "$1"; }
# 30 s, scaled: the lab plays about 30 times slower under the sanitizers.
wait_for() {
  for _ in $(seq "$(scaled 300)"); do
    has_line -E "$2" < <(screen "$1") && return 0
    nap 0.1
  done
  echo "FAIL: never saw: $2"; screen "$1"; exit 1
}

tmux_ new-session -d -s run -x 200 -y 40 \
  "cd $folder && $coyel balance --players 30 --games 50000000 --threads 1; echo \"exit \$?\"; sleep 600"
wait_for run "^30 players · .* · seed 1, 1 thread$"
wait_for run "^[0-9,]+ of 50,000,000 games played \([0-9.]+%\); Ctrl-C stops with the figures so far$"
tmux_ send-keys -t run C-c
wait_for run "^Stopped: the figures above are those of the first [0-9,]+ of 50,000,000 games\.$"
wait_for run "^exit 130$"
screen run | grep -qE "^Ecosystems win [0-9.]+% \(95% CI" || { echo "FAIL: no figures"; screen run; exit 1; }
screen run | grep -qE "games played \(" && { echo "FAIL: the progress line stayed"; screen run; exit 1; }
# --advise races with no total known: the games played so far, then the ranking alone.
# A tenth of the games under the sanitizers, where the lab plays 30 times slower.
games=$((1200 / ${COYEL_TIME_FACTOR:-1}))
tmux_ new-session -d -s advise -x 200 -y 40 \
  "cd $folder && $coyel balance --players 20 --advise --games $games --threads 2; echo \"exit \$?\"; sleep 600"
wait_for advise "^[0-9,]+ games played so far \(racing the candidates\)$"
wait_for advise "^exit 0$"
screen advise | grep -qE "games played so far" && { echo "FAIL: the racing line stayed"; screen advise; exit 1; }
# In a pipe: the figures only, no progress line.
out=$("$coyel" balance --players 9 --games 3000 --threads 1 2>&1 | cat)
case "$out" in *"games played ("*) echo "FAIL: progress in a pipe: $out"; exit 1;; esac
echo "balance progress test passed"
