#!/usr/bin/env bash
# How long `coyel balance --advise` takes as a group asks it (all four cards,
# every length, the default --games), for each count (default 5 to 30), on 2
# threads: issue 50's bound is a second for any count. Prints the count, the
# wall seconds (best of three runs), the CPU seconds of that run (user and
# system: what a busy machine does not inflate much), the games raced and
# the fresh games of the checks. ADVISE_ARGS adds flags ("--cards ngo,ceo --minutes 40", the
# ask issue 36 timed). Not part of tools/test: a loaded machine measures the
# load. Check `uptime` first; time the shipped build (tools/bench builds
# build-bench/coyel, trained by profile like the package).
# Usage: bench/advise_speed.sh PATH/TO/coyel [COUNTS...]
set -euo pipefail
coyel=$1
shift
counts=("$@")
[[ ${#counts[@]} -gt 0 ]] || counts=($(seq 5 30))
read -r -a extra <<<"${ADVISE_ARGS:-}"
times=$(mktemp)
trap 'rm -f "$times"' EXIT
echo "players  seconds      cpu   raced   fresh"
for players in "${counts[@]}"; do
    best="" cpu=""
    for _ in 1 2 3; do
        start=$(date +%s.%N)
        out=$(/usr/bin/time -f "%U %S" -o "$times" \
            "$coyel" balance --players "$players" --advise --threads 2 --json "${extra[@]}")
        seconds=$(echo "$(date +%s.%N) - $start" | bc)
        if [[ -z $best ]] || (($(echo "$seconds < $best" | bc))); then
            best=$seconds
            cpu=$(awk '{ print $1 + $2 }' "$times")
        fi
    done
    raced=$(sed -n 's/^  "games_played": \([0-9]*\).*/\1/p' <<<"$out")
    fresh=$(sed -n 's/^  "fresh_games": \([0-9]*\).*/\1/p' <<<"$out")
    printf "%7d  %7.3f  %7.2f  %6s  %6s\n" "$players" "$best" "$cpu" "$raced" "${fresh:--}"
done
