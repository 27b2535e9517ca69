#!/usr/bin/env bash
# Remakes the committed seed corpora in Fuzz/Corpus/<target>/ from Exhibit's own fixtures and a
# few hand-written edge cases. Needs ffmpeg (for two tiny recordings) and python3.
#
#   bash Scripts/make-fuzz-seeds.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=Fuzz/Corpus
rm -rf "$out"
mkdir -p "$out"/{webvtt,criteria,media,bag,zip,query}

# Captions: the sample sidecars and the corners of the format.
cp Media/*/*/*.vtt "$out/webvtt/"
printf 'WEBVTT - with a header\nKind: captions\n\nNOTE a comment\nspanning two lines\n\nSTYLE\n::cue { color: red }\n\n1\n01:02:03.004 --> 01:02:05.000 align:start line:0\n<v Reader>Checked</v> &amp; &lt;on&gt;\n\n00:10.000 --> 00:09.000\nends before it starts\n\nno timing here\n\n00:11.000 --> 00:12.000\r\nCRLF line\r\n' >"$out/webvtt/corners.vtt"
printf '\xef\xbb\xbfWEBVTT\n\n00:00.000 --> 00:00.500\nByte order mark\n' >"$out/webvtt/bom.vtt"

# Criteria: the three formats as the sample workspace and the tests have them.
cp Criteria/native/controls/checkbox.md "$out/criteria/markdown-native.md"
cp Criteria/web/component/checkbox.md "$out/criteria/markdown-web.md"
cp Criteria/legacy/native/checkbox.md "$out/criteria/front-matter.md"
cp Tests/ExhibitKitTests/Fixtures/criteria/*.md Tests/ExhibitKitTests/Fixtures/criteria/*.txt "$out/criteria/"

# Recordings: the sample webms, the MP4 fixture, and two tiny clips made here: a WebM written
# to a pipe (no duration or cues in its header, as a browser writes them) and a Matroska with
# two audio tracks.
cp Media/*/*/*.webm Tests/ExhibitKitTests/Fixtures/media/audio-first.mp4 "$out/media/"
ffmpeg -loglevel error -f lavfi -i color=c=black:s=32x32:d=0.3 -c:v libvpx -b:v 20k -f webm pipe:1 \
  >"$out/media/streamed.webm"
ffmpeg -loglevel error -f lavfi -i sine=d=0.2 -f lavfi -i sine=f=880:d=0.2 -map 0 -map 1 \
  -c:a libopus -b:a 8k "$out/media/two-audio.mka"
# Extreme timing elements: packet times and a header duration past any conversion.
python3 Scripts/make-hostile-matroska.py cluster-time "$out/media/extreme-cluster-time.webm"
python3 Scripts/make-hostile-matroska.py header-duration "$out/media/extreme-header-duration.webm"

# Bags and zips: a small valid bag, cut into the parts the bag target reads, and zipped.
python3 -W ignore - "$out" <<'PY'
import hashlib, io, os, sys, zipfile
out = sys.argv[1]
payload = {
    "data/manifest.json": b'{"component":"native/checkbox","platform":"ios"}\n',
    "data/recordings/check box.webm": b"\x1a\x45\xdf\xa3 not really a recording\n",
}
def manifest(files, algorithm):
    return "".join(
        f"{hashlib.new(algorithm, data).hexdigest()}  {name.replace('%', '%25')}\n" for name, data in sorted(files.items())
    ).encode()
bagit = b"BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n"
size = sum(len(d) for d in payload.values())
info = f"Bagging-Date: 2026-11-21\nPayload-Oxum: {size}.{len(payload)}\nExternal-Identifier: native-checkbox-ios\n".encode()
tags = {"bagit.txt": bagit, "bag-info.txt": info, "manifest-sha256.txt": manifest(payload, "sha256")}
tags["tagmanifest-sha256.txt"] = manifest(tags, "sha256")
files = {**tags, **payload}
# The bag target's layout: parts in a fixed order, separated by NUL bytes.
layout = ["bagit.txt", "bag-info.txt", "manifest-sha256.txt", "tagmanifest-sha256.txt",
          "data/manifest.json", "data/recordings/check box.webm"]
with open(f"{out}/bag/valid", "wb") as f:
    f.write(b"\0".join(files[n] for n in layout))
with open(f"{out}/bag/md5-and-deep", "wb") as f:
    extra = {"data/a/b/c.txt": b"deep\n"}
    md5 = manifest({**payload, **extra}, "md5")
    f.write(b"\0".join([files[n] for n in layout] + [md5, extra["data/a/b/c.txt"]]))
with open(f"{out}/bag/unsafe-manifest", "wb") as f:
    bad = b"0" * 64 + b"  ../outside\n" + b"1" * 64 + b"  /etc/passwd\n" + b"zz  data/x\n"
    f.write(b"\0".join([bagit, info, bad]))
def write_zip(name, prefix, method=zipfile.ZIP_STORED, extra=()):
    with zipfile.ZipFile(f"{out}/zip/{name}", "w", method) as z:
        for path, data in sorted(files.items()):
            info = zipfile.ZipInfo(prefix + path, date_time=(2026, 11, 21, 0, 0, 0))
            z.writestr(info, data, compress_type=method)
        for path, data in extra:
            z.writestr(zipfile.ZipInfo(path, date_time=(2026, 11, 21, 0, 0, 0)), data)
write_zip("bag-in-folder.zip", "native-checkbox-ios-2026-11-21/")
write_zip("bag-at-root.zip", "")
write_zip("deflated.zip", "bag/", zipfile.ZIP_DEFLATED)
write_zip("unsafe-names.zip", "bag/", extra=[("../escape.txt", b"x"), ("bag/data/manifest.json", b"twice")])
PY

# Queries: what reviewers type, and what they should not be able to break.
i=0
while IFS= read -r query; do
  printf '%s' "$query" >"$out/query/$(printf '%02d' $i)"
  i=$((i + 1))
done <<'QUERIES'
dimmed button
"focus moves" tab
announ*
switch OR toggle
spacebar NOT tab
aria-label 1.4.10 C++
NEAR(on off) label:foo
"unclosed phrase
OR NOT AND
ÉTAT coché ✓
QUERIES
echo "seeds: $(find "$out" -type f | wc -l) files in $out"
