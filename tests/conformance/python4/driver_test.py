#!/usr/bin/env python3
"""Conformance: the real Apache TinkerPop 4.0 Python driver (gremlinpython 4.0.0bN from PyPI)
against `tpbench serve` over HTTP (http4). Each 4.0 beta's driver speaks a different request
dialect (beta.1: GraphBinary 4 body, version byte 0x81, `bindings`; beta.2: 0x84; beta.3: JSON body,
`parameters` as a gremlin-lang map literal), so this checks that the embedded server answers each
generation's real client correctly.

usage: driver_test.py /path/to/tpbench
Exit 0 when every check passed; prints one line per check and a closing 'N passed, N failed'."""
import subprocess, sys, re, threading, time, traceback
from collections import Counter

from gremlin_python.driver.client import Client
from gremlin_python.driver.driver_remote_connection import DriverRemoteConnection
try:  # beta.1/beta.2
    from gremlin_python.driver.protocol import GremlinServerError
except ImportError:  # beta.3 moved it
    from gremlin_python.driver.connection import GremlinServerError
from gremlin_python.process.anonymous_traversal import traversal
from gremlin_python.process.graph_traversal import __
from gremlin_python.process.traversal import P, Order, T
import gremlin_python
from modern import walks
from checks import check, eq, fail, finish
import gremlin_python.driver.serializer


# An evaluation (not a parse) error both TinkerPop and tpbench serve raise: sum() over strings.
EVAL_ERROR = "g.V().values('name').sum()"


def start_server(binary):
    proc = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.time() + 20
    out = ""
    while time.time() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        out += line
        m = re.search(r"listening on [^\s]+:(\d+) ", line)
        if m:
            threading.Thread(target=proc.stdout.read, daemon=True).start()  # keep draining
            return proc, int(m.group(1))
    proc.kill()
    raise SystemExit(f"tpbench serve did not print its port within 20 s:\n{out}")


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    proc, port = start_server(sys.argv[1])
    # Hard bound for the whole run: never hang CI.
    watchdog = threading.Timer(240, lambda: (print("FAIL: time limit (240 s) exceeded"), proc.kill(),
                                             sys.stdout.flush(), __import__("os")._exit(1)))
    watchdog.daemon = True
    watchdog.start()
    url = f"http://127.0.0.1:{port}/gremlin"
    version = getattr(gremlin_python, "__version__", None)
    print(f"gremlinpython against tpbench serve at {url}")
    client = Client(url, "g")
    conn = DriverRemoteConnection(url, "g")
    g = traversal().with_(conn)
    try:
        # --- scripts (Client.submit sends gremlin-lang text) ---
        check("submit g.V().count() = 6", lambda: eq(client.submit("g.V().count()").all().result(), [6]))
        check("submit out('knows') names", lambda: eq(
            sorted(client.submit("g.V().has('name','marko').out('knows').values('name')").all().result()),
            ["josh", "vadas"]))
        check("submit with parameters", lambda: eq(
            client.submit("g.V().has('name',x).values('age')", {"x": "marko"}).all().result(), [29]))
        check("submit string parameter and number parameter", lambda: eq(
            client.submit("g.V().has('age',gt(a)).values(k)", {"a": 30, "k": "name"}).all().result().__len__(), 2))
        check("submit times(15) count = 2824992", lambda: eq(
            client.submit("g.V().repeat(both()).times(15).count()").all().result(), [walks(15)]))
        check("submit times(5) streams every walk (many batches)", lambda: eq(
            len(client.submit("g.V().repeat(both()).times(5)").all().result()), walks(5)))
        check("submit vertex result is a Vertex with id and label", lambda: _vertex(client))
        check("submit map result (valueMap)", lambda: eq(
            client.submit("g.V().has('name','lop').valueMap('name','lang')").all().result(),
            [{"name": ["lop"], "lang": ["java"]}]))
        # --- errors: the driver must see a server error, not a hang or a wrong result ---
        check("syntax error raises GremlinServerError", lambda: _raises(client, "g.V(.count("))
        check("evaluation error raises GremlinServerError", lambda: _raises(client, EVAL_ERROR))
        # --- traversals through DriverRemoteConnection (gremlin-lang, bulked results) ---
        check("traversal names of created", lambda: eq(
            sorted(g.V().has("person", "name", "josh").out("created").values("name").to_list()), ["lop", "ripple"]))
        check("traversal bulked duplicates expand", lambda: eq(
            Counter(g.V().out().values("name").to_list()),
            Counter({"lop": 3, "vadas": 1, "josh": 1, "ripple": 1})))
        check("traversal repeat count", lambda: eq(g.V().repeat(__.both()).times(3).count().next(), walks(3)))
        check("traversal order by age desc", lambda: eq(
            g.V().has_label("person").order().by("age", Order.desc).values("name").to_list(),
            ["peter", "josh", "marko", "vadas"]))
        check("traversal group count by label", lambda: eq(
            g.V().group_count().by(T.label).next(), {"person": 4, "software": 2}))
        check("traversal where/predicate", lambda: eq(
            sorted(g.V().has("age", P.between(28, 33)).values("name").to_list()), ["josh", "marko"]))
        check("traversal path by name", lambda: eq(
            [list(p) for p in g.V().has("name", "marko").out("created").path().by("name").to_list()], [["marko", "lop"]]))
        check("traversal edge properties", lambda: eq(
            sorted(g.E().has("weight", P.gte(1.0)).values("weight").to_list()), [1.0, 1.0]))
        # --- GraphSON 4 (beta.1/beta.2 drivers only: beta.3 dropped GraphSON from the driver) ---
        gs = getattr(gremlin_python.driver.serializer, "GraphSONSerializersV4", None)
        if gs is not None:
            gsc = Client(url, "g", request_serializer=gs(), response_serializer=gs())
            try:
                check("graphson4 g.V().count() = 6", lambda: eq(gsc.submit("g.V().count()").all().result(), [6]))
                check("graphson4 parameters", lambda: eq(
                    gsc.submit("g.V().has('name',x).values('age')", {"x": "josh"}).all().result(), [32]))
                check("graphson4 times(5) walks", lambda: eq(
                    len(gsc.submit("g.V().repeat(both()).times(5)").all().result()), walks(5)))
                check("graphson4 syntax error raises", lambda: _raises(gsc, "g.V(.count("))
            finally:
                gsc.close()
        else:
            print("note: this driver has no GraphSON 4 serializer; GraphBinary 4 only")
    finally:
        try:
            client.close()
            conn.close()
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                fail("tpbench serve did not stop within 10 s of SIGTERM")
    finish()


def _vertex(client):
    r = client.submit("g.V().has('name','marko')").all().result()
    eq(len(r), 1)
    v = r[0]
    eq(v.label, "person")
    if v.id is None:
        raise AssertionError("vertex without id")


def _raises(client, script):
    try:
        r = client.submit(script).all().result()
    except GremlinServerError as e:
        if not str(e):
            raise AssertionError("server error without a message")
        return
    raise AssertionError(f"no error raised; got {r!r}")


if __name__ == "__main__":
    main()
