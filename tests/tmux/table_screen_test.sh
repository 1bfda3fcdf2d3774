#!/usr/bin/env bash
# The laptop's screen at the table, under tmux: the night's secrets and the
# roles of `status` leave the screen and its scrollback after Enter; lines
# wrap to the window's width and the command to copy is never split.
# Usage: table_screen_test.sh PATH/TO/coyel
set -euo pipefail
export COYEL_LANG=en  # English whatever the locale: the checks read English lines
coyel=$(realpath "$1")
folder=$(realpath "$(mktemp -d)")
export TMUX_TMPDIR=$folder
server="coyel-screen-$$"
trap 'tmux -L "$server" kill-server 2>/dev/null || true; sleep 0.2; rm -rf "$folder" 2>/dev/null || true' EXIT

source "$(dirname "$0")/lib.sh"
wait_grep=-F
everything() { tmux_ capture-pane -p -J -S -2000 -t t; }  # the scrollback too, wrapped lines joined
fail() { echo "FAIL: $1"; everything; exit 1; }

save="$folder/a-rather-long-folder-name-for-the-games-of-the-evening/game.json"
mkdir -p "$(dirname "$save")"
tmux_ new-session -d -s t -x 60 -y 30 \
  "COYEL_FROZEN_CLOCK=1 $coyel new --players Ana,Ben,Cleo,Dan,Eve --roles Ana=carbon,Cleo=ngo,Dan=ceo --mode night --save $save; echo EXITED; sleep 30"

wait_for "Start the game with this deal?"  # --roles on a terminal: confirmed first
tmux_ send-keys -t t 'yes' Enter

# 1. The night's lines stay until Enter; then neither the screen nor the
#    scrollback holds any of them.
wait_for "mayor>"
for step in "Eve:carbon target>" "Ben:NGO protects>" "none:CEO lobbies>" "none:"; do
  tmux_ send-keys -t t "${step%%:*}" Enter
  [[ -z ${step#*:} ]] || wait_for "${step#*:}"  # each call asked before its answer is typed
done
wait_for "Enter clears the screen and opens the day>"
everything | grep -qF "The carbon emissions target Ben." || fail "the night's answer was not shown before dawn"
tmux_ send-keys -t t Enter
wait_for "Everyone, open your eyes"
everything | grep -qF "The carbon emissions target" && fail "the night is still in the scrollback after dawn"

# 2. The day: `status` asks for the screen to be turned away first; its
#    roles go with Enter.
tmux_ send-keys -t t "status" Enter
wait_for "Turn the screen away from the players, then Enter>"
everything | grep -qF "ngo" && fail "status showed roles before the screen was turned away"
tmux_ send-keys -t t Enter
wait_for "Enter hides the roles>"
everything | grep -qF "ngo" || fail "status showed no roles"
tmux_ send-keys -t t Enter
wait_for "votes for>"
everything | grep -qF "ngo" && fail "the roles are still on screen or in the scrollback"

# 3. Wrapped to 60 columns, and the command to copy whole on its line.
screen | awk 'length > 60 { bad = 1 } END { exit bad }' || fail "a line is wider than the window"
tmux_ send-keys -t t "quit" Enter
wait_for "EXITED"
everything | grep -qxF "    coyel resume $save" || fail "the resume command is not whole on its own line"
echo "table screen: ok"
