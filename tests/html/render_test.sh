#!/usr/bin/env bash
# The HTML recap in headless Chromium: it loads without console errors and
# the chart is there, in the moderator's view and the table's. A page with a
# deliberate script error proves the check can fail. Usage: render_test.sh PATH/TO/coyel SAMPLE.json
set -euo pipefail
coyel=$(realpath "$1")
sample=$(realpath "$2")
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT

# Prints the page's DOM; Chromium's log (console messages) goes to $2.
render() {
  timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$folder/profile" --enable-logging=stderr --v=0 \
    --virtual-time-budget=2000 --dump-dom "file://$1" 2>"$2"
}
console_errors() { grep -E 'CONSOLE|Uncaught|Failed to load' "$1" || true; }

# The check itself: a broken page must be caught.
printf '<!DOCTYPE html><html><body><script>undefinedFunction();</script></body></html>' >"$folder/broken.html"
render "$folder/broken.html" "$folder/broken.log" >/dev/null
[[ -n $(console_errors "$folder/broken.log") ]] || { echo "FAIL: a script error went unseen"; exit 1; }

"$coyel" replay "$sample" --html "$folder/game.html" >/dev/null
render "$folder/game.html" "$folder/game.log" >"$folder/dom.html"
errors=$(console_errors "$folder/game.log")
[[ -z $errors ]] || { echo "FAIL: console errors:"; echo "$errors"; exit 1; }
grep -q '<svg id="chart"' "$folder/dom.html" || { echo "FAIL: no chart"; exit 1; }
[[ $(grep -o '<polyline' "$folder/dom.html" | wc -l) == 3 ]] || { echo "FAIL: the chart lacks a line"; exit 1; }
grep -q '<table class="votes">' "$folder/dom.html" || { echo "FAIL: no vote table"; exit 1; }
grep -qiE 'src=|href=|url\(' "$folder/game.html" && { echo "FAIL: the page fetches something"; exit 1; }

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
echo "html render test passed"
