#!/usr/bin/env bash
# Two `exhibit serve` on one PostgreSQL catalogue (a throwaway cluster on 127.0.0.1,
# Scripts/throwaway-postgres.sh), as a team runs them behind one address: wrk (Debian's package)
# on the overview and a component page with 64 connections split over the two servers (32 each,
# at once), and with 1 and 8 connections on one; the same pages of the same catalogue on a SQLite
# workspace with one server, in the same run, for comparison. Then how long a link saved on one
# server takes to show on the other's cached component page (20 links).
#   Scripts/bench-serve-postgres.sh [--sample] [--seconds N]
# The catalogue is ../shared/corpus/magentaA11y (or, with --sample or when the corpus is absent,
# the sample Criteria/ and Media/), with the release build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"
seconds=10
use_corpus=true
while [ $# -gt 0 ]; do
  case "$1" in
    --sample) use_corpus=false; shift ;;
    --seconds) seconds=$2; shift 2 ;;
    *) echo "bench-serve-postgres.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
if ! command -v wrk >/dev/null; then
  bash "$root/Scripts/install-deps.sh" --bench >/dev/null || { echo "bench-serve-postgres.sh: needs wrk (Scripts/install-deps.sh --bench, as root)" >&2; exit 2; }
fi
corpus="$root/../shared/corpus/magentaA11y"
[ -d "$corpus" ] || use_corpus=false
(cd "$root" && make --no-print-directory release >/dev/null)
exhibit="$root/.build/release/exhibit"

source "$root/Scripts/throwaway-postgres.sh"
export PGPASSWORD=exhibit-test-password
servers=()
stop_servers() {
  for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${servers[@]}"; do wait "$pid" 2>/dev/null || true; done
  servers=()
}
trap 'stop_servers; cleanup' EXIT
psql -q -h 127.0.0.1 -p "$port" -U exhibit_admin -d postgres -c "CREATE DATABASE bench OWNER exhibit_owner"
owner="postgres://exhibit_owner@127.0.0.1:$port/bench"
app="postgres://exhibit_app@127.0.0.1:$port/bench"

# One folder, two catalogues of the same files: a SQLite workspace and the team's database.
mkdir -p "$scratch/work" && cd "$scratch/work"
if $use_corpus; then
  criteria="$corpus/documentation" media="$corpus/media"
  workspace="the corpus ($(find "$media" -name "*.webm" | wc -l) recordings)"
else
  cp -R "$root/Media" "$root/Criteria" .
  criteria=Criteria media=Media workspace="the sample workspace"
fi
"$exhibit" init >/dev/null
EXHIBIT_DB=$owner "$exhibit" init --grant exhibit_app >/dev/null
for db in Database/exhibit.sqlite "$app"; do
  EXHIBIT_DB=$db "$exhibit" criteria import "$criteria" >/dev/null 2>&1 || true
  EXHIBIT_DB=$db "$exhibit" catalog "$media" >/dev/null 2>&1 || true
  EXHIBIT_DB=$db "$exhibit" product add "Acme App" >/dev/null
  EXHIBIT_DB=$db "$exhibit" audit new "Acme App" --release 1.0 >/dev/null
done

