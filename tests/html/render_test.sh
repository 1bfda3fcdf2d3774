#!/usr/bin/env bash
# The HTML recap in headless Chromium: it loads without console errors and
# the chart is there, in the moderator's view and the table's; it opens with
# the result and the players; at phone width (400 px) nothing overflows. A page
# with a deliberate script error, and one too wide, prove the checks can fail.
# Usage: render_test.sh PATH/TO/coyel SAMPLE.json
set -euo pipefail
export COYEL_LANG=en  # English whatever the locale: the checks read English lines
coyel=$(realpath "$1")
sample=$(realpath "$2")
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT

# Prints the page's DOM; Chromium's log (console messages) goes to $2.
render() {
  timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$folder/profile" --enable-logging=stderr --v=0 \
    --virtual-time-budget=2000 "${@:3}" --dump-dom "file://$1" 2>"$2"
}
console_errors() { grep -E 'CONSOLE|Uncaught|Failed to load' "$1" || true; }

# Prints "SCROLL CLIENT" for the page $1 in a 400-px-wide frame: the width of
# its content and of its viewport. (Headless Chromium's window is at least
# 500 px wide, so the page is framed; the frame is same-origin by the flag.)
phone_widths() {
  cat >"$folder/phone.html" <<EOF
<!DOCTYPE html><html><body style="margin:0">
<iframe id="page" src="file://$1" style="width:400px;height:800px;border:0"></iframe>
<script>
document.getElementById("page").addEventListener("load", () => {
  const root = document.getElementById("page").contentDocument.documentElement;
  document.body.setAttribute("data-widths", root.scrollWidth + " " + root.clientWidth);
});
</script></body></html>
EOF
  render "$folder/phone.html" "$folder/phone.log" --allow-file-access-from-files |
    grep -o 'data-widths="[0-9]* [0-9]*"' | grep -o '[0-9]* [0-9]*' || true
}
# Fails unless the page $1 fits 400 px: no horizontal scrolling.
fits_a_phone() {
  local widths scroll client
  widths=$(phone_widths "$1")
  [[ -n $widths ]] || { echo "FAIL: the 400-px frame did not load $1"; exit 1; }
  read -r scroll client <<<"$widths"
  ((client <= 400 && scroll <= client))
}

# Prints what the page $1 shows in a 400-px frame that the issue 26 checks
# read, as "key=value" words: the smallest chart label's height in px, the
# names of the roster broken across lines, the wrapped moments and those
# whose later lines start left of their text (no hanging indent), the marks
# of players going out, and whether the ecosystems' line shows around the
# carbon one.
phone_probe() {
  cat >"$folder/probe.html" <<EOF
<!DOCTYPE html><html><body style="margin:0">
<iframe id="page" src="file://$1" style="width:400px;height:800px;border:0"></iframe>
<script>
document.getElementById("page").addEventListener("load", () => {
  const doc = document.getElementById("page").contentDocument;
  const labels = [...doc.querySelectorAll("svg .axis")].map(t => t.getBoundingClientRect().height);
  const broken = [...doc.querySelectorAll("table.roster td:first-child, table.roles td:first-child")].filter(td => {
    const range = doc.createRange(); range.selectNodeContents(td);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1;
  }).map(td => td.textContent);
  let unindented = 0, wrapped = 0;
  for (const p of doc.querySelectorAll("p.moment")) {
    const range = doc.createRange(); range.selectNodeContents(p.lastChild);
    const rects = [...range.getClientRects()];
    if (new Set(rects.map(r => Math.round(r.top))).size < 2) continue;
    ++wrapped;
    const first = Math.round(rects[0].top);
    const textLeft = Math.min(...rects.filter(r => Math.round(r.top) === first).map(r => r.left));
    if (rects.some(r => Math.round(r.top) > first && r.left < textLeft - 1)) ++unindented;
  }
  const width = c => { const e = doc.querySelector("polyline." + c); return e ? parseFloat(getComputedStyle(e).strokeWidth) : 0; };
  document.body.setAttribute("data-probe", "label=" + Math.min(...labels).toFixed(1) +
    " broken=" + (broken.join(",") || "none") + " wrapped=" + wrapped + " unindented=" + unindented +
    " exits=" + doc.querySelectorAll("svg line.exit").length +
    " under=" + (width("ecosystems") > width("carbon") ? "yes" : "no"));
});
</script></body></html>
EOF
  render "$folder/probe.html" "$folder/probe.log" --allow-file-access-from-files |
    grep -o 'data-probe="[^"]*"' | sed -e 's/^data-probe="//' -e 's/"$//'
}
# Fails with $2 unless the probe ($3) holds the word $1 (key=value).
probe_says() { grep -qw -- "$1" <<<"$3" || { echo "FAIL: $2 ($3)"; exit 1; }; }

# The check itself: a broken page must be caught.
printf '<!DOCTYPE html><html><body><script>undefinedFunction();</script></body></html>' >"$folder/broken.html"
render "$folder/broken.html" "$folder/broken.log" >/dev/null
[[ -n $(console_errors "$folder/broken.log") ]] || { echo "FAIL: a script error went unseen"; exit 1; }
printf '<!DOCTYPE html><html><body><div style="width:600px">wide</div></body></html>' >"$folder/wide.html"
fits_a_phone "$folder/wide.html" && { echo "FAIL: a 600-px page fitted 400 px"; exit 1; }

