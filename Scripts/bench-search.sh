#!/usr/bin/env bash
# Search latency on generated workspaces (rows, not files): p50/p99 per kind of query, the build
# time and index size at each scale, so growth shows. Release build.
#   Scripts/bench-search.sh [--scales 0.1,1] [--repeats N] [--keep] [--before REV]
# Scale 1 is 100,000 recordings, 1,000,000 caption cues, 10,000 criteria items, 10,000 notes.
# With --before REV, the same generated workspace (the generator is seeded) is built and timed by
# REV's benchmark too, in one run, and every benchmark query's top 20 hits from `exhibit search
# --json` are compared between the two builds: rank, score and every field.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"
. "$root/Scripts/before-worktree.sh"
split_before "$@"
(cd "$root" && bash Scripts/release-build.sh exhibit-bench exhibit >/dev/null)
if [ -z "$before" ]; then
  exec "$root/.build/release/exhibit-bench" "${arguments[@]}"
fi

worktree="$root/.build/bench-search-before"
before_worktree "$root" "$before" "$worktree" bash "$root/Scripts/release-build.sh" exhibit-bench exhibit
scratch=$(mktemp -d "${TMPDIR:-/tmp}/exhibit-search-compare.XXXXXX")
echo "# before: $before"
temporary="${TMPDIR:-/tmp}"
ls -d "$temporary"/exhibit-bench-* 2>/dev/null | sort > "$scratch/folders-before" || true
"$worktree/.build/release/exhibit-bench" "${arguments[@]}" --keep | tee "$scratch/before.txt"
ls -d "$temporary"/exhibit-bench-* 2>/dev/null | sort > "$scratch/folders-after" || true
echo "# after: this tree"
"$root/.build/release/exhibit-bench" "${arguments[@]}" --keep --list-queries "$scratch/queries.tsv" | tee "$scratch/after.txt"
# An older benchmark may not print where it kept its database: take the folder it made.
old_db=$(grep -m1 "kept " "$scratch/before.txt" | sed 's/.*kept //' || true)
[ -n "$old_db" ] || old_db="$(comm -13 "$scratch/folders-before" "$scratch/folders-after" | head -1)/bench.sqlite"
new_db=$(grep -m1 "kept " "$scratch/after.txt" | sed 's/.*kept //')
python3 "$root/Scripts/bench_search_compare.py" "$worktree/.build/release/exhibit" "$old_db" \
  "$root/.build/release/exhibit" "$new_db" "$scratch/queries.tsv"
rm -rf "$scratch" "$(dirname "$old_db")" "$(dirname "$new_db")"
