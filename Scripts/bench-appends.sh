#!/usr/bin/env bash
# The audit trail's appends under concurrent writers (release build): 8 writers on SQLite, each
# with its own connection to one file, then on PostgreSQL split between 2 connection pools (two
# servers' worth) on a throwaway cluster on 127.0.0.1 (Scripts/pg_test_server.py, Debian's
# postgresql). Prints appends per second, append latency p50/p99, and that the chain verifies.
#   Scripts/bench-appends.sh [--writers N] [--events N]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"
(cd "$root" && bash Scripts/release-build.sh exhibit-bench >/dev/null)
bench="$root/.build/release/exhibit-bench"
source "$root/Scripts/throwaway-postgres.sh"

echo "SQLite:     $("$bench" appends --db "$scratch/appends.sqlite" "$@")"
# The owner makes the schema and appends, over TCP with its password, as a server would.
echo "PostgreSQL: $("$bench" appends --db "postgres://exhibit_owner:exhibit-test-password@127.0.0.1:$port/exhibit" "$@")"
