#!/usr/bin/env python3
"""Runs a command (a pass of the suite) and reports how busy the machine's cores were while it ran:
the share of processor time not idle, sampled from /proc/stat once a second, as the mean of each
twenty seconds and of the whole run, with the command's wall time and exit status.

    python3 Scripts/suite_cores.py -- swift test --skip-build
"""
import subprocess
import sys
import threading
import time


def busy_shares(stop, shares):
    previous = None
    while not stop.is_set():
        with open("/proc/stat") as stat:
            fields = [int(value) for value in stat.readline().split()[1:]]
        if previous:
            total = sum(fields) - sum(previous)
            idle = (fields[3] + fields[4]) - (previous[3] + previous[4])
            shares.append((total - idle) / total if total else 0.0)
        previous = fields
        stop.wait(1)


def main():
    command = sys.argv[1:]
    if command[:1] == ["--"]:
        command = command[1:]
    if not command:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    stop, shares = threading.Event(), []
    sampler = threading.Thread(target=busy_shares, args=(stop, shares), daemon=True)
    started = time.time()
    sampler.start()
    status = subprocess.run(command, stdout=subprocess.DEVNULL).returncode
    stop.set()
    sampler.join()
    wall = time.time() - started
    spans = [shares[i:i + 20] for i in range(0, len(shares), 20)]
    print(f"status {status}, {wall:.1f} s wall, cores busy {100 * sum(shares) / max(len(shares), 1):.0f}%")
    print("each 20 s: " + " ".join(f"{100 * sum(span) / len(span):.0f}" for span in spans))
    return status


if __name__ == "__main__":
    sys.exit(main())
