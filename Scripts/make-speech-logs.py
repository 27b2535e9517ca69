#!/usr/bin/env python3
"""Writes the speech-log fixtures from what our own speech fixture says when
(Tests/ExhibitKitTests/Fixtures/media/announcements-said.txt, made by make-listening-media.sh):

- nvda-io.log: NVDA's log at input/output level, as if the recording had started at 23:59:09.500
  on the log's clock (so its first entry, said at 0.5 s, is at 23:59:10.000 and the log runs past
  midnight), with input and info lines between;
- guidepup-spoken-phrases.json: a Guidepup spoken phrase log, a JSON array of the phrases;
- at-driver-output.jsonl: AT Driver messages, one JSON object a line, the captured output among them.

    python3 Scripts/make-speech-logs.py
"""
import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
SAID = ROOT / "Tests/ExhibitKitTests/Fixtures/media/announcements-said.txt"
OUT = ROOT / "Tests/ExhibitKitTests/Fixtures/speech-logs"
STARTED = 23 * 3600 + 59 * 60 + 9.5  # the recording's start on the log's clock


def announcements():
    text = SAID.read_text(encoding="utf-8")
    for start, words in re.findall(r"(\d\d:\d\d\.\d{3}) --> [^\n]+\n([^\n]+)", text):
        minutes, seconds = start.split(":")
        yield int(minutes) * 60 + float(seconds), words


def clock(seconds):
    seconds %= 86400
    hours, rest = divmod(seconds, 3600)
    minutes, rest = divmod(rest, 60)
    return f"{int(hours):02d}:{int(minutes):02d}:{rest:06.3f}"


def nvda(said):
    lines = ["INFO - __main__ (23:58:59.120) - MainThread (4120):", "Starting NVDA version 2024.4"]
    for index, (start, words) in enumerate(said):
        at = STARTED + start
        if index % 3 == 1:
            lines += [f"IO - inputCore.InputManager.executeGesture ({clock(at - 0.2)}) - MainThread (4120):",
                      "Input: kb(desktop):downArrow"]
        # NVDA says "check box"; a period ends a part as a comma does.
        parts = [p.strip() for p in re.split(r"[,.]", words.replace("checkbox", "check box")) if p.strip()]
        spoken = ", ".join(repr(part) for part in parts)
        lines += [f"IO - speech.speech.speak ({clock(at)}) - MainThread (4120):",
                  f"Speaking [LangChangeCommand ('en_US'), {spoken}]"]
    return "\n".join(lines) + "\n"


def main():
    said = list(announcements())
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "nvda-io.log").write_text(nvda(said), encoding="utf-8")
    (OUT / "guidepup-spoken-phrases.json").write_text(
        json.dumps([words for _, words in said], indent=2) + "\n", encoding="utf-8")
    messages = [{"id": 1, "result": {"sessionId": "fixture", "capabilities": {"atName": "NVDA"}}}]
    messages += [{"type": "event", "method": "interaction.capturedOutput", "params": {"data": words}}
                 for _, words in said]
    (OUT / "at-driver-output.jsonl").write_text(
        "".join(json.dumps(message) + "\n" for message in messages), encoding="utf-8")


if __name__ == "__main__":
    main()