"$coyel" replay "$sample" --html "$folder/game.html" >/dev/null
render "$folder/game.html" "$folder/game.log" >"$folder/dom.html"
errors=$(console_errors "$folder/game.log")
[[ -z $errors ]] || { echo "FAIL: console errors:"; echo "$errors"; exit 1; }
grep -q '<svg id="chart"' "$folder/dom.html" || { echo "FAIL: no chart"; exit 1; }
[[ $(grep -o '<polyline' "$folder/dom.html" | wc -l) == 3 ]] || { echo "FAIL: the chart lacks a line"; exit 1; }
grep -q '<table class="votes">' "$folder/dom.html" || { echo "FAIL: no vote table"; exit 1; }
grep -qiE 'src=|href=|url\(' "$folder/game.html" && { echo "FAIL: the page fetches something"; exit 1; }
# Issue 10: the result and the players come first, before the chart.
opening=$(sed '/<section id="charts">/q' "$folder/dom.html")
grep -q 'class="result"' <<<"$opening" || { echo "FAIL: the page does not open with the result"; exit 1; }
grep -q '<table class="roster">' <<<"$opening" || { echo "FAIL: no players before the chart"; exit 1; }
fits_a_phone "$folder/game.html" ||
  { echo "FAIL: the page is wider than a 400-px phone ($(phone_widths "$folder/game.html"))"; exit 1; }
# The same game with names as long as allowed and a note with a long link:
# long words must wrap too.
sed -e 's/"Hana"/"HannaMaximilianaKonstant"/g' -e 's/"Cleo"/"CleopatraMagdalenaOrsini"/g' \
  -e '0,/"do": "elect_mayor"/{/"do": "elect_mayor"/a\
    {"do": "note", "text": "Photos: https://photos.example.org/album/XyZ0123456789abcdefXyZ0123456789abcdef"},
}' \
  "$sample" >"$folder/long.json"
"$coyel" check "$folder/long.json" >/dev/null || { echo "FAIL: the long-word save does not load"; exit 1; }
"$coyel" replay "$folder/long.json" --html "$folder/long.html" >/dev/null
grep -q 'XyZ0123456789abcdef' "$folder/long.html" || { echo "FAIL: the long note is not on the page"; exit 1; }
fits_a_phone "$folder/long.html" ||
  { echo "FAIL: long words make the page wider than a phone ($(phone_widths "$folder/long.html"))"; exit 1; }

# Issue 26, at 400 px: names whole, hanging indents, chart labels of 10 px or
# more, a mark for each time players went out, equal team lines both seen.
sed -e 's/"Eve"/"Émile"/g' -e 's/"Finn"/"Maximiliane"/g' -e 's/"Gus"/"Bartholomew"/g' "$sample" >"$folder/names.json"
COYEL_LANG=fr "$coyel" replay "$folder/names.json" --html "$folder/names.html" >/dev/null  # the longer roles
probe=$(phone_probe "$folder/names.html")
[[ -n $probe ]] || { echo "FAIL: the probe did not load the page"; exit 1; }
echo "phone probe: $probe"
probe_says "broken=none" "a name is broken across lines in the players' table" "$probe"
probe_says "unindented=0" "a wrapped moment loses its hanging indent" "$probe"
grep -qE 'wrapped=[1-9]' <<<"$probe" || { echo "FAIL: no wrapped moment to check ($probe)"; exit 1; }
label=$(grep -oE 'label=[0-9.]+' <<<"$probe" | cut -d= -f2)
awk -v px="$label" 'BEGIN { exit !(px >= 10) }' || { echo "FAIL: chart labels of $label px at 400 px"; exit 1; }
grep -qE 'exits=[1-9]' <<<"$probe" || { echo "FAIL: no mark for players going out ($probe)"; exit 1; }
probe_says "under=yes" "equal team lines hide one another" "$probe"

# The table's page: one line of players in the game (the teams are hidden)
# and the temperature; no secret.
"$coyel" replay "$sample" --view table --html "$folder/table.html" >/dev/null
render "$folder/table.html" "$folder/table.log" >"$folder/table-dom.html"
errors=$(console_errors "$folder/table.log")
[[ -z $errors ]] || { echo "FAIL: console errors in the table's page:"; echo "$errors"; exit 1; }
[[ $(grep -o '<polyline' "$folder/table-dom.html" | wc -l) == 2 ]] || { echo "FAIL: the table's chart should have two lines"; exit 1; }
grep -q 'class="players"' "$folder/table-dom.html" || { echo "FAIL: no players line in the table's chart"; exit 1; }
grep -qE 'class="(ecosystems|carbon)"' "$folder/table-dom.html" && { echo "FAIL: the table's chart shows the teams"; exit 1; }
grep -q 'moment secret' "$folder/table-dom.html" && { echo "FAIL: a secret in the table's page"; exit 1; }
fits_a_phone "$folder/table.html" ||
  { echo "FAIL: the table's page is wider than a 400-px phone ($(phone_widths "$folder/table.html"))"; exit 1; }
echo "html render test passed"
