#!/usr/bin/env bash
# The players' screen's layout (issue 26) at the sizes a table meets: 80x24
# first (two columns of players, digits five rows high at least), 100x30 in
# French with nine players and long names, 40x12 (every player still there,
# compact); at no size a line wraps or the phase heading leaves the top. At
# the end, the winner in large type above the players.
# Usage: screen_layout_test.sh PATH/TO/coyel SAMPLES_FOLDER
set -euo pipefail
coyel=$(realpath "$1")
samples=$(realpath "$2")
folder=$(realpath "$(mktemp -d)")
server="coyel-layout-$$"
export TMUX_TMPDIR=$folder
trap 'tmux -L "$server" kill-server 2>/dev/null || true; sleep 0.2; rm -rf "$folder" 2>/dev/null || true' EXIT

source "$(dirname "$0")/common.sh"
# A session that outlives each shown one: killing the server's last session
# makes it exit, and a new-session racing that exit fails ("server exited
# unexpectedly"), as CI saw.
tmux_ new-session -d -s keep "sleep 600"
screen() { tmux_ capture-pane -p -t d; }
fail() { echo "FAIL ($size): $1"; screen; exit 1; }

# Nine players in clock mode (the degrees and a countdown), the first night
# and day played (two players out, their roles shown, the CEO revealed and
# mayor): the first eight entries of a sample, a ninth seat added.
make_save() {  # FILE NAME...
  python3 - "$samples/ecosystems-win.json" "$folder/$1" "${@:2}" <<'EOF'
import json, sys
game = json.load(open(sys.argv[1]))
old = game["setup"]["players"]
new = sys.argv[3:]
rename = dict(zip(old, new))
roles = {rename[name]: role for name, role in game["setup"]["roles"].items()}
roles[new[-1]] = "citizen"
game["setup"]["players"], game["setup"]["roles"] = new, roles
game["setup"]["options"]["temperature"]["mode"] = "clock"  # a countdown beside the degrees
def renamed(value):
    if isinstance(value, str): return rename.get(value, value)
    if isinstance(value, dict): return {renamed(k): renamed(v) for k, v in value.items()}
    return value
game["log"] = [{k: renamed(v) if k in ("player", "votes") else v for k, v in entry.items()}
               for entry in game["log"][:8]]
game["log"][0]["player"] = new[3]  # the CEO is the mayor: the longest status
game["log"][-1]["votes"][new[-1]] = None  # the ninth abstains
json.dump(game, open(sys.argv[2], "w"), ensure_ascii=False)
EOF
}

# Shows FILE at COLUMNS x ROWS (extra arguments to coyel display), waits for TEXT.
show() {
  size="$2x$3"
  tmux_ kill-session -t d 2>/dev/null || true
  tmux_ new-session -d -s d -x "$2" -y "$3" "cd $folder && $coyel display $1 ${*:5}; sleep 30"
  for _ in $(seq 150); do has_line -F "$4" < <(screen) && return 0; nap 0.1; done
  fail "never showed: $4"
}
# No line of the frame wrapped: joined, the screen has as many lines.
no_wrap() {
  [[ $(tmux_ capture-pane -p -J -t d | wc -l) == $(screen | wc -l) ]] || fail "a line wrapped"
}
# The first line is the phase, as `display --once` names it.
heading_first() {
  local phase
  phase=$(cd "$folder" && "$coyel" display "$@" --once)
  phase=${phase%%$'\n'*}
  phase=${phase%% · *}
  [[ $(screen | head -1) == " $phase" ]] || fail "the first line is not \" $phase\""
}
# The longest run of consecutive lines in large type.
large_rows() {
  screen | awk '/[█▀▄]/ { run++; if (run > best) best = run; next } { run = 0 } END { print best + 0 }'
}
every_seat() {
  for seat in $(seq 1 9); do
    screen | grep -qE "(^| )$seat  ?[^ ]" || fail "seat $seat is not on the screen"
  done
}

make_save en.json Ana Benedikt Cleo Dan Eve Finnegan Gus Hannelore Ivo
make_save fr.json Anaïs-Laurence Bérénice-Marie Cléopâtre Dan Évelyne-Rose Finnegan Gustave-Henri \
  Hannelore Ignace-Pierre

show en.json 80 24 "1  Ana"
heading_first en.json
no_wrap
(($(large_rows) >= 5)) || fail "the digits are $(large_rows) rows high (5 at least)"
screen | grep -qE '^ +1  Ana .* +[0-9]  [A-Z]' || fail "the players are not in two columns"
screen | grep -qF "in · Fossil Fuel CEO · mayor" || fail "the longest status is cut"
every_seat

show fr.json 100 30 "Anaïs" --lang fr
heading_first fr.json --lang fr
no_wrap
(($(large_rows) >= 5)) || fail "the digits are $(large_rows) rows high (5 at least)"
every_seat

show en.json 40 12 "Ana"
heading_first en.json
no_wrap
every_seat

show "$samples/ecosystems-win.json" 80 24 "won"
no_wrap
result_line=$(screen | grep -nE 'ecosystems team won' | head -1 | cut -d: -f1)
players_line=$(screen | grep -nE '^ +1  Ana' | head -1 | cut -d: -f1)
[[ -n $result_line && -n $players_line ]] || fail "no result or no players"
((result_line < players_line)) || fail "the result is under the players, not above them"
(($(large_rows) >= 3)) || fail "the result is not in large type"
echo "screen layout test passed"
