#!/usr/bin/env bash
# A French game in a real terminal with the clock running: the script's
# answer words complete with Tab and are understood, the prompt counts down
# in French, a degree is told in French at its second, and « » wrap under
# the first letter.
# Usage: french_test.sh PATH/TO/coyel
set -euo pipefail
coyel=$(realpath "$1")
folder=$(mktemp -d)
server="coyel-french-$$"
trap 'tmux -L "$server" kill-server 2>/dev/null || true; sleep 0.2; rm -rf "$folder" 2>/dev/null || true' EXIT

source "$(dirname "$0")/lib.sh"
wait_seconds=20
nb=$'\u202f'  # the narrow no-break space of French typography

# The locale, not a flag, chooses French here.
tmux_ new-session -d -s t -x 60 -y 40 \
  "cd $folder && env -u COYEL_LANG LC_ALL=fr_FR.UTF-8 $coyel new --players 'Ana,Ben,Cleo,Dan,Eve' --roles 'Ana=carbon' --minutes 1 --save game.json; echo EXITED; sleep 30"
wait_for "Lancer la partie avec cette donne"
tmux_ send-keys -t t -l 'oui'
tmux_ send-keys -t t Enter
wait_for "maire> ?$"

# 1. "pers" + Tab: the French word for nobody, understood.
tmux_ send-keys -t t -l 'pers'
tmux_ send-keys -t t Tab
wait_for "maire> personne$"
tmux_ send-keys -t t Enter
wait_for "Pas de maire"

# 2. The night: « » around the lines read aloud, wrapped under the first letter.
wait_for "^  «${nb}La première nuit tombe sur Coyel Heaven. Tout le monde$"
wait_for "^    ferme les yeux.${nb}»$"

# 3. The prompt counts down in French; the degree (12 s in) is told at once.
wait_for "La température mondiale monte à \+1${nb}°C"
wait_for "\[\+[1-4]${nb}°C, prochain degré dans 0:[01][0-9]\] cible du carbone> ?$"

tmux_ send-keys -t t -l 'quit'
tmux_ send-keys -t t Enter
wait_for "EXITED"
screen | grep -q "Enregistré dans game.json" || fail "no French goodbye"
echo "French test passed"
