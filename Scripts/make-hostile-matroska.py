#!/usr/bin/env python3
"""Writes a tiny Matroska/WebM file with extreme timing, for the media fuzz target's seeds and
the probe's regression tests: a cluster timed at 2^62 with a 10 ms timestamp scale (the packet
time overflows any conversion to milliseconds), or a header duration of 1e300.

    python3 Scripts/make-hostile-matroska.py cluster-time|header-duration OUT.webm
"""
import struct
import sys


def size(n):
    """An EBML variable-size integer of the smallest length that holds n."""
    for length in range(1, 9):
        if n < (1 << (7 * length)) - 1:
            return bytes([(1 << (8 - length)) | (n >> (8 * (length - 1)))]) + n.to_bytes(length, "big")[1:]
    raise ValueError(n)


def element(ident, payload):
    return bytes.fromhex(ident) + size(len(payload)) + payload


def unsigned(ident, value, width=None):
    return element(ident, value.to_bytes(width or max(1, (value.bit_length() + 7) // 8), "big"))


def matroska(cluster_time, duration=None):
    header = element("1A45DFA3", unsigned("4286", 1) + unsigned("42F7", 1) + unsigned("42F2", 4)
                     + unsigned("42F3", 8) + element("4282", b"webm") + unsigned("4287", 4) + unsigned("4285", 2))
    info = unsigned("2AD7B1", 10_000_000) + element("4D80", b"exhibit") + element("5741", b"exhibit")
    if duration is not None:
        info += element("4489", struct.pack(">d", duration))
    video = element("E0", unsigned("B0", 16) + unsigned("BA", 16))
    track = element("AE", unsigned("D7", 1) + unsigned("73C5", 1) + unsigned("83", 1)
                    + element("86", b"V_VP8") + video)
    block = element("A3", bytes([0x81]) + struct.pack(">h", 0) + bytes([0x80]) + b"\0\0\0\0")
    cluster = element("1F43B675", unsigned("E7", cluster_time, 8) + block)
    unknown_size = bytes.fromhex("01FFFFFFFFFFFFFF")
    return header + bytes.fromhex("18538067") + unknown_size + element("1549A966", info) \
        + element("1654AE6B", track) + cluster


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("cluster-time", "header-duration"):
        print(__doc__, file=sys.stderr)
        return 2
    data = matroska(1 << 62) if sys.argv[1] == "cluster-time" else matroska(0, duration=1e300)
    with open(sys.argv[2], "wb") as out:
        out.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
