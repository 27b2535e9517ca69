#!/usr/bin/env bash
# Start-up of commands that read no media, on the small sample workspace: wall time per command
# (hyperfine, Debian's package) and how many shared libraries the binary loads (ldd), for an
# earlier revision and for this tree, in one run.
#   Scripts/bench-startup.sh [--before REV] [--before-link static|shared] [--runs N] [--pairs N]
#                            [--sqlite3-only]
# With --pairs N, the two binaries are also run in turns, N pairs a command, and the medians
# printed (Scripts/bench_startup_pairs.py): small differences show through the machine's noise.
# Last, this tree's `--help`, `search` and reading commands are timed beside Debian's sqlite3
# doing the same kind of work in the same run: `sqlite3 -help`; opening the workspace's database
# and asking its seven full-text indexes for the word with bm25 ranks and snippets, as `exhibit
# search` does; and, for `show`, `coverage`, `criteria show`, `recordings list`, `audit show`,
# `history` and `link`, opening it, reading the rows the command prints from and printing them
# (a link: committing one row to a copy).
# With --sqlite3-only, only that comparison is run (no earlier revision is built).
# REV (default: the last commit that linked libavformat) is built in a worktree under
# .build/bench-before, as `make release` builds this tree (Scripts/release-build.sh), so only the
# code differs; with --before-link shared, its libstdc++ and SQLite are shared libraries, as
# releases were linked until 2026-11-23 (`--before HEAD --before-link shared` times that alone).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"
before=095b516
runs=30
pairs=0
before_link=static
sqlite3_only=false
while [ $# -gt 0 ]; do
  case "$1" in
    --before) before=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --pairs) pairs=$2; shift 2 ;;
    --before-link) before_link=$2; shift 2 ;;
    --sqlite3-only) sqlite3_only=true; shift ;;
    *) echo "bench-startup.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
case "$before_link" in
  static) link_flags=() ;;
  shared) link_flags=(--shared) ;;
  *) echo "bench-startup.sh: --before-link is static or shared" >&2; exit 2 ;;
esac
command -v hyperfine >/dev/null || { echo "bench-startup.sh: needs hyperfine (apt-get install hyperfine)" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "bench-startup.sh: needs sqlite3 (apt-get install sqlite3)" >&2; exit 2; }

# The two binaries.
. "$root/Scripts/before-worktree.sh"
worktree="$root/.build/bench-before"
$sqlite3_only || before_worktree "$root" "$before" "$worktree" bash "$root/Scripts/release-build.sh" "${link_flags[@]}" exhibit
(cd "$root" && make --no-print-directory release >/dev/null)
# A small workspace for each binary (each made by its own binary, since a newer schema is one an
# older Exhibit refuses): the sample criteria and recordings, catalogued, one link.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/exhibit-startup.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
# Both binaries are run from fresh copies: how a file's pages happen to sit in the page cache (one
# written by the linker an hour ago, one just copied) changes how fast it maps by a few per cent.
mkdir "$scratch/bin-old" "$scratch/bin-new"
if $sqlite3_only; then cp "$root/.build/release/exhibit" "$scratch/bin-old/exhibit"; else cp "$worktree/.build/release/exhibit" "$scratch/bin-old/exhibit"; fi
cp "$root/.build/release/exhibit" "$scratch/bin-new/exhibit"
old="$scratch/bin-old/exhibit"
new="$scratch/bin-new/exhibit"
export EXHIBIT_AUDITOR=bench
link=(link Media/native/checkbox/checkboxVoiceOver.webm "native/checkbox#screenreader.role" --verdict pass --from 0.4 --to 5.2)
for side in old new; do
  mkdir "$scratch/$side"
  cp -R "$root/Media" "$root/Criteria" "$scratch/$side/"
  binary=$old; [ "$side" = new ] && binary=$new
  (cd "$scratch/$side" && "$binary" init >/dev/null && "$binary" criteria import Criteria >/dev/null \
    && "$binary" catalog Media >/dev/null && "$binary" "${link[@]}" >/dev/null)
done

