#!/usr/bin/env bash
# A real terminal under tmux: tab completion, line editing and history
# (libedit), and the private walk-through of a random deal.
# Usage: terminal_test.sh PATH/TO/coyel
set -euo pipefail
coyel=$(realpath "$1")
folder=$(mktemp -d)
server=""
runs=0
trap 'tmux -L "$server" kill-server 2>/dev/null || true; sleep 0.2; rm -rf "$folder" 2>/dev/null || true' EXIT

tmux_() { tmux -L "$server" "$@"; }
screen() { tmux_ capture-pane -p -t t; }
# Waits until the screen shows $1 (at most 5 s).
wait_for() {
  for _ in $(seq 150); do  # 15 s: the random-play test may hold both cores
    screen | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  echo "FAIL: never saw: $1"; screen; exit 1
}
fail() { echo "FAIL: $1"; screen; exit 1; }

# Each run gets a server of its own: a new session on a server still shutting
# down fails with "server exited unexpectedly".
start() {
  [[ -n $server ]] && tmux_ kill-server 2>/dev/null || true
  runs=$((runs + 1))
  server="coyel-test-$$-$runs"
  tmux_ new-session -d -s t -x 100 -y 40 \
    "cd $folder && COYEL_FROZEN_CLOCK=1 $coyel $*; echo EXITED; sleep 30"
}

# 1. Tab completes a name; editing keys fix a typo; Up recalls history.
start new --players "Ana,Ben,Cleo,Dan,Hana" --roles "Ana=carbon" --save game.json
wait_for "mayor>"
tmux_ send-keys -t t 'ha' Tab Enter
wait_for "Hana is the mayor"
tmux_ send-keys -t t 'Bxn' Left BSpace 'e' Enter
wait_for "Carbon emissions, close your eyes"
tmux_ send-keys -t t 'undo' Enter
wait_for "Undone: the carbon emissions' target, Ben."
tmux_ send-keys -t t Up Up Enter  # history: "Ben" again
wait_for "opens the day>"
tmux_ send-keys -t t Enter  # dawn: the screen is cleared first
wait_for "Day 1"
tmux_ send-keys -t t 'quit' Enter
wait_for "EXITED"
grep -q '"do": "carbon_target", "player": "Ben"' "$folder/game.json" || fail "Ben was not the target"
grep -q '"do": "elect_mayor", "player": "Hana"' "$folder/game.json" || fail "Hana was not elected"

# 2. Several completions are listed; colours only on a terminal, off with NO_COLOR.
rm -f "$folder/game.json"
start new --players "Ana,Anton,Ben,Cleo,Dan" --roles "Ben=carbon" --save game.json
wait_for "mayor>"
tmux_ send-keys -t t 'a' Tab
wait_for "Anton"
tmux_ send-keys -t t C-u 'quit' Enter
wait_for "EXITED"

# 3. The walk-through shows one role at a time and clears it.
rm -f "$folder/game.json"
start new --seed 7 --players "Ana,Ben,Cleo,Dan,Eve,Finn" --save game.json
wait_for "Enter shows seat 1's card"
tmux_ send-keys -t t Enter
wait_for "1 · Ana"
roles_shown=$(screen | grep -cE 'Carbon Emission|Citizen-Ecosystem|Environmental NGO|Fossil Fuel CEO|Bank CEO|Fragile Ecosystem' || true)
[[ $roles_shown == 1 ]] || fail "the walk-through showed $roles_shown roles at once"
tmux_ send-keys -t t Enter
wait_for "Enter shows seat 2's card"
screen | grep -q "1 · Ana" && fail "seat 1's card stayed on screen"
for _ in 2 3 4 5 6; do tmux_ send-keys -t t Enter Enter; sleep 0.2; done
wait_for "mayor>"
screen | grep -qE 'Carbon Emission|Fossil Fuel CEO' && fail "a role is on screen after the deal"
tmux_ send-keys -t t 'quit' Enter
wait_for "EXITED"
echo "terminal test passed"
