#!/usr/bin/env bash
# Times `exhibit listen` on the corpus's recordings with their captions removed and measures what
# it heard against those captions (recall and precision of the vocabulary's phrases within 2 s):
#   Scripts/bench-listening.sh [--media FOLDER] [--criteria FOLDER] [--window SECONDS]
# Built as `make release` builds exhibit.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"
(cd "$root" && bash Scripts/release-build.sh exhibit >/dev/null)
cd "$root"
exec python3 Scripts/bench_listening.py --exhibit "$root/.build/release/exhibit" "$@"
