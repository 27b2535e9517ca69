"""Compares the top 20 hits of every benchmark query between two builds (Scripts/bench-search.sh --before)."""
import json
import subprocess
import sys


def hits(exhibit, database, arguments):
    result = subprocess.run([exhibit, "search", *arguments, "--limit", "20", "--json", "--db", database],
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:
        return f"exit {result.returncode}: {result.stderr.strip()}"
    return json.loads(result.stdout)["hits"]


def main():
    old_exhibit, old_db, new_exhibit, new_db, queries = sys.argv[1:6]
    same = 0
    total = 0
    for line in open(queries, encoding="utf-8"):
        kind, *arguments = line.rstrip("\n").split("\t")
        total += 1
        old = hits(old_exhibit, old_db, arguments)
        new = hits(new_exhibit, new_db, arguments)
        if old == new:
            same += 1
        else:
            print(f"  differs ({kind}): {' '.join(arguments)}")
    print(f"top 20 hits identical (rank, score and every field) for {same} of {total} queries")
    return 0 if same == total else 1


if __name__ == "__main__":
    sys.exit(main())
