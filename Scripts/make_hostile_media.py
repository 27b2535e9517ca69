#!/usr/bin/env python3
"""Writes files built to make a media or caption reader slow or hungry, for tests and
Scripts/bench-hostile.sh:

    python3 Scripts/make_hostile_media.py tag-bomb OUT.webm TAGS
        a WebM whose header holds TAGS distinct tags (libavformat spends minutes on 100,000)
    python3 Scripts/make_hostile_media.py blank-captions OUT.vtt BYTES
        a WebVTT file of nothing but blank lines, BYTES long
    python3 Scripts/make_hostile_media.py many-cues OUT.vtt CUES
        a WebVTT file of CUES three-millisecond cues
    python3 Scripts/make_hostile_media.py many-streams OUT.webm STREAMS
        a WebM declaring STREAMS video tracks
"""
import struct
import sys


def size(length):
    """An EBML size of 8 bytes."""
    return bytes([0x01]) + length.to_bytes(7, "big")


def element(ident, payload):
    return ident.to_bytes((ident.bit_length() + 7) // 8, "big") + size(len(payload)) + payload


def uint(ident, value):
    return element(ident, value.to_bytes(8, "big"))


def ebml_header():
    return element(0x1A45DFA3, b"".join([
        uint(0x4286, 1), uint(0x42F7, 1), uint(0x42F2, 4), uint(0x42F3, 8),
        element(0x4282, b"webm"), uint(0x4287, 4), uint(0x4285, 2)]))


def one_cluster():
    """One cluster with one tiny block, so a header is whole and read to its end."""
    return element(0x1F43B675, uint(0xE7, 0) + element(0xA3, b"\x81\x00\x00\x80" + b"\x00" * 16))


def tag_bomb(path, count):
    info = element(0x1549A966, uint(0x2AD7B1, 1_000_000) + element(0x4489, struct.pack(">d", 10_000.0)))
    video = element(0xE0, uint(0xB0, 16) + uint(0xBA, 16))
    track = element(0xAE, uint(0xD7, 1) + uint(0x73C5, 1) + uint(0x83, 1) + element(0x86, b"V_VP9") + video)
    tracks = element(0x1654AE6B, track)
    simple = b"".join(
        element(0x67C8, element(0x45A3, f"k{index}".encode()) + element(0x4487, b"v")) for index in range(count))
    tags = element(0x1254C367, element(0x7373, element(0x63C0, b"") + simple))
    with open(path, "wb") as out:
        out.write(ebml_header() + element(0x18538067, info + tracks + tags + one_cluster()))


def many_streams(path, count):
    info = element(0x1549A966, uint(0x2AD7B1, 1_000_000) + element(0x4489, struct.pack(">d", 1_000.0)))
    video = element(0xE0, uint(0xB0, 16) + uint(0xBA, 16))
    tracks = element(0x1654AE6B, b"".join(
        element(0xAE, uint(0xD7, number) + uint(0x73C5, number) + uint(0x83, 1) + element(0x86, b"V_VP9") + video)
        for number in range(1, count + 1)))
    with open(path, "wb") as out:
        out.write(ebml_header() + element(0x18538067, info + tracks + one_cluster()))


def blank_captions(path, length):
    with open(path, "wb") as out:
        out.write(b"WEBVTT\n")
        out.write(b"\n" * (length - 7))


def stamp(ms):
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d}.{ms % 1000:03d}"


def many_cues(path, count):
    with open(path, "w") as out:
        out.write("WEBVTT\n\n")
        for index in range(count):
            out.write(f"{stamp(index * 3)} --> {stamp(index * 3 + 3)}\nw{index % 10}\n\n")


def main():
    kind, path, amount = sys.argv[1], sys.argv[2], int(sys.argv[3])
    makers = {"tag-bomb": tag_bomb, "blank-captions": blank_captions, "many-cues": many_cues,
              "many-streams": many_streams}
    makers[kind](path, amount)


if __name__ == "__main__":
    main()
