#!/usr/bin/env python3
"""Dialect oracle: what the real TinkerPop 4.0 Python driver of one beta sends, against what
tpbench's http4 backend sends for the dialect it names for that beta. No 4.0 Gremlin Server is
served by Maven Central, so the real drivers (gremlinpython 4.0.0b1/b2/b3 from PyPI) are the
ground truth for the request fields of each 4.0 generation available here.

Both clients send the same parameterised script to a local capture server (127.0.0.1, port 0)
that records the request and answers 500. Bodies are compared as decoded values: JSON with
json.loads, GraphBinary 4 with `tpbench inspect --format gb4 --message request --json`.

usage: dialect_test.py /path/to/tpbench DRIVER_VERSION   (4.0.0b1 | 4.0.0b2 | 4.0.0b3)
Prints one line per check and a closing 'N passed, N failed'; exit 0 when all passed."""
import http.server, json, os, re, subprocess, sys, tempfile, threading

from gremlin_python.driver.client import Client

SCRIPT = "g.V().has('name',x).has('age',gt(a))"
VARS = {"x": "marko", "a": 20}
# tpbench's dialect for each driver generation, and the body format that driver sends.
DIALECT = {"4.0.0b1": ("4.0-beta.1", "graphbinary"),
           "4.0.0b2": ("4.0-beta.1", "graphbinary"),
           "4.0.0b3": ("4.0", "json")}

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name} {detail}")


class Capture(http.server.BaseHTTPRequestHandler):
    captured = []

    def do_POST(self):
        n = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(n)
        Capture.captured.append(({k.lower(): v for k, v in self.headers.items()}, body))
        msg = b'{"message":"capture server: request recorded"}'
        self.send_response(500)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(msg)))
        self.end_headers()
        self.wfile.write(msg)

    def log_message(self, *args):
        pass


def decode(tpbench, headers, body):
    ctype = headers.get("content-type", "")
    if "json" in ctype:
        return json.loads(body)
    with tempfile.NamedTemporaryFile(delete=False) as f:
        f.write(body)
    try:
        out = subprocess.run([tpbench, "inspect", "--format", "gb4", "--message", "request", "--json", f.name],
                             capture_output=True, text=True, timeout=30)
    finally:
        os.unlink(f.name)
    if out.returncode != 0:
        raise SystemExit(f"tpbench inspect rejected a GraphBinary 4 request: {out.stderr}")
    return json.loads(out.stdout)


# Fields of `tpbench inspect --json`'s request envelope that describe the message, not a field.
ENVELOPE_KEYS = {"type", "version", "format"}


def fields_of(decoded):
    """The request's fields as plain values. JSON bodies are plain already; inspect's GraphBinary
    view lists every field with {"type", "value"} and a null value for the absent ones."""
    if decoded.get("type") == "http4 request":
        return {k: plain(v) for k, v in decoded.items()
                if k not in ENVELOPE_KEYS and not (isinstance(v, dict) and v.get("type") == "null")}
    return decoded


def plain(v):
    """inspect's typed JSON ({"type": "map", "entries": [...]}, {"type": t, "value": v}) to plain
    Python values; plain values pass through."""
    if isinstance(v, dict) and "type" in v:
        if v["type"] == "map":
            return {plain(e["key"]): plain(e["value"]) for e in v["entries"]}
        if "value" in v:
            return plain(v["value"])
    if isinstance(v, list):
        return [plain(x) for x in v]
    return v


def numeric_types(decoded, field):
    """The GraphBinary type names of a map field's values ({name: "int"/"long"/...}), or {}."""
    v = decoded.get(field)
    if isinstance(v, dict) and v.get("type") == "map":
        return {plain(e["key"]): e["value"].get("type") for e in v["entries"]}
    return {}


