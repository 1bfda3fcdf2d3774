#!/usr/bin/env bash
# `coyel serve` beside a moderator's game under tmux, with the real clock:
# the page, /state.json and /events; a save pushed within 250 ms; only GET
# and HEAD (405 for others), unknown paths and forged links 404; a name that is HTML shown as
# text; 50 listeners at once. Headless Chromium sees
# the page tick and a degree come without reload. About 40 s of wall time.
# Usage: serve_test.sh PATH/TO/coyel [SCREENSHOT-FOLDER]
set -euo pipefail
export COYEL_LANG=en
coyel=$(realpath "$1")
shots=${2:-}
folder=$(realpath "$(mktemp -d)")
server="coyel-serve-$$"
export TMUX_TMPDIR=$folder
serving=""
trap 'jobs -p | xargs -r kill 2>/dev/null || true; { [[ -z $serving ]] || kill $serving 2>/dev/null || true; }; tmux -L "$server" kill-server 2>/dev/null || true; sleep 0.2; rm -rf "$folder" 2>/dev/null || true' EXIT

source "$(dirname "$0")/../tmux/common.sh"
fail() { echo "FAIL: $1" >&2; exit 1; }
wait_for() {
  local until=$((SECONDS + ${3:-15}))
  while ((SECONDS < until)); do
    has_line -F "$2" < <(tmux_ capture-pane -p -t "$1") && return 0
    nap 0.05
  done
  tmux_ capture-pane -p -t "$1" >&2
  fail "$1 never showed: $2"
}
now_ms() { echo $(($(date +%s%N) / 1000000)); }
status_of() { curl -s -o /dev/null -w '%{http_code}' --path-as-is "$@"; }

# ---- The moderator's game: 1 minute for 5 degrees, one each 12 s; a player
# whose name is markup.
name='<img src=x onerror=f()>'  # markup that would run (24 characters at most)
tmux_ new-session -d -s m -x 100 -y 30 \
  "cd $folder && $coyel new --players 'Ana,Ben,Cleo,Dan,Eve,$name' --roles Ana=carbon,Ben=ngo,Cleo=ceo,Dan=banker --minutes 1 --save g.json; sleep 60"
wait_for m "Start the game with this deal?"
tmux_ send-keys -t m 'yes' Enter
wait_for m "mayor>"

"$coyel" serve "$folder/g.json" --port 0 --bind 127.0.0.1 </dev/null >"$folder/serve.out" 2>&1 &
serving=$!
for _ in $(seq 100); do grep -q 'http://' "$folder/serve.out" && break; nap 0.1; done
url=$(grep -oE 'http://[0-9.]+:[0-9]+/' "$folder/serve.out" | head -1)
[[ -n $url ]] || fail "serve printed no address: $(cat "$folder/serve.out")"
grep -q '█' "$folder/serve.out" || fail "serve printed no QR code"

# ---- The page and the state -------------------------------------------------
[[ $(status_of "$url") == 200 ]] || fail "/ is not 200"
page=$(curl -s "$url")
grep -q '<html lang="en">' <<<"$page" || fail "the page is not in the game's language"
grep -qF "$name" <<<"$page" && fail "the page holds a player's name as markup"
state=$(curl -s "${url}state.json")
grep -qF '"phase":"Before the game"' <<<"$state" || fail "the state has no phase: $state"
grep -qF "\"name\":\"$name\"" <<<"$state" || fail "the name is not in the state as text"

# ---- Only GET; unknown paths, tricks and forged links the same 404 -----------
for method in POST PUT DELETE PATCH OPTIONS FOO; do
  [[ $(status_of -X "$method" "$url") == 405 ]] || fail "$method / is not 405"
  [[ $(status_of -X "$method" "${url}state.json") == 405 ]] || fail "$method /state.json is not 405"
done
[[ $(status_of -X POST -d 'x=1' "${url}nowhere") == 405 ]] || fail "a POST is not 405"
[[ $(curl -s -I -o /dev/null -w '%{http_code}' "${url}state.json") == 200 ]] || fail "HEAD is not answered"
[[ -z $(curl -s -I "${url}" | tr -d '\r' | sed '1,/^$/d') ]] || fail "HEAD has a body"
curl -s -D - -o /dev/null "$url" | grep -qF "frame-ancestors 'none'" || fail "the page may be framed"
curl -s -D - -o /dev/null "$url" | grep -qF "unsafe-inline'; style" && fail "the page's script is 'unsafe-inline'"
long=$(printf 'a%.0s' $(seq 4000))
for path in nowhere ../g.json ..%2Fg.json %2e%2e/%2e%2e/etc/passwd state.json/ /state.json \
  'state.json%00' events/.. card card/ "card/$long" "$long" %2F%2F index.html g.json; do
  code=$(status_of "${url}${path}")
  [[ $code == 404 ]] || fail "/$path gave $code, not 404"
