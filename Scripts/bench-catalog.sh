#!/usr/bin/env bash
# Times `exhibit catalog` beside ffprobe+sha256sum per file and beside openssl's hashing floor,
# and a re-scan of an unchanged folder of many files. Medians over several runs.
#   Scripts/bench-catalog.sh [--before REV] [--copies N] [--runs R] [--many N] [FOLDER]
# FOLDER defaults to ../shared/corpus/magentaA11y/media when it exists, else Media/. With
# --before REV, REV is built in a worktree under .build/bench-catalog-before and timed beside
# this tree on the same folders, runs interleaved. Both are built as `make release` builds.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"
. "$root/Scripts/before-worktree.sh"
split_before "$@"
(cd "$root" && make --no-print-directory release >/dev/null)
if [ -n "$before" ]; then
  worktree="$root/.build/bench-catalog-before"
  before_worktree "$root" "$before" "$worktree" make --no-print-directory release
  arguments=(--before-exhibit "$worktree/.build/release/exhibit" "${arguments[@]}")
fi
exec python3 "$root/Scripts/bench_catalog.py" --exhibit "$root/.build/release/exhibit" --root "$root" "${arguments[@]}"
