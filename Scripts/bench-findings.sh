#!/usr/bin/env bash
# Times what findings add, release build, on the corpus (else the sample media): `exhibit frame`
# (decoded in a probe helper) beside ffmpeg writing the same frame as PNG, `findings show --frame`,
# a bag of the component with its finding and frame, a frame from the web server (first, then from
# its cache), and `findings file` of two findings to the stand-in GitHub the tests use (127.0.0.1),
# first filing and update; medians of RUNS runs, in turns.
#   Scripts/bench-findings.sh [--runs R]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"
runs=9
[ "${1:-}" = "--runs" ] && runs=$2
(cd "$root" && bash Scripts/release-build.sh exhibit exhibit-team exhibit-server >/dev/null)
exhibit="$root/.build/release/exhibit"
corpus="$root/../shared/corpus/magentaA11y"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/exhibit-bench-findings.XXXXXX")
exec 7>&-
cleanup() { exec 7>&- 2>/dev/null || true; rm -rf "$scratch"; }
trap cleanup EXIT
cd "$scratch"
"$exhibit" init >/dev/null
if [ -d "$corpus" ]; then
  "$exhibit" criteria import "$corpus/documentation" >/dev/null 2>&1 || true
  "$exhibit" catalog "$corpus/media" >/dev/null 2>&1 || true
  first="$corpus/media/video/native/checkbox/checkboxVoiceOver.webm"
  second="$corpus/media/video/native/button/buttonAndroidTalkback.webm"
  items=("native/checkbox#screenreader.state" "native/button#screenreader.name")
else
  "$exhibit" criteria import "$root/Criteria" >/dev/null
  "$exhibit" catalog "$root/Media" >/dev/null 2>&1 || true
  first="$root/Media/native/checkbox/checkboxVoiceOver.webm"
  second="$root/Media/native/checkbox/checkbox_AndroidTalkback.webm"
  items=("native/checkbox#screenreader.state" "native/checkbox#screenreader.role")
fi
"$exhibit" product add "Bench App" --platform ios,android >/dev/null
"$exhibit" audit new "Bench App" --release 1.0 >/dev/null
"$exhibit" link "$first" "${items[0]}" --verdict fail --from 0.84 --to 3.68 --note "bench" >/dev/null
"$exhibit" link "$second" "${items[1]}" --verdict fail --from 1.2 --to 4.5 --note "bench" >/dev/null

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ms() { local start end; start=$(date +%s%N); "$@" >/dev/null 2>&1; end=$(date +%s%N); echo $(((end - start) / 1000000)); }

frame=() ffmpeg_frame=() shown=()
for run in $(seq 1 "$runs"); do
  frame+=("$(ms "$exhibit" frame "$first" --at 0.84 --out "f$run.png")")
  ffmpeg_frame+=("$(ms ffmpeg -v error -y -i "$first" -ss 0.834 -frames:v 1 "g$run.png")")
  shown+=("$(ms "$exhibit" findings show F-1 --frame "s$run.png")")
done
echo "frames of $(basename "$first"); medians of $runs runs:"
echo "  exhibit frame --at 0.84:            $(printf '%s\n' "${frame[@]}" | median) ms"
echo "  ffmpeg -ss 0.834 -frames:v 1 (PNG): $(printf '%s\n' "${ffmpeg_frame[@]}" | median) ms"
echo "  exhibit findings show F-1 --frame:  $(printf '%s\n' "${shown[@]}" | median) ms"

bagged=()
for run in $(seq 1 "$runs"); do
  bagged+=("$(ms "$exhibit" bundle "${items[0]%%#*}" --platform ios --out "bags$run")")
done
echo "  exhibit bundle (its finding, its frame): $(printf '%s\n' "${bagged[@]}" | median) ms"

# A frame from the web server: decoded once in a helper, then kept until the catalogue changes.
sha=$("$exhibit" recordings show "$first" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["recording"]["sha256"])')
"$exhibit" serve --port 0 >serve.out 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -q listening serve.out 2>/dev/null && break; sleep 0.1; done
base=$(sed -n 's/.*listening on //p' serve.out | head -1)
curl_ms() { curl -s -o /dev/null -w '%{time_total}' "$1" | awk '{printf "%d", $1 * 1000}'; }
first_web=$(curl_ms "$base/media/$sha/frames/1.5.png")
cached=()
for run in $(seq 1 "$runs"); do cached+=("$(curl_ms "$base/media/$sha/frames/1.5.png")"); done
kill "$server"; wait "$server" 2>/dev/null || true
echo "  GET /media/SHA/frames/1.5.png, first: $first_web ms; cached, median: $(printf '%s\n' "${cached[@]}" | median) ms"

# The stand-in GitHub, fed through a FIFO so it stops when this script closes it.
mkfifo standin.in
python3 "$root/Tests/ExhibitCLITests/StandIns/github_stand_in.py" bench-token bench/app <standin.in >standin.port &
exec 7>standin.in
for _ in $(seq 1 50); do [ -s standin.port ] && break; sleep 0.1; done
port=$(cat standin.port)
export GITHUB_TOKEN=bench-token
filed=$(ms "$exhibit" findings file --to github:bench/app --api-url "http://127.0.0.1:$port")
updated=()
for run in $(seq 1 "$runs"); do
  updated+=("$(ms "$exhibit" findings file --to github:bench/app --api-url "http://127.0.0.1:$port")")
done
echo "findings file of 2 findings to a GitHub on 127.0.0.1 (through exhibit-team):"
echo "  first filing (2 issues made):       $filed ms"
echo "  again (2 issues updated), median:   $(printf '%s\n' "${updated[@]}" | median) ms"