done
body_404=$(curl -s "${url}nowhere")
forged=0
head -c 160000 /dev/urandom | od -An -v -tx1 | tr -d ' \n' | fold -w32 |
  sed -e "s|^|url = \"${url}card/|" -e 's|$|"\noutput = "/dev/null"|' >"$folder/forged.curl"
codes=$(curl -s -K "$folder/forged.curl" -w '%{http_code}\n' | sort | uniq -c)
[[ $(awk '{print $2}' <<<"$codes") == 404 ]] || fail "forged links: $codes"
forged=$(awk '{print $1}' <<<"$codes")
((forged == 10000)) || fail "forged links: $codes"
[[ $(curl -s "${url}card/00000000000000000000000000000000") == "$body_404" ]] ||
  fail "a forged link's 404 differs from an unknown path's"

# ---- 50 listeners; a save pushed to each within 250 ms -------------------------
# From 50 loopback addresses, as 50 phones: one address may hold 16 connections.
for i in $(seq 50); do
  curl -s -N --max-time 30 --interface "127.0.0.$((i + 10))" "${url}events" >"$folder/events.$i" &
done
for _ in $(seq 100); do
  [[ $(grep -l '^data:' "$folder"/events.* 2>/dev/null | wc -l) == 50 ]] && break
  nap 0.1
done
[[ $(grep -l '^data:' "$folder"/events.* | wc -l) == 50 ]] || fail "not every listener had the state"
tmux_ send-keys -t m -l Eve
tmux_ send-keys -t m Enter
saved=0
until=$((SECONDS + 15))
while ((SECONDS < until)); do
  ((saved == 0)) && grep -qF '"player": "Eve"' "$folder/g.json" && saved=$(now_ms)
  ((saved > 0)) && [[ $(grep -l 'Eve is the mayor' "$folder"/events.* 2>/dev/null | wc -l) == 50 ]] && break
  nap 0.01
done
seen=$(now_ms)
[[ $(grep -l 'Eve is the mayor' "$folder"/events.* | wc -l) == 50 ]] || fail "a listener missed the mayor"
echo "serve: the mayor's save at 50 listeners within $((seen - saved)) ms"
# The sanitizer build stretches every time bound (COYEL_TIME_FACTOR, as the C++ tests do).
((seen - saved <= 250 * ${COYEL_TIME_FACTOR:-1})) || fail "the listeners had the save after $((seen - saved)) ms"
kill -0 $serving || fail "the server died under 50 listeners"

# ---- Headless Chromium: the countdown ticks and a degree comes without reload
degree_now() { grep -oE '"temperature":[0-9]+' <<<"$(curl -s "${url}state.json")" | cut -d: -f2; }
before=$(degree_now)
probe() {
  timeout 60 chromium --headless --no-sandbox --disable-gpu --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$folder/profile" "$@" 2>"$folder/chromium.log"
}
# One page, never reloaded, watched for 14 s (a degree comes every 12 s).
python3 "$(dirname "$0")/watch_page.py" "$url" 14 "$folder/profile" >"$folder/watched" ||
  fail "Chromium could not be driven: $(cat "$folder/watched")"
last=$(grep '^{' "$folder/watched" | tail -1)
echo "serve: the page after 14 s: $last"
grep -qF '&lt;img src=x onerror=f()&gt;' "$folder/watched" || fail "the markup name is not shown as text"
grep -qE '"degreesSeen":"[^"]*,' <<<"$last" || fail "no degree came while open (before: +$before)"
grep -qE '"countdownsSeen":"[0-9:]+,[0-9:]+' <<<"$last" || fail "the countdown did not move"
grep -qF '<img' "$folder/watched" && fail "the markup name became an element"
if [[ -n $shots ]]; then
  probe --window-size=360,800 --timeout=3000 --screenshot="$shots/serve-360.png" "$url" || true
  probe --window-size=1280,720 --timeout=3000 --screenshot="$shots/serve-1280.png" "$url" || true
fi

echo "serve: ok"
