#!/usr/bin/env bash
# A real terminal under tmux: tab completion, line editing and history
# (libedit), the private walk-through of a random deal (left early and
# resumed), and a manual deal confirmed on screen.
# Usage: terminal_test.sh PATH/TO/coyel
set -euo pipefail
export COYEL_LANG=en  # English whatever the locale: the checks read English lines
coyel=$(realpath "$1")
folder=$(mktemp -d)
server=""
runs=0
trap 'tmux -L "$server" kill-server 2>/dev/null || true; sleep 0.2; rm -rf "$folder" 2>/dev/null || true' EXIT

source "$(dirname "$0")/lib.sh"
wait_grep=-F
# The screen and the scrollback above it.
history() { tmux_ capture-pane -p -S -200 -t t; }
roles='Carbon Emission|Citizen-Ecosystem|Environmental NGO|Fossil Fuel CEO|Bank CEO|Fragile Ecosystem'
# No card anywhere in the pane, scrollback included.
no_card_left() { history | grep -qE "$roles" && fail "a card is left in the pane: $1" || true; }
# After coyel, the terminal is back in cooked mode (start() prints stty's word).
# Shows and hides each card from seat $1 to seat $2 (the sixth by default),
# each key sent once the screen asks for it.
deal_from() {
  local seat
  for ((seat = $1; seat <= ${2:-6}; seat++)); do
    wait_for "Enter shows seat $seat's card"
    tmux_ send-keys -t t Enter
    wait_for "$seat · "
    tmux_ send-keys -t t Enter
  done
}
cooked() { screen | grep -q -- '-icanon' && fail "the terminal was left in raw mode: $1" || true; }

# Each run gets a server of its own: a new session on a server still shutting
# down fails with "server exited unexpectedly".
start() {
  [[ -n $server ]] && tmux_ kill-server 2>/dev/null || true
  runs=$((runs + 1))
  server="coyel-test-$$-$runs"
  tmux_ new-session -d -s t -x 100 -y 40 \
    "cd $folder && COYEL_FROZEN_CLOCK=1 $coyel $*; echo EXITED; stty -a | grep -oE -- '-?icanon'; sleep 30"
}

# 1. Tab completes a name; editing keys fix a typo; Up recalls history.
start new --players "Ana,Ben,Cleo,Dan,Hana" --roles "Ana=carbon" --save game.json
wait_for "Start the game with this deal?"
tmux_ send-keys -t t 'yes' Enter
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
wait_for "Start the game with this deal?"
tmux_ send-keys -t t 'yes' Enter
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
deal_from 2
wait_for "mayor>"
screen | grep -qE 'Carbon Emission|Fossil Fuel CEO' && fail "a role is on screen after the deal"
no_card_left "after the walk-through"
tmux_ send-keys -t t 'quit' Enter
wait_for "EXITED"

# 4. The walk-through left with Ctrl-C while a card shows: nothing stays on
# screen, the card on screen is not counted as seen (a card counts once
# hidden), and resume shows the rest from it, saying what `back` does.
start new --seed 7 --players "Ana,Ben,Cleo,Dan,Eve,Finn" --save deal.json
wait_for "Enter shows seat 1's card"
tmux_ send-keys -t t Enter
wait_for "1 · Ana"
tmux_ send-keys -t t Enter
wait_for "Enter shows seat 2's card"
tmux_ send-keys -t t Enter
wait_for "2 · Ben"
tmux_ send-keys -t t C-c
wait_for "EXITED"
no_card_left "after Ctrl-C in the walk-through"
cooked "after Ctrl-C in the walk-through"
grep -q '"pending": {"cards_shown": 1}' "$folder/deal.json" || fail "the card on screen was counted as seen"
start resume deal.json
wait_for "A card counts as seen once hidden. At a card's prompt, back shows the card"
wait_for "1 of 6 cards were seen. Show the rest now, from seat 2?"
tmux_ send-keys -t t 'yes' Enter
wait_for "Enter shows seat 2's card"
tmux_ send-keys -t t Enter
wait_for "2 · Ben"
tmux_ send-keys -t t Enter
deal_from 3
wait_for "mayor>"
no_card_left "after the walk-through resumed"
tmux_ send-keys -t t 'quit' Enter
wait_for "EXITED"
grep -q 'cards_shown' "$folder/deal.json" && fail "a finished walk-through is still pending"

# 4b. coyel killed while seat 3's card shows (a crash): resume shows seat 3's
# card again, and `back` there shows seat 2's.
start new --seed 7 --players "Ana,Ben,Cleo,Dan,Eve,Finn" --save crash.json
deal_from 1 2
wait_for "Enter shows seat 3's card"
tmux_ send-keys -t t Enter
wait_for "3 · Cleo"
kill -KILL "$(pgrep -P "$(tmux_ display -p -t t '#{pane_pid}')" -x coyel)"
wait_for "EXITED"
start resume crash.json
wait_for "2 of 6 cards were seen. Show the rest now, from seat 3?"
tmux_ send-keys -t t 'yes' Enter
wait_for "Enter shows seat 3's card"
tmux_ send-keys -t t 'back' Enter
wait_for "2 · Ben"
tmux_ send-keys -t t Enter
wait_for "Enter shows seat 3's card"
tmux_ send-keys -t t Enter
wait_for "3 · Cleo"
tmux_ send-keys -t t Enter
deal_from 4
wait_for "mayor>"
tmux_ send-keys -t t 'quit' Enter
wait_for "EXITED"

# 5. Ctrl-D before the first card: the deal is on disk already.
rm -f "$folder/deal.json"
start new --seed 7 --players "Ana,Ben,Cleo,Dan,Eve,Finn" --save deal.json
wait_for "Enter shows seat 1's card"
tmux_ send-keys -t t C-d
wait_for "EXITED"
cooked "after Ctrl-D in the walk-through"
grep -q '"pending": {"cards_shown": 0}' "$folder/deal.json" || fail "the deal was not saved"

# 6. A manual deal: each card checked at once, the whole deal shown and
# confirmed (back fixes a card), then cleared from the pane.
start new --players "Ana,Ben,Cleo,Dan,Eve" --manual --save manual.json
wait_for "Ana's card"
tmux_ send-keys -t t 'ngo' Enter
wait_for "Ben's card"
tmux_ send-keys -t t 'environ' Enter
wait_for "Ana already has the Environmental NGO"
tmux_ send-keys -t t 'carbon' Enter Enter Enter Enter
wait_for "Start the game with this deal?"
screen | grep -q "5 · Eve: Citizen-Ecosystem" || fail "the deal is not shown whole"
tmux_ send-keys -t t 'back' Enter
wait_for "Eve's card (Enter: citizen)"
tmux_ send-keys -t t 'bank' Enter
wait_for "5 · Eve: Bank CEO"
tmux_ send-keys -t t 'yes' Enter
wait_for "mayor>"
no_card_left "after the deal was confirmed"
tmux_ send-keys -t t 'quit' Enter
wait_for "EXITED"
grep -q '"Eve":"banker"' "$folder/manual.json" || fail "the fixed card was not kept"

# 7. Ctrl-C at the confirmation: no game, no file, no card on screen.
start new --players "Ana,Ben,Cleo,Dan,Eve" --roles "Ana=carbon,Ben=ngo" --save unconfirmed.json
wait_for "Start the game with this deal?"
tmux_ send-keys -t t C-c
wait_for "EXITED"
no_card_left "after Ctrl-C at the confirmation"
cooked "after Ctrl-C at the confirmation"
[[ -e $folder/unconfirmed.json ]] && fail "a game left at the confirmation was saved"
echo "terminal test passed"
