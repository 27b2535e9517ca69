#!/usr/bin/env bash
# Times `exhibit bundle` of one component and `bundle --all` on the corpus, on a SQLite workspace
# and on a PostgreSQL catalogue holding the same criteria, recordings and links, side by side in
# one run; medians over runs. For each EXHIBIT given (with exhibit-team beside it), so an earlier
# build can be timed beside this one:
#   Scripts/bench-bundle-engines.sh [--runs R] EXHIBIT [EXHIBIT...]
# PostgreSQL is a throwaway cluster from Debian's postgresql (Scripts/pg_test_server.py).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=5
binaries=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    *) binaries+=("$(realpath "$1")"); shift ;;
  esac
done
[ ${#binaries[@]} -gt 0 ] || { echo "usage: bench-bundle-engines.sh [--runs R] EXHIBIT [EXHIBIT...]" >&2; exit 2; }
corpus="$root/../shared/corpus/magentaA11y"
[ -d "$corpus" ] || { echo "bench-bundle-engines: needs ../shared/corpus" >&2; exit 2; }
scratch=$(mktemp -d /tmp/exhibit-bench-engines.XXXXXX)
chmod 755 "$scratch"  # the cluster runs as postgres when this runs as root
mkdir -p "$scratch/pg"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 "$root/Scripts/pg_test_server.py" "$scratch/pg" "$port" >"$scratch/pg.log" 2>&1 &
launcher=$!
trap 'kill "$launcher" 2>/dev/null; wait "$launcher" 2>/dev/null; rm -rf "$scratch"' EXIT

for _ in $(seq 600); do grep -q '^ready$' "$scratch/pg.log" && break; sleep 0.1; done
grep -q '^ready$' "$scratch/pg.log" || { cat "$scratch/pg.log" >&2; exit 2; }
export PGPASSWORD=exhibit-test-password EXHIBIT_AUDITOR=bench

# median SECONDS...: the middle of the numbers given.
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# timed COMMAND...: runs it `runs` times (each into a fresh folder) and prints the median seconds.
timed() {
  local times=() n
  for n in $(seq "$runs"); do
    rm -rf out && mkdir out
    local start end
    start=$(date +%s.%N)
    "$@" --out out >/dev/null 2>&1 || { echo "bench-bundle-engines: failed: $*" >&2; exit 1; }
    end=$(date +%s.%N)
    times+=("$(echo "$end - $start" | bc)")
  done
  median "${times[@]}"
}

number=0
for exhibit in "${binaries[@]}"; do
  number=$((number + 1))
  for engine in sqlite postgres; do
    folder="$scratch/$engine-$number"
    mkdir -p "$folder" && cd "$folder"
    if [ "$engine" = postgres ]; then
      psql -q -h 127.0.0.1 -p "$port" -U exhibit_admin -d postgres \
        -c "CREATE DATABASE bench_$number OWNER exhibit_owner" >/dev/null
      export EXHIBIT_DB="postgres://exhibit_owner:$PGPASSWORD@127.0.0.1:$port/bench_$number"
    else
      unset EXHIBIT_DB
    fi
    # The same catalogue on each engine: the corpus's criteria and recordings, one audit of
    # every component, the suggestions from its captions accepted as untested links.
    "$exhibit" init >/dev/null
    "$exhibit" criteria import "$corpus/documentation" >/dev/null 2>&1 || true
    "$exhibit" catalog "$corpus/media" >/dev/null 2>&1 || true
    "$exhibit" product add Corpus --platform ios --platform android --platform web >/dev/null
    "$exhibit" audit new Corpus --release 1 >/dev/null
    "$exhibit" suggest --accept >/dev/null 2>&1 || true
    one=$(timed "$exhibit" bundle native/checkbox --platform ios --date 2026-11-27)
    all=$(timed "$exhibit" bundle --all --date 2026-11-27)
    echo "$(basename "$(dirname "$exhibit")")/$(basename "$exhibit") $engine: bundle native/checkbox ios ${one} s, bundle --all ${all} s"
  done
done
