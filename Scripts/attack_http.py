#!/usr/bin/env python3
"""Runs one hostile HTTP case against a running exhibit-server and prints one JSON line.

    python3 Scripts/attack_http.py BASE CASE [ARGUMENTS...]

BASE is http://127.0.0.1:PORT. The cases:
  rebinding                 a page of another domain that resolves to 127.0.0.1: reads the session and
                            posts a link with its own Host and Origin
  guesses NAME PASSWORD N   N wrong passwords for NAME at once from 127.0.0.1, then the right one
                            from 127.0.0.2; also an unknown account's answer time
  half-open N               N connections from 127.0.0.2 that send half a request head, then a normal
                            request from 127.0.0.1
  malformed                 a POST with a malformed chunked body
Every socket is on loopback; nothing else is contacted.
"""
import concurrent.futures
import json
import socket
import sys
import time
import urllib.parse


def connect(base, source=None, timeout=30):
    url = urllib.parse.urlsplit(base)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    if source:
        sock.bind((source, 0))
    sock.connect((url.hostname, url.port))
    return sock


def exchange(base, request, source=None, timeout=30):
    """Sends raw bytes, returns (status, headers, body, seconds)."""
    started = time.time()
    sock = connect(base, source, timeout)
    sock.sendall(request)
    data = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except (ConnectionResetError, socket.timeout):
            break
        if not chunk:
            break
        data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        length = [line for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")]
        if length and len(body) >= int(length[0].split(b":")[1]):
            break
    sock.close()
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1]) if lines and len(lines[0].split()) > 1 else 0
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    return status, headers, body, time.time() - started


def request(method, path, host, headers=(), body=b""):
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers]
    if body or method == "POST":
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def own_host(base):
    return urllib.parse.urlsplit(base).netloc


def rebinding(base):
    port = urllib.parse.urlsplit(base).port
    foreign = f"rebind.test:{port}"
    session = exchange(base, request("GET", "/api/session", foreign))
    page = exchange(base, request("GET", "/", foreign))
    posted = exchange(
        base,
        request("POST", "/api/links", foreign,
                [("Origin", f"http://{foreign}"), ("Content-Type", "application/json")],
                b'{"recording": "x", "item": "native/checkbox#screenreader.role", "verdict": "pass"}'))
    own = exchange(base, request("GET", "/api/session", own_host(base)))
    return {"session": session[0], "page": page[0], "post": posted[0], "own_host": own[0]}


def sign_in(base, name, password, source=None):
    body = urllib.parse.urlencode({"name": name, "password": password}).encode()
    # A session cookie and its CSRF token first, as a browser would have them.
    status, headers, text, _ = exchange(base, request("GET", "/api/session", own_host(base)), source)
    cookie = next((c.split(";")[0] for c in headers.get("set-cookie", []) if c.startswith("exhibit_session=")), "")
    token = json.loads(text or b"{}").get("csrf_token", "")
    body = urllib.parse.urlencode({"name": name, "password": password, "csrf_token": token}).encode()
    return exchange(base, request("POST", "/signin", own_host(base), [
        ("Cookie", cookie), ("Content-Type", "application/x-www-form-urlencoded"),
        ("Origin", f"http://{own_host(base)}")], body), source)


def guesses(base, name, password, count):
    started = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=count) as pool:
        answers = list(pool.map(lambda _: sign_in(base, name, "not the password at all"), range(count)))
    guessed = time.time() - started
    statuses = [answer[0] for answer in answers]
    right = sign_in(base, name, password, source="127.0.0.2")
    # The fastest of three each, taken in turns from addresses of their own: a busy machine only
    # ever adds time, so the fastest is the sign-in's own cost.
    unknown_times, known_times = [], []
    for turn in range(3):
        unknown_times.append(
            sign_in(base, "nobody-at-all", "not the password at all", source=f"127.0.0.{3 + 2 * turn}")[3])
        known_times.append(sign_in(base, name, "still not the password", source=f"127.0.0.{4 + 2 * turn}")[3])
    return {
        "seconds": round(guessed, 3), "checked": statuses.count(401), "refused": statuses.count(429),
        "other": [s for s in statuses if s not in (401, 429)],
        "right_status": right[0], "right_seconds": round(right[3], 3),
        "unknown_seconds": round(min(unknown_times), 3), "known_seconds": round(min(known_times), 3),
    }


def half_open(base, count):
    sockets = []
    started = time.time()
    for _ in range(count):
        try:
            sock = connect(base, "127.0.0.2", 5)
            sock.sendall(f"GET / HTTP/1.1\r\nHost: {own_host(base)}\r\nX-Slow: ".encode())
            sockets.append(sock)
        except OSError:
            break
    opened = time.time() - started
    status, _, _, seconds = exchange(base, request("GET", "/api/session", own_host(base)), timeout=10)
    for sock in sockets:
        sock.close()
    return {"opened": len(sockets), "open_seconds": round(opened, 2), "status": status, "seconds": round(seconds, 3)}


def malformed(base):
    bad = (f"POST /api/catalog HTTP/1.1\r\nHost: {own_host(base)}\r\nTransfer-Encoding: chunked\r\n"
           "Connection: close\r\n\r\nzz\r\nabc\r\n0\r\n\r\n").encode()
    status, _, body, seconds = exchange(base, bad)
    return {"status": status, "body": body.decode("utf-8", "replace")[:200], "seconds": round(seconds, 3)}


def main():
    base, case, *arguments = sys.argv[1:]
    if case == "rebinding":
        result = rebinding(base)
    elif case == "guesses":
        result = guesses(base, arguments[0], arguments[1], int(arguments[2]))
    elif case == "half-open":
        result = half_open(base, int(arguments[0]))
    elif case == "malformed":
        result = malformed(base)
    else:
        raise SystemExit(f"unknown case {case}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
