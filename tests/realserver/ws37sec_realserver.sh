#!/usr/bin/env bash
# ws37 over TLS + SASL against a real Gremlin Server 3.7 (label realserver): starts it with
# scripts/gremlin-server on 127.0.0.1:18601 (--tls auto: a throw-away self-signed keystore;
# --auth: SimpleAuthenticator with one user), runs the test binary, stops the server.
# Exit 77 (skipped) when Java or Maven is missing.
set -uo pipefail
bin="$1"; src="$2"
port="${TPBENCH_RS_WS37SEC_PORT:-18601}"
command -v java >/dev/null 2>&1 && command -v mvn >/dev/null 2>&1 || { echo "java/mvn missing: skipped"; exit 77; }
user=stephen
password="rs-$(head -c 8 /dev/urandom | od -An -tx1 | tr -d ' \n')"
"$src/scripts/gremlin-server" start 3.7 "$port" --tls auto --auth "$user:$password" >/dev/null || exit 1
trap '"$src/scripts/gremlin-server" stop "$port" >/dev/null 2>&1' EXIT
out="$(TPBENCH_RS_PORT="$port" TPBENCH_RS_USER="$user" TPBENCH_RS_PASSWORD="$password" "$bin" 2>&1)"
rc=$?
echo "$out"
# The password must not appear in anything the client printed.
if grep -q -- "$password" <<<"$out"; then echo "FAIL: the password appeared in the output"; exit 1; fi
exit $rc
