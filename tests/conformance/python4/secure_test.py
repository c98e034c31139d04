#!/usr/bin/env python3
"""Conformance: the real TinkerPop 4.0 Python driver (gremlinpython 4.0.0bN) over HTTPS with HTTP
Basic authentication against `tpbench serve --tls-cert/--tls-key --credentials` (a throw-away PKI
made at test time by tpbench_test_pki; no key is committed).

usage: secure_test.py /path/to/tpbench /path/to/tpbench_test_pki
Prints one line per check and a closing 'N passed, N failed'; exit 0 when all passed."""
import os, re, shutil, ssl, subprocess, sys, tempfile, threading, time

from gremlin_python.driver.client import Client
from gremlin_python.driver.auth import basic
from modern import walks
from checks import check as _check, eq as _eq, finish


def check(name, fn):
    _check(name, fn, detail_limit=300)

USER, PASSWORD = "stephen", "tpbench-py-S3cret:with:colons"


def expect_failure(fn, what):
    try:
        r = fn()
    except Exception as e:  # noqa: BLE001 - any driver error is the expected refusal
        if PASSWORD in str(e):
            raise AssertionError("the password appears in the error message")
        return str(e)
    raise AssertionError(f"{what}: no error, got {r!r}")


def ssl_options(ctx):
    # beta.1/beta.2 take `ssl_options`, beta.3 `ssl` (both an ssl.SSLContext for aiohttp).
    import inspect
    import gremlin_python.driver.aiohttp.transport as t
    src = inspect.getsource(t)
    return {"ssl": ctx} if '"ssl" in self._aiohttp_kwargs' in src else {"ssl_options": ctx}


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    tpbench, make_pki = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp(prefix="tpbench-py-secure-")
    proc = None
    try:
        pki = {}
        out = subprocess.run([make_pki, os.path.join(work, "pki")], capture_output=True, text=True, timeout=60, check=True)
        for line in out.stdout.splitlines():
            k, _, v = line.partition("=")
            pki[k.strip()] = v.strip()
        users = os.path.join(work, "users.txt")
        with open(users, "w") as f:
            f.write(f"# test user\n{USER}:{PASSWORD}\n")
        os.chmod(users, 0o600)
        proc = subprocess.Popen([tpbench, "serve", "--host", "127.0.0.1", "--port", "0",
                                 "--tls-cert", pki["server_cert"], "--tls-key", pki["server_key"],
                                 "--credentials", users],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        port, log = None, []
        deadline = time.time() + 20
        while time.time() < deadline and port is None:
            line = proc.stdout.readline()
            if not line:
                break
            log.append(line)
            m = re.search(r"listening on [^\s]+:(\d+) ", line)
            if m:
                port = int(m.group(1))
        if port is None:
            raise SystemExit("tpbench serve did not start:\n" + "".join(log))
        drained = []
        threading.Thread(target=lambda: drained.extend(proc.stdout), daemon=True).start()
        watchdog = threading.Timer(180, lambda: (print("FAIL: time limit"), proc.kill(), os._exit(1)))
        watchdog.daemon = True
        watchdog.start()

        url = f"https://localhost:{port}/gremlin"
        trusted = ssl.create_default_context(cafile=pki["ca_cert"])
        untrusted = ssl.create_default_context(cafile=pki["other_ca_cert"])

        def run(ctx, user, password, script="g.V().count()"):
            c = Client(url, "g", auth=basic(user, password), **ssl_options(ctx))
            try:
                return c.submit(script).all().result()
            finally:
                c.close()

        check("https + basic: g.V().count() = 6", lambda: _eq(run(trusted, USER, PASSWORD), [6]))
        check("https + basic: traversal with many batches", lambda: _eq(
            len(run(trusted, USER, PASSWORD, "g.V().repeat(both()).times(5)")), walks(5)))
        check("wrong password is refused", lambda: expect_failure(lambda: run(trusted, USER, "wrong"), "wrong password"))
        check("unknown user is refused", lambda: expect_failure(lambda: run(trusted, "nobody", PASSWORD), "unknown user"))
        check("untrusted CA: the driver refuses the server certificate",
              lambda: expect_failure(lambda: run(untrusted, USER, PASSWORD), "untrusted CA"))
        check("no credentials are refused", lambda: expect_failure(
            lambda: Client(url, "g", **ssl_options(trusted)).submit("g.V().count()").all().result(), "no credentials"))
        proc.terminate()
        proc.wait(10)
        time.sleep(0.2)
        check("the password never appears in the server's output",
              lambda: _eq(PASSWORD in ("".join(log) + "".join(drained)), False))
    finally:
        if proc and proc.poll() is None:
            proc.kill()
        shutil.rmtree(work, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
