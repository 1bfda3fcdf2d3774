#!/usr/bin/env bash
# How long `coyel balance --advise` takes with the cards and minutes a group
# has, for each count (default 5 to 30), on 2 threads: the bound is
# half a second for any count. Prints the count, the wall seconds (best of
# three runs) and the games the race played. Not part of tools/test: a
# loaded machine measures the load. Check `uptime` first.
# Usage: bench/advise_speed.sh PATH/TO/coyel [COUNTS...]
set -euo pipefail
coyel=$1
shift
counts=("$@")
[[ ${#counts[@]} -gt 0 ]] || counts=($(seq 5 30))
echo "players  seconds  games"
for players in "${counts[@]}"; do
    best=""
    for _ in 1 2 3; do
        start=$(date +%s.%N)
        games=$("$coyel" balance --players "$players" --advise --cards ngo,ceo --minutes 40 \
            --threads 2 --json | sed -n 's/^  "games_played": \([0-9]*\).*/\1/p')
        seconds=$(echo "$(date +%s.%N) - $start" | bc)
        if [[ -z $best ]] || (($(echo "$seconds < $best" | bc))); then best=$seconds; fi
    done
    printf "%7d  %7.3f  %s\n" "$players" "$best" "$games"
done
