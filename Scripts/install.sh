#!/usr/bin/env bash
# Installs Exhibit the way `make install` does: the three binaries (exhibit runs exhibit-server
# from beside it for `exhibit serve`, and exhibit-team for commands with an evidence store), shell
# completions for bash, zsh and fish, and a manual page for `exhibit` and each of its commands,
# generated from the commands' own help.
#   Scripts/install.sh PREFIX [DESTDIR]
# Builds the release binaries first (`make release`, which rebuilds only what changed).
set -euo pipefail
export PATH="/opt/swift/usr/bin:$PATH"
prefix=${1:?usage: install.sh PREFIX [DESTDIR]}
root=${2:-}$prefix
cd "$(dirname "$0")/.."

make --no-print-directory release

install -d "$root/bin" "$root/share/bash-completion/completions" "$root/share/zsh/site-functions" \
  "$root/share/fish/vendor_completions.d" "$root/share/man/man1"
install -m 755 .build/release/exhibit .build/release/exhibit-server .build/release/exhibit-team "$root/bin/"

# swift-argument-parser writes each shell's completion script from the command tree.
exhibit=.build/release/exhibit
"$exhibit" --generate-completion-script bash >"$root/share/bash-completion/completions/exhibit"
"$exhibit" --generate-completion-script zsh >"$root/share/zsh/site-functions/_exhibit"
"$exhibit" --generate-completion-script fish >"$root/share/fish/vendor_completions.d/exhibit.fish"

# swift-argument-parser's manual plugin, one page per command. It writes `exhibit.criteria.import.1`;
# installed as `exhibit-criteria-import.1`, as git names its pages, so `man exhibit-link` finds one.
# (It builds every product first: in debug, which `make test` has usually built already.)
pages=.build/plugins/GenerateManual/outputs/exhibit
rm -rf "$pages"
log=$(mktemp)
swift package plugin generate-manual --configuration debug --multi-page --date "$(date +%Y-%m-%d)" >"$log" 2>&1 \
  || { cat "$log" >&2; rm -f "$log"; echo "install.sh: the manual plugin failed (above)" >&2; exit 1; }
rm -f "$log"
count=0
for page in "$pages"/*.1; do
  name=$(basename "$page")
  case "$name" in exhibit.help.1 | exhibit.probe-helper.1) continue ;; esac
  install -m 644 "$page" "$root/share/man/man1/${name//./-}"
  count=$((count + 1))
done
# The loop turned the suffix's dot into a dash too: put it back.
for page in "$root/share/man/man1"/exhibit*-1; do mv "$page" "${page%-1}.1"; done
[ "$count" -gt 10 ] || { echo "install.sh: the manual plugin wrote $count pages, expected one per command" >&2; exit 1; }

echo "installed exhibit $("$root/bin/exhibit" --version) in $root/bin, with completions and $count manual pages"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "add $prefix/bin to your PATH: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
