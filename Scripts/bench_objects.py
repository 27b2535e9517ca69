"""The object storage benchmark; run it through Scripts/bench-objects.sh, which builds the release
binary. Times `exhibit catalog --media s3://…` (probe, hash, upload, record) beside the AWS CLI's
`aws s3 cp --recursive` uploading the same folder, both to one nanio server on 127.0.0.1."""

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_catalog import make_copies, warm  # noqa: E402

KEY, SECRET = "bench-key", "bench-secret-0123456789"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def make_large(target, count, seconds):
    """`count` recordings of `seconds` of busy 720p VP8 at 20 Mb/s: files that go up in parts."""
    os.makedirs(target, exist_ok=True)
    for index in range(count):
        subprocess.run(
            ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", f"testsrc2=size=1280x720:rate=30,noise=alls={index + 20}:allf=t",
             "-t", str(seconds), "-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "20M",
             "-minrate", "20M", "-maxrate", "20M", os.path.join(target, f"large{index}.webm")], check=True)


def folder_bytes(folder):
    return sum(os.path.getsize(os.path.join(parent, name)) for parent, _, names in os.walk(folder) for name in names)


def timed(command, env, cwd=None):
    start = time.perf_counter()
    result = subprocess.run(command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{' '.join(command[:3])} failed: {result.stderr[-2000:]}")
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--exhibit", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--copies", type=int, default=10, help="remuxed copies of each corpus recording")
    parser.add_argument("--large", type=int, default=2, help="large recordings, uploaded in parts")
    parser.add_argument("--seconds", type=int, default=20, help="length of each large recording")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--postgres-port", type=int,
                        help="also catalogue into PostgreSQL on 127.0.0.1:PORT (Scripts/pg_test_server.py's roles)")
    parser.add_argument("folder", nargs="?")
    arguments = parser.parse_args()
    corpus = os.path.join(arguments.root, "..", "shared", "corpus", "magentaA11y", "media")
    source = arguments.folder or (corpus if os.path.isdir(corpus) else os.path.join(arguments.root, "Media"))

    scratch = tempfile.mkdtemp(prefix="exhibit-bench-objects-")
    server = None
    try:
        folder = os.path.join(scratch, "recordings")
        shutil.copytree(source, os.path.join(folder, "original"))
        make_copies(source, folder, arguments.copies)
        make_large(os.path.join(folder, "large"), arguments.large, arguments.seconds)
        files = sum(len(names) for _, _, names in os.walk(folder))
        size = folder_bytes(folder)

        data = os.path.join(scratch, "data")
        os.makedirs(os.path.join(data, "bench"))
        port = free_port()
        server_env = dict(os.environ, NANIO_ACCESS_KEY=KEY, NANIO_SECRET_KEY=SECRET)
        server = subprocess.Popen(
            [sys.executable, os.path.join(arguments.root, "Scripts", "s3_test_server.py"), data, str(port)],
            env=server_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.time() > deadline:
                    sys.exit("nanio did not start")
                time.sleep(0.1)
        env = dict(os.environ, AWS_ACCESS_KEY_ID=KEY, AWS_SECRET_ACCESS_KEY=SECRET, AWS_REGION="us-east-1",
                   AWS_DEFAULT_REGION="us-east-1", AWS_ENDPOINT_URL=f"http://127.0.0.1:{port}",
                   EXHIBIT_AUDITOR="bench")
        env.pop("EXHIBIT_DB", None)
        env.pop("EXHIBIT_MEDIA", None)

        aws, exhibit, local, postgres = [], [], [], []
        for run in range(arguments.runs):
            warm(folder)
            aws.append(timed(["aws", "s3", "cp", "--recursive", "--quiet", "--only-show-errors", folder,
                              f"s3://bench/aws{run}/"], env))
            for times, media in ((exhibit, [f"--media=s3://bench/exhibit{run}"]), (local, [])):
                workspace = os.path.join(scratch, f"workspace{run}{len(media)}")
                os.makedirs(workspace)
                timed([arguments.exhibit, "init"], env, cwd=workspace)
                warm(folder)
                times.append(timed([arguments.exhibit, "catalog", folder] + media, env, cwd=workspace))
            if arguments.postgres_port:
                # The same catalogue with the database on PostgreSQL: a new database each run.
                admin = f"postgres://exhibit_admin@127.0.0.1:{arguments.postgres_port}/postgres"
                pg_env = dict(env, PGPASSWORD="exhibit-test-password",
                              EXHIBIT_DB=f"postgres://exhibit_owner@127.0.0.1:{arguments.postgres_port}/objects{run}")
                subprocess.run(["psql", "-X", "-q", "-d", admin, "-c", f"CREATE DATABASE objects{run} OWNER exhibit_owner"],
                               env=pg_env, check=True)
                workspace = os.path.join(scratch, f"workspace{run}pg")
                os.makedirs(workspace)
                timed([arguments.exhibit, "init"], pg_env, cwd=workspace)
                warm(folder)
                postgres.append(timed([arguments.exhibit, "catalog", folder, f"--media=s3://bench/pg{run}"], pg_env,
                                      cwd=workspace))
            for prefix in (f"aws{run}", f"exhibit{run}", f"pg{run}"):
                shutil.rmtree(os.path.join(data, "bench", prefix), ignore_errors=True)
                shutil.rmtree(os.path.join(data, "bench", ".nanio-meta", prefix), ignore_errors=True)

        aws_median, exhibit_median, local_median = (statistics.median(t) for t in (aws, exhibit, local))
        print(f"{files} files, {size / 1048576:.1f} MiB ({arguments.large} large recordings of "
              f"{arguments.seconds} s), {arguments.runs} runs, medians")
        print(f"aws s3 cp --recursive                 {aws_median:8.2f} s  {size / 1048576 / aws_median:7.1f} MiB/s")
        print(f"exhibit catalog --media s3://…        {exhibit_median:8.2f} s  "
              f"{size / 1048576 / exhibit_median:7.1f} MiB/s  ratio {exhibit_median / aws_median:.2f}")
        if postgres:
            pg_median = statistics.median(postgres)
            print(f"… with the database on PostgreSQL      {pg_median:8.2f} s  "
                  f"{size / 1048576 / pg_median:7.1f} MiB/s  ratio {pg_median / aws_median:.2f}")
        print(f"exhibit catalog (no store, for scale) {local_median:8.2f} s")
    finally:
        if server:
            server.kill()
            server.wait()
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
