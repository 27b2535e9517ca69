#!/usr/bin/env python3
"""Writes the database file Database/schema.sql makes, encoded as text, for the EmbedSchema plugin
to compile into ExhibitKit beside the script: a new workspace's file is written from it rather
than built statement by statement.

    python3 Scripts/make-schema-image.py Database/schema.sql Database/schema-image.txt

`make schema` runs it after writing schema.sql. The file is made as Exhibit makes a new one (WAL
mode, the script in one transaction, closed, which folds the WAL into the file) and encoded as
ExhibitSQLite's `SchemaSnapshot` reads it: base64 of the file's length, then for each stretch of
bytes between runs of 16 zeros or more, the zeros before it, its length and its bytes, every number
four bytes little-endian. A test checks that the file it decodes to holds what the script makes.
"""
import base64
import os
import sqlite3
import struct
import sys
import tempfile

LONG_RUN = 16


def image(script):
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "image.sqlite")
        database = sqlite3.connect(path, isolation_level=None)
        database.execute("PRAGMA journal_mode = WAL")
        database.executescript("BEGIN IMMEDIATE;\n" + script + "\nCOMMIT;")
        database.close()
        with open(path, "rb") as handle:
            return handle.read()


def encoded(data):
    out = bytearray(struct.pack("<I", len(data)))
    position = 0
    while position < len(data):
        start = position
        while start < len(data) and data[start] == 0:
            start += 1
        if start == len(data):
            break
        end, zeros = start, 0
        while end < len(data) and zeros < LONG_RUN:
            zeros = zeros + 1 if data[end] == 0 else 0
            end += 1
        if zeros == LONG_RUN:
            end -= LONG_RUN
        out += struct.pack("<II", start - position, end - start) + data[start:end]
        position = end
    return base64.b64encode(bytes(out)).decode("ascii")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: make-schema-image.py SCHEMA.sql OUTPUT.txt")
    with open(sys.argv[1], encoding="utf-8") as handle:
        script = handle.read()
    text = encoded(image(script)) if "PRAGMA user_version = " in script else ""
    with open(sys.argv[2], "w", encoding="ascii") as handle:
        handle.write(text + "\n")


if __name__ == "__main__":
    main()
