# Sourced by the PostgreSQL benchmarks: starts a throwaway cluster on 127.0.0.1 in a scratch
# folder (Scripts/pg_test_server.py, Debian's postgresql) and removes both when the script exits.
# Needs $root; sets $scratch (the folder) and $port.
scratch=$(mktemp -d /tmp/exhibit-bench-postgres-XXXXXX)
chmod 755 "$scratch" # the cluster runs as postgres when this runs as root
mkdir -p "$scratch/cluster"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 "$root/Scripts/pg_test_server.py" "$scratch/cluster" "$port" >"$scratch/cluster.log" 2>&1 &
launcher=$!
cleanup() { kill "$launcher" 2>/dev/null; wait 2>/dev/null; rm -rf "$scratch"; }
trap cleanup EXIT
for _ in $(seq 600); do grep -q '^ready' "$scratch/cluster.log" 2>/dev/null && break; sleep 0.1; done
grep -q '^ready' "$scratch/cluster.log" || { echo "$(basename "$0"): PostgreSQL did not start" >&2; exit 1; }
