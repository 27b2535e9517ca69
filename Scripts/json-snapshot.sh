#!/usr/bin/env bash
# Runs every command with --json on the sample workspace and on ../shared/corpus, writing each
# command's output to OUT/NN-name.json, so two builds can be compared byte for byte:
#
#   Scripts/json-snapshot.sh OLD_EXHIBIT /tmp/before
#   Scripts/json-snapshot.sh .build/debug/exhibit /tmp/after
#   diff -r /tmp/before /tmp/after
#
# With --postgres as a third argument, the same commands run on a catalogue on PostgreSQL: a
# throwaway cluster from Debian's postgresql (Scripts/pg_test_server.py) on 127.0.0.1 and a fixed
# port, one database per workspace, `exhibit-team` beside EXHIBIT running them.
#
# The clock is fixed with faketime (Debian's faketime) and the workspaces live at fixed paths, so
# timestamps, audit hashes and paths repeat. What still differs between two runs:
# the signing key is random per workspace, so bag signatures and key fingerprints differ.
set -uo pipefail
exhibit=$(realpath "${1:?usage: json-snapshot.sh EXHIBIT OUT}")
out=$(realpath -m "${2:?usage: json-snapshot.sh EXHIBIT OUT}")
root=$(cd "$(dirname "$0")/.." && pwd)
corpus="$root/../shared/corpus/magentaA11y"
command -v faketime >/dev/null || { echo "json-snapshot: needs faketime (apt-get install faketime)" >&2; exit 2; }

postgres=false
[ "${3:-}" = "--postgres" ] && postgres=true
rm -rf "$out" && mkdir -p "$out"
if $postgres; then
  # A fixed port, so both builds' runs print the same URLs.
  port=54329
  cluster=$(mktemp -d /tmp/exhibit-json-snapshot-pg.XXXXXX)
  python3 "$root/Scripts/pg_test_server.py" "$cluster" "$port" >"$cluster/launcher.log" 2>&1 &
  launcher=$!
  trap 'kill "$launcher" 2>/dev/null; wait "$launcher" 2>/dev/null; rm -rf "$cluster"' EXIT
  for _ in $(seq 600); do grep -q '^ready$' "$cluster/launcher.log" && break; sleep 0.1; done
  grep -q '^ready$' "$cluster/launcher.log" || { cat "$cluster/launcher.log" >&2; exit 2; }
  export PGPASSWORD=exhibit-test-password
fi
export EXHIBIT_AUDITOR=snapshot-auditor
counter=0
# snap NAME ARGS...: runs one command at a fixed time and keeps stdout, stderr and the exit status.
snap() {
  local name=$1; shift
  counter=$((counter + 1))
  local file
  file=$(printf '%s/%02d-%s' "$out" "$counter" "$name")
  faketime -f '2026-11-21 10:00:00' "$exhibit" "$@" >"$file.json" 2>"$file.stderr"
  echo "$?" >"$file.status"
}

workspace() {
  local scratch=/tmp/exhibit-json-snapshot/$1
  rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch"
  if $postgres; then
    psql -q -h 127.0.0.1 -p "$port" -U exhibit_admin -d postgres \
      -c "DROP DATABASE IF EXISTS snap_$1" -c "CREATE DATABASE snap_$1 OWNER exhibit_owner" >/dev/null
    export EXHIBIT_DB="postgres://exhibit_owner:$PGPASSWORD@127.0.0.1:$port/snap_$1"
  fi
}

# The sample workspace.
workspace sample
cp -R "$root/Media" "$root/Criteria" .
snap init init --json
snap criteria-import criteria import Criteria --json
snap criteria-list criteria list --json
snap criteria-show criteria show native/checkbox --platform ios --json
snap catalog catalog Media --json
snap catalog-again catalog Media --json
snap recordings-list recordings list --json
snap recordings-list-component recordings list --component checkbox --json
snap recordings-show recordings show Media/native/checkbox/checkboxVoiceOver.webm --json
snap link-role link Media/native/checkbox/checkboxVoiceOver.webm "native/checkbox#screenreader.role" \
  --verdict pass --from 0.4 --to 5.2 --note "says checkbox" --json
snap link-state link Media/native/checkbox/checkbox_AndroidTalkback.webm "native/checkbox#screenreader.state" \
  --verdict fail --from 0.4 --to 5.19 --json
snap link-bad link Media/native/checkbox/checkboxVoiceOver.webm "native/checkbox#screenreader.role" \
  --verdict pass --from 0.4 --to 500 --json
snap suggest suggest native/checkbox --json
snap suggest-accept suggest native/checkbox --accept --json
snap coverage coverage native/checkbox --json
snap coverage-ios coverage native/checkbox --platform ios --json
snap show show native/checkbox --platform ios --json
snap unlink unlink 2 --reason "wrong item" --json
snap history history --json
snap history-item history "native/checkbox#screenreader.role" --json
snap history-component history native/checkbox --json
snap search search dimmed --platform ios --json
snap search-captions search '"not checked"' --kind captions --json
snap search-component search checkbox --component native/checkbox --json
snap bundle bundle native/checkbox --platform ios --out bundles --date 2026-11-21 --json
snap verify-bag verify bundles/native-checkbox-ios-2026-11-21 --json
snap verify verify --json

# The real MagentaA11y documents and recordings.
if [ -d "$corpus" ]; then
  workspace corpus
  snap corpus-init init --json
  snap corpus-import criteria import "$corpus/documentation" --json
  snap corpus-list criteria list --json
  snap corpus-catalog catalog "$corpus/media" --json
  snap corpus-recordings recordings list --json
  snap corpus-recordings-web recordings list --component web/checkbox --json
  snap corpus-suggest suggest native/checkbox --json
  snap corpus-accept suggest native/button --accept --json
  snap corpus-coverage coverage native/checkbox --json
  snap corpus-coverage-button coverage native/button --platform ios --json
  snap corpus-show show native/button --platform ios --json
  snap corpus-search search checkbox --json
  snap corpus-search-filtered search selected --component native/checkbox --platform android --json
  snap corpus-history history native/button --json
  snap corpus-verify verify --json
fi
echo "json-snapshot: $counter commands written to $out"
