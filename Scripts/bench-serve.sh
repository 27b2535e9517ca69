#!/usr/bin/env bash
# `exhibit serve` under load: wrk (Debian's package) on loopback against the overview, a
# component page, a search, and a range request of a recording, with 1, 8 and 64 connections.
# Prints requests per second and p50/p99 latency for each, the time to the first byte of a range
# request (curl, 50 requests), and the server's peak memory (VmHWM).
# Then the recording is served by Debian's nginx (nginx-light, Debian's `sendfile on` and
# `tcp_nopush on`, one worker unless --nginx-workers says) beside Exhibit in the same run: 64 KiB
# ranges and whole files at 1, 8 and 64 connections, each asked of one and then the other by wrk
# with one thread, with the ratio. Ranges are asked as a plain client asks (no cookie: Exhibit
# gives each answer a new session), as a player asks (its page's session cookie), as a browser
# revalidating asks (`If-None-Match` naming another version), and in a way the media fast path
# leaves to the application (two session cookies), whose rate is the route's own.
#   Scripts/bench-serve.sh [--sample] [--seconds N] [--widgets N] [--media-only] [--nginx-workers N]
#                          [--before-bin FOLDER]
# --before-bin FOLDER serves the same workspace from an earlier build's release binaries too
# (FOLDER/exhibit and the exhibit-server beside it), asked in the same turns as Exhibit and nginx,
# with its own ratio to nginx.
# It serves a scratch workspace made from ../shared/corpus/magentaA11y (or, with --sample or
# when the corpus is absent, from the sample Criteria/ and Media/), with the release build.
# --widgets N adds N criteria documents made from the sample ones under other names
# (native/widget-2, web/widget-1, …), for an overview the size of the whole MagentaA11y library (93).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"
seconds=10
widgets=0
use_corpus=true
media_only=false
nginx_workers=1
before_bin=""
while [ $# -gt 0 ]; do
  case "$1" in
    --sample) use_corpus=false; shift ;;
    --seconds) seconds=$2; shift 2 ;;
    --widgets) widgets=$2; shift 2 ;;
    --media-only) media_only=true; shift ;;
    --nginx-workers) nginx_workers=$2; shift 2 ;;
    --before-bin) before_bin=$(cd "$2" && pwd); shift 2 ;;
    *) echo "bench-serve.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
if ! command -v wrk >/dev/null || ! [ -x /usr/sbin/nginx ]; then
  bash "$root/Scripts/install-deps.sh" --bench >/dev/null || { echo "bench-serve.sh: needs wrk and nginx-light (Scripts/install-deps.sh --bench, as root)" >&2; exit 2; }
fi
corpus="$root/../shared/corpus/magentaA11y"
[ -d "$corpus" ] || use_corpus=false

(cd "$root" && make --no-print-directory release >/dev/null)
exhibit="$root/.build/release/exhibit"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/exhibit-serve.XXXXXX")
server=""
before_server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null
  [ -n "$before_server" ] && kill "$before_server" 2>/dev/null
  [ -f "$scratch/nginx/nginx.pid" ] && kill "$(cat "$scratch/nginx/nginx.pid")" 2>/dev/null
  wait 2>/dev/null
  rm -rf "$scratch"
}
trap cleanup EXIT
cd "$scratch"
"$exhibit" init >/dev/null
if $use_corpus; then
  "$exhibit" criteria import "$corpus/documentation" >/dev/null 2>&1 || true
  "$exhibit" catalog "$corpus/media" >/dev/null 2>&1 || true
  workspace="the corpus ($(find "$corpus/media" -name "*.webm" | wc -l) recordings)"
else
  cp -R "$root/Media" "$root/Criteria" .
  "$exhibit" criteria import Criteria >/dev/null
  "$exhibit" catalog Media >/dev/null
  workspace="the sample workspace"
fi

if [ "$widgets" -gt 0 ]; then
  mkdir -p Widgets/native/controls Widgets/web/component
  for number in $(seq "$widgets"); do
    if [ $((number % 2)) -eq 0 ]; then family=native/controls; else family=web/component; fi
    sed "s/checkbox/widget-$number/g; s/Checkbox/Widget $number/g" "$root/Criteria/$family/checkbox.md" \
      > "Widgets/$family/widget-$number.md"
  done
  "$exhibit" criteria import Widgets >/dev/null
  workspace="$workspace and $widgets more components"
