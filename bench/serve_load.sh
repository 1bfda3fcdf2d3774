#!/usr/bin/env bash
# Load on the players' screen: N listeners (default 50) on /events for S
# seconds (default 120) beside a game whose clock raises a degree every 12 s.
# The server runs inside the playing coyel (`coyel new --serve`), or beside it
# (`coyel serve`) with WHERE=beside. Prints the degrees each listener received
# against those the save logged, and how long the game's saves take (a note
# typed until the save holds it), 20 before the listeners and 20 among them.
# Not part of tools/test.
# Usage: bench/serve_load.sh PATH/TO/coyel [SECONDS] [LISTENERS] [inside|beside]
set -euo pipefail
coyel=$(realpath "$1")
seconds=${2:-120}
listeners=${3:-50}
where=${4:-inside}
folder=$(realpath "$(mktemp -d)")
server="coyel-load-$$"
export TMUX_TMPDIR=$folder COYEL_LANG=en
serving=""
trap 'jobs -p | xargs -r kill 2>/dev/null || true; { [[ -z $serving ]] || kill $serving 2>/dev/null || true; }; tmux -L "$server" kill-server 2>/dev/null || true; rm -rf "$folder"' EXIT
tmux_() { tmux -L "$server" "$@"; }
wait_for() {
  for _ in $(seq 300); do tmux_ capture-pane -p -t m | grep -qF -- "$1" && return 0; sleep 0.05; done
  echo "the game never showed: $1" >&2; exit 1
}
# A game long enough to last: 5 degrees over S seconds and a bit more.
minutes=$(((seconds * 6 / 5 + 59) / 60))
inside=""
[[ $where == inside ]] && inside="--serve --port 0 --bind 127.0.0.1"
tmux_ new-session -d -s m -x 100 -y 40 \
  "cd $folder && $coyel new --players Ana,Ben,Cleo,Dan,Eve,Finn --roles Ana=carbon,Ben=ngo,Cleo=ceo,Dan=banker --minutes $minutes --save g.json $inside; sleep 600"
wait_for "Start the game with this deal?"
tmux_ send-keys -t m yes Enter
wait_for "mayor>"
if [[ $where == beside ]]; then
  "$coyel" serve "$folder/g.json" --port 0 --bind 127.0.0.1 </dev/null >"$folder/serve.out" 2>&1 &
  serving=$!
else
  serving=$(cat "$folder/.g.json.lock")  # the playing coyel serves
  tmux_ capture-pane -p -S -200 -t m >"$folder/serve.out"
fi
for _ in $(seq 100); do grep -q 'http://' "$folder/serve.out" && break; sleep 0.1; done
url=$(grep -oE 'http://[0-9.]+:[0-9]+/' "$folder/serve.out" | head -1)
# Milliseconds from a typed note to the save holding it, for each of $1 notes:
# "median max" over them.
save_times() {
  local times=() i before after mark
  for i in $(seq "$1"); do
    mark="load-$2-$i"
    before=$(date +%s%N)
    tmux_ send-keys -t m -l "note $mark"
    tmux_ send-keys -t m Enter
    until grep -qF "$mark" "$folder/g.json" 2>/dev/null; do sleep 0.001; done
    after=$(date +%s%N)
    times+=($(((after - before) / 1000000)))
    sleep 0.2
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)], v[NR] }'
}
quiet=$(save_times 20 quiet)
for i in $(seq "$listeners"); do
  curl -s -N --max-time "$((seconds + 5))" "${url}events" >"$folder/events.$i" &
done
sleep 1
tmux_ send-keys -t m Eve Enter
start=$SECONDS
sleep 5
loaded=$(save_times 20 loaded)
while ((SECONDS - start < seconds)); do sleep 1; done
kill -0 "$serving" || { echo "the server died"; exit 1; }
saves=$(grep -c '"do":' "$folder/g.json" || true)
final=$(grep -oE '"degrees":"[^"]*"' <(curl -s "${url}state.json"))
# Every degree the save logged (and the start), each as a state of its own.
logged=$(($(grep -c '"do": "clock"' "$folder/g.json" || true) + 1))
missing=0
short=0
for i in $(seq "$listeners"); do
  got=$(grep -oE '"degrees":"[^"]*"' "$folder/events.$i" | sort -u | wc -l)
  last=$(grep -oE '"degrees":"[^"]*"' "$folder/events.$i" | tail -1)
  [[ $last == "$final" ]] || missing=$((missing + 1))
  ((got >= logged)) || short=$((short + 1))
  [[ $i == 1 ]] && echo "listener 1: $got distinct temperatures, last $last"
done
echo "temperatures the save went through: $logged; listeners that missed one: $short"
echo "listeners: $listeners for $seconds s; log entries saved: $saves; final $final"
echo "listeners whose last state is not the final one: $missing"
echo "server: $where the playing coyel"
echo "save after a typed note, ms (median max over 20): without listeners $quiet; with $listeners: $loaded"
((missing == 0 && short == 0))