beside_sqlite3() {
  # sqlite3 doing what `exhibit search checkbox` does on the same database, in one process.
  local tables="caption_cue_fts developer_note_fts gherkin_step_fts announcement_example_fts criteria_item_fts"
  tables="$tables evidence_note_fts recording_path_fts"
  local sql="" table
  for table in $tables; do
    sql="$sql SELECT rowid, snippet($table, 0, '[', ']', '…', 12), bm25($table) FROM $table"
    sql="$sql WHERE $table MATCH 'checkbox' ORDER BY rank LIMIT 20;"
  done
  echo
  echo "# beside sqlite3 $(sqlite3 -version | cut -d' ' -f1) (hyperfine means, ms; each pair in one hyperfine run)"
  printf '%-28s %10s %10s %7s\n' work sqlite3 exhibit ratio
  compare() {
    local name=$1 theirs=$2 ours=$3
    (cd "$scratch/new" && hyperfine -N -i --warmup 5 --runs "$runs" --export-json "$scratch/s.json" "$theirs" "$ours" >/dev/null 2>&1)
    python3 - "$name" "$scratch/s.json" <<'PY'
import json, sys
name, path = sys.argv[1:]
theirs, ours = (r["mean"] * 1000 for r in json.load(open(path))["results"])
print(f"{name:<28} {theirs:>10.2f} {ours:>10.2f} {ours / theirs:>7.2f}")
PY
  }
  compare "help" "sqlite3 -help" "$new --help"
  compare "search (7 indexes, snippets)" "sqlite3 Database/exhibit.sqlite \"$sql\"" "$new search checkbox"
  # The reading commands beside sqlite3 opening the same database, reading the rows the
  # command's page is made of, and printing them.
  local items="SELECT i.key, i.platforms, i.expectation FROM criteria_current c JOIN criteria_item i"
  items="$items ON i.document_id = c.document_id WHERE c.family = 'native' AND c.component = 'checkbox';"
  local links="SELECT l.verdict, l.start_ms, l.end_ms, l.auditor FROM evidence_link l JOIN criteria_item i"
  links="$links ON i.id = l.item_id JOIN criteria_current c ON c.document_id = i.document_id"
  links="$links WHERE c.component = 'checkbox' AND l.retracted_at IS NULL;"
  local recordings="SELECT r.sha256, r.platform, r.assistive_tech, r.duration_ms, r.status FROM recording r"
  local database=Database/exhibit.sqlite
  compare "show" "sqlite3 $database \"$items $recordings WHERE r.component = 'checkbox'; $links\"" \
    "$new show native/checkbox"
  compare "coverage" "sqlite3 $database \"$items $links\"" "$new coverage native/checkbox"
  compare "criteria show" "sqlite3 $database \"$items\"" "$new criteria show native/checkbox"
  compare "recordings list" "sqlite3 $database \"$recordings ORDER BY r.id;\"" "$new recordings list"
  compare "audit show" "sqlite3 $database \"SELECT * FROM audit; $links\"" "$new audit show"
  compare "history" "sqlite3 $database \"SELECT id, at, actor, action, subject, after FROM audit_event ORDER BY id;\"" \
    "$new history"
  # A write: sqlite3 reads the two rows a link names and commits one row, on a copy of the
  # database with a table of its own (the workspace's is left as Exhibit made it).
  cp "$scratch/new/$database" "$scratch/write.sqlite"
  sqlite3 "$scratch/write.sqlite" "CREATE TABLE bench_write (recording INTEGER, item INTEGER, verdict TEXT)"
  local write="BEGIN IMMEDIATE; SELECT id FROM recording WHERE sha256 LIKE '6447%';"
  write="$write SELECT id FROM criteria_item WHERE key = 'screenreader.role' LIMIT 1;"
  write="$write INSERT INTO bench_write VALUES (1, 1, 'pass'); COMMIT;"
  compare "link (again)" "sqlite3 $scratch/write.sqlite \"$write\"" "$new ${link[*]}"
}
if $sqlite3_only; then
  beside_sqlite3
  exit 0
fi
echo "shared libraries loaded (ldd): before $(ldd "$old" | wc -l), after $(ldd "$new" | wc -l)"
printf '%-16s %12s %12s\n' command "before ms" "after ms"
measure() {
  local binary=$1; shift
  local side=old; [ "$binary" = "$new" ] && side=new
  (cd "$scratch/$side" && hyperfine -N --warmup 3 --runs "$runs" --export-json "$scratch/h.json" "$binary $*" >/dev/null 2>&1)
  python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results'][0]; print(f\"{r['mean']*1000:.1f} ± {r['stddev']*1000:.1f}\")" "$scratch/h.json"
}
row() {
  local name=$1; shift
  printf '%-16s %12s %12s\n' "$name" "$(measure "$old" "$@")" "$(measure "$new" "$@")"
}
row "--help" --help
row "search" search checkbox
row "show" show native/checkbox
row "coverage" coverage native/checkbox
row "link (again)" "${link[@]}"
row "criteria list" criteria list
row "verify" verify
if [ "$pairs" -gt 0 ]; then
  python3 "$root/Scripts/bench_startup_pairs.py" "$pairs" "$old" "$scratch/old" "$new" "$scratch/new"
fi
beside_sqlite3
