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
export EXHIBIT_AUDITOR=demo-auditor
step link Media/native/checkbox/checkboxVoiceOver.webm "native/checkbox#screenreader.role" --verdict pass --from 0.4 --to 5.2 --note "says checkbox"
step link Media/native/checkbox/checkbox_AndroidTalkback.webm "native/checkbox#screenreader.state" --verdict pass --from 0.4 --to 5.19
step suggest native/checkbox
step coverage native/checkbox
step show native/checkbox --platform ios
step history native/checkbox#screenreader.role
step search dimmed --platform ios
step search '"not checked"' --kind captions
step bundle native/checkbox --platform ios --out bundles --date 2026-11-21
step bundle native/checkbox --platform ios --out bundles --zip --date 2026-11-21
step verify bundles/native-checkbox-ios-2026-11-21
step verify bundles/native-checkbox-ios-2026-11-21.zip
step verify
echo
echo "# done; the workspace is left in $scratch for you to explore"
echo "# to judge and review it in the browser, start the web workspace on it:"
echo "#   cd $scratch && $exhibit serve"
echo "# then open http://127.0.0.1:8080 (the overview, each component's checklist, the player)"
