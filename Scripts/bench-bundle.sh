#!/usr/bin/env bash
# Times `exhibit bundle` (copy + hash + bag) beside `cp -r` of the same recordings and beside
# bagit.py making a bag of them; medians over runs. Release build.
#   Scripts/bench-bundle.sh [--runs R] [--copies N] [FOLDER]
# FOLDER defaults to ../shared/corpus/magentaA11y/media/video/web/checkbox when it exists, else
# Media/web/checkbox. --copies N bundles N remuxed copies of each recording (more bytes).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"
runs=5 copies=1 folder=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --copies) copies=$2; shift 2 ;;
    *) folder=$1; shift ;;
  esac
done
if [ -z "$folder" ]; then
  folder="$root/../shared/corpus/magentaA11y/media/video/web/checkbox"
  [ -d "$folder" ] || folder="$root/Media/web/checkbox"
fi
(cd "$root" && bash Scripts/release-build.sh exhibit >/dev/null)
exhibit="$root/.build/release/exhibit"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/exhibit-bench-bundle.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/media/web/checkbox"
# Only the Windows recordings: the bag of web/checkbox on windows holds exactly these.
for file in "$folder"/*Windows*.webm; do
  base=$(basename "$file" .webm)
  for n in $(seq 1 "$copies"); do
    name="$base"; [ "$copies" -gt 1 ] && name="${base}_copy$n"
    # Distinct bytes per copy (a metadata tag), so each copy is its own recording.
    ffmpeg -v error -i "$file" -c copy -metadata comment="copy $n" "$scratch/media/web/checkbox/$name.webm"
    for vtt in "$folder/$base"*.vtt; do [ -e "$vtt" ] && cp "$vtt" "$scratch/media/web/checkbox/$name${vtt#"$folder/$base"}"; done
  done
done
cd "$scratch"
"$exhibit" init >/dev/null
"$exhibit" criteria import "$root/Criteria/web" >/dev/null
"$exhibit" catalog media >/dev/null
files=$(find media -name '*.webm' -o -name '*.vtt' | wc -l)
bytes=$(du -sb media | cut -f1)
echo "payload: $files files, $bytes bytes (the Windows recordings of web/checkbox and their captions)"

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ms() { local start end; start=$(date +%s%N); "$@" >/dev/null 2>&1; end=$(date +%s%N); echo $(((end - start) / 1000000)); }

for platform in windows; do  # one platform; the loop keeps the report's shape if more are added
  exhibit_times=() cp_times=() bagit_times=()
  for run in $(seq 1 "$runs"); do
    sync
    exhibit_times+=("$(ms "$exhibit" bundle web/checkbox --platform "$platform" --out "out$run" --date 2026-11-21)")
    rm -rf "out$run"
    cp_times+=("$(ms cp -r media "copy$run")")
    bagit_times+=("$(ms bagit.py --sha256 "copy$run")")
    rm -rf "copy$run"
  done
  bag_bytes=$("$exhibit" bundle web/checkbox --platform "$platform" --out final --date 2026-11-21 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["bytes"])')
  echo "web/checkbox on $platform, bag of $bag_bytes bytes; medians of $runs runs:"
  echo "  exhibit bundle (copy + SHA-256 + bag + report): $(printf '%s\n' "${exhibit_times[@]}" | median) ms"
  echo "  cp -r of every recording and caption:           $(printf '%s\n' "${cp_times[@]}" | median) ms"
  echo "  bagit.py --sha256 in place on that copy:        $(printf '%s\n' "${bagit_times[@]}" | median) ms"
done
