#!/usr/bin/env python3
"""Evaluates one Gremlin script on `tpbench serve` over http4 (JSON body, untyped GraphSON 4
response) and prints its results, one JSON value per line. Used by the tx integration tests to
read counts back after a workload. Usage: tx_query.py PORT SCRIPT"""
import http.client
import json
import sys


def untype(v):
    if isinstance(v, dict):
        if "@type" in v and "@value" in v:
            return untype(v["@value"])
        return {k: untype(x) for k, x in v.items()}
    if isinstance(v, list):
        return [untype(x) for x in v]
    return v


def query(port, script):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    body = json.dumps({"gremlin": script, "language": "gremlin-groovy"})
    c.request("POST", "/gremlin", body, {"Content-Type": "application/json",
                                         "Accept": "application/vnd.gremlin-v4.0+json;types=false"})
    r = c.getresponse()
    data = r.read()
    if r.status != 200:
        raise SystemExit(f"query {script!r}: HTTP {r.status}: {data[:300]!r}")
    doc = json.loads(data)
    status = doc.get("status", {})
    if status.get("code", 200) != 200:
        raise SystemExit(f"query {script!r}: {status}")
    d = untype(doc["result"]["data"])
    return d if isinstance(d, list) else [d]


if __name__ == "__main__":
    for v in query(int(sys.argv[1]), sys.argv[2]):
        print(json.dumps(v))
