#!/usr/bin/env bash
# Runs the team recipe of docs/team.md as written: every ```sh block between its
# `<!-- recipe: start -->` and `<!-- recipe: end -->` markers, in order, in one bash -e shell, with
# the recipe's own variables set to a PostgreSQL cluster, ports and folders of this run's (so it
# never touches a team's real ones), and the exhibit binaries of BIN_DIR first on PATH. Whatever
# happens, the servers it started are stopped and its cluster is dropped.
#
#   bash Scripts/team-recipe-check.sh BIN_DIR [DOC]
#
# Needs root (pg_createcluster, runuser), Debian's postgresql, curl, openssl and nanio. Prints the
# recipe's output; exits with its status.
set -euo pipefail
bin="$(cd "$1" && pwd)"
repository="$(cd "$(dirname "$0")/.." && pwd)"
doc="${2:-$repository/docs/team.md}"
scratch="$(mktemp -d)"
free_ports() {
  python3 -c 'import socket
sockets = [socket.socket() for _ in range(int(__import__("sys").argv[1]))]
for s in sockets: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in sockets))' "$1"
}
read -r pg_port s3_port web_one web_two <<< "$(free_ports 4)"
export HOME="$scratch/home" EXHIBIT_PG_CLUSTER="exhibit-recipe-$$" EXHIBIT_PG_PORT="$pg_port"
export EXHIBIT_S3_PORT="$s3_port" EXHIBIT_OBJECTS="$scratch/objects" EXHIBIT_TEAM="$scratch/team"
export EXHIBIT_WEB_PORTS="$web_one $web_two" NANIO="python3 -m nanio" PATH="$bin:$PATH"
mkdir -p "$HOME"
version="$(ls /usr/lib/postgresql | sort -n | tail -1)"
python3 - "$doc" > "$scratch/recipe.sh" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
part = text.split("<!-- recipe: start -->", 1)[1].split("<!-- recipe: end -->", 1)[0]
blocks = re.findall(r"```sh\n(.*?)```", part, re.S)
if not blocks:
    sys.exit("no recipe blocks between the markers")
print("\n".join(blocks))
PY
cleanup() {
  status=$?
  # KILL: a server started with blocked signals (a test runner's thread) would not hear TERM.
  kill -KILL $(jobs -p) 2>/dev/null || true
  wait 2>/dev/null || true
  pg_dropcluster --stop "$version" "$EXHIBIT_PG_CLUSTER" 2>/dev/null || true
  rm -rf "$scratch"
  exit "$status"
}
trap cleanup EXIT INT TERM
cd "$repository"
. "$scratch/recipe.sh"
