"""Start-up of two exhibit binaries run in turns: for each command, ROUNDS pairs, the order
swapped every round, each binary in its own workspace; prints the median wall time of each.

Run in turns, a slow moment of the machine falls on both binaries alike, which separate
hyperfine runs (all of one, then all of the other) cannot promise; differences of a few tenths
of a millisecond then show.

    python3 Scripts/bench_startup_pairs.py ROUNDS OLD OLD_WORKSPACE NEW NEW_WORKSPACE
"""

import os
import statistics
import sys
import time

COMMANDS = [
    ("--help", ["--help"]),
    ("search", ["search", "checkbox"]),
    ("show", ["show", "native/checkbox"]),
    ("coverage", ["coverage", "native/checkbox"]),
    ("link (again)", ["link", "Media/native/checkbox/checkboxVoiceOver.webm",
                      "native/checkbox#screenreader.role", "--verdict", "pass", "--from", "0.4", "--to", "5.2"]),
    ("criteria list", ["criteria", "list"]),
    ("verify", ["verify"]),
]


def run(binary, workspace, arguments, devnull):
    """Wall time of one run, in milliseconds, from spawn to exit."""
    # posix_spawn has no working-directory action before Python 3.13: change it around the call.
    previous = os.getcwd()
    os.chdir(workspace)
    try:
        started = time.perf_counter()
        pid = os.posix_spawn(binary, [binary] + arguments, dict(os.environ, EXHIBIT_AUDITOR="bench"),
                             file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)])
        _, status = os.waitpid(pid, 0)
    finally:
        os.chdir(previous)
    elapsed = (time.perf_counter() - started) * 1000
    if status != 0:
        sys.exit(f"bench_startup_pairs: {binary} {' '.join(arguments)} failed (status {status})")
    return elapsed


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    rounds = int(sys.argv[1])
    old, old_workspace, new, new_workspace = sys.argv[2:]
    devnull = os.open(os.devnull, os.O_WRONLY)
    print(f"in turns, {rounds} pairs, medians:")
    print(f"{'command':16} {'before ms':>12} {'after ms':>12}")
    for name, arguments in COMMANDS:
        before, after = [], []
        for _ in range(3):
            run(old, old_workspace, arguments, devnull)
            run(new, new_workspace, arguments, devnull)
        for index in range(rounds):
            pair = [(old, old_workspace, before), (new, new_workspace, after)]
            for binary, workspace, times in pair if index % 2 == 0 else reversed(pair):
                times.append(run(binary, workspace, arguments, devnull))
        print(f"{name:16} {statistics.median(before):12.2f} {statistics.median(after):12.2f}")


if __name__ == "__main__":
    main()
