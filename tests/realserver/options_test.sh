#!/usr/bin/env bash
# scripts/gremlin-server's --channelizer wshttp --tls auto --auth options, checked with curl against
# the server of fixture rs_38_secure: TPBENCH_RS=VERSION@PORT, TPBENCH_REALSERVER_DIR its run dirs.
# usage: options_test.sh USER PASSWORD
set -euo pipefail
port="${TPBENCH_RS#*@}"; user="$1"; pass="$2"
cert="$TPBENCH_REALSERVER_DIR/$port/server-cert.pem"
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v curl >/dev/null || { echo "curl missing: skipped"; exit 77; }
[ -s "$cert" ] || fail "no self-signed certificate at $cert"
body='{"gremlin":"g.V().count()"}'
url="https://127.0.0.1:$port/gremlin"
# the certificate verifies (SAN 127.0.0.1), Basic credentials are accepted, the HTTP endpoint answers
out="$(curl -sS -m 30 --cacert "$cert" -u "$user:$pass" -X POST -d "$body" -w '\n%{http_code}' "$url")"
[ "$(tail -n1 <<<"$out")" = 200 ] || fail "good credentials: HTTP $(tail -n1 <<<"$out")"
grep -q '"@value":6}' <<<"$out" || fail "g.V().count() is not 6: $out"
# wrong and missing credentials: 401
code="$(curl -s -m 30 --cacert "$cert" -u "$user:wrong$pass" -X POST -d "$body" -o /dev/null -w '%{http_code}' "$url")"
[ "$code" = 401 ] || fail "bad password gave HTTP $code"
code="$(curl -s -m 30 --cacert "$cert" -X POST -d "$body" -o /dev/null -w '%{http_code}' "$url")"
[ "$code" = 401 ] || fail "no credentials gave HTTP $code"
# plain HTTP on the TLS port does not get an answer; an unknown CA is refused
curl -s -m 10 -X POST -d "$body" -o /dev/null "http://127.0.0.1:$port/gremlin" && fail "plain HTTP answered on the TLS port"
curl -s -m 10 -u "$user:$pass" -X POST -d "$body" -o /dev/null "$url" && fail "curl trusted the self-signed certificate without --cacert"
echo "ok: wshttp + TLS (self-signed, verified) + SimpleAuthenticator Basic on 127.0.0.1:$port"
