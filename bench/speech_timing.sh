#!/usr/bin/env bash
# When the laptop's voice speaks (--speak, issue 39): a night and a dawn
# played through a pipe with the clock running and --speak-log (espeak-ng
# timed as it would sound, silent), then, for each line read aloud, how long
# after its moment it began (its moment: when it was handed over, or when
# the line before it ended, whichever is later) and whether it began before
# the line before it ended. The bound is 200 ms and no overlap. Takes as long
# as the lines take to say (about a minute). Not part of tools/test.
# Usage: bench/speech_timing.sh PATH/TO/coyel
set -euo pipefail
coyel=$(realpath "$1")
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
printf 'Finn\nBen\nBen\nnone\nBen\nno\nquit\n' |
  COYEL_LANG=en "$coyel" new --players Ana,Ben,Cleo,Dan,Eve,Finn \
    --roles Ana=carbon,Cleo=ngo,Dan=ceo,Eve=banker --mode night \
    --save "$folder/g.json" --speak-log "$folder/speech.log" >/dev/null
python3 - "$folder/speech.log" <<'PY'
import json, sys
lines = [json.loads(row) for row in open(sys.argv[1])]
late, overlaps, previous_end = [], 0, None
for line in lines:
    moment = line["due_ms"] if previous_end is None else max(line["due_ms"], previous_end)
    late.append(line["start_ms"] - moment)
    if previous_end is not None and line["start_ms"] < previous_end:
        overlaps += 1
    previous_end = line["end_ms"]
spoken = (lines[-1]["end_ms"] - lines[0]["start_ms"]) / 1000
print(f"{len(lines)} lines, {spoken:.1f} s of speech")
print(f"began after its moment: median {sorted(late)[len(late) // 2]} ms, max {max(late)} ms (bound 200)")
print(f"overlaps: {overlaps}")
PY