start_server() { # DB OUT: starts `exhibit serve` on DB (in this shell, to stop it); its URL in $base
  EXHIBIT_DB=$1 "$exhibit" serve --port 0 > "$2" 2> "$2.err" &
  servers+=($!)
  for _ in $(seq 100); do grep -q listening "$2" 2>/dev/null && break; sleep 0.1; done
  base=$(sed -n 's/^listening on //p' "$2")
  [ -n "$base" ] || { echo "bench-serve-postgres.sh: the server did not start: $(cat "$2.err")" >&2; exit 1; }
}
wrk_run() { # URL CONNECTIONS: wrk's output
  local threads=$(( $2 < 2 ? 1 : 2 ))
  wrk -t"$threads" -c"$2" -d"${seconds}s" --latency "$1"
}
summary() { # NAME CONNECTIONS OUTPUT...: one line per wrk output; p99 the worst of them
  python3 - "$@" <<'PY'
import re, sys
name, connections, outputs = sys.argv[1], sys.argv[2], sys.argv[3:]
def ms(value):
    found = re.match(r"([\d.]+)(\w+)", value)
    if not found:
        sys.exit(f"bench-serve-postgres.sh: wrk answered what this cannot read:\n" + "\n".join(outputs))
    number, unit = found.groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
rate = sum(float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1)) for text in outputs)
p50 = max(ms(re.search(r"^\s*50%\s+(\S+)", text, re.M).group(1)) for text in outputs)
p99 = max(ms(re.search(r"^\s*99%\s+(\S+)", text, re.M).group(1)) for text in outputs)
errors = sum(int(m.group(1)) for text in outputs for m in [re.search(r"Non-2xx or 3xx responses: (\d+)", text)] if m)
print(f"{name:<28} {connections:>5} {rate:>10.0f} {p50:>9.2f} {p99:>9.2f}" + (f"  ({errors} non-2xx)" if errors else ""))
PY
}

echo "# exhibit serve on $workspace, $(nproc) cores; ${seconds}s per run; wrk --latency"
echo "# two servers on PostgreSQL: 64 connections are 32 on each at once (p50/p99: the worse server's)"
printf "%-28s %5s %10s %9s %9s\n" page conns "req/s" "p50 ms" "p99 ms"
start_server Database/exhibit.sqlite sqlite.out
sqlite_base=$base
component=$(curl -s "$sqlite_base/api/components" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["component"])')
for page in overview component; do
  path=/; [ "$page" = component ] && path=/components/$component
  summary "sqlite, one server: $page" 64 "$(wrk_run "$sqlite_base$path" 64)"
done
stop_servers
start_server "$app" first.out
first=$base
start_server "$app" second.out
second=$base
for page in overview component; do
  path=/; [ "$page" = component ] && path=/components/$component
  for connections in 1 8; do
    summary "postgres, one server: $page" "$connections" "$(wrk_run "$first$path" "$connections")"
  done
  wrk_run "$first$path" 32 > "$scratch/wrk-first" &
  wrk_run "$second$path" 32 > "$scratch/wrk-second"
  wait $!
  summary "postgres, two servers: $page" 64 "$(cat "$scratch/wrk-first")" "$(cat "$scratch/wrk-second")"
done

# A link saved on the first server, and the second's component page polled until it shows it.
python3 - "$first" "$second" "$component" <<'PY'
import json, re, sys, time, urllib.request
first, second, component = sys.argv[1:4]
def fetch(url, data=None, headers={}):
    request = urllib.request.Request(url, data=data, headers=headers)
    with urllib.request.urlopen(request) as response:
        return response.read().decode(), response.headers
page, headers = fetch(first + "/")
session = re.search(r"exhibit_session=([0-9a-f]+)", headers["Set-Cookie"]).group(1)
token = re.search(r'name="csrf_token" value="([0-9a-f]+)"', page).group(1)
auth = {"Cookie": f"exhibit_session={session}", "X-CSRF-Token": token}
recordings = json.loads(fetch(f"{first}/api/recordings?component={component}")[0])
sha = next(r["sha256"] for r in recordings if r.get("sha256"))
coverage = json.loads(fetch(f"{first}/api/components/{component}/coverage")[0])
item = coverage["items"][0]["key"]
delays = []
for number in range(20):
    note = f"Shown elsewhere {number} {time.time()}"
    fetch(f"{second}/components/{component}")
    body = json.dumps({"recording": sha, "item": item, "verdict": "pass", "note": note, "other_component": True, "other_platform": True}).encode()
    fetch(first + "/api/links", body, {**auth, "Content-Type": "application/json"})
    saved = time.monotonic()
    while note not in fetch(f"{second}/components/{component}")[0]:
        time.sleep(0.001)
    delays.append((time.monotonic() - saved) * 1000)
delays.sort()
print(f"a link saved on one server shown on the other's page: median {delays[10]:.1f} ms, max {delays[-1]:.1f} ms (20 links)")
PY
