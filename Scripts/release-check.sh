#!/usr/bin/env bash
# Builds the release binaries (`make release`) and checks them as installed: libstdc++, libgcc and
# SQLite are linked in (the binaries load only glibc's libraries), and `exhibit` does the main job
# on a copy of the sample workspace: import, catalogue (libavformat opened on first use), link,
# search with snippets (SQLite's FTS5 from the archive), verify; `exhibit-server` starts far
# enough to print its help. Run by .ci/run after the tests.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
make --no-print-directory release >/dev/null
status=0
for binary in .build/release/exhibit .build/release/exhibit-server .build/release/exhibit-team; do
  unexpected=$(ldd "$binary" | grep -v -E 'linux-vdso|ld-linux|libc\.so|libm\.so' || true)
  if [ -n "$unexpected" ]; then
    echo "release-check: $binary loads more than glibc:" >&2
    echo "$unexpected" >&2
    status=1
  fi
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/exhibit-release.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cp -R Media Criteria "$scratch/"
exhibit="$root/.build/release/exhibit"
export EXHIBIT_AUDITOR=release-check
(
  cd "$scratch"
  "$exhibit" init >/dev/null
  "$exhibit" criteria import Criteria >/dev/null
  "$exhibit" catalog Media >/dev/null
  "$exhibit" link Media/native/checkbox/checkboxVoiceOver.webm "native/checkbox#screenreader.role" \
    --verdict pass --from 0.4 --to 5.2 >/dev/null
  "$exhibit" search checkbox --json >search.json
  "$exhibit" verify >/dev/null
) || { echo "release-check: a command of the release exhibit failed (above)" >&2; exit 1; }
python3 - "$scratch/search.json" <<'EOF' || status=1
import json, sys
hits = json.load(open(sys.argv[1]))["hits"]
if not hits or not any("checkbox" in (hit.get("snippet") or "").lower() for hit in hits):
    sys.exit("release-check: the release exhibit's search found no snippet with the word")
EOF
"$root/.build/release/exhibit-server" --help >/dev/null || { echo "release-check: exhibit-server --help failed" >&2; status=1; }
"$root/.build/release/exhibit-team" catalog --help >/dev/null || { echo "release-check: exhibit-team catalog --help failed" >&2; status=1; }
# `exhibit` links no network client: SwiftNIO is in exhibit-server and exhibit-team only.
if nm "$root/.build/release/exhibit" | grep -q NIOPosix; then
  echo "release-check: exhibit links SwiftNIO; it belongs in exhibit-server and exhibit-team" >&2
  status=1
fi

# `make install` as a user runs it, into a scratch prefix: both binaries on PATH with one version,
# Tab completing a command in bash, and a manual page per command.
prefix="$scratch/prefix"
make --no-print-directory install PREFIX="$prefix" >/dev/null || { echo "release-check: make install failed" >&2; status=1; }
expected=$(sed -n 's/.*static let version = "\(.*\)"/\1/p' "$root/Sources/ExhibitModel/Exhibit.swift")
for binary in exhibit exhibit-server exhibit-team; do
  found=$(PATH="$prefix/bin:$PATH" "$binary" --version)
  [ "$found" = "$expected" ] || { echo "release-check: $binary --version says '$found', not $expected" >&2; status=1; }
done
offered=$(bash -c 'source /usr/share/bash-completion/bash_completion
  source "$1/share/bash-completion/completions/exhibit"
  COMP_WORDS=(exhibit cat); COMP_CWORD=1; COMP_LINE="exhibit cat"; COMP_POINT=${#COMP_LINE}
  _exhibit exhibit cat exhibit; printf "%s\n" "${COMPREPLY[@]}"' _ "$prefix")
[ "$offered" = "catalog" ] || { echo "release-check: Tab after 'exhibit cat' offers '$offered', not catalog" >&2; status=1; }
for shell_file in share/zsh/site-functions/_exhibit share/fish/vendor_completions.d/exhibit.fish; do
  grep -q "catalog" "$prefix/$shell_file" || { echo "release-check: $shell_file offers no catalog" >&2; status=1; }
done
MANPATH="$prefix/share/man" man -P cat exhibit-link 2>/dev/null | grep -q -- "--verdict" \
  || { echo "release-check: man exhibit-link shows no --verdict" >&2; status=1; }
(cd "$scratch" && PATH="$prefix/bin:$PATH" exhibit catalogue --json >/dev/null) \
  || { echo "release-check: exhibit catalogue (the alias) failed" >&2; status=1; }

[ $status -eq 0 ] && echo "release-check: release binaries link only glibc, do the main job, and install with completions and manual pages"
exit $status
