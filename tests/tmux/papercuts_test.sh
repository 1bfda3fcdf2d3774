#!/usr/bin/env bash
# Lines outside the game screens in an 80-column window (issue 26): wrapped
# at words, never cut by the terminal; commands to copy on their own line;
# Ctrl-D at the players' prompt leaves the prompt's line; `resume` alone says
# where the game stands in a sentence; `coyel games` cuts a long player list
# to the window; Tab on an empty prompt lists in columns, the call kept on
# screen (issue 51).
# Usage: papercuts_test.sh PATH/TO/coyel
set -euo pipefail
coyel=$(realpath "$1")
folder=$(realpath "$(mktemp -d)")
runs=0
server="coyel-papercuts-$$-0"
cleanup() {
  for run in $(seq 0 "$runs"); do tmux -L "coyel-papercuts-$$-$run" kill-server 2>/dev/null || true; done
  sleep 0.2
  rm -rf "$folder" 2>/dev/null || true
}
trap cleanup EXIT
source "$(dirname "$0")/lib.sh"
# A new server per run, 80x24, the games folder under $folder.
start() {
  runs=$((runs + 1))
  server="coyel-papercuts-$$-$runs"
  tmux_ new-session -d -s t -x 80 -y 24 \
    "cd $folder && XDG_DATA_HOME=$folder/data COYEL_FROZEN_CLOCK=1 $coyel $*; echo EXITED; sleep 30"
}
# No row of the screen is as wide as the window: the terminal cut no line.
nothing_cut() {
  python3 -c '
import sys
rows = sys.stdin.read().split("\n")
cut = [row for row in rows if len(row) >= 80]
if cut:
    print("cut by the terminal:", *cut, sep="\n")
    sys.exit(1)' <<<"$(screen)" || fail "$1: a line was cut at the window's edge"
}
has_row() { screen | grep -qxF -- "$1" || fail "no row \"$1\""; }

# 1. Ctrl-D at the players' prompt: the refusal on a line of its own.
start new
wait_for "separated by commas> ?$"
tmux_ send-keys -t t C-d
wait_for "EXITED"
screen | grep -q "^No players given: no game started\.$" || fail "the refusal shares the prompt's line"

# 2. A random deal of nine (the count's default deck and length: fair, so no
# question): the estimate, its command whole, the seed, then Ctrl-C in the deal.
players="Ana,Ben,Cleo,Dan,Eve,Finn,Gus,Hana,Ivo"
start new --players "$players" --seed 1234567890123456789
wait_for "Enter shows seat 1's card> ?$"
nothing_cut "the deck's estimate"
has_row "    coyel balance --players 9 --games 2000 --seed 1"
screen | grep -qF "1234567890123456789)." || fail "the seed number is cut"
tmux_ send-keys -t t C-c
wait_for "EXITED"
nothing_cut "leaving the deal"
save=$(ls "$folder"/data/coyel/games/*.json)
has_row "    coyel resume"  # alone: the games folder's newest game is this one

# 3. resume alone: where the game stands, then the players, in sentences.
start resume
wait_for "Show the rest now"
nothing_cut "resuming"
screen | grep -qxF "Before the game. Players: Ana, Ben, Cleo, Dan, Eve, Finn, Gus, Hana, Ivo." ||
  fail "no sentence of where the game stands"
tmux_ send-keys -t t C-c
wait_for "EXITED"

# 4. coyel games: a game of 22 players is cut to the window, the file whole.
many=Vic,Uma,Tao,Sol,Rui,Quy,Pia,Oto,Nia,Max,Lea,Kim,Jo,Ivo,Hana,Gus,Finn,Eve,Dan,Cleo,Ben,Ana
(cd "$folder" && printf 'yes\nquit\n' | XDG_DATA_HOME=$folder/data COYEL_FROZEN_CLOCK=1 \
  "$coyel" new --players "$many" --roles Ana=carbon,Ben=carbon --save "$folder/data/coyel/games/many.json" \
  >/dev/null 2>&1) || true
start games
wait_for "EXITED"
line=$(tmux_ capture-pane -p -J -t t | grep -E "^[0-9-]{10} [0-9:]{5}  Vic, Uma") ||
  fail "coyel games does not list the game of 22"
grep -qF "…" <<<"$line" || fail "the 22 players are not cut: $line"
grep -qF "Ana" <<<"$line" && fail "the 22 players are not cut: $line"
grep -qE "/many\.json$" <<<"$line" || fail "the file is not whole: $line"
# 5. Tab on an empty prompt in a game of nine: the commands and names in
# columns, the night's call still on the 80x24 screen above them (issue 51).
start new --players "$players" --roles Ana=carbon,Ben=carbon --save tab.json
wait_for "Start the game with this deal"
tmux_ send-keys -t t 'yes' Enter
wait_for "mayor> ?$"
tmux_ send-keys -t t 'none' Enter
wait_for "carbon target> ?$"
tmux_ send-keys -t t Tab
wait_for "^  Ben .*help "
screen | grep -qF "── Night 1 · the carbon emissions ──" || fail "Tab's list pushed the call off the screen"
nothing_cut "Tab's list"
tmux_ send-keys -t t 'quit' Enter
wait_for "EXITED"
echo "papercuts test passed"
