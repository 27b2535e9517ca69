#!/usr/bin/env python3
"""Runs a throwaway PostgreSQL cluster for the tests, from Debian's postgresql package, for as
long as the process that started it lives.

Usage: pg_test_server.py FOLDER PORT

Makes a cluster in FOLDER/data (initdb), listening on 127.0.0.1:PORT and on a Unix socket in
FOLDER, offering TLS with a self-signed certificate, and runs it in the foreground. Run as root, the cluster belongs to the `postgres` user
(PostgreSQL refuses to run as root). Three roles, all with the password in FOLDER/password:
`exhibit_admin` (superuser, makes databases), `exhibit_owner` (owns the schema) and `exhibit_app`
(what the application signs in as). A database `exhibit` belongs to `exhibit_owner`.

When the parent is gone (a test run killed or crashed), the cluster is stopped at once and this
process ends; SIGTERM stops it the same way. SIGUSR1 restarts it as an administrator would (a
fast shutdown, which ends every session, then a start), and prints "restarted" once it answers.
"""
import glob
import os
import pwd
import shutil
import signal
import subprocess
import sys
import time

from parent_watch import end_with_parent

# A process started from a thread of the test runner inherits its blocked signals: unblock them,
# or SIGTERM and SIGUSR1 would never arrive.
signal.pthread_sigmask(signal.SIG_SETMASK, [])
folder, port = sys.argv[1], sys.argv[2]
data = os.path.join(folder, "data")
password = "exhibit-test-password"


def binary(name):
    """The newest installed PostgreSQL's program."""
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=lambda p: int(p.split("/")[4]))
    if not found:
        sys.exit(f"pg_test_server: no /usr/lib/postgresql/*/bin/{name}: install Debian's postgresql")
    return found[-1]


def demote():
    """Runs the child as `postgres` when this process is root."""
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.setgid(user.pw_gid)
        os.setgroups([])
        os.setuid(user.pw_uid)


if os.geteuid() == 0:
    user = pwd.getpwnam("postgres")
    os.chown(folder, user.pw_uid, user.pw_gid)
password_file = os.path.join(folder, "password")
with open(password_file, "w") as handle:
    handle.write(password + "\n")
os.chmod(password_file, 0o644)
# A self-signed certificate, so the server offers TLS as a team's server would.
subprocess.run(
    ["openssl", "req", "-new", "-x509", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
     "-keyout", os.path.join(folder, "server.key"), "-out", os.path.join(folder, "server.crt")],
    check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
os.chmod(os.path.join(folder, "server.key"), 0o600)
if os.geteuid() == 0:
    for name in ("server.key", "server.crt"):
        os.chown(os.path.join(folder, name), pwd.getpwnam("postgres").pw_uid, pwd.getpwnam("postgres").pw_gid)
subprocess.run(
    [binary("initdb"), "-D", data, "-U", "exhibit_admin", "--pwfile", password_file, "-E", "UTF8",
     "--locale", "C.UTF-8", "--auth-local", "trust", "--auth-host", "scram-sha-256", "--no-sync"],
    check=True, stdout=subprocess.DEVNULL, preexec_fn=demote)


def start():
    """Starts the server in the foreground."""
    return subprocess.Popen(
        [binary("postgres"), "-D", data, "-k", folder, "-h", "127.0.0.1", "-p", port,
         "-c", "fsync=off", "-c", "full_page_writes=off", "-c", "max_connections=200",
         "-c", "ssl=on", "-c", f"ssl_cert_file={folder}/server.crt", "-c", f"ssl_key_file={folder}/server.key"],
        preexec_fn=demote)


server = start()
restarting = False


def stop(*_):
    """Immediate shutdown: the cluster is thrown away with its folder."""
    if server.poll() is None:
        server.send_signal(signal.SIGQUIT)
        server.wait()
    shutil.rmtree(folder, ignore_errors=True)


def restart(*_):
    """A fast shutdown; the loop below starts the server again."""
    global restarting
    restarting = True
    server.send_signal(signal.SIGINT)


stopping = False


def terminate(*_):
    """SIGTERM: the loop below sees the server end and removes the folder. A handler must not
    wait for the server itself: the main thread it interrupts holds Popen's wait lock."""
    global stopping
    stopping = True
    server.send_signal(signal.SIGQUIT)


def stop_for_parent():
    """The parent is gone: the loop below ends the server and removes the folder; this thread
    waits for that (a second or two at most) before the process exits."""
    terminate()
    for _ in range(100):
        if not os.path.exists(folder):
            return
        time.sleep(0.05)


end_with_parent(before_exit=stop_for_parent)
signal.signal(signal.SIGTERM, terminate)

# Each statement on its own: CREATE DATABASE cannot run in a transaction.
setup = [
    f"CREATE ROLE exhibit_owner LOGIN PASSWORD '{password}'",
    f"CREATE ROLE exhibit_app LOGIN PASSWORD '{password}'",
    "CREATE DATABASE exhibit OWNER exhibit_owner",
    "REVOKE ALL ON DATABASE exhibit FROM PUBLIC",
    "GRANT CONNECT ON DATABASE exhibit TO exhibit_app",
]
connect = ["-h", folder, "-p", port, "-U", "exhibit_admin", "-d", "postgres"]


def wait_until_ready():
    for _ in range(600):
        ready = subprocess.run([binary("pg_isready"), "-q"] + connect, preexec_fn=demote)
        if ready.returncode == 0 or server.poll() is not None:
            return
        time.sleep(0.05)


try:
    wait_until_ready()
    statements = [argument for statement in setup for argument in ("-c", statement)]
    subprocess.run([binary("psql"), "-q", "-v", "ON_ERROR_STOP=1"] + connect + statements,
                   check=True, preexec_fn=demote)
except Exception as error:
    stop()
    sys.exit(f"pg_test_server: the cluster could not be set up: {error}")
print("ready", flush=True)
signal.signal(signal.SIGUSR1, restart)
while True:
    status = server.wait()
    if stopping:
        shutil.rmtree(folder, ignore_errors=True)
        sys.exit(0)
    if not restarting:
        sys.exit(status)
    restarting = False
    server = start()
    wait_until_ready()
    print("restarted", flush=True)
