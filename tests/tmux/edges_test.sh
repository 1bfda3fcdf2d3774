#!/usr/bin/env bash
# Nothing escapes at the edges (issue 34), in a real terminal, the clock running:
#   1. twins that differ only in the CEO's hidden lobby give byte-identical
#      screens, scrollback included: at the SLAPP-suit's gate, after `undo`
#      and `status` there, after each Up and a Ctrl-R at the vote, and at the
#      end's prompt before Enter, where `display --once` and the served
#      /state.json agree too;
#   2. at the new mayor's prompt, `undo` and `status` ask first (twins);
#   3. the games folder removed and made again mid-game: the save comes back,
#      a second `coyel resume` is refused, and no answer is lost;
#   4. `coyel new --save EXISTING` at a terminal never writes over it.
# Usage: edges_test.sh PATH/TO/coyel
set -euo pipefail
export COYEL_LANG=en  # the checks read English lines
coyel=$(realpath "$1")
folder=$(realpath "$(mktemp -d)")
export TMUX_TMPDIR=$folder
server="coyel-edges-$$"
trap 'tmux -L "$server" kill-server 2>/dev/null || true; rm -rf "$folder" 2>/dev/null || true' EXIT

source "$(dirname "$0")/lib.sh"
wait_grep=-F
everything() { tmux_ capture-pane -p -J -S -2000 -t t; }  # the scrollback too
fail() { echo "FAIL: $1"; everything; exit 1; }
players="Ana,Ben,Cleo,Dan,Eve,Finn"
roles="Ana=carbon,Cleo=ngo,Dan=ceo,Eve=banker"

# A holder session keeps the tmux server alive between the games' windows.
tmux_ new-session -d -s holder "sleep 600"

start() {  # start SAVE ARGS...: a new game in window t, the fixed deal confirmed
  local save=$1
  shift
  tmux_ kill-session -t t 2>/dev/null || true
  tmux_ new-session -d -s t -x 100 -y 45 \
    "$coyel new --players $players --roles $roles --mode night --save $save $*; echo EXITED; sleep 600"
  wait_for "Start the game with this deal?"
  tmux_ send-keys -t t 'yes' Enter
  wait_for "mayor>"
}
answer() {  # answer WORD PROMPT-AFTER
  tmux_ send-keys -t t "$1" Enter
  wait_for "$2"
}
# keep NAME: the screen and its scrollback; the reading at which the clock was
# paused is the twins' own (seconds pass differently in each), so it is left out.
keep() { everything | sed -E "s/Clock paused at [0-9:]+/Clock paused at M:SS/" >"$folder/$1"; }
press() {  # press KEY...: keys for the line editor, then its redraw
  local before
  before=$(screen)
  tmux_ send-keys -t t "$@"
  for _ in $(seq 150); do
    [[ $(screen) != "$before" ]] && return 0
    nap 0.1
  done
  fail "the keys $* changed nothing on the screen"
}

# --- 1. Twins at the SLAPP-suit's gate, the vote and the end ---------------
twin() {  # twin NAME LOBBY
  local name=$1
  start "$folder/$name.json" --serve --port 0 --bind 127.0.0.1
  local url
  url=$(everything | grep -oE 'http://127\.0\.0\.1:[0-9]+/' | head -1)
  [[ -n $url ]] || fail "no address for the players' page"
  answer Finn "carbon target>"
  answer Ben "NGO protects>"
  answer Ben "banker ("  # the protest saves the target: the CEO may sue
  answer none "CEO lobbies>"
  answer "$2" "Enter clears the screen and opens the day>"
  answer "" "Enter when only the CEO's eyes are open>"
  keep "$name.slapp"
  answer undo "Turn the screen away from the players, then Enter>"
  keep "$name.slapp-undo"
  answer no "Called off: nothing was shown."
  wait_for "Enter when only the CEO's eyes are open>"
  answer status "Turn the screen away from the players, then Enter>"
  keep "$name.slapp-status"
  answer no "Called off: nothing was shown."
  wait_for "Enter when only the CEO's eyes are open>"
  answer "" "SLAPP-suit (yes/no)>"
  answer no "Enter clears the screen>"
  answer "" "Ana votes for>"
  # The clock paused: its tick redraws the prompt each second, which ends
  # libedit's Ctrl-R search (a known limit), and the search's screen is compared.
  answer pause "Clock paused at"
  for up in 1 2 3 4 5; do
    press Up
    keep "$name.up$up"
  done
  press C-u
  press C-r n
  wait_for "bck:n"  # libedit's search line, whole: the first change seen may be half of it
  keep "$name.search"
  tmux_ send-keys -t t C-c
  wait_for "Ctrl-C empties the line."
  for voter in Ben Cleo Dan Eve Finn; do answer ana "$voter votes for>"; done
  answer ana "Enter tells every role>"
  keep "$name.end"
  "$coyel" display "$folder/$name.json" --once >"$folder/$name.display"
  # Without the countdown's milliseconds and the game's fingerprint (of its file's path, a.json or b.json).
  curl -s "${url}state.json" | sed -E -e 's/,?"countdown_ms":[0-9]+//' -e 's/"game":"[^"]*",?//' >"$folder/$name.state"
  answer "" "Enter to finish, or undo>"
  everything | grep -qF "Every role:" || fail "Enter told no role"
  answer "" "EXITED"
}
twin a Ben   # the CEO lobbies Ben
twin b none  # the CEO lobbies nobody
for moment in slapp slapp-undo slapp-status up1 up2 up3 up4 up5 search end display state; do
  cmp -s "$folder/a.$moment" "$folder/b.$moment" ||
    { diff "$folder/a.$moment" "$folder/b.$moment" || true; fail "twins differ at $moment"; }
