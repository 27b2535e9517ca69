#!/usr/bin/env bash
# Tunes listening's spotting threshold on speech of our own making, never on the corpus: hears the
# two recordings of Scripts/make-listening-media.sh (Tests/ExhibitKitTests/Fixtures/media) with
# each rule given (`SHORTEST,PER_PHONE`: the exponent of 1eN for a phrase of 4 phones, and how much
# lower it is for each phone more) and prints recall, precision and F1 against what was said.
# The rule with the best F1 becomes SpottingThreshold.tuned.
#
# Usage: Scripts/tune-listening.sh [--exhibit BINARY] [RULE...]
#   (default: a grid around the tuned rule, with the built debug binary)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
exhibit=$root/.build/debug/exhibit
if [[ ${1:-} == --exhibit ]]; then
  exhibit=$(realpath "$2")
  shift 2
fi
rules=("$@")
if [[ ${#rules[@]} == 0 ]]; then
  rules=(5,0 0,0 10,0 5,2 5,3 3,4 5,4 5,5 7,5 10,5 7,6 10,6)
fi
media=$(mktemp -d)
trap 'rm -rf "$media"' EXIT
fixtures=$root/Tests/ExhibitKitTests/Fixtures/media
for name in announcements announcements-fast; do
  cp "$fixtures/$name.webm" "$media/$name.webm"
  cp "$fixtures/$name-said.txt" "$media/$name.vtt"
done
printf '%-8s %-8s %-10s %s\n' rule recall precision F1
for rule in "${rules[@]}"; do
  measured=$(EXHIBIT_SPOTTING_THRESHOLD=$rule python3 "$root/Scripts/bench_listening.py" --exhibit "$exhibit" \
    --media "$media" --criteria "$root/Criteria")
  recall=$(awk '/^recall/ { print $4 }' <<<"$measured")
  precision=$(awk '/^precision/ { print $4 }' <<<"$measured")
  f1=$(awk -v r="$recall" -v p="$precision" 'BEGIN { printf "%.3f", (r + p > 0) ? 2 * r * p / (r + p) : 0 }')
  printf '%-8s %-8s %-10s %s\n' "$rule" "$recall" "$precision" "$f1"
done
