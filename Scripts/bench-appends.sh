#!/usr/bin/env bash
# The audit trail's appends under concurrent writers (release build): 8 writers on SQLite, each
# with its own connection to one file, then on PostgreSQL split between 2 connection pools (two
# servers' worth) on a throwaway cluster on 127.0.0.1 (Scripts/pg_test_server.py, Debian's
# postgresql). Prints appends per second, append latency p50/p99, and that the chain verifies.
#   Scripts/bench-appends.sh [--writers N] [--events N]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"
(cd "$root" && swift build -c release --product exhibit-bench >/dev/null)
bench="$root/.build/release/exhibit-bench"
scratch=$(mktemp -d /tmp/exhibit-bench-appends-XXXXXX)
chmod 755 "$scratch" # the cluster runs as postgres when this runs as root
cluster="$scratch/cluster"
mkdir -p "$cluster"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 "$root/Scripts/pg_test_server.py" "$cluster" "$port" >"$scratch/cluster.log" 2>&1 &
launcher=$!
cleanup() { kill "$launcher" 2>/dev/null; wait 2>/dev/null; rm -rf "$scratch"; }
trap cleanup EXIT
for _ in $(seq 600); do grep -q '^ready' "$scratch/cluster.log" 2>/dev/null && break; sleep 0.1; done
grep -q '^ready' "$scratch/cluster.log" || { echo "bench-appends: PostgreSQL did not start" >&2; exit 1; }

echo "SQLite:     $("$bench" appends --db "$scratch/appends.sqlite" "$@")"
# The owner makes the schema and appends, over TCP with its password, as a server would.
echo "PostgreSQL: $("$bench" appends --db "postgres://exhibit_owner:exhibit-test-password@127.0.0.1:$port/exhibit" "$@")"
