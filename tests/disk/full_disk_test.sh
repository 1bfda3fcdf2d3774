#!/usr/bin/env bash
# A real full file system, through a pipe: the save on a 40 KiB tmpfs that
# fills up mid-game. Every save after that fails and is told on standard
# error; at the end of input coyel tries the file again, then writes the
# whole game to a rescue copy in the games folder and names it; nothing says
# "Saved to" the full file. The rescue copy is the game played on a roomy
# disk, byte for byte; it is locked like any save; resumed, it finishes the
# game exactly as one run does.
# Usage: full_disk_test.sh PATH/TO/coyel TRANSCRIPTS_FOLDER
# Exits 77 (skipped) where this process may not mount a tmpfs.
set -euo pipefail
export COYEL_LANG=en NO_COLOR=1 COYEL_FROZEN_CLOCK=1
coyel=$(realpath "$1")
answers="$2/full_game.in"
work=$(realpath "$(mktemp -d)")
disk="$work/disk"
mkdir "$disk"
export XDG_DATA_HOME="$work/data"
cleanup() {
  if [[ -n ${holder:-} ]]; then kill "$holder" 2>/dev/null || true; fi
  exec 3>&- 4>&-
  umount "$disk" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $1"; for f in "$work"/out "$work"/err; do [[ -f $f ]] && { echo "--- $f"; cat "$f"; }; done; exit 1; }

if ! mount -t tmpfs -o size=40k tmpfs "$disk" 2>/dev/null; then
  echo "skipped: cannot mount a tmpfs on $disk here (needs root with CAP_SYS_ADMIN);"
  echo "  save_failure_test.cpp covers the same with a failing file writer"
  exit 77
fi

new=(new --players "Ana,Ben,Cleo,Dan,Eve,Finn,Gus,Hana"
     --roles "Ana=carbon,Cleo=ngo,Dan=ceo,Eve=banker,Finn=fragile,Gus=carbon"
     --mode night --option tie=revote)
first=8   # answers before the disk fills
half=20   # answers before the end of the pipe

# The same answers on a roomy disk: what the saves must hold.
head -n "$first" "$answers" | "$coyel" "${new[@]}" --save "$work/first.json" >/dev/null
head -n "$half" "$answers" | "$coyel" "${new[@]}" --save "$work/half.json" >/dev/null
"$coyel" "${new[@]}" --save "$work/whole.json" <"$answers" >/dev/null

# 1. The game on the tmpfs; once the first answers are saved, the disk fills up.
mkfifo "$work/in"
"$coyel" "${new[@]}" --save "$disk/g.json" <"$work/in" >"$work/out" 2>"$work/err" &
pid=$!
exec 3>"$work/in"
head -n "$first" "$answers" >&3
for _ in $(seq 100); do cmp -s "$disk/g.json" "$work/first.json" && break; sleep 0.1; done
cmp -s "$disk/g.json" "$work/first.json" || fail "the first answers never reached the disk"
dd if=/dev/zero of="$disk/filler" bs=1k 2>/dev/null || true  # until no space is left
head -n "$half" "$answers" | tail -n +"$((first + 1))" >&3
exec 3>&-
code=0
wait "$pid" || code=$?

rescue="$XDG_DATA_HOME/coyel/games/g-rescued.json"
[[ $code == 1 ]] || fail "exit code $code, not 1 (the game is not in the file asked for)"
grep -qF "Could not save $disk/g.json: cannot write $disk/g.json.tmp: No space left on device." "$work/err" ||
  fail "the failed save was not told"
grep -qF "Could not save $disk/g.json: cannot write $disk/g.json.tmp: No space left on device. The whole game is in $rescue instead. To go on:" "$work/out" ||
  fail "the output does not name the rescue copy"
grep -qxF "    coyel resume $rescue" "$work/out" || fail "no command to resume the rescue copy"
grep -qF "Saved to" "$work/out" && fail "a false \"Saved to\""
cmp -s "$rescue" "$work/half.json" || fail "the rescue copy is not the whole game"
cmp -s "$disk/g.json" "$work/first.json" || fail "the full disk's file changed"

# 2. The rescue copy is locked like any save: while one coyel plays it, a
#    second is refused.
mkfifo "$work/first-in"
"$coyel" resume "$rescue" <"$work/first-in" >/dev/null 2>&1 &
holder=$!
exec 4>"$work/first-in"
for _ in $(seq 100); do
  [[ -e "$(dirname "$rescue")/.g-rescued.json.lock" ]] && break
  sleep 0.1
done
refused=$("$coyel" resume "$rescue" </dev/null 2>&1) && fail "resumed a rescue copy another coyel plays"
[[ $refused == *"$rescue is in play in another coyel (process $holder)"* ]] ||
  fail "unexpected refusal: $refused"
exec 4>&-  # the first one reaches the end of its input and leaves
wait "$holder" || fail "the first coyel on the rescue copy failed"
holder=
cmp -s "$rescue" "$work/half.json" || fail "resumed without an answer, the rescue copy changed"

# 3. Resumed, the rescue copy goes on where the game stopped: the rest of
#    the answers finish it as one run on a roomy disk does.
tail -n +"$((half + 1))" "$answers" | "$coyel" resume "$rescue" >"$work/out" 2>"$work/err" ||
  fail "resuming the rescue copy failed"
grep -qF "Saved to $rescue. Review it with:" "$work/out" || fail "resume did not save to the rescue copy"
cmp -s "$rescue" "$work/whole.json" || fail "the resumed game differs from the game played in one go"
echo "full disk through a pipe: ok"
