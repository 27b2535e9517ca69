"""A stand-in for Jira's REST API version 2 (issues, comments, attachments, search), for Exhibit's tests.

Written from Atlassian's public REST reference: basic authentication with an account's email and
API token (or a bearer access token), one project, the documented answers (201 with id, key and
self on create, 204 on update, 200 with the attachments made) and errors (400 with errorMessages
and errors for a missing summary, a label with spaces, an unknown project or priority; 401 without
valid credentials; 403 for an attachment without X-Atlassian-Token: no-check; 404 for an unknown
issue; 429 with Retry-After). It listens on 127.0.0.1 on a port of its own choosing, prints the
port, and stops when its standard input closes. Paths under /_control/ let a test move an issue to
done and back, arm a rate limit and read what it holds.
"""

import base64
import json
import re
import struct
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlparse

EMAIL, TOKEN, PROJECT = sys.argv[1], sys.argv[2], sys.argv[3]
PRIORITIES = {"Highest", "High", "Medium", "Low", "Lowest"}
state = {"issues": {}, "comments": {}, "attachments": {}, "limit": 0, "requests": []}
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body=None, headers=None):
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(status)
        if body is not None:
            self.send_header("Content-Type", "application/json;charset=UTF-8")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def refuse(self, status, messages=(), errors=None):
        return self.answer(status, {"errorMessages": list(messages), "errors": errors or {}})

    def authenticated(self):
        header = self.headers.get("Authorization", "")
        basic = "Basic " + base64.b64encode(("%s:%s" % (EMAIL, TOKEN)).encode()).decode()
        return header in (basic, "Bearer " + TOKEN)

    def raw(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def control(self, parts):
        with lock:
            if parts[1] in ("done", "reopen") and len(parts) == 3 and parts[2] in state["issues"]:
                state["issues"][parts[2]]["category"] = "done" if parts[1] == "done" else "new"
                return self.answer(200, {})
            if parts[1] == "limit":
                state["limit"] = 1
                return self.answer(200, {})
            if parts[1] == "state":
                return self.answer(200, {k: state[k] for k in ("issues", "comments", "attachments", "requests")})
        return self.refuse(404, ["Not Found"])

    def fields_problems(self, fields, creating):
        errors = {}
        if creating:
            if (fields.get("project") or {}).get("key") != PROJECT:
                errors["project"] = "valid project is required"
            if (fields.get("issuetype") or {}).get("name") != "Bug":
                errors["issuetype"] = "valid issue type is required"
        if creating or "summary" in fields:
            if not isinstance(fields.get("summary"), str) or not fields["summary"].strip():
                errors["summary"] = "You must specify a summary of the issue."
        for label in fields.get("labels") or []:
            if not isinstance(label, str) or " " in label or not label:
                errors["labels"] = "The label '%s' contains spaces which is invalid." % label
        if "priority" in fields and (fields["priority"] or {}).get("name") not in PRIORITIES:
            errors["priority"] = "Specify the Priority (name) in the string format"
        return errors

    def handle_any(self, method):
        url = urlparse(self.path)
        parts = url.path.strip("/").split("/")
        if parts[0] == "_control":
            return self.control(parts)
        body = self.raw()
        with lock:
            state["requests"].append({"method": method, "path": url.path,
                                      "authorization": self.headers.get("Authorization", "")})
            if state["limit"]:
                state["limit"] -= 1
                return self.answer(429, {"errorMessages": ["Rate limit exceeded"]}, {"Retry-After": "1"})
        if not self.authenticated():
            return self.refuse(401, ["You are not authenticated. Authentication required to perform this operation."])
        if parts[:3] != ["rest", "api", "2"]:
            return self.refuse(404, ["Not Found"])
        rest = parts[3:]
        with lock:
            if rest == ["search"] and method == "GET":
                jql = unquote(parse_qs(url.query).get("jql", [""])[0])
                label = re.search(r'labels = "([^"]+)"', jql)
                found = [key for key, issue in state["issues"].items()
                         if label and label.group(1) in issue["labels"]]
                return self.answer(200, {"total": len(found), "issues": [
                    {"key": key, "fields": {"summary": state["issues"][key]["summary"]}} for key in found]})
            if rest == ["issue"] and method == "POST":
                fields = (json.loads(body or b"{}")).get("fields") or {}
                errors = self.fields_problems(fields, creating=True)
                if errors:
                    return self.refuse(400, [], errors)
                number = len(state["issues"]) + 1
                key = "%s-%d" % (PROJECT, number)
                state["issues"][key] = {"summary": fields["summary"], "description": fields.get("description", ""),
                                        "labels": fields.get("labels") or [],
                                        "priority": (fields.get("priority") or {}).get("name"), "category": "new"}
                return self.answer(201, {"id": str(10000 + number), "key": key,
                                         "self": "http://127.0.0.1/rest/api/2/issue/%d" % (10000 + number)})
            if len(rest) < 2 or rest[0] != "issue" or rest[1] not in state["issues"]:
                return self.refuse(404, ["Issue does not exist or you do not have permission to see it."])
            key = rest[1]
            issue = state["issues"][key]
            if len(rest) == 2 and method == "GET":
                name = "Done" if issue["category"] == "done" else "To Do"
                return self.answer(200, {"key": key, "fields": {"status": {
                    "name": name, "statusCategory": {"key": issue["category"]}}}})
            if len(rest) == 2 and method == "PUT":
                fields = (json.loads(body or b"{}")).get("fields") or {}
                errors = self.fields_problems(fields, creating=False)
                if errors:
                    return self.refuse(400, [], errors)
                for field in ("summary", "description", "labels"):
                    if field in fields:
                        issue[field] = fields[field]
                if "priority" in fields:
                    issue["priority"] = fields["priority"]["name"]
                return self.answer(204)
            if rest[2:] == ["comment"] and method == "POST":
                text = (json.loads(body or b"{}")).get("body")
                if not text:
                    return self.refuse(400, [], {"comment": "Comment body can not be empty!"})
                state["comments"].setdefault(key, []).append(text)
                return self.answer(201, {"id": str(len(state["comments"][key])), "body": text})
            if rest[2:] == ["attachments"] and method == "POST":
                if self.headers.get("X-Atlassian-Token") != "no-check":
                    return self.refuse(403, ["XSRF check failed"])
                match = re.search(rb'filename="([^"]+)"\r\nContent-Type: ([^\r]+)\r\n\r\n', body)
                if not match:
                    return self.refuse(400, ["no file in the request"])
                data = body[match.end():body.rfind(b"\r\n--")]
                width, height = struct.unpack(">II", data[16:24]) if data[:8] == b"\x89PNG\r\n\x1a\n" else (0, 0)
                entry = {"filename": match.group(1).decode(), "mimeType": match.group(2).decode(),
                         "size": len(data), "width": width, "height": height}
                state["attachments"].setdefault(key, []).append(entry)
                return self.answer(200, [entry])
        return self.refuse(404, ["Not Found"])

    def do_GET(self):
        self.handle_any("GET")

    def do_POST(self):
        self.handle_any("POST")

    def do_PUT(self):
        self.handle_any("PUT")


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()
server.shutdown()
