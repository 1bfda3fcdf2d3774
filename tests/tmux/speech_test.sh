#!/usr/bin/env bash
# The laptop reads aloud (issue 39) in a real terminal, the clock running and
# the voice timed as it would sound (--speak-log, silent): Ctrl-C cuts the
# line being read and what waits, the game going on; `say` reads the last
# line again; `undo` cuts it too; no two lines overlap. Beside it, Night 1
# read aloud in games on the same server (speech_night.py, issue 48): answers
# typed early and late, `undo`, Ctrl-C and `mute` at night lines, a degree
# rung during a call; the eyes-open checker (eyes_open.py) reads each log.
# Usage: speech_test.sh PATH/TO/coyel [--every-line]
#   --every-line: each of those at every line of the night (tools/soak)
set -euo pipefail
export COYEL_LANG=en  # the checks read English lines
coyel=$(realpath "$1")
folder=$(realpath "$(mktemp -d)")
export TMUX_TMPDIR=$folder
server="coyel-speech-$$"
trap 'tmux -L "$server" kill-server 2>/dev/null || true; sleep 0.2; rm -rf "$folder" 2>/dev/null || true' EXIT
source "$(dirname "$0")/lib.sh"
wait_grep=-F
log="$folder/speech.log"
# Waits until the log's line N (from 1) holds $2 (a Python test on `line`).
log_has() {
  local until=$((SECONDS + $(scaled 15)))
  while ((SECONDS < until)); do
    python3 - "$log" "$1" "$2" <<'PY' && return 0
import json, sys
rows = [json.loads(r) for r in open(sys.argv[1])] if __import__("os").path.exists(sys.argv[1]) else []
n = int(sys.argv[2])
sys.exit(0 if len(rows) >= n and eval(sys.argv[3], {"line": rows[n - 1]}) else 1)
PY
    nap 0.2
  done
  echo "speech log:"; cat "$log" 2>/dev/null || true
  fail "line $1 of the speech log never met: $2"
}

tmux_ new-session -d -s t -x 100 -y 40 \
  "$coyel new --players Ana,Ben,Cleo,Dan,Eve,Finn --roles Ana=carbon,Cleo=ngo,Dan=ceo,Eve=banker --mode night --save $folder/g.json --speak-log $log; echo EXITED; sleep 60"
# The night's games keep their whole screens: the lines shown are read from them.
tmux_ set-option -g history-limit 50000
here=$(dirname "$0")
python3 "$here/speech_night.py" "$coyel" "$server" "$folder" "$here/../../data/script/en.json" \
  ${2:+"$2"} >"$folder/night.out" 2>&1 &
night=$!
wait_for "Start the game with this deal?"
tmux_ send-keys -t t yes Enter
wait_for "mayor>"

# 1. The mayor's call is being read (about four seconds): Ctrl-C cuts it at once.
sleep 0.5  # into the line, as a moderator would be
tmux_ send-keys -t t C-c
wait_for "Ctrl-C empties the line."
log_has 1 'line["cut"] and line["end_ms"] - line["start_ms"] < 2000 and "mayor" in line["text"]'

# 2. `say` reads it again, whole this time.
tmux_ send-keys -t t say Enter
log_has 2 'not line["cut"] and line["end_ms"] - line["start_ms"] > 2500 and "mayor" in line["text"]'

# 3. The new mayor said, then the night's four lines, queue behind each
#    other; `undo`, a second into the first, cuts it and drops those waiting
#    (the night never begins); the mayor's call, asked again, is read again.
tmux_ send-keys -t t Finn Enter
wait_for "carbon target>"
sleep 1  # into the night's first line, as a moderator would be
tmux_ send-keys -t t undo Enter
wait_for "Undone"
log_has 3 'line["cut"] and "Finn is the mayor" in line["text"]'
log_has 4 '"elect a mayor" in line["text"]'
python3 - "$log" <<'PY' || fail "undo left lines to read, or two lines overlapped"
import json, sys
rows = [json.loads(r) for r in open(sys.argv[1])]
assert not any("Night 1 falls" in r["text"] for r in rows), rows
assert all(b["start_ms"] >= a["end_ms"] for a, b in zip(rows, rows[1:])), rows
PY
tmux_ send-keys -t t quit Enter
wait_for "EXITED"
wait "$night" || { cat "$folder/night.out"; fail "the night's games (above)"; }
cat "$folder/night.out"
