#!/usr/bin/env bash
# Times `exhibit bundle` of one component and `bundle --all` on the corpus, on a SQLite workspace
# and on a PostgreSQL catalogue holding the same criteria, recordings and links, side by side in
# one run. For each EXHIBIT given (with exhibit-team beside it), so an earlier build can be timed
# beside this one:
#   Scripts/bench-bundle-engines.sh [--runs R] EXHIBIT [EXHIBIT...]
# Every catalogue is made first; then each run times every build on both engines in turn, so a
# machine that speeds up or slows down during the run moves all of them alike. It prints each
# median and the median of the runs' PostgreSQL / SQLite ratios, taken run by run.
# PostgreSQL is a throwaway cluster from Debian's postgresql (Scripts/pg_test_server.py). With
# Debian's pgbouncer installed (Scripts/install-deps.sh --bench), each PostgreSQL command is also
# timed through it, in transaction pooling, with TLS and SCRAM as to the server: the same
# catalogue, its server sessions kept open between commands, so the share of a command that is a
# new session's (its start, and each statement planned with cold caches) shows beside the direct
# figure.
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

# The pooler, when installed: every database of the cluster, the owner's SCRAM secret, the
# cluster's certificate. It runs as postgres when this runs as root (pgbouncer refuses root).
pooled=false
if command -v pgbouncer >/dev/null; then
  pooled=true
  pool_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  mkdir -p "$scratch/pool"
  secret=$(psql -h 127.0.0.1 -p "$port" -U exhibit_admin -d postgres -Atc \
    "SELECT rolpassword FROM pg_authid WHERE rolname = 'exhibit_owner'")
  echo "\"exhibit_owner\" \"$secret\"" >"$scratch/pool/users.txt"
  cp "$scratch/pg/server.crt" "$scratch/pg/server.key" "$scratch/pool/"
  chmod 600 "$scratch/pool/server.key"
  printf '%s\n' "[databases]" "* = host=127.0.0.1 port=$port" "[pgbouncer]" "listen_addr = 127.0.0.1" \
    "listen_port = $pool_port" "unix_socket_dir =" "auth_type = scram-sha-256" \
    "auth_file = $scratch/pool/users.txt" "pool_mode = transaction" "client_tls_sslmode = prefer" \
    "client_tls_cert_file = $scratch/pool/server.crt" "client_tls_key_file = $scratch/pool/server.key" \
    "server_tls_sslmode = prefer" "logfile = $scratch/pool/pgbouncer.log" >"$scratch/pool/pgbouncer.ini"
  if [ "$(id -u)" = 0 ]; then
    chown -R postgres "$scratch/pool"
    runuser -u postgres -- pgbouncer "$scratch/pool/pgbouncer.ini" >/dev/null 2>&1 &
  else
    pgbouncer "$scratch/pool/pgbouncer.ini" >/dev/null 2>&1 &
  fi
  pooler=$!
  trap 'kill "$pooler" "$launcher" 2>/dev/null; wait "$launcher" 2>/dev/null; rm -rf "$scratch"' EXIT
  for _ in $(seq 100); do grep -q 'listening on' "$scratch/pool/pgbouncer.log" 2>/dev/null && break; sleep 0.1; done
fi

