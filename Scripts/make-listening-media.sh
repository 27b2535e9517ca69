#!/usr/bin/env bash
# Makes the recording listening is tuned and tested on: Tests/ExhibitKitTests/Fixtures/media/
# announcements.webm, screen-reader announcements in our own words spoken by flite's voices
# (Debian's flite; espeak-ng's voice is too unlike a screen reader's for the recogniser), a
# pause after each, and announcements-said.txt, what was said when (in WebVTT) (the
# truth the tests measure spotting against; it is not a caption file of the recording).
#
# Usage: Scripts/make-listening-media.sh [OUTPUT_FOLDER]
# Needs: ffmpeg, ffprobe, flite.
set -euo pipefail

out=${1:-Tests/ExhibitKitTests/Fixtures/media}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds_of() { ffprobe -v error -show_entries format=duration -of csv=p=0 "$1"; }
vtt_time() {
  awk -v s="$1" 'BEGIN { ms = int(s * 1000 + 0.5); m = int(ms / 60000); sec = int(ms / 1000) % 60; f = ms % 1000;
    printf "%02d:%02d.%03d", m, sec, f }'
}

# Voice, speed (flite's duration stretch: below 1 is faster, as screen-reader users listen), then
# what it says. Four voices at two speeds, so tuning fits no one voice.
lines=(
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
  flite -voice "$voice" --setf duration_stretch="$stretch" -t "$text" -o "$work/raw-$index.wav"
  # 16 kHz mono, then a second of silence after it.
  ffmpeg -v error -y -i "$work/raw-$index.wav" -ar 16000 -ac 1 -af "apad=pad_dur=1.0" -c:a pcm_s16le "$wav"
  spoken=$(seconds_of "$work/raw-$index.wav")
  total=$(seconds_of "$wav")
  end=$(awk -v a="$start" -v b="$spoken" 'BEGIN { printf "%.3f", a + b }')
  cues+=$'\n\n'"said-$((index + 1))"$'\n'"$(vtt_time "$start") --> $(vtt_time "$end")"$'\n'"$text"
  echo "file '$wav'" >>"$list"
  start=$(awk -v a="$start" -v b="$total" 'BEGIN { printf "%.3f", a + b }')
  index=$((index + 1))
done

mkdir -p "$out"
ffmpeg -v error -y -f concat -safe 0 -i "$list" -c:a libopus -b:a 24k -ac 1 -ar 48000 \
  -fflags +bitexact -flags:a +bitexact "$out/announcements.webm"
printf '%s\n' "$cues" >"$out/announcements-said.txt"
echo "made $out/announcements.webm ($(stat -c %s "$out/announcements.webm") bytes, $(seconds_of "$out/announcements.webm") s)"
