#!/usr/bin/env bash
# Runs every hostile case of issue 35 against release binaries in a scratch workspace and prints,
# for each, its wall time and peak resident memory (of the command and its helpers, or of the
# server for the HTTP cases):
#   media     a WebM whose header holds 100,000 tags (the probe helper is stopped)
#   captions  three 31.5 MiB captions of blank lines; a caption of 900,000 cues (refused)
#   criteria  a document of 20,000 items; the alias-bomb fixture
#   http      DNS rebinding, 20 parallel password guesses, 3,000 half-open connections, a
#             malformed chunked body (Scripts/attack_http.py)
#
#   bash Scripts/bench-attacks.sh
# Needs python3 and ffmpeg's libraries; builds the release binaries first (make release).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
export PATH=/opt/swift/usr/bin:$PATH
(cd "$root" && bash Scripts/release-build.sh exhibit exhibit-server >/dev/null)
bin="$root/.build/release"
work="$(mktemp -d /tmp/exhibit-attacks.XXXXXX)"
server=""
trap 'if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi; rm -rf "$work"' EXIT
cd "$work"
export EXHIBIT_DB="$work/Database/exhibit.sqlite" EXHIBIT_AUDITOR=bench
make() { python3 "$root/Scripts/make_hostile_media.py" "$@"; }

# Runs a command; prints "NAME  SECONDS s  PEAK MB  (exit STATUS)".
measure() {
  local name="$1"; shift
  python3 - "$name" "$@" <<'PY'
import resource, subprocess, sys, time
name, command = sys.argv[1], sys.argv[2:]
started = time.time()
done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
seconds = time.time() - started
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"{name:<44} {seconds:7.2f} s {peak:8.1f} MB   (exit {done.returncode})")
PY
}

"$bin/exhibit" init >/dev/null
"$bin/exhibit" criteria import "$root/Criteria" >/dev/null
mkdir -p Media/bomb Media/blank Media/cues
make tag-bomb Media/bomb/tags.webm 100000
measure "media: 100,000-tag WebM" "$bin/exhibit" catalog Media/bomb
for index in 1 2 3; do
  cp "$root/Media/native/checkbox/checkboxVoiceOver.webm" "Media/blank/session$index.webm"
  printf '%*s' "$index" '' >> "Media/blank/session$index.webm"
  make blank-captions "Media/blank/session$index.vtt" $((31500 * 1024))
done
measure "captions: three 31.5 MiB of blank lines" "$bin/exhibit" catalog Media/blank
cp "$root/Media/native/checkbox/checkbox_AndroidTalkback.webm" Media/cues/many.webm
make many-cues Media/cues/many.vtt 900000
measure "captions: 900,000 cues (refused)" "$bin/exhibit" catalog Media/cues

mkdir -p docs/native/controls
python3 - <<'PY'
with open("docs/native/controls/huge.md", "w") as out:
    out.write("## Condensed\n\n1. Test keyboard only\n\n")
    for index in range(20000):
        out.write(f"   - Key {index}: Focus moves to control {index} on iOS\n")
PY
measure "criteria: 20,000 items" "$bin/exhibit" criteria import docs/native/controls/huge.md
measure "criteria: alias bomb" "$bin/exhibit" criteria import "$root/Tests/ExhibitKitTests/Fixtures/criteria/alias-bomb.md"

# HTTP: the loopback server (no accounts: the one rebinding matters for), then one with accounts.
printf 'an e2e password that is long\n' | "$bin/exhibit" users add ada --role auditor >/dev/null
serve() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -f server.out
  "$bin/exhibit-server" --db "$EXHIBIT_DB" --port 0 "$@" > server.out 2>>server.err &
  server=$!
  for _ in $(seq 100); do grep -q listening server.out 2>/dev/null && break; sleep 0.1; done
  base="$(sed -n 's/^listening on //p' server.out)"
}
serve
for case in "rebinding" "half-open 3000" "malformed" "accounts" "guesses ada 'an e2e password that is long' 20"; do
  if [ "$case" = accounts ]; then serve --accounts; continue; fi
  started=$(python3 -c 'import time; print(time.time())')
  answer="$(eval python3 "$root/Scripts/attack_http.py" "$base" $case)"
  seconds=$(python3 -c "import sys, time; print(f'{time.time() - float(sys.argv[1]):.2f}')" "$started")
  peak=$(awk '/VmHWM/ {printf "%.1f", $2 / 1024}' "/proc/$server/status")
  printf '%-44s %7s s %8s MB   %s\n' "http: ${case%% *}" "$seconds" "$peak" "$answer"
done
echo "server stderr lines: $(wc -l < server.err)"
