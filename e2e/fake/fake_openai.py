#!/usr/bin/env python3
"""hookward e2e (copied from shared/protocol/harness). Scripted fake OpenAI Responses API (for the real Codex CLI), loopback only.

Usage: fake_openai.py --port 0 --script scenario.json --log requests.jsonl [--portfile F]

Scenario: {"steps": [STEP, ...], "final_text": "done"}; STEP is a list of Responses output
items, e.g.
  [{"type":"function_call","name":"exec_command","arguments":{"cmd":"echo hi"}}]
  [{"type":"custom_tool_call","name":"apply_patch","input":"*** Begin Patch ..."}]
`arguments` may be given as an object (it is JSON-encoded for you); call_id/id are filled in.
A STEP may also be {"http_error": 400, "message": "..."}.
Step index = number of assistant turns already present in the request's `input`
(a turn = a maximal run of assistant-produced items), so retries are idempotent.
Requests whose `input` does not contain the marker of the main conversation are treated the
same way (Codex has no side calls we need to special-case so far); everything is logged.
Placeholders "{PORT}" and "{CWD}" (env SCENARIO_CWD) are substituted in the scenario text.
"""
import argparse
import json
import os
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
ARGS = None
SCRIPT = {}
# e2e lesson_workaround: a harmless setup script the model fetches over loopback (GET /page/NAME)
PAGES = {"setup.sh": "echo setup-ok > setup-done.txt\n"}
ASSISTANT_TYPES = {"function_call", "custom_tool_call", "local_shell_call", "reasoning", "web_search_call",
                   "tool_search_call"}


def log(rec):
    rec["ts"] = time.time()
    with LOCK:
        with open(ARGS.log, "a") as f:
            f.write(json.dumps(rec) + "\n")


def assistant_turns(items):
    n, prev = 0, False
    for it in items or []:
        a = it.get("type") in ASSISTANT_TYPES or (it.get("type") == "message" and it.get("role") == "assistant")
        if a and not prev:
            n += 1
        prev = a
    return n


def choose(body):
    items = body.get("input") or []
    if isinstance(items, str):
        items = []
    idx = assistant_turns(items)
    steps, final, kind = SCRIPT.get("steps", []), SCRIPT.get("final_text", "done"), "step%d" % idx
    first = json.dumps([i for i in items if i.get("type") == "message" and i.get("role") == "user"][-1:])
    for br in SCRIPT.get("branches", []):
        if br["match"] in first:
            steps, final, kind = br.get("steps", []), br.get("final_text", "done"), br["match"] + ":step%d" % idx
            break
    if idx < len(steps):
        st = steps[idx]
        if isinstance(st, dict):
            return st, kind
        out = []
        for i, it in enumerate(st):
            it = dict(it)
            if it["type"] in ("function_call", "custom_tool_call", "local_shell_call"):
                it.setdefault("call_id", "call_%02d_%02d_%s" % (idx, i, uuid.uuid4().hex[:6]))
                it.setdefault("id", "fc_%s" % uuid.uuid4().hex[:12])
                if it["type"] == "function_call" and not isinstance(it.get("arguments"), str):
                    it["arguments"] = json.dumps(it.get("arguments", {}))
                it.setdefault("status", "completed")
            if it["type"] == "message":
                it.setdefault("id", "msg_%s" % uuid.uuid4().hex[:12])
                it.setdefault("role", "assistant")
                it.setdefault("status", "completed")
            out.append(it)
        return out, kind
    return [{"type": "message", "role": "assistant", "id": "msg_%s" % uuid.uuid4().hex[:12], "status": "completed",
             "content": [{"type": "output_text", "text": final, "annotations": []}]}], kind.split("step")[0] + "final"


