#!/usr/bin/env bash
# Tab completion of accented names in a real terminal (libedit): typed with
# or without the accent, the completion carries the name's own spelling.
# Usage: accented_names_test.sh PATH/TO/coyel
set -euo pipefail
export COYEL_LANG=en  # English whatever the locale: the checks read English lines
coyel=$(realpath "$1")
folder=$(mktemp -d)
server="coyel-accents-$$"
trap 'tmux -L "$server" kill-server 2>/dev/null || true; sleep 0.2; rm -rf "$folder" 2>/dev/null || true' EXIT

source "$(dirname "$0")/lib.sh"

tmux_ new-session -d -s t -x 100 -y 40 \
  "cd $folder && COYEL_FROZEN_CLOCK=1 $coyel new --players 'Ana,Pía,Émile,Zoe,Zoé' --roles 'Ana=carbon' --save game.json; echo EXITED; sleep 30"
wait_for "Start the game with this deal?"  # --roles on a terminal: confirmed first
tmux_ send-keys -t t 'yes' Enter
wait_for "mayor> ?$"

# 1. "pí" + Tab: two characters (three bytes) replaced by the name.
tmux_ send-keys -t t 'pí' Tab
wait_for "mayor> Pía$"
# 2. "pi" + Tab: the accent left out, the completion puts it in.
tmux_ send-keys -t t C-u
wait_for "mayor> ?$"
tmux_ send-keys -t t 'pi' Tab
wait_for "mayor> Pía$"
tmux_ send-keys -t t Enter
wait_for "Pía is the mayor"

# 3. "em" + Tab completes to Émile, capital and accent.
wait_for "carbon target> ?$"
tmux_ send-keys -t t 'em' Tab
wait_for "carbon target> Émile$"
tmux_ send-keys -t t Enter
wait_for "The carbon emissions target Émile"
wait_for "opens the day>"
tmux_ send-keys -t t Enter  # dawn: the screen is cleared first

# 4. "zo" + Tab with Zoe and Zoé: both listed, in columns, "Zo" kept to type on.
wait_for "votes for> ?$"
tmux_ send-keys -t t 'zo' Tab
wait_for "^  Zoe  Zoé$"
wait_for "votes for> Zo$"
tmux_ send-keys -t t C-u 'quit' Enter
wait_for "EXITED"
grep -q '"do": "elect_mayor", "player": "Pía"' "$folder/game.json" || fail "Pía was not elected"
grep -q '"do": "carbon_target", "player": "Émile"' "$folder/game.json" || fail "Émile was not the target"
echo "accented names test passed"