done
grep -qF "Ecosystems" "$folder/a.display" || grep -qiF "ecosystems" "$folder/a.display" ||
  fail "the players' screen does not tell the winner"
grep -qE "Ana votes for> undo" "$folder/a.up5" || fail "Up did not bring back the day's lines"
grep -qE "Ana votes for> (Ben|none)$" "$folder/a.up1" "$folder/a.up2" "$folder/a.up3" "$folder/a.up4" &&
  fail "Up brought back a night answer"

# --- 2. Twins at the new mayor's prompt -------------------------------------
mayor_twin() {  # mayor_twin NAME PROTECT
  start "$folder/m$1.json"
  answer Ben "carbon target>"
  answer Ben "NGO protects>"  # the mayor is the target
  answer "$2" "banker ("
  answer none "CEO lobbies>"
  answer none "Enter clears the screen and opens the day>"
  answer "" "mayor>"
  keep "m$1.mayor"
  answer undo "Turn the screen away from the players, then Enter>"
  keep "m$1.undo"
  answer no "Called off: nothing was shown."
  answer status "Turn the screen away from the players, then Enter>"
  keep "m$1.status"
  answer no "Called off: nothing was shown."
  answer quit "EXITED"
}
mayor_twin a Eve
mayor_twin b Dan
for moment in mayor undo status; do
  cmp -s "$folder/ma.$moment" "$folder/mb.$moment" ||
    { diff "$folder/ma.$moment" "$folder/mb.$moment" || true; fail "twins differ at the new mayor's $moment"; }
done

# --- 3. The folder removed and made again: the lock comes back with the file
mkdir -p "$folder/games"
start "$folder/games/g.json"
answer Finn "carbon target>"
rm -rf "$folder/games"
answer Ben "NOT SAVED"
mkdir "$folder/games"
answer none "again: the file holds the whole game."
tmux_ new-session -d -s second -x 100 -y 20 "$coyel resume $folder/games/g.json; echo EXITED; sleep 600"
for _ in $(seq 150); do
  has_line -F "EXITED" < <(tmux_ capture-pane -p -t second) && break
  nap 0.1
done
tmux_ capture-pane -p -t second | grep -qF "in play in another coyel" ||
  { tmux_ capture-pane -p -t second; fail "a second coyel resumed the game in play"; }
answer none "CEO lobbies>"
answer none "Enter clears the screen and opens the day>"
answer quit "EXITED"
entries=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["log"]))' "$folder/games/g.json")
[[ $entries -ge 5 ]] || fail "answers lost: $entries log entries"

# --- 4. new --save over an existing save, at a terminal ---------------------
before=$(md5sum <"$folder/a.json")
tmux_ kill-session -t t 2>/dev/null || true
tmux_ new-session -d -s t -x 250 -y 45 \
  "$coyel new --players $players --roles $roles --save $folder/a.json; echo EXITED; sleep 600"
wait_for "Start the game with this deal?"
answer yes "Save this game to $folder/a-2.json instead? (yes/no)>"
answer yes "mayor>"
answer quit "EXITED"
[[ $(md5sum <"$folder/a.json") == "$before" ]] || fail "new --save wrote over an existing save"
[[ -f $folder/a-2.json ]] || fail "the free name was not used"
echo "edges: all checks passed"
