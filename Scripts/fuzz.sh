#!/usr/bin/env bash
# Runs one libFuzzer target for a number of seconds.
#
#   bash Scripts/fuzz.sh TARGET SECONDS     e.g. bash Scripts/fuzz.sh webvtt 600
#   bash Scripts/fuzz.sh --build            only build the instrumented exhibit-fuzz
#
# Targets (exhibit-fuzz --list): webvtt, criteria, media, bag, zip, query.
#
# exhibit-fuzz is built in release mode with libFuzzer and AddressSanitizer into .build/fuzz.
# Each target grows a working corpus in .build/fuzz-corpus/TARGET, seeded from the committed
# Fuzz/Corpus/TARGET; crashes, timeouts and out-of-memory inputs land in
# .build/fuzz-artifacts/TARGET. The log is .build/fuzz-logs/TARGET.log. Every input is held to
# 10 seconds and 2 GiB. The exit status is libFuzzer's: 0 when nothing broke.
#
# An input that breaks a target belongs in Tests/ExhibitKitTests/Fixtures/fuzz-regressions/TARGET/
# once it is fixed; the test suite replays them all.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH

build() {
  swift build -c release --build-path .build/fuzz --product exhibit-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DEXHIBIT_LIBFUZZER >&2
}

if [ "${1:-}" = "--build" ]; then
  build
  exit 0
fi
if [ $# -ne 2 ]; then
  echo "usage: bash Scripts/fuzz.sh TARGET SECONDS | --build" >&2
  exit 2
fi
target=$1
seconds=$2
if [ ! -d "Fuzz/Corpus/$target" ]; then
  echo "Scripts/fuzz.sh: no target $target (have: $(ls Fuzz/Corpus | tr '\n' ' '))" >&2
  exit 2
fi
[ "${EXHIBIT_FUZZ_SKIP_BUILD:-}" = 1 ] || build
binary=.build/fuzz/release/exhibit-fuzz
corpus=.build/fuzz-corpus/$target
artifacts=.build/fuzz-artifacts/$target
mkdir -p "$corpus" "$artifacts" .build/fuzz-logs
cp -n Fuzz/Corpus/"$target"/* "$corpus"/ 2>/dev/null || true
log=.build/fuzz-logs/$target.log

# Swift's backtracer would take seconds over each crash; libFuzzer and ASan report it instead.
# The fuzzer's own temporary files go to a private folder, removed at the end.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
SWIFT_BACKTRACE=enable=no TMPDIR=$scratch EXHIBIT_FUZZ_TARGET=$target \
  ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 \
  "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 \
  -max_len=65536 -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" Fuzz/Corpus/"$target" \
  >"$log" 2>&1 || status=$?
runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo 0)
echo "$target: ${seconds}s, $runs runs, $speed exec/s, coverage $coverage edges, corpus $(ls "$corpus" | wc -l) files, exit $status (log $log)"
if [ "$status" -ne 0 ]; then
  grep -E 'ERROR|BROKEN|broken|Test unit written|SUMMARY' "$log" | head -20 >&2 || true
fi
exit "$status"
