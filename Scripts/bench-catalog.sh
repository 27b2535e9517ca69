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
before=""
arguments=()
while [ $# -gt 0 ]; do
  case "$1" in
    --before) before=$2; shift 2 ;;
    *) arguments+=("$1"); shift ;;
  esac
done
(cd "$root" && make --no-print-directory release >/dev/null)
if [ -n "$before" ]; then
  worktree="$root/.build/bench-catalog-before"
  if [ ! -x "$worktree/.build/release/exhibit" ] || [ "$(git -C "$worktree" rev-parse HEAD 2>/dev/null)" != "$(git -C "$root" rev-parse "$before")" ]; then
    rm -rf "$worktree"
    git -C "$root" worktree prune
    git -C "$root" worktree add --detach "$worktree" "$before" >/dev/null
    (cd "$worktree" && make --no-print-directory release >/dev/null)
  fi
  arguments=(--before-exhibit "$worktree/.build/release/exhibit" "${arguments[@]}")
fi
exec python3 "$root/Scripts/bench_catalog.py" --exhibit "$root/.build/release/exhibit" --root "$root" "${arguments[@]}"
