#!/usr/bin/env bash
# Phone cards and --serve under tmux, with the real clock: `coyel new --cards
# phone` shows each card as the QR code and text of its link, and each link
# shows exactly the card the laptop's walk-through of the same deal shows
# (same seed), the carbon emissions' fellows too; a name that is markup is
# text; forged tokens, tricks on a real one and other methods get 404 or 405
# only, the 404 of any unknown path. The server runs inside the playing coyel:
# its clock still ticks and the page follows the game; it stops with it.
# `coyel resume` serves again with --serve, and says how without it.
# About 30 s of wall time.
# Usage: cards_test.sh PATH/TO/coyel
set -euo pipefail
export COYEL_LANG=en
coyel=$(realpath "$1")
folder=$(realpath "$(mktemp -d)")
server="coyel-cards-$$"
export TMUX_TMPDIR=$folder
trap 'tmux -L "$server" kill-server 2>/dev/null || true; sleep 0.2; rm -rf "$folder" 2>/dev/null || true' EXIT

source "$(dirname "$0")/../tmux/common.sh"
screen() { tmux_ capture-pane -p -t "$1"; }
fail() { echo "FAIL: $1" >&2; exit 1; }
wait_for() {
  local until=$((SECONDS + ${3:-15}))
  while ((SECONDS < until)); do
    has_line -F "$2" < <(screen "$1") && return 0
    nap 0.05
  done
  screen "$1" >&2
  fail "$1 never showed: $2"
}
status_of() { curl -s -o /dev/null -w '%{http_code}' --path-as-is "$@"; }
# A response without its Date header: two 404s must be alike in all the rest.
answer_of() { curl -s -i --path-as-is "$1" | tr -d '\r' | grep -v '^Date:'; }
# The seconds of the prompt's "next in M:SS".
next_in() {
  local text
  text=$(screen "$1" | grep -oE 'next in [0-9]+:[0-9]{2}' | tail -1) || fail "no 'next in' on $1"
  text=${text#next in }
  echo $((10#${text%%:*} * 60 + 10#${text#*:}))
}

name='<img src=x onerror=f()>'  # markup that would run (24 characters at most)
players="Ana,Ben,Cleo,Dan,Eve,$name,Gus,Hana"
count=8
# A holder session keeps the tmux server alive between the games' sessions.
tmux_ new-session -d -s holder "sleep 600"

# ---- The laptop's walk-through of a deal: each card's heading and title -----
tmux_ new-session -d -s laptop -x 100 -y 50 \
  "cd $folder && $coyel new --players '$players' --seed 11 --minutes 1 --save l.json; sleep 60"
wait_for laptop "Start anyway?"  # one minute is unfair: the lab says so and asks
tmux_ send-keys -t laptop "yes" Enter
declare -a headings titles
for seat in $(seq "$count"); do
  wait_for laptop "Enter shows seat $seat's card>"
  tmux_ send-keys -t laptop Enter
  wait_for laptop "Enter hides it>"
  headings[seat]=$(screen laptop | grep -E "^$seat · " | head -1)
  titles[seat]=$(screen laptop | grep -E '^    [^ ]' | head -1 | sed 's/^    //')
  [[ -n ${titles[seat]} ]] || fail "the laptop showed no card for seat $seat"
  tmux_ send-keys -t laptop Enter
done
wait_for laptop "Every card is dealt."

# ---- The same deal with phone cards: links, not cards, on the laptop --------
tmux_ new-session -d -s phone -x 100 -y 50 \
  "cd $folder && $coyel new --players '$players' --seed 11 --cards phone --port 0 --bind 127.0.0.1 --minutes 1 --save p.json; echo EXITED; sleep 60"
wait_for phone "Start anyway?"
tmux_ send-keys -t phone "yes" Enter
wait_for phone "Enter shows seat 1's card link>"
url=$(screen phone | grep -oE "The players' screen: http://127\.0\.0\.1:[0-9]+/" | grep -oE 'http://.*')
[[ -n $url ]] || fail "no address printed"
first_url=$url
screen phone | grep -qF '█' || fail "no QR code of the address"
carbons=$(python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["setup"]; print(",".join(p for p in s["players"] if s["roles"][p]=="carbon"))' "$folder/p.json")
for seat in $(seq "$count"); do
  wait_for phone "Enter shows seat $seat's card link"
  tmux_ send-keys -t phone Enter
  wait_for phone "Enter hides it>"
  shown=$(screen phone)
  link=$(grep -oE "${url}card/[0-9a-f]{32}" <<<"$shown") || fail "no card link for seat $seat"
  grep -qF -- "${headings[seat]}" <<<"$shown" || fail "seat $seat's heading is not the laptop's"
  grep -qF -- "    ${titles[seat]}" <<<"$shown" && fail "the laptop shows seat $seat's card"
  page=$(curl -s "$link")
  want_heading=$(sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' <<<"${headings[seat]}")
  grep -qF "<p id=\"heading\">$want_heading</p>" <<<"$page" || fail "seat $seat's link: not its heading: $page"
  grep -qF "<p id=\"title\">${titles[seat]}</p>" <<<"$page" || fail "seat $seat's link: not its card: $page"
  # Exactly one card: no other seat's heading, and fellows only for a carbon.
  [[ $(grep -c '<p id="title">' <<<"$page") == 1 ]] || fail "seat $seat's link shows more than one card"
  holder=${headings[seat]#* · }
  if [[ ${titles[seat]} == "Carbon Emission" ]]; then
    others=$( (tr "," "\n" <<<"$carbons" | grep -vxF -- "$holder" || true) | paste -sd, | sed "s/,/, /g")
    want="The other carbon emissions: $others"
    [[ -n $others ]] || want="You are the only carbon emission."
    grep -qF "<p id=\"fellows\">$want</p>" <<<"$page" || fail "seat $seat's fellows: $page"
  else
    grep -qF 'id="fellows"' <<<"$page" && fail "seat $seat (${titles[seat]}) is told of fellows"
  fi
  case ${titles[seat]} in
    "Carbon Emission" | "Fossil Fuel CEO") team="You play with the carbon emissions." ;;
    *) team="You play with the ecosystems." ;;
  esac
  grep -qF "<p id=\"team\">$team</p>" <<<"$page" || fail "seat $seat's link: not its team: $page"
  case ${titles[seat]} in
    "Carbon Emission") does="pick an ecosystem to damage" ;;
    "Citizen-Ecosystem") does="vote to send the carbon emissions out" ;;
    "Fragile Ecosystem") does="the Bank CEO can bring you back" ;;
    *) does="Each night" ;;
  esac
  grep -qE "<p id=\"does\">[^<]*$does[^<]*</p>" <<<"$page" || fail "seat $seat's link: not what it does: $page"
  grep -qF '<img' <<<"$page" && fail "a name became markup on seat $seat's card"
  tokens[seat]=${link##*/}
  tmux_ send-keys -t phone Enter
done
wait_for phone "Every card is dealt."

# ---- At 80x24 a phone card fits, its heading on screen; back shows the one before again
tmux_ new-session -d -s small -x 80 -y 24 \
  "cd $folder && $coyel new --players '$players' --seed 11 --cards phone --port 0 --bind 127.0.0.1 --minutes 1 --save s.json; sleep 60"
wait_for small "Start anyway?"
tmux_ send-keys -t small "yes" Enter
wait_for small "Enter shows seat 1's card link>"
tmux_ send-keys -t small Enter
wait_for small "Enter hides it>"
shown=$(screen small)
grep -qE '^1 · Ana$' <<<"$shown" || { echo "$shown" >&2; fail "at 80x24 seat 1's heading is off the screen"; }
first_link=$(grep -oE 'http://127\.0\.0\.1:[0-9]+/card/[0-9a-f]{32}' <<<"$shown") ||
  fail "at 80x24 seat 1's link is off the screen"
tmux_ send-keys -t small Enter
wait_for small "Enter shows seat 2's card link (back: seat 1's again)>"
tmux_ send-keys -t small back Enter
wait_for small "Enter hides it>"
shown=$(screen small)
grep -qE '^1 · Ana$' <<<"$shown" && grep -qF "$first_link" <<<"$shown" ||
  fail "back did not show seat 1's link again"
tmux_ send-keys -t small Enter
wait_for small "Enter shows seat 2's card link (back: seat 1's again)>"
tmux_ kill-session -t small

# ---- Forged tokens, tricks on a real token, other methods: 404 and 405 only --
real=${tokens[1]}
unknown=$(answer_of "${url}nowhere")
[[ $(answer_of "${url}card/00000000000000000000000000000000") == "$unknown" ]] ||
  fail "a forged link's 404 differs from an unknown path's"
for path in "card/${real^^}" "card/$real/" "card//$real" "card/${real}0" "card/${real:1}" \
  "card%2F$real" "card/$real%00" "card/..%2F$real" "%2Fcard%2F$real" \
  "card/$real/../../p.json" "card/$(printf 'f%.0s' $(seq 5000))"; do
  code=$(status_of "${url}${path}")
  [[ $code == 404 ]] || fail "/$path gave $code, not 404"
done
[[ $(status_of "${url}card/$real?x=1") == 200 ]] || fail "a query hides the card"
# Read whole before matching: grep -q leaving early would cut curl's 8 KiB page short (pipefail).
card=$(curl -s -i "${url}card/$real" | tr -d '\r')
policy=$(grep -iE "^Content-Security-Policy: " <<<"$card") || fail "a card has no Content-Security-Policy"
[[ $policy == *"default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-"* &&
  $policy != *"script-src 'unsafe"* ]] ||
  fail "a card may run another script than its own: $policy"
for method in POST PUT DELETE PATCH; do
  [[ $(status_of -X "$method" "${url}card/$real") == 405 ]] || fail "$method on a card link is not 405"
done
head -c 160000 /dev/urandom | od -An -v -tx1 | tr -d ' \n' | fold -w32 |
  sed -e "s|^|url = \"${url}card/|" -e 's|$|"\noutput = "/dev/null"|' >"$folder/forged.curl"
codes=$(curl -s -K "$folder/forged.curl" -w '%{http_code}\n' | sort | uniq -c)
[[ $(awk '{print $1 " " $2}' <<<"$codes") == "10000 404" ]] || fail "10000 forged links: $codes"

# ---- The game under way, the server inside it: the clock ticks, the page follows
curl -s -N --max-time 20 "${url}events" >"$folder/events" &
wait_for phone "mayor>"
tmux_ send-keys -t phone Ana Enter
wait_for phone "carbon target>"
first=$(next_in phone)
until=$((SECONDS + $(scaled 10)))
while :; do
  second=$(next_in phone)  # set -e: no countdown on the screen fails here
  ((first - second >= 2 || SECONDS >= until)) && break
  nap 0.1
done
((first - second >= 2)) || fail "the REPL's clock did not tick beside the server: $first then $second"
for _ in $(seq 50); do grep -qF 'Ana is the mayor' "$folder/events" && break; nap 0.1; done
grep -qF 'Ana is the mayor' "$folder/events" || fail "the page was not told of the mayor"
curl -s "${url}state.json" | grep -qF '"phase":"Night 1"' || fail "the state does not follow the game"
[[ $(status_of "${url}card/$real") == 200 ]] || fail "the card link stopped answering in the game"
tmux_ send-keys -t phone quit Enter
wait_for phone EXITED
[[ $(status_of --max-time 2 "$url") == 000 ]] || fail "the server outlived its game"

# ---- resume: without --serve a line says how; with it the links answer again
# (200 columns from here: each line the moderator is told is waited for whole)
tmux_ new-session -d -s again -x 100 -y 50 "cd $folder && $coyel resume p.json; echo EXITED; sleep 60"
wait_for again "answer only while this game is served"
tmux_ send-keys -t again quit Enter
wait_for again EXITED
served() { python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["setup"]["serve"]; print(s["bind"], s["port"], s.get("address", ""))' "$folder/p.json"; }
port=$(served | cut -d' ' -f2)
[[ "http://127.0.0.1:$port/" == "$first_url" && $(served | cut -d' ' -f3) == "$first_url" ]] ||
  fail "the save does not keep where the deal served: $(served), not $first_url"
tmux_ new-session -d -s served -x 200 -y 50 \
  "cd $folder && $coyel resume p.json --serve --port 0 --bind 127.0.0.1; echo EXITED; sleep 60"
wait_for served "The players' screen: http://"
url=$(screen served | grep -oE "http://127\.0\.0\.1:[0-9]+/" | head -1)
card=$(curl -s "${url}card/${tokens[2]}")
[[ $card == *"<p id=\"title\">${titles[2]}</p>"* ]] || fail "a resumed --serve does not show seat 2's card"
# Another port asked: the moderator is told the links moved, and how to show them again.
wait_for served "The card links and the players' screen moved: $first_url before, $url now."
wait_for served "card NAME a player's card link."
port=${url#http://127.0.0.1:}
port=${port%/}
[[ $(served) == "127.0.0.1 $port $url" ]] ||
  fail "the save does not say where the game serves now: $(served), not $url"
tmux_ send-keys -t served quit Enter
wait_for served EXITED

# ---- The laptop moved (issue 49): another address, no --port. The port is
# kept, the save says where the game serves now, the moderator is told which
# links changed, and `card NAME` and `page` show them again at the prompt.
moved="http://127.0.0.2:$port/"
tmux_ new-session -d -s moved -x 200 -y 50 \
  "cd $folder && $coyel resume p.json --serve --bind 127.0.0.2; echo EXITED; sleep 60"
wait_for moved "The players' screen: $moved (on this computer only"
wait_for moved "moved: $url before, $moved now."
[[ $(served) == "127.0.0.2 $port $moved" ]] || fail "the save does not say the game moved: $(served)"
[[ $(curl -s "${moved}card/${tokens[2]}") == *"<p id=\"title\">${titles[2]}</p>"* ]] ||
  fail "seat 2's link at the new address does not open"
tmux_ send-keys -t moved -l "card ${headings[2]#* · }"
tmux_ send-keys -t moved Enter
wait_for moved "Enter hides the link"
screen moved | grep -qF "${moved}card/${tokens[2]}" || fail "card NAME did not show seat 2's new link"
screen moved | grep -qF "${headings[2]}" || fail "card NAME did not say whose link it is"
tmux_ send-keys -t moved Enter
wait_for moved "carbon target>"
screen moved | grep -qF "/card/" && fail "the link stayed on the screen after Enter"
tmux_ send-keys -t moved page Enter
wait_for moved "The players' screen: $moved"
tmux_ send-keys -t moved quit Enter
wait_for moved EXITED

# ---- resume --serve alone: where the save says, and no word of a move.
# A second `coyel serve` beside it tells the truth: the game's own coyel serves the links.
tmux_ new-session -d -s same -x 200 -y 50 "cd $folder && $coyel resume p.json --serve; echo EXITED; sleep 60"
wait_for same "The players' screen: $moved"
screen same | grep -qF "moved:" && fail "resume --serve where the game served last says it moved"
[[ $(status_of "${moved}card/${tokens[2]}") == 200 ]] || fail "a link from the last session no longer opens"
"$coyel" serve "$folder/p.json" </dev/null >"$folder/beside.out" 2>&1 &
beside=$!
for _ in $(seq 100); do grep -q "This second page is at" "$folder/beside.out" && break; nap 0.1; done
kill $beside 2>/dev/null || true
grep -qF "The game's own coyel already serves it at $moved, where its card links open." \
  "$folder/beside.out" || fail "a second serve beside the game's own: $(cat "$folder/beside.out")"
grep -qF "no longer open" "$folder/beside.out" && fail "a second serve says the links no longer open"
tmux_ send-keys -t same quit Enter
wait_for same EXITED

# ---- The game's port another program's: a free port, said in one line, and what moved
python3 -c 'import socket,sys,time
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # past the last session TIME_WAIT
s.bind(("127.0.0.2", int(sys.argv[1])))
s.listen()
print("holding", flush=True)
time.sleep(60)' "$port" >"$folder/holder.out" &
holder=$!
for _ in $(seq 50); do grep -q holding "$folder/holder.out" && break; nap 0.1; done
grep -q holding "$folder/holder.out" || fail "another program could not take port $port"
tmux_ new-session -d -s busy -x 200 -y 50 "cd $folder && $coyel resume p.json --serve; echo EXITED; sleep 60"
wait_for busy "Port $port is another program's now: serving on a free port instead."
wait_for busy "moved: $moved before, http://127.0.0.2:"
tmux_ send-keys -t busy quit Enter
wait_for busy EXITED
kill $holder

# ---- The game's address gone (another network): every interface, said in
# one line; the same address given with --bind: a one-line hint, exit 1
python3 -c 'import json,sys; g=json.load(open(sys.argv[1])); g["setup"]["serve"]["bind"]="192.0.2.1"; json.dump(g, open(sys.argv[1], "w"))' "$folder/p.json"
tmux_ new-session -d -s gone -x 200 -y 50 "cd $folder && $coyel resume p.json --serve; echo EXITED; sleep 60"
wait_for gone "192.0.2.1, where this game served, is no longer one of this computer's addresses"
wait_for gone "carbon target>"
[[ $(served | cut -d' ' -f1) == "0.0.0.0" ]] || fail "the save does not say the game serves everywhere now: $(served)"
tmux_ send-keys -t gone quit Enter
wait_for gone EXITED
set +e
hint=$("$coyel" resume "$folder/p.json" --serve --bind 192.0.2.1 </dev/null 2>&1 >/dev/null)
code=$?
set -e
[[ $code == 1 && $(wc -l <<<"$hint") == 1 && $hint == *"Cannot listen on 192.0.2.1:"*"leave --bind out"* ]] ||
  fail "an address not this computer's given with --bind: $code, $hint"
echo "cards: ok"
