#!/usr/bin/env bash
# Times `exhibit catalog` beside ffprobe+sha256sum per file and beside openssl's hashing floor,
# and a re-scan of an unchanged folder of many files. Medians over several runs.
#   Scripts/bench-catalog.sh [--copies N] [--runs R] [--many N] [FOLDER]
# FOLDER defaults to ../shared/corpus/magentaA11y/media when it exists, else Media/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"
(cd "$root" && swift build -c release --product exhibit >/dev/null)
exec python3 "$root/Scripts/bench_catalog.py" --exhibit "$root/.build/release/exhibit" --root "$root" "$@"