fi

"$exhibit" serve --port 0 > serve.out 2> serve.err &
server=$!
for _ in $(seq 100); do grep -q listening serve.out 2>/dev/null && break; sleep 0.1; done
base=$(sed -n 's/^listening on //p' serve.out)
[ -n "$base" ] || { echo "bench-serve.sh: the server did not start: $(cat serve.err)" >&2; exit 1; }

# What to ask for: the first component, a word its captions say, the largest recording.
component=$(curl -s "$base/api/components" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["component"])')
read -r sha size < <(curl -s "$base/api/recordings" | python3 -c '
import json, sys
recordings = [r for r in json.load(sys.stdin) if r.get("sha256") and not r["missing"]]
largest = max(recordings, key=lambda r: r["size"])
print(largest["sha256"], largest["size"])')
word=checkbox
cat > range.lua <<LUA
wrk.headers["Range"] = "bytes=1048576-1114111"
LUA
cp range.lua plain.lua
cp range.lua revalidating.lua
printf 'wrk.headers["If-None-Match"] = "\\"%s\\""\n' "$(printf 'a%.0s' $(seq 64))" >> revalidating.lua
echo "# exhibit serve on $workspace, $(nproc) cores; ${seconds}s per run; wrk --latency"
echo "# component $component; range: 64 KiB at 1 MiB of a $size-byte recording"
printf "%-10s %5s %10s %9s %9s\n" page conns "req/s" "p50 ms" "p99 ms"
run() {
  local name=$1 url=$2 connections=$3 script=${4:-}
  local threads=$(( connections < 2 ? 1 : 2 ))
  local output
  output=$(wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency ${script:+-s "$script"} "$url")
  python3 - "$name" "$connections" <<PY "$output"
import re, sys
name, connections, text = sys.argv[1], sys.argv[2], sys.argv[3]
def ms(value):
    number, unit = re.match(r"([\d.]+)(\w+)", value).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
p50 = ms(re.search(r"^\s*50%\s+(\S+)", text, re.M).group(1))
p99 = ms(re.search(r"^\s*99%\s+(\S+)", text, re.M).group(1))
rate = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
print(f"{name:<10} {connections:>5} {rate:>10.0f} {p50:>9.2f} {p99:>9.2f}" + (f"  ({errors.group(1)} non-2xx)" if errors else ""))
PY
}
# A player asks with the session cookie its page set.
session=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
printf 'wrk.headers["Cookie"] = "exhibit_session=%s"\n' "$session" >> range.lua
printf 'wrk.headers["Cookie"] = "exhibit_session=%s"\n' "$session" > whole.lua
printf 'wrk.headers["Cookie"] = "exhibit_session=%s; exhibit_session=%s"\n' "$session" "$session" \
  | cat plain.lua - > application.lua
$media_only || for connections in 1 8 64; do
  run overview "$base/" "$connections"
  run component "$base/components/$component" "$connections"
  run search "$base/search?q=$word" "$connections"
  run range "$base/media/$sha" "$connections" range.lua
done
$media_only || {
first_byte=$(for _ in $(seq 50); do
  curl -s -o /dev/null -H "Range: bytes=1048576-1114111" -w "%{time_starttransfer}\n" "$base/media/$sha"
done | sort -n | awk '{ a[NR] = $1 } END { printf "%.2f %.2f", a[int(NR / 2) + 1] * 1000, a[NR] * 1000 }')
echo "range first byte (curl, 50 requests): p50 ${first_byte% *} ms, max ${first_byte#* } ms"
echo "server peak memory: $(awk '/VmHWM/ { printf "%.1f MiB", $2 / 1024 }' "/proc/$server/status")"
}

# The same recording from nginx, on a port of its own, with Debian's settings for files.
path=$(curl -s "$base/api/recordings" | python3 -c '
import json, sys
print(next(r["path"] for r in json.load(sys.stdin) if r.get("sha256") == sys.argv[1]))' "$sha")
mkdir -p nginx/root nginx/temp
ln -s "$path" nginx/root/recording.webm
nginx_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# Its workers read the file as the user running this (as root they would otherwise be nobody).
cat > nginx/nginx.conf <<CONF
user $(id -un) $(id -gn);
worker_processes $nginx_workers;
pid $scratch/nginx/nginx.pid;
error_log $scratch/nginx/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path $scratch/nginx/temp; proxy_temp_path $scratch/nginx/temp;
  fastcgi_temp_path $scratch/nginx/temp; uwsgi_temp_path $scratch/nginx/temp; scgi_temp_path $scratch/nginx/temp;
  server { listen 127.0.0.1:$nginx_port; root $scratch/nginx/root; disable_symlinks off; }
}
CONF
/usr/sbin/nginx -c "$scratch/nginx/nginx.conf" -p "$scratch/nginx" 2>/dev/null \
  || { echo "bench-serve.sh: nginx did not start: $(cat nginx/error.log 2>/dev/null)" >&2; exit 1; }
nginx_url="http://127.0.0.1:$nginx_port/recording.webm"
before_base=""
if [ -n "$before_bin" ]; then
  "$before_bin/exhibit" serve --port 0 > serve-before.out 2> serve-before.err &
  before_server=$!
  for _ in $(seq 100); do grep -q listening serve-before.out 2>/dev/null && break; sleep 0.1; done
  before_base=$(sed -n 's/^listening on //p' serve-before.out)
  [ -n "$before_base" ] || { echo "bench-serve.sh: the earlier build's server did not start: $(cat serve-before.err)" >&2; exit 1; }
  curl -s -o /dev/null "$before_base/media/$sha"
fi
curl -s -o /dev/null "$base/media/$sha"  # the first request reads the database; the rest are timed
echo
echo "# the same recording from Exhibit and from nginx $(/usr/sbin/nginx -v 2>&1 | sed 's/.*nginx\///')" \
  "($nginx_workers worker(s)), in turns; wrk with one thread"
if [ -n "$before_base" ]; then
  printf "%-22s %5s %12s %12s %7s %12s %7s\n" request conns "exhibit" "nginx" ratio "before" ratio
else
  printf "%-22s %5s %12s %12s %7s\n" request conns "exhibit" "nginx" ratio
fi
compare() {
  local name=$1 script=$2 connections=$3 field=$4
  local ours theirs earlier=""
  [ -n "$before_base" ] && earlier=$(wrk -t1 -c"$connections" -d"${seconds}s" -s "$script" "$before_base/media/$sha")
  ours=$(wrk -t1 -c"$connections" -d"${seconds}s" -s "$script" "$base/media/$sha")
  theirs=$(wrk -t1 -c"$connections" -d"${seconds}s" -s "$script" "$nginx_url")
  python3 - "$name" "$connections" "$field" "$ours" "$theirs" "$earlier" <<'PY'
import re, sys
name, connections, field, ours, theirs, earlier = sys.argv[1:]
def figure(text):
    if "Non-2xx" in text:
        sys.exit(f"bench-serve.sh: {name} had error responses:\n{text}")
    if field == "req/s":
        return float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    number, unit = re.search(r"Transfer/sec:\s+([\d.]+)(\w+)", text).groups()
    return float(number) * {"B": 1, "KB": 2**10, "MB": 2**20, "GB": 2**30}[unit] / 2**30
a, b = figure(ours), figure(theirs)
unit = "req/s" if field == "req/s" else "GiB/s"
digits = 0 if field == "req/s" else 2
line = f"{name:<22} {connections:>5} {a:>12.{digits}f} {b:>12.{digits}f} {a / b:>7.2f}"
if earlier:
    c = figure(earlier)
    line += f" {c:>12.{digits}f} {c / b:>7.2f}"
print(line + f"  ({unit})")
PY
}
for connections in 1 8 64; do
  compare "range, plain client" plain.lua "$connections" req/s
  compare "range, player" range.lua "$connections" req/s
  compare "range, revalidating" revalidating.lua "$connections" req/s
  compare "range, application" application.lua "$connections" req/s
done
for connections in 1 8 64; do
  compare "whole file" whole.lua "$connections" bytes/s
done
