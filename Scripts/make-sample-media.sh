#!/usr/bin/env bash
# Makes the sample workspace's recordings in Media/: short VP9/Opus webm screen-reader sessions
# with spoken announcements (espeak-ng) and WebVTT captions timed to the speech.
#
# Usage: Scripts/make-sample-media.sh [OUTPUT_FOLDER]   (default: Media)
# Needs: ffmpeg, ffprobe, espeak-ng (Debian packages of those names).
set -euo pipefail

out=${1:-Media}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
font=$(fc-match -f '%{file}' 'DejaVu Sans' 2>/dev/null || true)
[ -f "$font" ] || font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

# seconds_of FILE: a media file's duration in seconds, from ffprobe.
seconds_of() { ffprobe -v error -show_entries format=duration -of csv=p=0 "$1"; }

# vtt_time SECONDS: WebVTT timestamp (mm:ss.ttt, or hh:mm:ss.ttt past an hour).
vtt_time() {
  awk -v s="$1" 'BEGIN { ms = int(s * 1000 + 0.5); h = int(ms / 3600000); m = int(ms / 60000) % 60;
    sec = int(ms / 1000) % 60; f = ms % 1000;
    if (h > 0) printf "%02d:%02d:%02d.%03d", h, m, sec, f; else printf "%02d:%02d.%03d", m, sec, f }'
}

