#!/usr/bin/env bash
# tpbench's own client over TLS with authentication against a real Gremlin Server 3.8 started with
# WsAndHttpChannelizer + self-signed TLS + SimpleAuthenticator (fixture rs_38_secure): ws37 over
# wss:// with SASL PLAIN and http3 (the 3.x HTTP endpoint) over https:// with HTTP Basic, on one port.
# The right password completes every request; a wrong one ends the run with auth_failed (exit 1);
# the password never appears in any output.
# usage: secure_cli_test.sh TPBENCH USER PASSWORD   (TPBENCH_RS=VERSION@PORT, TPBENCH_REALSERVER_DIR)
set -euo pipefail
tpbench="$1"; user="$2"; pass="$3"
port="${TPBENCH_RS#*@}"
cert="$TPBENCH_REALSERVER_DIR/$port/server-cert.pem"
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -s "$cert" ] || fail "no self-signed certificate at $cert"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
# Warm the JVM's TLS and script paths first (a cold server on a busy 2-core machine can take
# longer than the client's 3 s connect timeout for its first handshakes).
for _ in 1 2 3; do
  curl -s -m 30 --cacert "$cert" -u "$user:$pass" "https://127.0.0.1:$port/?gremlin=g.V().count()" -o /dev/null || true
done
export TPBENCH_TEST_PW="$pass"
for side in "ws37 wss://127.0.0.1:$port/gremlin sasl" "http3 https://127.0.0.1:$port/ basic"; do
  read -r backend url mech <<<"$side"
  out="$tmp/$backend.json"
  "$tpbench" run --backend "$backend" --host "$url" --tls-ca "$cert" --auth "$mech" --user "$user" \
    --password-env TPBENCH_TEST_PW --rate 40 --duration 2 --minConnectionPoolSize 4 --maxConnectionPoolSize 4 --script 'g.V().count()' \
    --format json >"$out" 2>"$tmp/$backend.err" || { rc=$?; cat "$tmp/$backend.err" >&2; fail "$backend: right password: exit $rc"; }
  python3 - "$out" "$backend" <<'PY' || fail "$backend: report check"
import json, sys
d = json.load(open(sys.argv[1])); s = d["sides"][0]
assert s["requests"] >= 60, s["requests"]
assert s["completed"] == s["requests"] and s["failed"] == 0, (s["completed"], s["failed"])
assert s["results"] == s["requests"], (s["results"], s["requests"])  # one count per request
print(sys.argv[2], "ok:", s["requests"], "requests, target", s["config"]["extra"].get("target"))
PY
  # a wrong password: classified auth_failed, the run ends (exit 1), the secret is never printed
  export TPBENCH_TEST_PW="wrong-$pass-x"
  set +e
  "$tpbench" run --backend "$backend" --host "$url" --tls-ca "$cert" --auth "$mech" --user "$user" \
    --password-env TPBENCH_TEST_PW --rate 40 --duration 2 --minConnectionPoolSize 4 --maxConnectionPoolSize 4 >"$tmp/bad.out" 2>&1
  rc=$?
  set -e
  [ "$rc" = 1 ] || { cat "$tmp/bad.out" >&2; fail "$backend: wrong password: exit $rc, want 1"; }
  grep -q 'auth_failed\|authentication failed' "$tmp/bad.out" || { cat "$tmp/bad.out" >&2; fail "$backend: wrong password not classified auth_failed"; }
  cat "$tmp/bad.out" "$tmp/$backend.err" "$out" | grep -q -- "$pass" && fail "$backend: a password appears in the output"
  export TPBENCH_TEST_PW="$pass"
done
echo "ok: ws37 wss+SASL and http3 https+Basic against real TinkerPop $TPBENCH_RS"
