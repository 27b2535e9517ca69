#!/usr/bin/env bash
# Search latency on PostgreSQL beside SQLite, on the same generated catalogue (scale 1: 100,000
# recordings, 1,000,000 caption cues, 10,000 criteria items), in a throwaway cluster on 127.0.0.1
# (Scripts/pg_test_server.py). Prints p50 and p99 per kind of query for each backend, then
# PostgreSQL's again on the same databases once settled.
#   Scripts/bench-postgres-search.sh [--scales 0.1,1] [--repeats N]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"
(cd "$root" && bash Scripts/release-build.sh exhibit-bench >/dev/null)
source "$root/Scripts/throwaway-postgres.sh"

export PGPASSWORD=exhibit-test-password
scales="0.1,1"
if [ "${1:-}" = "--scales" ]; then scales=$2; shift 2; fi
count=$(tr ',' '\n' <<<"$scales" | wc -l)
for index in $(seq 0 $((count - 1))); do
  name=bench
  [ "$index" -gt 0 ] && name="bench_$index"
  psql -X -q -d "postgres://exhibit_admin@127.0.0.1:$port/postgres" -c "CREATE DATABASE $name OWNER exhibit_owner"
done
"$root/.build/release/exhibit-bench" postgres-search --db "postgres://exhibit_owner@127.0.0.1:$port/bench" \
  --scales "$scales" "$@"
# The same databases searched again once they have settled: the first timing follows the copy, with
# its writes still being flushed and vacuumed behind it.
echo "again, the databases settled"
"$root/.build/release/exhibit-bench" postgres-search --db "postgres://exhibit_owner@127.0.0.1:$port/bench" \
  --scales "$scales" --reuse "$@"