def parse_lang_map(text):
    """A gremlin-lang map literal of simple values: [k:v,...] with naked or quoted keys; values are
    'strings', "strings", integers with an optional L/I/i/l suffix, or d/f/D/F doubles."""
    s = text.strip()
    if not (s.startswith("[") and s.endswith("]")):
        raise ValueError(f"not a map literal: {text!r}")
    out = {}
    body = s[1:-1].strip()
    if body == ":":
        return out
    tok = re.compile(r"\s*(?:'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"|([A-Za-z_][A-Za-z0-9_]*))\s*:\s*"
                     r"(?:'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"|(-?\d+)[lLiI]?|(-?\d+\.\d*(?:[eE]-?\d+)?)[dDfF]?)\s*(,|$)")
    pos = 0
    while pos < len(body):
        m = tok.match(body, pos)
        if not m:
            raise ValueError(f"cannot parse map literal at {body[pos:]!r}")
        key = next(g for g in m.groups()[0:3] if g is not None)
        if m.group(4) is not None or m.group(5) is not None:
            val = m.group(4) if m.group(4) is not None else m.group(5)
        elif m.group(6) is not None:
            val = int(m.group(6))
        else:
            val = float(m.group(7))
        out[key] = val
        pos = m.end()
    return out


def script_vars(f):
    if "parameters" in f:
        p = f["parameters"]
        return "parameters", type(p).__name__, parse_lang_map(p) if isinstance(p, str) else plain(p)
    if "bindings" in f:
        return "bindings", "map", plain(f["bindings"])
    return None, None, None


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in DIALECT:
        raise SystemExit(__doc__)
    tpbench, version = sys.argv[1], sys.argv[2]
    dialect, body = DIALECT[version]
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Capture)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    port = srv.server_address[1]
    url = f"http://127.0.0.1:{port}/gremlin"

    # 1. the real driver
    client = Client(url, "g")
    try:
        client.submit(SCRIPT, VARS).all().result()
    except Exception:  # noqa: BLE001 - the capture server answers 500 on purpose
        pass
    finally:
        client.close()
    if len(Capture.captured) != 1:
        raise SystemExit(f"expected one request from the driver, captured {len(Capture.captured)}")
    real_h, real_b = Capture.captured.pop()

    # 2. tpbench with the dialect it names for that generation
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as w:
        w.write(json.dumps({"gremlin": SCRIPT, "bindings": VARS}) + "\n")
    try:
        run = subprocess.run([tpbench, "run", "--backend", "http4", "--host", "127.0.0.1", "--port", str(port),
                              "--option", f"dialect={dialect}", "--option", f"body={body}", "--workload", w.name,
                              "--testType", "0", "--executions", "1", "--warmups", "0", "--quiet"],
                             capture_output=True, text=True, timeout=60)
    finally:
        os.unlink(w.name)
    if not Capture.captured:
        raise SystemExit(f"tpbench sent nothing (exit {run.returncode}): {run.stderr[-2000:]}")
    tp_h, tp_b = Capture.captured[0]
    srv.shutdown()

    real_d, tp_d = decode(tpbench, real_h, real_b), decode(tpbench, tp_h, tp_b)
    real, tp = fields_of(real_d), fields_of(tp_d)
    print(f"driver {version}: {json.dumps(real, sort_keys=True)}")
    print(f"tpbench dialect={dialect} body={body}: {json.dumps(tp, sort_keys=True)}")
    check("same Content-Type", real_h.get("content-type") == tp_h.get("content-type"),
          f"{real_h.get('content-type')} vs {tp_h.get('content-type')}")
    check("same script", plain(real.get("gremlin")) == plain(tp.get("gremlin")))
    rn, rt, rv = script_vars(real)
    tn, tt, tv = script_vars(tp)
    check("script variables in the same field", rn is not None and rn == tn, f"{rn} vs {tn}")
    check("script variables of the same type", rt == tt, f"{rt} vs {tt}")
    check("script variables with the same values", rv == tv == VARS, f"{rv} vs {tv}")
    check("no language field where the driver sends none (gremlin-lang default)",
          ("language" in real) == ("language" in tp), f"{'language' in real} vs {'language' in tp}")
    check("no field tpbench sends is unknown to this generation's driver",
          set(tp) - set(real) <= {"batchSize", "timeoutMs", "timeoutMillis", "bulkResults", "g"},
          f"extra: {sorted(set(tp) - set(real))}")
    if body == "graphbinary":
        rtypes, ttypes = numeric_types(real_d, "bindings"), numeric_types(tp_d, "bindings")
        if rtypes != ttypes:  # a documented difference, not a failure: both are numbers to gremlin-lang
            print(f"note: binding value types differ (driver {rtypes}, tpbench {ttypes})")
        check("GraphBinary request version byte has the top bit set", real_b[0] & 0x80 and tp_b[0] & 0x80,
              f"{real_b[0]:#x} vs {tp_b[0]:#x}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(0 if failed == 0 else 1)


if __name__ == "__main__":
    main()
