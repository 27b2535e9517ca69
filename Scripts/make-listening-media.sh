#!/usr/bin/env bash
# Makes the recordings listening is tuned and tested on, in Tests/ExhibitKitTests/Fixtures/media/:
# screen-reader announcements in our own words, a pause after each, and NAME-said.txt, what was
# said when (in WebVTT) (the truth the tests measure spotting against; not a caption file).
# - announcements.webm: flite's four voices at two speeds.
# - announcements-fast.webm (`--set fast`): as screen-reader users listen, fast: flite's voices
#   hurried and espeak-ng's at 260 to 340 words a minute, shorter pauses, under a little noise.
#
# Usage: Scripts/make-listening-media.sh [--set standard|fast] [OUTPUT_FOLDER]
# Needs: ffmpeg, ffprobe, flite, espeak-ng.
set -euo pipefail

set_name=standard
if [[ ${1:-} == --set ]]; then
  set_name=$2
  shift 2
fi
out=${1:-Tests/ExhibitKitTests/Fixtures/media}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds_of() { ffprobe -v error -show_entries format=duration -of csv=p=0 "$1"; }
vtt_time() {
  awk -v s="$1" 'BEGIN { ms = int(s * 1000 + 0.5); m = int(ms / 60000); sec = int(ms / 1000) % 60; f = ms % 1000;
    printf "%02d:%02d.%03d", m, sec, f }'
}

# Voice, speed (flite's duration stretch: below 1 is faster, as screen-reader users listen; for
# `espeak:VOICE`, words a minute), then what it says. Several voices at several speeds, so tuning
# fits no one voice.
standard=(
  "slt|1|Email me updates, checkbox, not checked. Double tap to toggle."
  "slt|1|Submit, button"
  "awb|1|Settings, heading level 2"
  "slt|1|Main menu, collapsed, button"
  "awb|1|Dark mode, switch, on"
  "slt|1|Notifications, checkbox, checked"
  "awb|1|Search, edit text"
  "slt|1|Home, tab, 1 of 4, selected"
  "awb|1|Learn more, link"
  "slt|1|Volume, slider, 50 percent. Swipe up or down to adjust."
  "awb|1|Not checked, Subscribe, checkbox. Double tap to activate."
  "slt|1|Country, combo box, collapsed"
  "awb|1|Alerts, heading level 1"
  "slt|1|Send me a copy, checkbox, checked"
  "kal|0.8|Remember me, checkbox, not checked. Double tap to toggle."
  "rms|0.75|Save changes, button, dimmed"
  "kal|0.8|Billing address, heading level 3"
  "rms|0.75|Options, collapsed, pop up button"
  "kal|0.8|Wi-Fi, switch, off"
  "rms|0.75|Terms of use, checkbox, checked"
  "kal|0.8|Email, edit text, required"
  "rms|0.75|Profile, tab, 2 of 3"
  "kal|0.8|Privacy policy, visited link"
  "rms|0.75|Brightness, slider, adjustable"
  "slt|0.7|Agree, checkbox, not checked. Double tap to activate."
  "awb|0.7|Close, button"
)
fast=(
  "espeak:en-us|300|Keep me signed in, checkbox, not checked"
  "slt|0.6|Continue, button. Double tap to activate."
  "espeak:en-gb|320|Order summary, heading level 2"
  "rms|0.6|Filters, collapsed, button"
  "espeak:en-us|280|Show prices in euros, checkbox, checked"
  "kal|0.55|Add to basket, button, dimmed"
  "espeak:en-us|340|Delivery notes, edit text"
  "awb|0.6|Reviews, tab, 3 of 5, selected"
  "espeak:en-gb|300|Read the full story, link"
  "slt|0.55|Include a gift receipt, checkbox, not checked. Double tap to toggle."
  "espeak:en-us|260|Account, heading level 1"
  "rms|0.55|Sort by, combo box, collapsed"
  "espeak:en-us|320|Use my location, switch, on"
  "kal|0.6|Unchecked, Share usage data, checkbox"
  "espeak:en-gb|280|Return policy, visited link"
  "awb|0.55|Text size, slider, adjustable"
  "espeak:en-us|300|Send receipts by email, checkbox, checked"
  "slt|0.6|Payment, heading level 3"
  "espeak:en-us|340|Confirm, button"
  "rms|0.6|Marketing emails, checkbox, not checked. Double tap to activate."
  "espeak:en-gb|320|Help, link"
  "kal|0.55|Step 2 of 4"
  "espeak:en-us|280|Save for later, checkbox, not checked"
  "awb|0.6|Done, button"
)
case $set_name in
  standard) lines=("${standard[@]}"); name=announcements; pause=1.0; noise=0 ;;
  fast) lines=("${fast[@]}"); name=announcements-fast; pause=0.7; noise=0.004 ;;
  *) echo "no set $set_name (standard or fast)" >&2; exit 2 ;;
esac

cues="WEBVTT"
list="$work/list.txt"
: >"$list"
start=0.5
index=0
silence="$work/silence.wav"
ffmpeg -v error -y -f lavfi -i "anullsrc=r=16000:cl=mono" -t 0.5 -c:a pcm_s16le "$silence"
echo "file '$silence'" >>"$list"
for line in "${lines[@]}"; do
  IFS='|' read -r voice stretch text <<<"$line"
  wav="$work/line-$index.wav"
  if [[ $voice == espeak:* ]]; then
    espeak-ng -v "${voice#espeak:}" -s "$stretch" -w "$work/raw-$index.wav" "$text"
  else
    flite -voice "$voice" --setf duration_stretch="$stretch" -t "$text" -o "$work/raw-$index.wav"
  fi
  # 16 kHz mono, then a pause after it.
  ffmpeg -v error -y -i "$work/raw-$index.wav" -ar 16000 -ac 1 -af "apad=pad_dur=$pause" -c:a pcm_s16le "$wav"
  spoken=$(seconds_of "$work/raw-$index.wav")
  total=$(seconds_of "$wav")
  end=$(awk -v a="$start" -v b="$spoken" 'BEGIN { printf "%.3f", a + b }')
  cues+=$'\n\n'"said-$((index + 1))"$'\n'"$(vtt_time "$start") --> $(vtt_time "$end")"$'\n'"$text"
  echo "file '$wav'" >>"$list"
  start=$(awk -v a="$start" -v b="$total" 'BEGIN { printf "%.3f", a + b }')
  index=$((index + 1))
done

mkdir -p "$out"
# Noise of a fixed seed, so the file is made the same each time.
mix=(-af anull)
if [[ $noise != 0 ]]; then
  mix=(-f lavfi -i "anoisesrc=r=16000:c=pink:a=$noise:s=7" -filter_complex "[0:a][1:a]amix=inputs=2:duration=first:normalize=0")
fi
ffmpeg -v error -y -f concat -safe 0 -i "$list" "${mix[@]}" -c:a libopus -b:a 24k -ac 1 -ar 48000 \
  -fflags +bitexact -flags:a +bitexact "$out/$name.webm"
printf '%s\n' "$cues" >"$out/$name-said.txt"
echo "made $out/$name.webm ($(stat -c %s "$out/$name.webm") bytes, $(seconds_of "$out/$name.webm") s)"
