#!/usr/bin/env bash
# `coyel balance` on a real terminal: every long run (the figures, --advise,
# --skill-table, --values, --fair-defaults, --calibrate) says what it plays
# at once or shows the games played so far, and Ctrl-C ends it with what it
# has and a line saying so (exit 130); the progress line is gone after it;
# in French too, and no placeholder is left unfilled on any screen. In a
# pipe no progress line is written.
# Usage: balance_progress_test.sh PATH/TO/coyel
set -euo pipefail
coyel=$(realpath "$1")
folder=$(mktemp -d)
server="coyel-progress-$$"
trap 'tmux -L "$server" kill-server 2>/dev/null || true; sleep 0.2; rm -rf "$folder" 2>/dev/null || true' EXIT

source "$(dirname "$0")/common.sh"
screen() { tmux_ capture-pane -p -J -t "$1"; }
# 30 s, scaled: the lab plays about 30 times slower under the sanitizers.
wait_for() {
  for _ in $(seq "$(scaled 300)"); do
    has_line -E "$2" < <(screen "$1") && return 0
    nap 0.1
  done
  echo "FAIL: never saw: $2"; screen "$1"; exit 1
}
# The screen of $1 holds no line matching $2.
never() {
  if has_line -E "$2" < <(screen "$1"); then echo "FAIL: still saw: $2"; screen "$1"; exit 1; fi
}
# Runs `coyel balance $2` in session $1, waits for the progress line $3,
# presses Ctrl-C, and waits for the "Stopped" line $4 and the exit code 130.
stop_run() {
  tmux_ new-session -d -s "$1" -x 220 -y 50 \
    "cd $folder && $coyel balance $2; echo \"exit \$?\"; sleep 600"
  wait_for "$1" "$3"
  tmux_ send-keys -t "$1" C-c
  wait_for "$1" "$4"
  wait_for "$1" "^exit 130$"
  never "$1" "Ctrl-C stops"  # the progress line is gone
  never "$1" "\{[a-z_]+[},]"  # no placeholder left unfilled
}

# The figures: the heading at once, the games so far, then those games' figures.
stop_run run "--players 30 --games 50000000 --threads 1" \
  "^[0-9,]+ of 50,000,000 games played \([0-9.]+%\); Ctrl-C stops with the figures so far$" \
  "^Stopped: the figures above are those of the first [0-9,]+ of 50,000,000 games\.$"
has_line -E "^30 players · .* · seed 1, 1 thread$" < <(screen run) || { echo "FAIL: no heading"; exit 1; }
has_line -E "^Ecosystems win [0-9.]+% \(95% CI" < <(screen run) || { echo "FAIL: no figures"; exit 1; }

# --advise: the ranking of the games raced so far; nothing above the default unchecked.
stop_run advise "--players 30 --advise --games 50000000 --threads 1" \
  "^[0-9,]+ games played so far \(racing the candidates, then checking on fresh games\); Ctrl-C stops with the ranking so far$" \
  "^Stopped: ranked on the [0-9,]+ games played so far; a candidate not confirmed on fresh games stays below the default\.$"
has_line -E "^ +1\. .*  ← default$" < <(screen advise) || { echo "FAIL: the default not first"; screen advise; exit 1; }
has_line -E "^  default  " < <(screen advise) || { echo "FAIL: no default row"; exit 1; }

# --skill-table: the skills played so far, the last with the games it had.
stop_run skill "--players 12 --skill-table 4 --games 50000000 --threads 1" \
  "^[0-9,]+ of 200,000,000 games played \([0-9.]+%\); Ctrl-C stops with the skills played so far$" \
  "^Stopped: skills 1 to 1 of 4; the last row has the figures of its first [0-9,]+ of 50,000,000 games\.$"
has_line -E "^    1   [0-9.]+% \(" < <(screen skill) || { echo "FAIL: no row for skill 1"; exit 1; }

# --values: the cards measured whole so far (none yet: the given deck was playing).
stop_run values "--players 12 --values --games 50000000 --threads 1" \
  "^[0-9,]+ of [0-9,]+ games played \([0-9.]+%\); Ctrl-C stops with the cards measured so far$" \
  "^Stopped: 0 cards of 5 measured \(a card is shown once its runs are whole\)\.$"

# --fair-defaults: the counts chosen so far.
stop_run defaults "--fair-defaults --games 50000000 --threads 1" \
  "^[0-9,]+ games played so far \(choosing each count's default in turn\); Ctrl-C stops with the counts chosen so far$" \
  "^Stopped: no count is chosen yet, of 5 to 30; a count's choice follows from those before it, so a new run starts again from 5\.$"

# --calibrate: the lengths are measured first; the skill's fit is what runs long.
"$coyel" balance --players 9 --games 40 --seed 3 --save-games "$folder/saves" >/dev/null
stop_run calibrate "--calibrate $folder/saves --games 50000000 --threads 1" \
  "^Fitting the skill: [0-9,]+ of 1,000,000,000 games played \([0-9.]+%\); Ctrl-C stops with the lengths measured$" \
  "^Stopped before the skill was fitted: the lengths above are measured; the model's skill 2 stays\.$"
has_line -E "^  a night call: 20\.0 s \(" < <(screen calibrate) || { echo "FAIL: no lengths"; screen calibrate; exit 1; }
has_line -E "^Run any balance command with them: --from-games, or --call-seconds 20 " < <(screen calibrate) ||
  { echo "FAIL: no flags"; screen calibrate; exit 1; }
never calibrate "--skill"  # not fitted: not in the flags

# In French: the same lines in the script's words (a narrow no-break space
# groups the thousands and comes before ; and :).
nb=$(printf '\342\200\257')
stop_run french "--lang fr --players 30 --advise --games 50000000 --threads 1" \
  "^[0-9]+(${nb}[0-9]+)* parties jouées jusqu’ici \(course entre les candidats, puis vérification sur des parties neuves\)${nb}; Ctrl-C arrête avec le classement déjà là$" \
  "^Arrêté${nb}: classé sur les [0-9]+(${nb}[0-9]+)* parties jouées jusqu’ici${nb}; un candidat non confirmé sur des parties neuves reste derrière le jeu par défaut\.$"

# A run let be: its progress line gone once the figures are printed.
games=$((1200 / ${COYEL_TIME_FACTOR:-1}))
tmux_ new-session -d -s whole -x 200 -y 40 \
  "cd $folder && $coyel balance --players 20 --advise --games $games --threads 2; echo \"exit \$?\"; sleep 600"
wait_for whole "^exit 0$"
never whole "games played so far"
# In a pipe: the figures only, no progress line.
out=$("$coyel" balance --players 9 --games 3000 --threads 1 2>&1 | cat)
case "$out" in *"games played ("*) echo "FAIL: progress in a pipe: $out"; exit 1;; esac
echo "balance progress test passed"
