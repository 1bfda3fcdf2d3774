#!/usr/bin/env bash
# `coyel new` on a real terminal shows the balance lab's estimate for the deck
# and length under the deck's line, before the first card of the walk-through;
# the same deck and length always give the same figure (a fixed seed).
# Usage: deck_estimate_test.sh PATH/TO/coyel
set -euo pipefail
coyel=$(realpath "$1")
folder=$(mktemp -d)
server="coyel-estimate-$$"
trap 'tmux -L "$server" kill-server 2>/dev/null || true; sleep 0.2; rm -rf "$folder" 2>/dev/null || true' EXIT

source "$(dirname "$0")/common.sh"
screen() { tmux_ capture-pane -p -J -t "$1"; }
# Waits until a line of window $1's screen matches the extended regex $2 (at
# most 30 s: the simulation and other tests share the cores).
wait_for() {
  for _ in $(seq 300); do
    has_line -E "$2" < <(screen "$1") && return 0
    nap 0.1
  done
  echo "FAIL: never saw: $2"; screen "$1"; exit 1
}

players="Ana,Ben,Cleo,Dan,Eve,Finn,Gus,Hana,Ivo"
estimate="^Balance lab: the ecosystems win about [0-9]+% \([0-9]+ to [0-9]+% at 95%\) with this deck and length in 2,000 simulated games, which this plays \(give more --games for a closer figure\):$"
for run in 1 2; do
  tmux_ new-session -d -s "t$run" -x 200 -y 40 \
    "cd $folder && $coyel new --players '$players' --minutes 20 --option tie=revote --seed $run --save game$run.json; sleep 30"
  wait_for "t$run" "^Deck for 9 players: carbon, ceo, ngo, banker, fragile, 4 citizen\.$"
  wait_for "t$run" "$estimate"
  # The command that plays the figure, on its own line: the length, the house rules (the
  # count's default deck goes without saying).
  wait_for "t$run" "^    coyel balance --players 9 --minutes 20 --option tie=revote --games 2000 --seed 1$"
done
first=$(screen t1 | grep -E "$estimate")
second=$(screen t2 | grep -E "$estimate")
[ "$first" = "$second" ] || { echo "FAIL: two deals of one deck gave '$first' and '$second'"; exit 1; }

# The deck and the length played are stated, the count's default length said so.
tmux_ new-session -d -s length -x 200 -y 40 \
  "cd $folder && $coyel new --players '$players' --seed 1 --save length.json; sleep 30"
wait_for length "^Length: 18 minutes of game clock, the default for 9 players\.$"

# After "Unfair", a way out before anything is written: a random deal asks
# whether to start anyway; a --roles deal is checked at its confirmation.
tmux_ new-session -d -s unfair -x 200 -y 40 \
  "cd $folder && $coyel new --players '$players' --minutes 10 --seed 1 --save unfair.json; echo \"exit \$?\"; sleep 30"
wait_for unfair "^Unfair: the ecosystems win about [0-9]+% \([0-9]+ to [0-9]+%\) with this deck and length, outside 40–60%"
wait_for unfair "^Start anyway\? \(yes / no: no game is started, nothing written\)> $"
tmux_ send-keys -t unfair "no" Enter
wait_for unfair "^No game started: nothing written\.$"
wait_for unfair "^exit 1$"
[ ! -e "$folder/unfair.json" ] || { echo "FAIL: a stray game was left after 'no'"; exit 1; }
roles="Ana=carbon,Ben=carbon,Cleo=carbon,Dan=carbon"
tmux_ new-session -d -s roles -x 200 -y 40 \
  "cd $folder && $coyel new --players '$players' --roles $roles --save roles.json; echo \"exit \$?\"; sleep 30"
wait_for roles "^Deck for 9 players: 4 carbon, 5 citizen\.$"
wait_for roles "^Unfair: the ecosystems win about [0-9]+% \([0-9]+ to [0-9]+%\) with this deck and length, outside 40–60%"
wait_for roles "^Start the game with this deal\?"
tmux_ send-keys -t roles "quit" Enter
wait_for roles "^exit 1$"
[ ! -e "$folder/roles.json" ] || { echo "FAIL: a stray game was left after quit"; exit 1; }
echo "deck estimate test passed: $first"
