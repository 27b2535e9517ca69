#!/usr/bin/env bash
# Start-up of commands that read no media, on the small sample workspace: wall time per command
# (hyperfine, Debian's package) and how many shared libraries the binary loads (ldd), for an
# earlier revision and for this tree, in one run.
#   Scripts/bench-startup.sh [--before REV] [--before-link static|shared] [--runs N] [--pairs N]
# With --pairs N, the two binaries are also run in turns, N pairs a command, and the medians
# printed (Scripts/bench_startup_pairs.py): small differences show through the machine's noise.
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
while [ $# -gt 0 ]; do
  case "$1" in
    --before) before=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --pairs) pairs=$2; shift 2 ;;
    --before-link) before_link=$2; shift 2 ;;
    *) echo "bench-startup.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
case "$before_link" in
  static) link_flags=() ;;
  shared) link_flags=(--shared) ;;
  *) echo "bench-startup.sh: --before-link is static or shared" >&2; exit 2 ;;
esac
command -v hyperfine >/dev/null || { echo "bench-startup.sh: needs hyperfine (apt-get install hyperfine)" >&2; exit 2; }

# The two binaries.
. "$root/Scripts/before-worktree.sh"
worktree="$root/.build/bench-before"
before_worktree "$root" "$before" "$worktree" bash "$root/Scripts/release-build.sh" "${link_flags[@]}" exhibit
(cd "$root" && make --no-print-directory release >/dev/null)
# A small workspace for each binary (each made by its own binary, since a newer schema is one an
# older Exhibit refuses): the sample criteria and recordings, catalogued, one link.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/exhibit-startup.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
# Both binaries are run from fresh copies: how a file's pages happen to sit in the page cache (one
# written by the linker an hour ago, one just copied) changes how fast it maps by a few per cent.
mkdir "$scratch/bin-old" "$scratch/bin-new"
cp "$worktree/.build/release/exhibit" "$scratch/bin-old/exhibit"
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
