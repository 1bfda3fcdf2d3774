#!/usr/bin/env bash
# The group's games in a real terminal: a game started without --save lands
# in the games folder, `coyel games` lists it, and `coyel resume` alone names
# it and goes on at its prompt.
# Usage: games_test.sh PATH/TO/coyel
set -euo pipefail
coyel=$(realpath "$1")
folder=$(mktemp -d)
runs=0
server="coyel-games-$$-0"
# Kills every server this test started, then removes the folder.
cleanup() {
  for run in $(seq 0 "$runs"); do tmux -L "coyel-games-$$-$run" kill-server 2>/dev/null || true; done
  sleep 0.2
  rm -rf "$folder" 2>/dev/null || true
}
trap cleanup EXIT

source "$(dirname "$0")/lib.sh"
screen() { tmux_ capture-pane -p -J -t t; }  # wrapped lines joined
# Runs coyel with the games folder under $folder. Each run gets a server of
# its own: a new session on a server still shutting down fails.
start() {
  runs=$((runs + 1))
  server="coyel-games-$$-$runs"
  tmux_ new-session -d -s t -x 200 -y 40 \
    "cd $folder && XDG_DATA_HOME=$folder/data COYEL_FROZEN_CLOCK=1 $coyel $*; echo EXITED; sleep 30"
}

# 1. Without --save: the game goes to the games folder, under its own name.
start new --players "Ana,Bén,Cleo,Dan,Eve" --roles "Ana=carbon"
wait_for "Start the game with this deal?"
tmux_ send-keys -t t 'yes' Enter
wait_for "mayor> ?$"
tmux_ send-keys -t t -l 'cleo'
tmux_ send-keys -t t Enter
wait_for "carbon target> ?$"
tmux_ send-keys -t t -l 'quit'
tmux_ send-keys -t t Enter
wait_for "EXITED"
save=$(ls "$folder"/data/coyel/games/*.json)
[[ $(basename "$save") =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{4}-ana-ben-cleo\.json$ ]] ||
  fail "unexpected save name: $save"

# 2. coyel games: one line, the game at Night 1.
start games
wait_for "EXITED"
screen | grep -qE "^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}  Ana, Bén, Cleo, Dan, Eve  Night 1  $save$" ||
  fail "coyel games does not list the game"

# 3. coyel resume alone: named, then the very prompt it stopped at.
start resume
wait_for "carbon target> ?$"
screen | grep -qxF "Resuming $save." || fail "resume did not name the game"
screen | grep -qxF "Night 1. Players: Ana, Bén, Cleo, Dan, Eve." || fail "resume did not say where the game stands"
tmux_ send-keys -t t -l 'quit'
tmux_ send-keys -t t Enter
wait_for "EXITED"
echo "games test passed"
