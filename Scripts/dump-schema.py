#!/usr/bin/env python3
"""Prints the readable schema of an Exhibit database, as Database/schema.sql holds it.

    python3 Scripts/dump-schema.py DATABASE

`make schema` runs it on a fresh database the migrations alone build and writes
Database/schema.sql, which the EmbedSchema plugin compiles into ExhibitKit as the snapshot new
databases are made from. Tests compare the file with the dump of a fresh database, and a
database the snapshot makes with one the migrations make, so they never drift apart. Every table, index, trigger and virtual table is printed in creation order, after
the schema version; the shadow tables FTS5 makes for each index are implied by it and left out.
"""
import sqlite3
import sys

FTS_SHADOW_SUFFIXES = ("_data", "_idx", "_content", "_docsize", "_config")


def dump(path):
    database = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    rows = database.execute(
        "SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid").fetchall()
    version = database.execute("PRAGMA user_version").fetchone()[0]
    application = database.execute("PRAGMA application_id").fetchone()[0]
    virtual = {name for _, name, sql in rows if sql.startswith("CREATE VIRTUAL TABLE")}
    text = "-- Exhibit database schema, dumped from a fresh database. Do not edit by hand:\n"
    text += "-- change the migrations in Sources/ExhibitKit/Store/Schema.swift, then run `make schema`.\n"
    text += f"PRAGMA user_version = {version};\n"
    if application:
        text += f"PRAGMA application_id = {application};\n"
    for _, name, sql in rows:
        shadow = any(name == table + suffix for table in virtual for suffix in FTS_SHADOW_SUFFIXES)
        if shadow or name.startswith("sqlite_"):
            continue
        text += f"\n{sql};\n"
    return text


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: dump-schema.py DATABASE")
    sys.stdout.write(dump(sys.argv[1]))
