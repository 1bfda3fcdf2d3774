#!/usr/bin/env bash
# Saving fails mid-game in a real terminal: the save on a 40 KiB tmpfs that
# fills up (where a tmpfs cannot be mounted, a save folder removed under the
# game instead). The failure shows at once and the prompt says NOT SAVED;
# space freed, the next input saves again and says so; filled again, Ctrl-D
# writes the whole game to a rescue copy in the games folder and names it,
# with no false "Saved to"; `coyel resume` of the copy goes on at the same
# call, and the game is the one played through a pipe on a roomy disk.
# Usage: full_disk_test.sh PATH/TO/coyel
set -euo pipefail
export COYEL_LANG=en COYEL_FROZEN_CLOCK=1
coyel=$(realpath "$1")
folder=$(realpath "$(mktemp -d)")
export TMUX_TMPDIR=$folder XDG_DATA_HOME=$folder/data
disk="$folder/disk"
mkdir "$disk"
runs=0
server="coyel-full-$$-0"
cleanup() {
  for run in $(seq 0 "$runs"); do tmux -L "coyel-full-$$-$run" kill-server 2>/dev/null || true; done
  sleep 0.2
  umount "$disk" 2>/dev/null || true
  rm -rf "$folder" 2>/dev/null || true
}
trap cleanup EXIT

source "$(dirname "$0")/lib.sh"
wait_grep=-F
screen() { tmux_ capture-pane -p -J -S -2000 -t t; }  # the scrollback too, wrapped lines joined
start() {
  runs=$((runs + 1))
  server="coyel-full-$$-$runs"
  tmux_ new-session -d -s t -x 250 -y 50 "$coyel $*; echo EXITED \$?; sleep 30"
}

if mount -t tmpfs -o size=40k tmpfs "$disk" 2>/dev/null; then
  fill() { dd if=/dev/zero of="$disk/filler" bs=1k 2>/dev/null || true; }
  free_space() { rm -f "$disk/filler"; }
  why="No space left on device"
else
  echo "note: no tmpfs can be mounted here; the save's folder is removed instead of filled"
  fill() { rm -rf "$disk"; }
  free_space() { mkdir -p "$disk"; }
  why="No such file or directory"
fi

new=(new --players "Ana,Ben,Cleo,Dan,Eve,Finn,Gus,Hana"
     --roles "Ana=carbon,Cleo=ngo,Dan=ceo,Eve=banker,Finn=fragile,Gus=carbon" --mode night)
save="$disk/g.json"
rescue="$XDG_DATA_HOME/coyel/games/g-rescued.json"

start "${new[@]}" --save "$save"
wait_for "Start the game with this deal?"
tmux_ send-keys -t t 'yes' Enter
wait_for "mayor>"
tmux_ send-keys -t t 'Hana' Enter
wait_for "carbon target>"

# 1. The disk fills: the next answer's save fails, told at once.
fill
tmux_ send-keys -t t 'Ben' Enter
wait_for "Could not save $save: cannot write $save.tmp: $why."
wait_for ", NOT SAVED] NGO protects>"

# 2. Space freed: the next input, even a command, saves the whole game again.
free_space
tmux_ send-keys -t t 'table' Enter
wait_for "Saved to $save again: the file holds the whole game."
wait_for "°C] NGO protects>"  # the prompt asked again, without NOT SAVED

# 3. Full again: Ctrl-D tries the file, then writes the rescue copy and names it.
fill
tmux_ send-keys -t t 'Ben' Enter
wait_for "NOT SAVED] banker (up/down/none)>"
tmux_ send-keys -t t C-d
wait_for "EXITED 1"
screen | grep -qF "Could not save $save: cannot write $save.tmp: $why. The whole game is in $rescue instead. To go on:" ||
  fail "the rescue copy is not named"
screen | grep -qxF "    coyel resume $rescue" || fail "no command to resume the rescue copy"
screen | grep -qF "Saved to $save." && fail "a false \"Saved to $save.\""

# 4. Resumed, the rescue copy goes on at the same call; quit saves it.
start resume "$rescue"
wait_for "banker (up/down/none)>"
tmux_ send-keys -t t 'quit' Enter
wait_for "EXITED 0"
screen | grep -qF "Saved to $rescue. To go on:" || fail "resume did not save the rescue copy"
printf 'Hana\nBen\nBen\n' | "$coyel" "${new[@]}" --save "$folder/piped.json" >/dev/null
cmp -s "$rescue" "$folder/piped.json" || fail "the rescue copy is not the game played"
echo "full disk under tmux: ok"