def reply_usage(kind):
    """The Responses API `usage` of the reply of this kind: the script's `"usage"` map (keyed by
    reply kind: `step0`, `step1`, ..., `final`; `"*"` for the rest) when it names one, else
    50 input / 20 output tokens. Used by scripts/record_cost_fixtures.py to serve known counts."""
    table = SCRIPT.get("usage") or {}
    u = table.get(kind) or table.get("*")
    if u is None:
        return {"input_tokens": 50, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 20,
                "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 70}
    return json.loads(json.dumps(u))


def sse(data):
    return ("event: %s\ndata: %s\n\n" % (data["type"], json.dumps(data))).encode()


class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def _send(self, code, body, ctype="application/json"):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        elif isinstance(body, str):
            body = body.encode()
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _body(self):
        n = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(n) if n else b""
        if self.headers.get("Content-Encoding") == "zstd":
            try:
                import zstandard
                raw = zstandard.ZstdDecompressor().decompress(raw, max_output_size=64 << 20)
            except Exception as e:  # noqa
                return {"_undecodable_zstd": True, "_err": str(e)}
        try:
            return json.loads(raw) if raw else None
        except Exception:
            return {"_raw": raw[:2000].decode("utf-8", "replace")}

    def do_GET(self):
        log({"method": "GET", "path": self.path, "headers": dict(self.headers)})
        if self.path.startswith("/page/"):  # e2e: pages fetched by the model's commands
            name = self.path.split("/page/", 1)[1]
            return self._send(200, PAGES.get(name, "<html><body>hello page</body></html>"), "text/html")
        if self.path.split("?")[0].endswith("/models"):
            return self._send(200, {"object": "list", "data": [{"id": "gpt-fake", "object": "model", "owned_by": "fake"}],
                                    "models": []})
        self._send(200, {})

    def do_POST(self):
        body = self._body()
        path = self.path.split("?")[0]
        rec = {"method": "POST", "path": self.path, "headers": dict(self.headers), "body": body}
        if not path.endswith("/responses"):
            log(rec)
            return self._send(404, {"error": {"message": "not found", "type": "invalid_request_error"}})
        items, kind = choose(body or {})
        rec["reply_kind"], rec["reply_items"] = kind, items
        if isinstance(items, dict):
            log(rec)
            return self._send(int(items.get("http_error", 500)), {"error": {
                "message": items.get("message", "fake error"), "type": items.get("error_type", "server_error")}})
        rid = "resp_" + uuid.uuid4().hex[:16]
        usage = reply_usage(kind)
        rec["reply_id"], rec["usage"] = rid, usage
        log(rec)
        model = (body or {}).get("model", "gpt-fake")
        base = {"id": rid, "object": "response", "created_at": int(time.time()), "model": model}
        out = [sse({"type": "response.created", "response": dict(base, status="in_progress", output=[])})]
        for i, it in enumerate(items):
            out.append(sse({"type": "response.output_item.added", "output_index": i, "item": it}))
            if it["type"] == "message":
                txt = "".join(c.get("text", "") for c in it.get("content", []))
                out.append(sse({"type": "response.output_text.delta", "item_id": it["id"], "output_index": i,
                                "content_index": 0, "delta": txt}))
            out.append(sse({"type": "response.output_item.done", "output_index": i, "item": it}))
        out.append(sse({"type": "response.completed", "response": dict(base, status="completed", output=items, usage=usage)}))
        self._send(200, b"".join(out), "text/event-stream")


def main():
    global ARGS, SCRIPT
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--script", required=True)
    ap.add_argument("--log", required=True)
    ap.add_argument("--portfile")
    ARGS = ap.parse_args()
    srv = ThreadingHTTPServer(("127.0.0.1", ARGS.port), H)
    port = srv.server_address[1]
    SCRIPT = json.loads(open(ARGS.script).read().replace("{PORT}", str(port))
                        .replace("{CWD}", os.environ.get("SCENARIO_CWD", os.getcwd())))
    if ARGS.portfile:
        with open(ARGS.portfile, "w") as f:
            f.write(str(port))
    print("listening on 127.0.0.1:%d" % port, flush=True)
    srv.serve_forever()


if __name__ == "__main__":
    main()
