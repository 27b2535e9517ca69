#!/usr/bin/env bash
# Audits at scale: two rounds of a generated product (1,000 components, 10 items each, 50,000
# links per round; the first round closed, the retest with half its verdicts carried and half
# judged again). Times, release build:
#   - the comparison and the audit page's data in the library (p50/p99 over --repeats runs);
#   - `exhibit audit compare 1 2` end to end, as a table and as JSON (30,000 rows), and for one
#     component, `exhibit audit show 2`, and `exhibit acr 2` in the WCAG and International editions
#     (median of 5 runs each);
#   - the audit page served by `exhibit serve`: the first request, then p50/p99 of 200 more.
#   Scripts/bench-audits.sh [--components N] [--links N] [--repeats N]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"
(cd "$root" && bash Scripts/release-build.sh exhibit-bench exhibit exhibit-server >/dev/null)
exhibit="$root/.build/release/exhibit"
output=$("$root/.build/release/exhibit-bench" audits --keep "$@")
echo "$output" | grep -v "kept "
database=$(echo "$output" | sed -n 's/^  kept //p')
scratch=$(dirname "$database")
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$scratch"; }
trap cleanup EXIT

median() { # median wall time of 5 runs of a command, in ms
  python3 - "$@" <<'PY'
import subprocess, sys, time
times = []
for _ in range(5):
    start = time.perf_counter()
    subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
    times.append((time.perf_counter() - start) * 1000)
print(f"{sorted(times)[2]:.0f} ms")
PY
}
echo "  exhibit audit compare 1 2 (table): $(median "$exhibit" audit compare 1 2 --db "$database")"
echo "  exhibit audit compare 1 2 --json: $(median "$exhibit" audit compare 1 2 --db "$database" --json)"
echo "  exhibit audit compare 1 2 --component native/component-10: $(median "$exhibit" audit compare 1 2 --db "$database" --component native/component-10)"
echo "  exhibit audit show 2: $(median "$exhibit" audit show 2 --db "$database")"
# The conformance report of the retest, the WCAG edition beside the International one (WCAG with
# Section 508 and EN 301 549), as OpenACR and as the readable page.
author="Bench Author <bench@example.org>"
echo "  exhibit acr 2 (OpenACR, WCAG edition): $(median "$exhibit" acr 2 --db "$database" --author "$author" --date 2026-11-28)"
echo "  exhibit acr 2 --edition int (OpenACR): $(median "$exhibit" acr 2 --db "$database" --author "$author" --date 2026-11-28 --edition int)"
echo "  exhibit acr 2 --edition int --format html: $(median "$exhibit" acr 2 --db "$database" --author "$author" --date 2026-11-28 --edition int --format html)"

cd "$scratch"
EXHIBIT_DB="$database" "$exhibit" serve --port 0 > serve.out 2> serve.err &
server=$!
for _ in $(seq 100); do grep -q listening serve.out 2>/dev/null && break; sleep 0.1; done
base=$(sed -n 's/^listening on //p' serve.out)
[ -n "$base" ] || { echo "bench-audits.sh: the server did not start: $(cat serve.err)" >&2; exit 1; }
python3 - "$base" <<'PY'
import http.client, sys, time, urllib.parse
url = urllib.parse.urlparse(sys.argv[1])
connection = http.client.HTTPConnection(url.hostname, url.port)
def get(path):
    start = time.perf_counter()
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    assert response.status == 200, (path, response.status)
    return (time.perf_counter() - start) * 1000, len(body)
for path in ["/audits/2", "/audits/2/compare"]:
    first, size = get(path)
    times = sorted(get(path)[0] for _ in range(200))
    print(f"  GET {path}: {size // 1024} KiB; first {first:.1f} ms, then p50 {times[99]:.2f} ms, p99 {times[197]:.2f} ms")
PY
