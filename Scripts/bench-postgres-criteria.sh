#!/usr/bin/env bash
# The criteria commands on SQLite and on PostgreSQL, as a user runs them (release build, each
# command a process): `criteria import` of the corpus's documents and the sample
# criteria into a new catalogue, `search` over them and `verify`, each run N times; PostgreSQL is a
# throwaway cluster on 127.0.0.1 (Scripts/pg_test_server.py). Prints median and p99 wall times.
#   Scripts/bench-postgres-criteria.sh [--runs N]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=30
if [ "${1:-}" = "--runs" ]; then runs=$2; fi
export PATH="/opt/swift/usr/bin:$PATH"
(cd "$root" && bash Scripts/release-build.sh exhibit exhibit-team >/dev/null)
source "$root/Scripts/throwaway-postgres.sh"

sources=("$root/Criteria")
[ -d "$root/../shared/corpus/magentaA11y/documentation" ] && sources+=("$root/../shared/corpus/magentaA11y/documentation")

EXHIBIT="$root/.build/release/exhibit" SCRATCH="$scratch" PORT="$port" RUNS="$runs" python3 - "${sources[@]}" <<'PY'
import os, statistics, subprocess, sys, time
exhibit, scratch, port, runs = os.environ["EXHIBIT"], os.environ["SCRATCH"], os.environ["PORT"], int(os.environ["RUNS"])
sources = sys.argv[1:]
env = dict(os.environ, PGPASSWORD="exhibit-test-password", EXHIBIT_AUDITOR="bench")
admin = f"postgres://exhibit_admin@127.0.0.1:{port}/postgres"

def run(arguments, database, ok=(0,)):
    started = time.perf_counter()
    done = subprocess.run([exhibit] + arguments, env=dict(env, EXHIBIT_DB=database), cwd=scratch,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode not in ok:
        sys.exit(f"{' '.join(arguments)} on {database}: {done.stderr.decode()}")
    return (time.perf_counter() - started) * 1000

def figures(times):
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    return f"median {statistics.median(ordered):7.1f} ms, p99 {p99:7.1f} ms"

queries = [["search", "checkbox"], ["search", "announ*", "--platform", "ios"], ["search", '"double tap" OR swipe'],
           ["search", "focus name role", "--component", "native/checkbox"]]
for backend in ("SQLite", "PostgreSQL"):
    imports, searches, verifies = [], [], []
    for index in range(runs):
        if backend == "SQLite":
            database = f"{scratch}/run-{index}.sqlite"
        else:
            name = f"bench_{index}"
            subprocess.run(["psql", "-X", "-q", "-d", admin, "-c", f"CREATE DATABASE {name} OWNER exhibit_owner"],
                           env=env, check=True)
            database = f"postgres://exhibit_owner@127.0.0.1:{port}/{name}"
        run(["init"], database)
        imports.append(run(["criteria", "import"] + sources, database))
        for query in queries:
            searches.append(run(query, database))
        verifies.append(run(["verify"], database))
    print(f"{backend:10} criteria import {figures(imports)}; search {figures(searches)}; verify {figures(verifies)}")
PY
