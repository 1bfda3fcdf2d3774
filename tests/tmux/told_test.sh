#!/usr/bin/env bash
# What the table has been told (issues 21 and 27), in a real terminal with the
# clock running:
#   1. twin games that differ only in hidden night answers show byte-identical
#      screens, scrollback included, after the dawn and after `undo`, `status`
#      and `table` typed at the vote (before any privacy confirmation);
#   2. the players' screen (`display --once`) shows nothing of the dawn until
#      the moderator opens the day;
#   3. leaving at the dawn's gate (quit, a closed terminal, kill -9) and
#      resuming gives the news before the vote.
# A degree that passes at the gate, told once by the dawn as the replay tells
# it, needs no real terminal: at_the_table_test.cpp holds it on a fake clock.
# Usage: told_test.sh PATH/TO/coyel
set -euo pipefail
export COYEL_LANG=en  # the checks read English lines
coyel=$(realpath "$1")
folder=$(realpath "$(mktemp -d)")
export TMUX_TMPDIR=$folder
server="coyel-told-$$"
trap 'tmux -L "$server" kill-server 2>/dev/null || true; sleep 0.2; rm -rf "$folder" 2>/dev/null || true' EXIT

source "$(dirname "$0")/lib.sh"
runs=0
new_server() {  # a fresh tmux server for the next game: no waiting for the old one to go
  tmux_ kill-server 2>/dev/null || true
  runs=$((runs + 1))
  server="coyel-told-$$-$runs"
}
wait_grep=-F
everything() { tmux_ capture-pane -p -J -S -2000 -t t; }  # the scrollback too
fail() { echo "FAIL: $1"; everything; exit 1; }
players="Ana,Ben,Cleo,Dan,Eve,Finn"
roles="Ana=carbon,Cleo=ngo,Dan=ceo,Eve=banker"

start() {  # start SAVE MODE-ARGS...: a new game with the fixed deal, confirmed
  local save=$1
  shift
  new_server
  tmux_ new-session -d -s t -x 90 -y 40 \
    "$coyel new --players $players --roles $roles --save $save $*; echo EXITED; sleep 60"
  wait_for "Start the game with this deal?"
  tmux_ send-keys -t t 'yes' Enter
  wait_for "mayor>"
}

answer() {  # answer WORD PROMPT-AFTER: one answer, then wait for the next prompt
  tmux_ send-keys -t t "$1" Enter
  wait_for "$2"
}

# Night 1: target Ben; the NGO and the CEO answer as given (hidden facts).
night_one() {
  answer Finn "carbon target>"
  answer Ben "NGO protects>"
  answer "$1" "banker ("
  answer none "CEO lobbies>"
  answer "$2" "Enter clears the screen and opens the day>"
}

# --- 1. Twins -------------------------------------------------------------
twin() {  # twin NAME PROTECT LOBBY: the screens after each moment, in files
  local name=$1
  start "$folder/$name.json" --mode night
  night_one "$2" "$3"
  tmux_ send-keys -t t Enter
  wait_for "Ana votes for>"
  everything >"$folder/$name.dawn"
  tmux_ send-keys -t t "undo" Enter
  wait_for "Turn the screen away from the players, then Enter>"
  everything >"$folder/$name.undo"
  tmux_ send-keys -t t "ana" Enter  # calls the undo off, and casts no ballot
  wait_for "Called off: nothing was shown."
  wait_for "Ana votes for>"
  everything | grep -qF "Ana →" && fail "the word that called the undo off was cast"
  tmux_ send-keys -t t "table" Enter  # the table's view
  wait_for "Ana votes for>"
  everything >"$folder/$name.table"
  tmux_ send-keys -t t "status" Enter
  wait_for "status shows every role."
  everything >"$folder/$name.status"
  tmux_ send-keys -t t "no" Enter  # calls status off
  wait_for "Called off: nothing was shown."
  tmux_ send-keys -t t "news" Enter  # the news again
  wait_for "Last told to the table:"
  everything >"$folder/$name.news"
  tmux_ send-keys -t t "quit" Enter
  wait_for "EXITED"
}
twin a Eve Ana  # the NGO protects Eve, the CEO lobbies Ana
twin b Dan none # the NGO protects Dan, the CEO lobbies nobody
# The day's clock runs in real time: a loaded machine may take a second more
# in one twin than in the other, which is no hidden fact, so its reading is masked.
for moment in dawn undo table status news; do
  sed -i -E 's/clock [0-9]+:[0-9]{2}/clock M:SS/g' "$folder/a.$moment" "$folder/b.$moment"
  cmp -s "$folder/a.$moment" "$folder/b.$moment" ||
    { diff "$folder/a.$moment" "$folder/b.$moment" || true; fail "twins differ after $moment"; }
done
grep -qF "Ben is out of the game" "$folder/a.dawn" || fail "the dawn was not told"
grep -qF "Eve" "$folder/a.undo" || true  # Eve plays: her name alone is no secret

# --- 2. The players' screen waits for the moderator -------------------------
start "$folder/display.json" --mode night
answer Finn "carbon target>"
answer Ben "NGO protects>"
answer none "banker ("
answer none "CEO lobbies>"
"$coyel" display "$folder/display.json" --once >"$folder/last-call"
tmux_ send-keys -t t none Enter
wait_for "Enter clears the screen and opens the day>"
"$coyel" display "$folder/display.json" --once >"$folder/gate"
cmp -s "$folder/last-call" "$folder/gate" ||
  { diff "$folder/last-call" "$folder/gate" || true; fail "the players' screen ran ahead of the dawn"; }
tmux_ send-keys -t t Enter
wait_for "Ana votes for>"
for _ in $(seq 100); do  # the save written after the prompt shows: wait for it, not for a time
  "$coyel" display "$folder/display.json" --once >"$folder/day"
  grep -qF "Ben is out of the game" "$folder/day" && break
  nap 0.05
done
grep -qF "Ben is out of the game" "$folder/day" || { cat "$folder/day"; fail "the players' screen has no dawn"; }

# --- 3. Leaving at the gate, then resuming: the news before the vote ---------
resume_gives_news() {  # resume_gives_news SAVE HOW
  new_server
  tmux_ new-session -d -s t -x 90 -y 40 "$coyel resume $1; echo EXITED; sleep 60"
  wait_for "Enter clears the screen and opens the day>"
  everything | grep -qF "Ben is out" && fail "$2: the news showed before the gate"
  tmux_ send-keys -t t Enter
  wait_for "Ana votes for>"
  everything | grep -qF "Ben is out of the game" || fail "$2: no news after resuming"
  everything | grep -qF "Everyone, open your eyes" || fail "$2: no dawn after resuming"
  tmux_ send-keys -t t "quit" Enter
  wait_for "EXITED"
}
for how in quit hangup kill; do
  save="$folder/leave-$how.json"
  start "$save" --mode night
  night_one none none
  case $how in
    quit) tmux_ send-keys -t t "quit" Enter; wait_for "EXITED" ;;
    hangup) tmux_ kill-server ;;
    kill) pkill -9 -f "coyel new --players $players --roles $roles --save $save" ;;
  esac
  # Resumed only once the first coyel is gone (its lock with it); "^" leaves out
  # the shell and the tmux server, whose command lines hold the same words.
  for _ in $(seq "$(scaled 100)"); do
    pgrep -f "^$coyel new --players $players --roles $roles --save $save" >/dev/null || break
    nap 0.1
  done
  ! pgrep -f "^$coyel new --players $players --roles $roles --save $save" >/dev/null ||
    fail "$how: the first coyel is still running"
  resume_gives_news "$save" "$how"
done

echo "told: ok"