# make_session NAME VOICE LABEL TAGS LIVE -- "PHRASE" ["PHRASE" ...]
#   Writes NAME.webm and NAME-en-US.vtt. Phrases are spoken one after another with a pause
#   between them; the checkbox drawn on screen turns checked when the second phrase starts.
#   TAGS are container tags, KEY=VALUE separated by '|'. LIVE=1 writes a live webm to a pipe,
#   so it has no container duration, as a browser's MediaRecorder writes it.
make_session() {
  local name=$1 voice=$2 label=$3 tags=$4 live=$5
  shift 6
  local inputs=() delays=() mix="" cues="WEBVTT" index=0 last_end=0 check_at="" start=0.4
  while [ $# -gt 0 ]; do
    local phrase=$1
    shift
    local wav="$work/$(basename "$name")-$index.wav"
    espeak-ng -v "$voice" -s 165 -w "$wav" "$phrase"
    local length end
    length=$(seconds_of "$wav")
    end=$(awk -v a="$start" -v b="$length" 'BEGIN { printf "%.3f", a + b }')
    inputs+=(-i "$wav")
    delays+=("[$((index + 1)):a]adelay=$(awk -v s="$start" 'BEGIN { printf "%d", s * 1000 }'):all=1[a$index]")
    mix+="[a$index]"
    cues+=$'\n\n'"cue-$((index + 1))"$'\n'"$(vtt_time "$start") --> $(vtt_time "$end")"$'\n'"$phrase"
    [ "$index" -eq 1 ] && check_at=$start
    last_end=$end
    start=$(awk -v e="$end" 'BEGIN { printf "%.1f", e + 0.6 }')
    index=$((index + 1))
  done
  local total
  total=$(awk -v e="$last_end" 'BEGIN { printf "%.1f", e + 0.8 }')
  local filter
  filter="[0:v]drawbox=x=24:y=70:w=36:h=36:color=black:t=3,"
  filter+="drawbox=x=32:y=78:w=20:h=20:color=black:t=fill:enable='gte(t,${check_at:-999})',"
  filter+="drawtext=fontfile=$font:text='$label':x=76:y=78:fontsize=20:fontcolor=black[v];"
  filter+="$(IFS=';'; echo "${delays[*]}");${mix}amix=inputs=$index:normalize=0[a]"
  mkdir -p "$out/$(dirname "$name")"
  local metadata=()
  local tag_list
  IFS='|' read -r -a tag_list <<<"$tags"
  for tag in "${tag_list[@]}"; do metadata+=(-metadata "$tag"); done
  local common=(
    -y -v error -f lavfi -i "color=c=white:s=320x180:r=15:d=$total" "${inputs[@]}"
    -filter_complex "$filter" -map '[v]' -map '[a]'
    -c:v libvpx-vp9 -b:v 40k -deadline good -cpu-used 4 -threads 1 -g 30
    -c:a libopus -b:a 24k -ac 1 -ar 48000
    -fflags +bitexact -flags:v +bitexact -flags:a +bitexact "${metadata[@]}"
  )
  if [ "$live" = 1 ]; then
    ffmpeg "${common[@]}" -live 1 -f webm - >"$out/$name.webm"
  else
    ffmpeg "${common[@]}" "$out/$name.webm"
  fi
  printf '%s\n' "$cues" >"$out/$name-en-US.vtt"
  echo "made $out/$name.webm ($(stat -c %s "$out/$name.webm") bytes) and $out/$name-en-US.vtt"
}

# make_screenshot NAME LABEL: a still of the checkbox's screen at large text, NAME.png, the kind of
#   evidence a text-resize item rests on (no recording shows it better than a still).
make_screenshot() {
  local name=$1 label=$2
  mkdir -p "$out/$(dirname "$name")"
  ffmpeg -y -v error -f lavfi -i "color=c=white:s=390x300" -frames:v 1 -vf \
    "drawbox=x=24:y=90:w=72:h=72:color=black:t=6,drawbox=x=40:y=106:w=40:h=40:color=black:t=fill,drawtext=fontfile=$font:text='$label':x=112:y=100:fontsize=40:fontcolor=black,drawtext=fontfile=$font:text='Text size 200%':expansion=none:x=24:y=24:fontsize=24:fontcolor=0x4a5360" \
    -fflags +bitexact -flags:v +bitexact "$out/$name.png"
  echo "made $out/$name.png ($(stat -c %s "$out/$name.png") bytes)"
}

[ "${ONLY_FIXTURES:-0}" = 1 ] || {
make_screenshot native/checkbox/checkbox_iOS_TextSize200 "Email me"

make_session native/checkbox/checkboxVoiceOver en-us "Email me updates" \
  "COM.APPLE.QUICKTIME.AUTHOR=ReplayKitRecording|COM.APPLE.QUICKTIME.CREATIONDATE=2026-11-02T10:15:00-05:00" 0 -- \
  "Email me updates, checkbox, not checked. Double tap to toggle." \
  "Checked."

make_session native/checkbox/checkbox_AndroidTalkback en-us "Email me updates" \
  "COM.ANDROID.VERSION=14" 0 -- \
  "Not checked, Email me updates, checkbox. Double tap to toggle." \
  "Checked."

make_session web/checkbox/checkbox_WindowsNvdaChrome en-gb "Send me a copy" \
  "title=Sample form - Google Chrome" 1 -- \
  "Send me a copy, check box, not checked." \
  "Checked."
}

# Test fixtures: an MP4 whose first stream is audio (mp4 files often put audio first).
fixtures=${FIXTURES:-Tests/ExhibitKitTests/Fixtures/media}
mkdir -p "$fixtures"
ffmpeg -y -v error -f lavfi -i "sine=frequency=440:duration=1" -f lavfi -i "color=c=blue:s=64x36:r=10:d=1" \
  -map 0:a -map 1:v -c:a aac -b:a 32k -c:v libx264 -preset ultrafast -pix_fmt yuv420p \
  -fflags +bitexact -flags:v +bitexact -flags:a +bitexact "$fixtures/audio-first.mp4"
echo "made $fixtures/audio-first.mp4 ($(stat -c %s "$fixtures/audio-first.mp4") bytes)"

# Screenshots in the three formats a verdict may rest on, small.
ffmpeg -y -v error -f lavfi -i "color=c=0x0b57a4:s=48x32" -frames:v 1 "$fixtures/still.jpg"
ffmpeg -y -v error -f lavfi -i "color=c=0x0d5f2c:s=40x30" -frames:v 1 -c:v libwebp -lossless 1 "$fixtures/still-lossless.webp"
ffmpeg -y -v error -f lavfi -i "color=c=0x9b1117:s=36x20" -frames:v 1 -c:v libwebp "$fixtures/still-lossy.webp"
echo "made $fixtures/still.jpg, still-lossless.webp and still-lossy.webp"
