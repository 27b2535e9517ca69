#!/usr/bin/env bash
# Times `exhibit catalog --media s3://…` beside `aws s3 cp --recursive` uploading the same folder
# to one S3-compatible server (nanio, which checks signatures) on 127.0.0.1. Medians over runs.
#   Scripts/bench-objects.sh [--postgres] [--copies N] [--large N] [--seconds S] [--runs R] [FOLDER]
# With --postgres, the catalogue is also timed with its database on PostgreSQL (a throwaway
# cluster, Scripts/throwaway-postgres.sh).
# FOLDER defaults to ../shared/corpus/magentaA11y/media when it exists, else Media/; the benchmark
# adds N remuxed copies of each recording and large ones that are uploaded in parts. awscli and
# nanio come from PyPI (install-deps.sh --bench installs them).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"
bash "$root/Scripts/install-deps.sh" --bench
(cd "$root" && make --no-print-directory release >/dev/null)
postgres=()
if [ "${1:-}" = "--postgres" ]; then
  shift
  source "$root/Scripts/throwaway-postgres.sh"
  postgres=(--postgres-port "$port")
fi
python3 "$root/Scripts/bench_objects.py" --exhibit "$root/.build/release/exhibit" --root "$root" "${postgres[@]}" "$@"
