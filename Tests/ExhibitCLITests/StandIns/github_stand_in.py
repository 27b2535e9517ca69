"""A stand-in for GitHub's REST API (issues and their comments), for Exhibit's tests.

Written from GitHub's public REST reference: a bearer token, the issue endpoints of one
repository, their documented answers (201 on create, 200 on read and update) and errors
(401 bad credentials, 403 without a User-Agent, 404 unknown repository or issue, 410 a deleted
issue, 422 validation failed), and rate limits (403 with x-ratelimit-remaining 0 and
x-ratelimit-reset, or 429 with Retry-After). It listens on 127.0.0.1 on a port of its own choosing,
prints the port, and stops when its standard input closes. Paths under /_control/ let a test
close, reopen or delete an issue, arm a rate limit and read what was asked.
"""

import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

TOKEN = sys.argv[1]
OWNER, REPO = sys.argv[2].split("/")

state = {"issues": {}, "deleted": set(), "comments": {}, "limit": None, "requests": []}
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body=None, headers=None):
        data = json.dumps(body if body is not None else {}).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def read_json(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            return json.loads(raw or b"{}")
        except ValueError:
            return None

    def issue_json(self, number):
        issue = state["issues"][number]
        return {
            "number": number,
            "html_url": "https://github.example/%s/%s/issues/%d" % (OWNER, REPO, number),
            "state": issue["state"],
            "title": issue["title"],
            "body": issue["body"],
            "labels": [{"name": name} for name in issue["labels"]],
        }

    def control(self, path, query):
        parts = path.strip("/").split("/")
        with lock:
            if parts[1] in ("close", "reopen", "delete") and len(parts) == 3:
                number = int(parts[2])
                if parts[1] == "delete":
                    state["deleted"].add(number)
                else:
                    state["issues"][number]["state"] = "closed" if parts[1] == "close" else "open"
                return self.answer(200, {})
            if parts[1] == "limit":
                state["limit"] = {
                    "count": int(query.get("count", ["1"])[0]),
                    "kind": query.get("kind", ["retry-after"])[0],
                    "seconds": int(query.get("seconds", ["1"])[0]),
                }
                return self.answer(200, {})
            if parts[1] == "state":
                issues = {str(n): self.issue_json(n) for n in state["issues"]}
                comments = {str(n): c for n, c in state["comments"].items()}
                return self.answer(200, {"issues": issues, "comments": comments, "requests": state["requests"]})
        return self.answer(404, {"message": "Not Found"})

    def handle_any(self, method):
        url = urlparse(self.path)
        query = parse_qs(url.query)
        if url.path.startswith("/_control/"):
            return self.control(url.path, query)
        body = self.read_json() if method in ("POST", "PATCH") else {}
        with lock:
            state["requests"].append({"method": method, "path": url.path,
                                      "authorization": self.headers.get("Authorization", "")})
            limit = state["limit"]
            if limit and limit["count"] > 0:
                limit["count"] -= 1
                if limit["kind"] == "retry-after":
                    return self.answer(429, {"message": "API rate limit exceeded"},
                                       {"Retry-After": str(limit["seconds"])})
                reset = int(time.time()) + limit["seconds"]
                return self.answer(403, {"message": "API rate limit exceeded"},
                                   {"x-ratelimit-remaining": "0", "x-ratelimit-reset": str(reset)})
        if not self.headers.get("User-Agent"):
            return self.answer(403, {"message": "Request forbidden: a User-Agent header is required"})
        if self.headers.get("Authorization") != "Bearer " + TOKEN:
            return self.answer(401, {"message": "Bad credentials"})
        parts = url.path.strip("/").split("/")
        if len(parts) < 4 or parts[0] != "repos" or parts[1] != OWNER or parts[2] != REPO or parts[3] != "issues":
            return self.answer(404, {"message": "Not Found"})
        if body is None:
            return self.answer(400, {"message": "Problems parsing JSON"})
        with lock:
            if len(parts) == 4 and method == "GET":
                wanted = [l for l in ",".join(query.get("labels", [""])).split(",") if l]
                which = query.get("state", ["open"])[0]
                per_page = int(query.get("per_page", ["30"])[0])
                page = int(query.get("page", ["1"])[0])
                numbers = [n for n in sorted(state["issues"]) if n not in state["deleted"]
                           and (which == "all" or state["issues"][n]["state"] == which)
                           and all(l in state["issues"][n]["labels"] for l in wanted)]
                chosen = numbers[(page - 1) * per_page: page * per_page]
                return self.answer(200, [self.issue_json(n) for n in chosen])
            if len(parts) == 4 and method == "POST":
                problems = self.validate(body, creating=True)
                if problems:
                    return self.answer(422, {"message": "Validation Failed", "errors": problems})
                number = len(state["issues"]) + 1
                state["issues"][number] = {"state": "open", "title": body["title"],
                                           "body": body.get("body") or "", "labels": body.get("labels") or []}
                return self.answer(201, self.issue_json(number))
            try:
                number = int(parts[4])
            except (IndexError, ValueError):
                return self.answer(404, {"message": "Not Found"})
            if number in state["deleted"]:
                return self.answer(410, {"message": "This issue was deleted"})
            if number not in state["issues"]:
                return self.answer(404, {"message": "Not Found"})
            if len(parts) == 5 and method == "GET":
                return self.answer(200, self.issue_json(number))
            if len(parts) == 5 and method == "PATCH":
                problems = self.validate(body, creating=False)
                if problems:
                    return self.answer(422, {"message": "Validation Failed", "errors": problems})
                issue = state["issues"][number]
                for field in ("title", "body", "labels", "state"):
                    if field in body:
                        issue[field] = body[field]
                return self.answer(200, self.issue_json(number))
            if len(parts) == 6 and parts[5] == "comments" and method == "POST":
                if not isinstance(body.get("body"), str) or not body["body"]:
                    return self.answer(422, {"message": "Validation Failed"})
                state["comments"].setdefault(number, []).append(body["body"])
                return self.answer(201, {"id": len(state["comments"][number]), "body": body["body"]})
        return self.answer(404, {"message": "Not Found"})

    @staticmethod
    def validate(body, creating):
        problems = []
        if creating and not (isinstance(body.get("title"), str) and body["title"].strip()):
            problems.append({"resource": "Issue", "field": "title", "code": "missing_field"})
        labels = body.get("labels", [])
        if not isinstance(labels, list) or any(not isinstance(l, str) or not l.strip() for l in labels):
            problems.append({"resource": "Label", "field": "name", "code": "invalid"})
        return problems

    def do_GET(self):
        self.handle_any("GET")

    def do_POST(self):
        self.handle_any("POST")

    def do_PATCH(self):
        self.handle_any("PATCH")


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()
server.shutdown()
