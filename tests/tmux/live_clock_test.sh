#!/usr/bin/env bash
# The live clock in a real terminal under tmux, with the real clock (no
# COYEL_FROZEN_CLOCK): the prompt's countdown, a degree told, rung and saved
# with nobody typing, a timer, Ctrl-C, kill -9, a closed terminal and a second
# coyel on the same save, and Ctrl-R's search while the clock runs. About
# 40 s of wall time.
# Usage: live_clock_test.sh PATH/TO/coyel
#
# A game of one minute from +0 to +5°C: a degree every 12 s of game clock,
# which starts when the mayor is elected. Game A plays the checks that follow
# the clock (1-5), in the clock's order; game B the closed terminal (6-7).
set -euo pipefail
export COYEL_LANG=en  # English whatever the locale: the checks read English lines
coyel=$(realpath "$1")
folder=$(realpath "$(mktemp -d)")
server=""
runs=0
export TMUX_TMPDIR=$folder  # the servers' sockets go with the folder
trap 'tmux -L "$server" kill-server 2>/dev/null || true; sleep 0.2; rm -rf "$folder" 2>/dev/null || true' EXIT

source "$(dirname "$0")/common.sh"
screen() { tmux_ capture-pane -p -t t; }
# The line the cursor is on: the prompt and what is typed after it.
prompt_line() {
  local lines
  mapfile -t lines < <(tmux_ display-message -p -t t '#{cursor_y}' \; capture-pane -p -t t)
  echo "${lines[lines[0] + 1]}"
}
# Fails with the screen, or the save once the terminal is gone; on standard
# error, so that a failure inside $(...) is seen too.
fail() {
  local shown
  {
    echo "FAIL: $1"
    if shown=$(screen 2>/dev/null); then
      echo "--- screen:"; echo "$shown"
    else
      echo "--- g.json:"; cat "$folder/g.json" 2>/dev/null || true
    fi
    echo "---"
  } >&2
  exit 1
}
# Waits until the screen shows $1, at most $2 s (default 15: the random-play
# test may hold both cores).
wait_for() {
  local until=$((SECONDS + ${2:-15}))
  while ((SECONDS < until)); do
    has_line -F "$1" < <(screen) && return 0
    nap 0.1
  done
  fail "never saw: $1"
}
# Waits until the prompt line matches the extended regex $1, at most 15 s.
wait_for_prompt() {
  local until=$((SECONDS + 15))
  while ((SECONDS < until)); do
    [[ $(prompt_line) =~ $1 ]] && return 0
    nap 0.1
  done
  fail "the prompt line never matched: $1 (it is: $(prompt_line))"
}
# A process that is gone or a zombie (nothing left but its exit status: the
# parent may take a while to collect it once the terminal is closed).
gone() { [[ ! -e /proc/$1 ]] || [[ $(ps -o stat= -p "$1" 2>/dev/null) == Z* ]]; }
# The seconds of the prompt's "next in M:SS".
next_in() {
  local line
  line=$(prompt_line)
  [[ $line =~ next\ in\ ([0-9]+):([0-9]{2}) ]] || fail "no 'next in M:SS' on the prompt line: $line"
  echo $((10#${BASH_REMATCH[1]} * 60 + 10#${BASH_REMATCH[2]}))
}
# Waits until the prompt's countdown has been redrawn $1 times: the ticker
# has run, and whatever it would wrongly do has had its chance to show.
ticks_pass() {
  local last now seen=0 until=$((SECONDS + $(scaled 15)))
  last=$(next_in)
  while ((seen < $1)); do
    ((SECONDS < until)) || fail "the countdown stopped at $last s"
    nap 0.1
    now=$(next_in)  # set -e: no countdown on the prompt line fails here
    [[ $now == "$last" ]] && continue
    last=$now
    seen=$((seen + 1))
  done
}
now_ms() { echo $(($(date +%s%N) / 1000000)); }
bells() { tr -cd '\a' <"$folder/raw" | wc -c; }
clock_entries() { grep -c '"do": "clock"' "$folder/g.json" || true; }
pending_at() { grep -oE '"pending": \{"at": [0-9]+' "$folder/g.json" | grep -oE '[0-9]+$'; }
# The pid in the lock beside the save, checked to be this coyel playing in $folder.
holder() {
  local pid=""
  for _ in $(seq 100); do
    pid=$(cat "$folder/.g.json.lock" 2>/dev/null || true)
    [[ -n $pid ]] && break
    nap 0.1
  done
  [[ $pid =~ ^[0-9]+$ ]] || fail "no pid in .g.json.lock: '$pid'"
  [[ $(readlink "/proc/$pid/exe") == "$coyel" ]] || fail "pid $pid in the lock is not coyel"
  [[ $(readlink "/proc/$pid/cwd") == "$folder" ]] || fail "pid $pid in the lock plays elsewhere"
  echo "$pid"
}

# Each run gets a server of its own: a new session on a server still shutting
# down fails with "server exited unexpectedly". All that coyel writes to the
# terminal is also kept raw in $folder/raw (bells included).
# A game of $1 minutes (1 by default).
start() {
  [[ -n $server ]] && tmux_ kill-server 2>/dev/null || true
  runs=$((runs + 1))
  server="coyel-live-$$-$runs"
  rm -f "$folder/g.json" "$folder/raw"
  tmux_ new-session -d -s t -x 100 -y 40 \
    "cd $folder && $coyel new --players Ana,Ben,Cleo,Dan,Eve,Finn --roles Ana=carbon,Ben=ngo,Cleo=ceo,Dan=banker --minutes ${1:-1} --save g.json; echo EXITED; sleep 30"
  tmux_ pipe-pane -o -t t "cat >> $folder/raw"
  wait_for "Start the game with this deal?"  # --roles on a terminal: confirmed first
  tmux_ send-keys -t t 'yes' Enter
}

# ---- Game A ----------------------------------------------------------------
start
wait_for "mayor>"
pid=$(holder)
tmux_ send-keys -t t 'Eve' Enter
wait_for "carbon target>"

# 1. The prompt ticks: its countdown goes down while it waits, redrawn in
#    place (one prompt line for the call, not one per second).
first=$(next_in)
row=$(tmux_ display-message -p -t t '#{cursor_y}')
ticks_pass 2
second=$(next_in)
((second < first)) || fail "the countdown did not go down: $first s then $second s"
[[ $(tmux_ display-message -p -t t '#{cursor_y}') == "$row" ]] || fail "the prompt moved down while it ticked"
lines=$(screen | grep -cF "carbon target>" || true)
[[ $lines == 1 ]] || fail "$lines prompt lines for the carbon target call (one expected)"

# 2. A degree is told and rung with nobody typing (at 12 s), above the
#    prompt, keeping what is typed; the save has it at its second.
tmux_ send-keys -t t 'Be'
wait_for_prompt 'carbon target> Be$'
[[ $(bells) == 0 ]] || fail "a bell before any degree"
wait_for "rises to +1°C" 20
wait_for_prompt '^\[\+1°C, next in 0:[0-9]{2}\] carbon target> Be$'
above=$(screen | grep -nF "rises to +1°C" | cut -d: -f1)
y=$(tmux_ display-message -p -t t '#{cursor_y}')
((above < y + 1)) || fail "the degree is not above the prompt"
for _ in $(seq 30); do [[ $(bells) -ge 1 ]] && break; nap 0.1; done
[[ $(bells) == 1 ]] || fail "$(bells) bells for one degree"
grep -qE '\{"do": "clock", "at": 12[,}]' "$folder/g.json" || fail "no clock entry at 12 s in g.json"

# 3. Ctrl-C empties the line and the game goes on.
tmux_ send-keys -t t C-u 'Cle'
wait_for_prompt 'carbon target> Cle$'
tmux_ send-keys -t t C-c
wait_for "Ctrl-C empties the line. To save and leave, type quit or press Ctrl-D."
wait_for_prompt 'carbon target>$'
gone "$pid" && fail "coyel left on Ctrl-C"
tmux_ send-keys -t t 'Ben' Enter
wait_for "The carbon emissions target Ben."

# 4. A timer counts down in the prompt and rings once at zero (the degree
#    at 24 s is meant to come after it).
tmux_ send-keys -t t 'timer 0:03' Enter
wait_for_prompt 'timer 0:0[0-3]\]'
wait_for "Time is up." 15
ticks_pass 2  # two more ticks: time for a wrong second ring to show
count=$(screen | grep -cF "Time is up." || true)
[[ $count == 1 ]] || fail "'Time is up.' $count times (once expected)"
prompt_line | grep -qF timer && fail "the timer is still in the prompt: $(prompt_line)"
# Every bell is a degree or the timer (a degree is saved just before it is
# rung: a moment to agree).
for _ in $(seq 30); do [[ $(bells) == $(($(clock_entries) + 1)) ]] && break; nap 0.1; done
[[ $(bells) == $(($(clock_entries) + 1)) ]] || fail "$(bells) bells for $(clock_entries) degrees and one timer"

# 5. kill -9 right after a degree is shown (24 s): the save loads and has
#    every degree shown.
until=$((SECONDS + 20))
until has_line -F "rises to +2°C" < <(screen); do
  ((SECONDS < until)) || fail "never saw: rises to +2°C"
  nap 0.02
done
kill -9 "$pid"
for _ in $(seq 100); do gone "$pid" && break; nap 0.1; done
gone "$pid" || fail "coyel outlived kill -9"
"$coyel" check "$folder/g.json" | grep -q '^ok' || fail "the save does not load after kill -9: $("$coyel" check "$folder/g.json" 2>&1)"
for at in 12 24; do
  grep -qE "\\{\"do\": \"clock\", \"at\": $at[,}]" "$folder/g.json" || fail "the degree at $at s, shown, is not in the save after kill -9"
done

# ---- Game B ----------------------------------------------------------------
start
wait_for "mayor>"
pid=$(holder)

# 6. A second coyel on the same save is refused, naming the first one's pid,
#    and leaves the first one and its lock alone.
status=0
output=$(cd "$folder" && timeout 20 "$coyel" resume g.json </dev/null 2>&1) || status=$?
[[ $status == 1 ]] || fail "a second coyel on g.json exited $status (1 expected): $output"
grep -qxF "g.json is in play in another coyel (process $pid): leave that one first" <<<"$output" ||
  fail "the refusal does not name process $pid: $output"
gone "$pid" && fail "the first coyel is gone after the refusal"
[[ $(cat "$folder/.g.json.lock" 2>/dev/null) == "$pid" ]] || fail "the refused coyel changed or removed the lock"

# 7. Closing the terminal keeps the clock's reading to the second. The clock
#    starts between sending the answer (t_sent) and seeing the next call
#    (t_seen); coyel reads it between killing the server (t_kill) and its
#    exit (t_gone): the reading is at least floor(t_kill - t_seen) and at most
#    floor(t_gone - t_sent), 7 when nothing is slow (killed 7.5 s after).
t_sent=$(now_ms)
tmux_ send-keys -t t 'Eve' Enter
wait_for "carbon target>"
t_seen=$(now_ms)
wait_ms=$((t_seen + 7500 - $(now_ms)))
((wait_ms > 0)) || wait_ms=0
sleep "$((wait_ms / 1000)).$(printf %03d $((wait_ms % 1000)))"
t_kill=$(now_ms)
tmux_ kill-server
for _ in $(seq 100); do gone "$pid" && break; nap 0.05; done
gone "$pid" || fail "coyel outlived its terminal"
t_gone=$(now_ms)
low=$(((t_kill - t_seen) / 1000))
high=$(((t_gone - t_sent) / 1000))
at=$(pending_at) || fail "no pending reading in the save"
((low <= at && at <= high)) || fail "pending at $at, expected $low..$high"
((6 <= at && at <= 8)) || fail "pending at $at, expected about 7 (6..8)"
[[ -e $folder/.g.json.lock ]] && fail ".g.json.lock is left: coyel did not leave cleanly"
"$coyel" check "$folder/g.json" | grep -q '^ok' || fail "the save does not load after a closed terminal"

echo "closed terminal: pending at $at (bounds $low..$high)"

# ---- Game C ----------------------------------------------------------------
# 8. Ctrl-R searches the history while the clock runs (a degree a minute
#    here): the clock goes on, saved each second, but its redraws no longer
#    end the search, so the letters typed after two of them still search
#    (issue 51). Esc ends the search, and the prompt ticks again.
start 5
wait_for "mayor>"
tmux_ send-keys -t t 'Eve' Enter
wait_for_prompt 'carbon target>$'
tmux_ send-keys -t t 'table' Enter
wait_for "   5  Eve"
wait_for_prompt 'carbon target>$'
# The search's line is below the prompt's, the cursor left on the prompt's.
wait_for_row() {
  local until=$((SECONDS + 15))
  while ((SECONDS < until)); do
    has_line -x "$1" < <(screen) && return 0
    nap 0.1
  done
  fail "no row: $1"
}
tmux_ send-keys -t t C-r
wait_for_row "bck:"
reading() { pending_at || echo 0; }  # none yet in the clock's first second
before=$(reading)
until=$((SECONDS + $(scaled 15)))
until (($(reading) >= before + 2)); do  # two of the clock's seconds, each a redraw before
  ((SECONDS < until)) || fail "the clock's reading stayed at $(reading) during the search"
  nap 0.1
done
tmux_ send-keys -t t -l 'tab'
wait_for_row "bck:tab"
screen | grep -qE "carbon target> table$" || fail "the search did not find table"
tmux_ send-keys -t t Escape
wait_for_prompt 'carbon target> table$'
ticks_pass 1
tmux_ send-keys -t t C-u 'quit' Enter
wait_for "EXITED"
echo "live clock test passed in $SECONDS s"