# median NUMBERS...: the middle of the numbers given.
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# seconds FOLDER DB COMMAND...: runs the command once in FOLDER (on DB, none for the workspace's
# file) into a fresh output folder and prints the seconds it took.
seconds() {
  local folder=$1 db=$2 start end
  shift 2
  cd "$folder" && rm -rf out && mkdir out
  start=$(date +%s.%N)
  if [ -n "$db" ]; then
    EXHIBIT_DB=$db "$@" --out out >/dev/null 2>&1 || { echo "bench-bundle-engines: failed: $*" >&2; return 1; }
  else
    "$@" --out out >/dev/null 2>&1 || { echo "bench-bundle-engines: failed: $*" >&2; return 1; }
  fi
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

# The same catalogue on each engine for each build: the corpus's criteria and recordings, one
# audit of every component, the suggestions from its captions accepted as untested links.
number=0
for exhibit in "${binaries[@]}"; do
  number=$((number + 1))
  psql -q -h 127.0.0.1 -p "$port" -U exhibit_admin -d postgres \
    -c "CREATE DATABASE bench_$number OWNER exhibit_owner" >/dev/null
  for engine in sqlite postgres; do
    folder="$scratch/$engine-$number"
    mkdir -p "$folder" && cd "$folder"
    db=""
    [ "$engine" = postgres ] && db="postgres://exhibit_owner:$PGPASSWORD@127.0.0.1:$port/bench_$number"
    export EXHIBIT_DB=$db
    [ -n "$db" ] || unset EXHIBIT_DB
    "$exhibit" init >/dev/null
    "$exhibit" criteria import "$corpus/documentation" >/dev/null 2>&1 || true
    "$exhibit" catalog "$corpus/media" >/dev/null 2>&1 || true
    "$exhibit" product add Corpus --platform ios --platform android --platform web >/dev/null
    "$exhibit" audit new Corpus --release 1 >/dev/null
    "$exhibit" suggest --accept >/dev/null 2>&1 || true
    # Not timed: the first bag makes the workspace's signing key.
    "$exhibit" bundle native/checkbox --platform ios --date 2026-11-27 --out "$scratch/first-$engine-$number" \
      >/dev/null 2>&1
  done
  # Not timed either: the pooler's first command opens the server session the timed ones reuse.
  if $pooled; then
    EXHIBIT_DB="postgres://exhibit_owner:$PGPASSWORD@127.0.0.1:$pool_port/bench_$number" \
      "$exhibit" bundle native/checkbox --platform ios --date 2026-11-27 --out "$scratch/first-pooled-$number" \
      >/dev/null 2>&1 || { echo "bench-bundle-engines: a bag through pgbouncer failed" >&2; exit 1; }
  fi
done
unset EXHIBIT_DB

# Runs in turn: each build's one bag and --all, SQLite then PostgreSQL, in every run.
declare -A times ratios
for run in $(seq "$runs"); do
  number=0
  for exhibit in "${binaries[@]}"; do
    number=$((number + 1))
    db="postgres://exhibit_owner:$PGPASSWORD@127.0.0.1:$port/bench_$number"
    for work in one all; do
      if [ "$work" = one ]; then words=(bundle native/checkbox --platform ios --date 2026-11-27); else words=(bundle --all --date 2026-11-27); fi
      sqlite=$(seconds "$scratch/sqlite-$number" "" "$exhibit" "${words[@]}") || exit 1
      postgres=$(seconds "$scratch/postgres-$number" "$db" "$exhibit" "${words[@]}") || exit 1
      times[$number-$work-sqlite]+=" $sqlite"
      times[$number-$work-postgres]+=" $postgres"
      ratios[$number-$work]+=" $(echo "scale=4; $postgres / $sqlite" | bc)"
      if $pooled; then
        pool_db="postgres://exhibit_owner:$PGPASSWORD@127.0.0.1:$pool_port/bench_$number"
        through=$(seconds "$scratch/postgres-$number" "$pool_db" "$exhibit" "${words[@]}") || exit 1
        times[$number-$work-pooled]+=" $through"
        ratios[$number-$work-pooled]+=" $(echo "scale=4; $through / $sqlite" | bc)"
      fi
    done
  done
done

number=0
for exhibit in "${binaries[@]}"; do
  number=$((number + 1))
  name="$(basename "$(dirname "$exhibit")")/$(basename "$exhibit")"
  for work in one all; do
    label="bundle native/checkbox ios"
    [ "$work" = all ] && label="bundle --all"
    # shellcheck disable=SC2086
    echo "$name $label: SQLite $(median ${times[$number-$work-sqlite]}) s," \
      "PostgreSQL $(median ${times[$number-$work-postgres]}) s," \
      "PostgreSQL / SQLite $(median ${ratios[$number-$work]}) (median of $runs runs' ratios)"
    if $pooled; then
      # shellcheck disable=SC2086
      echo "$name $label: through pgbouncer $(median ${times[$number-$work-pooled]}) s," \
        "pooled / SQLite $(median ${ratios[$number-$work-pooled]}) (median of $runs runs' ratios)"
    fi
  done
done
