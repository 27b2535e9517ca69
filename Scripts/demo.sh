#!/usr/bin/env bash
# The main job on the sample workspace, in a scratch copy so the repository stays as it is.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
exhibit="$root/.build/debug/exhibit"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/exhibit-demo.XXXXXX")
cp -R "$root/Media" "$root/Criteria" "$scratch/"
cd "$scratch"
echo "# sample workspace copied to $scratch"

step() { echo; echo "\$ exhibit $*"; "$exhibit" "$@"; }

step init
step criteria import Criteria
step criteria list
step criteria show native/checkbox --platform ios
step criteria show native/checkbox --platform android --format gherkin
step catalog Media
step recordings list
step recordings show Media/native/checkbox/checkboxVoiceOver.webm
echo
echo "# a second catalogue skips the unchanged files without reading them"
step catalog Media --json
echo
echo "# done; the workspace is left in $scratch for you to explore"
