#!/usr/bin/env bash
# Times Exhibit on the inputs that used to make it slow (issue 20), in a scratch workspace:
#   - a search for one word repeated 4,000 times;
#   - a search whose words are in a 1 MB caption cue;
#   - re-cataloguing a caption of 200,000 cues while another process links (its busy timeout
#     2 s), counting the links that got the lock;
#   - suggest --accept over a one-hour recording whose caption has 200,000 cues.
#
#   bash Scripts/bench-hostile.sh [--cues N]
# Needs ffmpeg and python3; builds the release binary first.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cues=200000
if [ "${1:-}" = "--cues" ]; then cues="$2"; fi
export PATH=/opt/swift/usr/bin:$PATH
(cd "$root" && bash Scripts/release-build.sh exhibit >/dev/null)
exhibit="$root/.build/release/exhibit"
work="$(mktemp -d /tmp/exhibit-bench-hostile.XXXXXX)"
trap 'rm -rf "$work"' EXIT
cd "$work"
export EXHIBIT_DB="$work/Database/exhibit.sqlite" EXHIBIT_AUDITOR=bench
mkdir -p Media/native/checkbox
seconds() { python3 -c 'import sys, time; print(f"{time.time() - float(sys.argv[1]):.2f}")' "$1"; }
now() { python3 -c 'import time; print(time.time())'; }

# One hour of a tiny black video, the caption's cues spread over it, and a second recording
# whose caption is one cue of a megabyte.
ffmpeg -loglevel error -f lavfi -i color=c=black:s=16x16:r=5:d=3600 -c:v libvpx -b:v 1k \
  Media/native/checkbox/checkboxVoiceOver.webm
cp "$root/Media/native/checkbox/checkbox_AndroidTalkback.webm" Media/native/checkbox/
python3 - "$cues" <<'PY'
import random, sys
count = int(sys.argv[1])
random.seed(7)
words = ["checked", "not", "checkbox", "double", "tap", "toggle", "dimmed", "email", "updates", "label"]
step = max(1, 3_500_000 // count)
def stamp(ms):
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d}.{ms % 1000:03d}"
with open("Media/native/checkbox/checkboxVoiceOver-en-US.vtt", "w") as out:
    out.write("WEBVTT\n\n")
    for index in range(count):
        out.write(f"{stamp(index * step)} --> {stamp(index * step + step)}\n")
        out.write(" ".join(random.choice(words) for _ in range(6)) + "\n\n")
names = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"]
with open("Media/native/checkbox/checkbox_AndroidTalkback-en-US.vtt", "w") as out:
    out.write("WEBVTT\n\n00:00.000 --> 00:05.000\n" + " ".join(random.choice(names) for _ in range(170_000)) + "\n")
PY
"$exhibit" init >/dev/null
"$exhibit" criteria import "$root/Criteria" >/dev/null
start=$(now); "$exhibit" catalog >/dev/null 2>&1 || true
echo "catalogue with a $cues-cue caption and a 1 MB cue: $(seconds "$start") s"

query="$(python3 -c "print(' '.join(['checked'] * 4000))")"
start=$(now); "$exhibit" search "$query" --limit 3 >/dev/null
echo "search for one word 4,000 times: $(seconds "$start") s"
start=$(now); "$exhibit" search "alpha bravo" --limit 3 >/dev/null
echo "search for words of the 1 MB cue: $(seconds "$start") s"

# Re-catalogue the long caption while links are made every half second.
python3 -c "
p = 'Media/native/checkbox/checkboxVoiceOver-en-US.vtt'
s = open(p).read(); open(p, 'w').write(s.replace('checked', 'checked ', 1))"
start=$(now)
"$exhibit" catalog >/dev/null 2>&1 &
catalogue=$!
made=0 refused=0
while kill -0 "$catalogue" 2>/dev/null; do
  if EXHIBIT_BUSY_TIMEOUT_MS=2000 "$exhibit" link Media/native/checkbox/checkbox_AndroidTalkback.webm \
    "native/checkbox#screenreader.role" --verdict pass --note "during catalogue $made $refused" >/dev/null 2>&1; then
    made=$((made + 1))
  else
    refused=$((refused + 1))
  fi
  sleep 0.5
done
wait "$catalogue" || true
echo "re-catalogue of the long caption: $(seconds "$start") s; links meanwhile: $made made, $refused locked out"

start=$(now)
"$exhibit" suggest native/checkbox --accept 2>/dev/null | tail -1
echo "suggest --accept: $(seconds "$start") s"
start=$(now); "$exhibit" verify >/dev/null
echo "verify (audit chain, integrity, replay): $(seconds "$start") s"
