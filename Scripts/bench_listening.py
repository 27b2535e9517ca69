#!/usr/bin/env python3
"""How well and how fast `exhibit listen` hears the corpus's recordings with their captions removed.

The recordings are copied into a temporary folder without their WebVTT files, catalogued and listened to;
what was heard is then compared with the captions: each phrase of the listening vocabulary said in
a caption cue (the longest phrase where phrases overlap; "check box" and "checkbox" alike) is one
announcement to find, found when a phrase heard starts within 2 s of its cue. Recall is the share
of announcements found, precision the share of phrases heard that were said there.

Usage: bench_listening.py --exhibit BINARY [--media FOLDER] [--criteria FOLDER] [--window 2] [--details]
"""
import argparse, json, os, re, shutil, subprocess, sys, tempfile, time
from collections import Counter


def run(exhibit, workspace, *arguments):
    result = subprocess.run([exhibit, *arguments], cwd=workspace, capture_output=True, text=True)
    if result.returncode not in (0, 1):
        sys.exit(f"exhibit {' '.join(arguments)} failed: {result.stderr}")
    return result


def cues(path):
    """(start, end, text) of each cue of a WebVTT file."""
    found, lines = [], open(path, encoding="utf-8").read().split("\n")
    stamp = re.compile(r"(\d+:)?(\d+):(\d+)\.(\d+)\s*-->\s*(\d+:)?(\d+):(\d+)\.(\d+)")
    def seconds(h, m, s, ms):
        return int((h or "0:")[:-1]) * 3600 + int(m) * 60 + int(s) + int(ms) / 1000
    index = 0
    while index < len(lines):
        match = stamp.search(lines[index])
        if match:
            g = match.groups()
            text = []
            index += 1
            while index < len(lines) and lines[index].strip():
                text.append(lines[index].strip())
                index += 1
            found.append((seconds(*g[:4]), seconds(*g[4:]), " ".join(text)))
        index += 1
    return found


UNITS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def normalise(text):
    words = []
    for raw in re.split(r"[^a-z0-9']+", text.lower()):
        if not raw:
            continue
        if raw.isdigit() and int(raw) < 100:
            n = int(raw)
            words += [UNITS[n]] if n < 20 else ([TENS[n // 10]] if n % 10 == 0 else [TENS[n // 10], UNITS[n % 10]])
        else:
            words.append(raw)
    return words


def said(cue_text, phrases):
    """The vocabulary's phrases said in a cue, longest first where they overlap."""
    words = normalise(cue_text)
    joined = ["".join(p.split()) for p in phrases]
    taken, found = [False] * len(words), []
    candidates = []
    for phrase, key in zip(phrases, joined):
        size = len(phrase.split())
        for start in range(len(words)):
            for width in range(1, min(4, len(words) - start) + 1):
                if "".join(words[start:start + width]) == key:
                    candidates.append((width, size, start, key))
    for width, _, start, key in sorted(candidates, key=lambda c: (-c[0], c[2])):
        if not any(taken[start:start + width]):
            for i in range(start, start + width):
                taken[i] = True
            found.append(key)
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--exhibit", required=True)
    parser.add_argument("--media", default="../shared/corpus/magentaA11y/media")
    parser.add_argument("--criteria", default="../shared/corpus/magentaA11y/documentation")
    parser.add_argument("--window", type=float, default=2.0)
    parser.add_argument("--details", action="store_true", help="list each recording's announcements and what was heard")
    options = parser.parse_args()
    exhibit = os.path.abspath(options.exhibit)
    videos = sorted(os.path.join(d, f) for d, _, fs in os.walk(options.media) for f in fs if f.endswith(".webm"))
    if not videos:
        sys.exit(f"no recordings under {options.media}")
    with tempfile.TemporaryDirectory() as workspace:
        media = os.path.join(workspace, "Media")
        for video in videos:
            target = os.path.join(media, os.path.relpath(video, options.media))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(video, target)
        run(exhibit, workspace, "init")
        if os.path.isdir(options.criteria):
            run(exhibit, workspace, "criteria", "import", os.path.abspath(options.criteria))
        run(exhibit, workspace, "catalog", "Media")
        started = time.monotonic()
        listened = run(exhibit, workspace, "listen", "--json")
        wall = time.monotonic() - started
        reports = json.loads(listened.stdout)
        vocabulary = [p["phrase"] for p in json.loads(run(exhibit, workspace, "listen", "--vocabulary", "--json").stdout)["phrases"]]
        audio = sum(r.get("audio_seconds") or 0 for r in reports)
        truth_total = heard_total = found_total = right_total = 0
        missed, wrong = Counter(), Counter()
        by_name = {os.path.basename(r["path"]): r for r in reports}
        for video in videos:
            report = by_name.get(os.path.basename(video))
            if not report or not report.get("sha256") or report.get("error"):
                print(f"{video}: not heard ({report and report.get('error')})")
                continue
            detail = json.loads(run(exhibit, workspace, "recordings", "show", report["sha256"], "--json").stdout)
            heard = [(h["start_seconds"], "".join(h["text"].split())) for h in detail["heard"]]
            # NAME.vtt, NAME.en.vtt or NAME-en-US.vtt, not another recording's whose name starts the same.
            stem = os.path.basename(video)[:-5]
            sidecar = re.compile(re.escape(stem) + r"([.-][A-Za-z]{2,3}(-[A-Za-z]{2})?)?\.vtt")
            sidecars = sorted(os.path.join(os.path.dirname(video), f) for f in os.listdir(os.path.dirname(video))
                              if sidecar.fullmatch(f))
            truth = [(start, end, key) for vtt in sidecars[:1] for start, end, text in cues(vtt) for key in said(text, vocabulary)]
            used = [False] * len(heard)
            if options.details:
                print(f"== {os.path.basename(video)}")
                print("   said: " + "; ".join(f"{start:.1f}-{end:.1f} {key}" for start, end, key in truth))
                print("   heard: " + "; ".join(f"{at:.1f} {text}" for at, text in heard))
            for start, end, key in truth:
                hit = next((i for i, (at, text) in enumerate(heard) if not used[i] and text == key
                            and start - options.window <= at <= end + options.window), None)
                if hit is None:
                    missed[key] += 1
                else:
                    used[hit] = True
                    found_total += 1
            for i, (at, text) in enumerate(heard):
                said_near = any(text == key and start - options.window <= at <= end + options.window for start, end, key in truth)
                if said_near:
                    right_total += 1
                else:
                    wrong[text] += 1
            truth_total += len(truth)
            heard_total += len(heard)
        print(f"recordings: {len(videos)}, audio {audio:.1f} s, listened in {wall:.2f} s wall "
              f"({audio / wall:.1f}x real time on {os.cpu_count()} cores, {audio / wall / os.cpu_count():.1f}x per core)")
        print(f"vocabulary: {len(vocabulary)} phrases")
        print(f"recall: {found_total}/{truth_total} = {found_total / max(1, truth_total):.2f} "
              f"(announcements in the captions found within {options.window:g} s)")
        print(f"precision: {right_total}/{heard_total} = {right_total / max(1, heard_total):.2f} "
              f"(phrases heard that the captions hold there)")
        print("missed most:", ", ".join(f"{k} {v}" for k, v in missed.most_common(8)))
        print("heard wrongly most:", ", ".join(f"{k} {v}" for k, v in wrong.most_common(8)))


if __name__ == "__main__":
    main()
