#!/usr/bin/env python3
"""A faulty road to an S3-compatible server, for the tests of what Exhibit does when a store fails.

Usage: s3_fault_proxy.py PORT UPSTREAM_PORT MODE [COUNT]
  pass         forwards every request unchanged
  fail N       answers the first N requests 500 InternalError, then forwards
  fail-writes  answers every PUT and POST 500 InternalError; forwards reads
  stall N      forwards after N seconds of silence (longer than the client's read timeout)
Listens on 127.0.0.1 only; stops when its parent process is gone or on SIGTERM.
"""
import http.client
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from parent_watch import end_with_parent

port, upstream, mode = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
count = float(sys.argv[4]) if len(sys.argv) > 4 else 0
state = {"failed": 0}
lock = threading.Lock()
ERROR = (b'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InternalError</Code>'
         b"<Message>We encountered an internal error. Please try again.</Message></Error>")


class Proxy(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if self.should_fail():
            self.send_response(500)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", str(len(ERROR)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(ERROR)
            return
        if mode == "stall":
            time.sleep(count)
        connection = http.client.HTTPConnection("127.0.0.1", upstream, timeout=120)
        connection.request(self.command, self.path, body=body, headers=dict(self.headers.items()))
        answer = connection.getresponse()
        data = answer.read()
        self.send_response(answer.status)
        for name, value in answer.getheaders():
            if name.lower() not in ("transfer-encoding", "connection", "content-length"):
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)
        connection.close()

    def should_fail(self):
        if mode == "fail-writes":
            return self.command in ("PUT", "POST")
        if mode == "fail":
            with lock:
                if state["failed"] < count:
                    state["failed"] += 1
                    return True
        return False

    do_GET = do_PUT = do_POST = do_HEAD = do_DELETE = handle_any


end_with_parent()
ThreadingHTTPServer.daemon_threads = True
ThreadingHTTPServer(("127.0.0.1", port), Proxy).serve_forever()
