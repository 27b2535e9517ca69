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
step listen
step recordings list
step recordings show Media/native/checkbox/checkboxVoiceOver.webm
echo
echo "# a second catalogue skips the unchanged files without reading them"
step catalog Media --json
export EXHIBIT_AUDITOR=demo-auditor
step product add "Acme App" --platform ios,android,web
step audit new "Acme App" --release 1.0
step link Media/native/checkbox/checkboxVoiceOver.webm "native/checkbox#screenreader.role" --verdict pass --from 0.4 --to 5.2 --note "says checkbox" --env "iOS 17.4, VoiceOver, iPhone 13"
step link Media/native/checkbox/checkboxVoiceOver.webm "native/checkbox#screenreader.state" --verdict fail --from 1 --to 3 --note "the state is not read"
step link Media/native/checkbox/checkbox_AndroidTalkback.webm "native/checkbox#screenreader.state" --verdict pass --from 0.4 --to 5.19
step suggest native/checkbox
step coverage native/checkbox
step show native/checkbox --platform ios
step history native/checkbox#screenreader.role
step search dimmed --platform ios
step search '"not checked"' --kind captions
step bundle native/checkbox --platform ios --out bundles --date 2026-11-21
step bundle native/checkbox --platform ios --out bundles --zip --date 2026-11-21
step verify bundles/Acme_App-1.0-native-checkbox-ios-2026-11-21
step verify bundles/Acme_App-1.0-native-checkbox-ios-2026-11-21.zip
step verify
step findings
step findings show F-1 --frame F-1.png
step findings file --to github:acme/app --dry-run
echo
echo "# the release is done: close the audit, retest the fix in 1.1, compare the rounds"
step audit close "Acme App@1.0"
step audit new "Acme App" --release 1.1 --from "Acme App@1.0"
step link Media/native/checkbox/checkboxVoiceOver.webm "native/checkbox#screenreader.state" --verdict pass --from 1 --to 3 --note "fixed: says checked"
step retest confirm "native/checkbox#screenreader.role"
step coverage native/checkbox
step audit compare 1.0 1.1
step findings
step audit list
echo
echo "# evidence that is not video: a screenshot at 200% text, and an observation of focus order"
step link Media/native/checkbox/checkbox_iOS_TextSize200.png "native/checkbox#settings.text-resize" --verdict pass --note "the label wraps at 200%"
step link --observation "native/checkbox#keyboard.tab-arrow-keys-or-ctl-tab" --verdict fail --platform ios --note "focus skips the checkbox with a hardware keyboard"
echo
echo "# the conformance report (VPAT) of the retest: drafted from the verdicts through the WCAG mapping"
step wcag show native/checkbox#screenreader.state
step acr author "Demo Auditor <demo@example.org>"
step acr draft 1.1
step acr set 1.1 2.4.7 partially-supports --component-type software --remarks "focus is lost on iOS only"
echo; echo "\$ exhibit acr 1.1 --format openacr > acr.yaml; exhibit acr 1.1 --format html > acr.html"
"$exhibit" acr 1.1 --format openacr --date 2026-11-21 > acr.yaml
"$exhibit" acr 1.1 --format html --date 2026-11-21 > acr.html
head -20 acr.yaml
echo; echo "\$ exhibit acr 1.1 --edition int --format openacr > acr-int.yaml   # with Section 508 and EN 301 549"
"$exhibit" acr 1.1 --edition int --format openacr --date 2026-11-21 > acr-int.yaml
grep -A8 "functional_performance_criteria:" acr-int.yaml
step bundle --all --out bundles --date 2026-11-21
step verify bundles/Acme_App-1.1-native-checkbox-android-2026-11-21
step verify bundles/Acme_App-1.1-native-checkbox-ios-2026-11-21
echo
echo "# done; the workspace is left in $scratch for you to explore"
echo "# to judge and review it in the browser, start the web workspace on it:"
echo "#   cd $scratch && $exhibit serve"
echo "# then open http://127.0.0.1:8080 (the overview, each component's checklist, the player,"
echo "# and /audits/2/acr for the conformance report)"
