#!/usr/bin/env bash
# Times `exhibit verify` of an evidence bag beside `bagit.py --validate` of the same bag, and the
# workspace check (`exhibit verify` without a bag) of the workspace the bag came from; medians
# over runs. Release build.
#   Scripts/bench-verify.sh [--runs R] [--copies N] [CORPUS]
# CORPUS defaults to ../shared/corpus/magentaA11y (its criteria and media). The bag is of
# web/checkbox on windows, with N remuxed copies of each Windows recording (default 34: about
# 135 MB), each its own recording.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"
runs=5 copies=34 corpus="$root/../shared/corpus/magentaA11y"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --copies) copies=$2; shift 2 ;;
    *) corpus=$1; shift ;;
  esac
done
[ -d "$corpus" ] || { echo "bench-verify: no corpus at $corpus" >&2; exit 1; }
(cd "$root" && bash Scripts/release-build.sh exhibit >/dev/null)
exhibit="$root/.build/release/exhibit"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/exhibit-bench-verify.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
"$exhibit" init >/dev/null
"$exhibit" criteria import "$corpus" >/dev/null 2>&1 || true
mkdir -p media/web/checkbox
folder=$(find "$corpus" -type d -path '*video/web/checkbox' | head -1)
for file in "$folder"/*Windows*.webm; do
  base=$(basename "$file" .webm)
  for n in $(seq 1 "$copies"); do
    ffmpeg -v error -i "$file" -c copy -metadata comment="copy $n" "media/web/checkbox/${base}_copy$n.webm"
    for vtt in "$folder/$base"*.vtt; do [ -e "$vtt" ] && cp "$vtt" "media/web/checkbox/${base}_copy$n${vtt#"$folder/$base"}"; done
  done
done
"$exhibit" catalog media >/dev/null 2>&1 || true
"$exhibit" catalog "$(dirname "$folder")/.." >/dev/null 2>&1 || true
bag=$("$exhibit" bundle web/checkbox --platform windows --out bags --date 2026-11-21 --json |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["path"])')
echo "bag: $(du -sb "$bag" | cut -f1) bytes, $(find "$bag" -type f | wc -l) files"

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ms() { local start end; start=$(date +%s%N); "$@" >/dev/null 2>&1 || true; end=$(date +%s%N); echo $(((end - start) / 1000000)); }
exhibit_times=() bagit_times=() workspace_times=()
for run in $(seq 1 "$runs"); do
  cat "$bag"/data/recordings/* >/dev/null
  exhibit_times+=("$(ms "$exhibit" verify "$bag")")
  bagit_times+=("$(ms bagit.py --validate "$bag")")
  workspace_times+=("$(ms "$exhibit" verify)")
done
e=$(printf '%s\n' "${exhibit_times[@]}" | median)
b=$(printf '%s\n' "${bagit_times[@]}" | median)
echo "medians of $runs runs:"
echo "  exhibit verify BAG (every check, against the workspace): $e ms"
echo "  bagit.py --validate BAG:                                 $b ms"
python3 -c "print('  ratio: %.2f' % ($e / $b))"
echo "  exhibit verify (the workspace: $("$exhibit" verify --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["events"])') events): $(printf '%s\n' "${workspace_times[@]}" | median) ms"
