#!/usr/bin/env python3
"""A minimal OTLP/HTTP logs receiver for hookward's export tests (issue 19 item 4).

Decodes every POST to /v1/logs with the official protobuf definitions (`opentelemetry-proto`
from PyPI): `application/json` with protobuf's JSON mapping (unknown fields are an error, as a
strict collector would treat them), `application/x-protobuf` as binary. Each log record is
appended to OUT as one JSON line (flushed and fsynced) *before* the 200 answer, so a record
the exporter saw acknowledged is on disk. Binds 127.0.0.1 only; writes the port it listens on
to PORTFILE when --port is 0.

usage: otlp_receiver.py --out OUT [--port N] [--portfile PORTFILE]
"""
import argparse
import json
import os
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer

from google.protobuf import json_format
from opentelemetry.proto.collector.logs.v1 import logs_service_pb2


def any_value(v):
    kind = v.WhichOneof("value")
    if kind is None:
        return None
    if kind == "kvlist_value":
        return {kv.key: any_value(kv.value) for kv in v.kvlist_value.values}
    if kind == "array_value":
        return [any_value(x) for x in v.array_value.values]
    return getattr(v, kind)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--portfile")
    args = ap.parse_args()
    out = open(args.out, "a", encoding="utf-8")

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *a):
            pass

        def do_POST(self):
            if self.path != "/v1/logs":
                self.send_error(404)
                return
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            req = logs_service_pb2.ExportLogsServiceRequest()
            try:
                if self.headers.get("Content-Type", "").startswith("application/x-protobuf"):
                    req.ParseFromString(body)
                else:
                    json_format.Parse(body.decode("utf-8"), req)
            except Exception as e:  # a bad request: the exporter must keep its cursor
                msg = f"cannot decode: {e}".encode()
                self.send_response(400)
                self.send_header("Content-Length", str(len(msg)))
                self.end_headers()
                self.wfile.write(msg)
                return
            for rl in req.resource_logs:
                res = {kv.key: any_value(kv.value) for kv in rl.resource.attributes}
                for sl in rl.scope_logs:
                    for r in sl.log_records:
                        attrs = {kv.key: any_value(kv.value) for kv in r.attributes}
                        out.write(json.dumps({
                            "id": attrs.get("hookward.id"),
                            "type": attrs.get("hookward.type"),
                            "severity": r.severity_number,
                            "time_unix_nano": r.time_unix_nano,
                            "service": res.get("service.name"),
                            "scope": sl.scope.name,
                            "body": any_value(r.body),
                        }) + "\n")
            out.flush()
            os.fsync(out.fileno())
            resp = json_format.MessageToJson(logs_service_pb2.ExportLogsServiceResponse()).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(resp)))
            self.end_headers()
            self.wfile.write(resp)

    srv = HTTPServer(("127.0.0.1", args.port), Handler)
    if args.portfile:
        tmp = args.portfile + ".tmp"
        with open(tmp, "w") as f:
            f.write(str(srv.server_address[1]))
        os.replace(tmp, args.portfile)
    sys.stdout.flush()
    srv.serve_forever()


if __name__ == "__main__":
    main()
