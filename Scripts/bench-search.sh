#!/usr/bin/env bash
# Search latency on generated workspaces (rows, not files): p50/p99 per kind of query, the build
# time and index size at each scale, so growth shows. Release build.
#   Scripts/bench-search.sh [--scales 0.1,1] [--repeats N] [--keep]
# Scale 1 is 100,000 recordings, 1,000,000 caption cues, 10,000 criteria items, 10,000 notes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"
(cd "$root" && swift build -c release --product exhibit-bench >/dev/null)
exec "$root/.build/release/exhibit-bench" "$@"
