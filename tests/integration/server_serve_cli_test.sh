#!/usr/bin/env bash
# `tpbench serve` from the command line with TLS and credentials: refuses a gremlin-server.yaml
# that asks for TLS/authentication it cannot honour, never prints a password (on
# start, on bad credentials files, on wrong keystore passwords, on failed logins), and serves
# https + Basic to curl. Usage: server_serve_cli_test.sh TPBENCH TPBENCH_TEST_PKI
set -u
tpbench=$1
pki=$2
dir=$(mktemp -d "${TMPDIR:-/tmp}/tpbench-serve-cli-XXXXXX")
srv_pid=""
cleanup() {
    [ -n "$srv_pid" ] && kill "$srv_pid" 2>/dev/null
    rm -rf "$dir"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
secret="Xyzzy-s3cret-$$"
"$pki" "$dir" >/dev/null || fail "tpbench_test_pki"
printf '# test users\nstephen:%s\n' "$secret" >"$dir/users.txt"

# The 3.7 distribution's gremlin-server-secure.yaml shape.
cat >"$dir/secure.yaml" <<'YAML'
host: localhost
port: 8182
authentication: {
  authenticator: org.apache.tinkerpop.gremlin.server.auth.SimpleAuthenticator,
  config: {
    credentialsDb: conf/tinkergraph-credentials.properties}}
ssl: {
  enabled: true,
  sslEnabledProtocols: [TLSv1.2],
  # You must configure a keyStore!
  #keyStore: server.jks,
  #keyStorePassword: changeit
}
YAML

# expect_refusal NAME PATTERN ARGS... : exits 2 within 10 s, stderr matches PATTERN, no secret.
expect_refusal() {
    local name=$1 pattern=$2
    shift 2
    timeout 10 "$tpbench" serve --port 0 "$@" >"$dir/out" 2>"$dir/err"
    local rc=$?
    [ $rc -eq 2 ] || fail "$name: exit $rc, expected 2 (stdout: $(cat "$dir/out"), stderr: $(cat "$dir/err"))"
    grep -q "listening" "$dir/out" && fail "$name: started listening"
    grep -qE "$pattern" "$dir/err" || fail "$name: stderr lacks /$pattern/: $(cat "$dir/err")"
    cat "$dir/out" "$dir/err" | grep -qF -- "$secret" && fail "$name: printed the secret"
    cat "$dir/out" "$dir/err" | grep -qF -- "hunter2" && fail "$name: printed the keystore password"
    echo "ok: $name"
}

expect_refusal "secure.yaml alone" "ssl is enabled but no key material" --config "$dir/secure.yaml"
expect_refusal "secure.yaml + TLS, no credentials" "no credentials are loaded" --config "$dir/secure.yaml" \
    --tls-cert "$dir/server.crt" --tls-key "$dir/server.key"
printf 'ssl: {enabled: true, keyStore: %s, keyStorePassword: hunter2, keyStoreType: PKCS12}\n' "$dir/server.p12" \
    >"$dir/p12-wrong.yaml"
expect_refusal "wrong keystore password" "keystore" --config "$dir/p12-wrong.yaml"
printf 'stephen:ok\n%s\n' "$secret" >"$dir/bad-users.txt"
expect_refusal "malformed credentials file" "line 2" --credentials "$dir/bad-users.txt"
expect_refusal "key does not match" "does not match" --tls-cert "$dir/server.crt" --tls-key "$dir/other-server.key"
printf 'ssl: {enabled: true, keyStore: x.jks, keyStoreType: JKS}\n' >"$dir/jks.yaml"
expect_refusal "JKS keystore" "keyStoreType JKS" --config "$dir/jks.yaml"

# The full secure start: yaml + flags; banner, https + Basic with curl, no secret anywhere.
"$tpbench" serve --port 0 --config "$dir/secure.yaml" --tls-cert "$dir/server.crt" --tls-key "$dir/server.key" \
    --credentials "$dir/users.txt" >"$dir/out" 2>"$dir/err" &
srv_pid=$!
port=""
for _ in $(seq 1 100); do
    port=$(sed -n 's/.*listening on [^ ]*:\([0-9]*\) .*/\1/p' "$dir/out")
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || fail "secure serve did not start: $(cat "$dir/err")"
grep -q "wss://" "$dir/out" || fail "banner lacks wss: $(cat "$dir/out")"
grep -q "TLS, authentication: 1 user(s)" "$dir/out" || fail "banner lacks TLS/auth: $(cat "$dir/out")"
body='{"gremlin":"1+1","language":"gremlin-groovy"}'
code=$(curl -s -o "$dir/r1" -w '%{http_code}' --max-time 10 --cacert "$dir/ca.crt" \
    -H 'Content-Type: application/json' -d "$body" "https://localhost:$port/gremlin")
[ "$code" = 401 ] || fail "no credentials: HTTP $code"
grep -q '"message":"Missing or incorrect credentials"' "$dir/r1" || fail "401 body: $(cat "$dir/r1")"
code=$(curl -s -o "$dir/r2" -w '%{http_code}' --max-time 10 --cacert "$dir/ca.crt" -u "stephen:${secret}x" \
    -H 'Content-Type: application/json' -d "$body" "https://localhost:$port/gremlin")
[ "$code" = 401 ] || fail "wrong password: HTTP $code"
code=$(curl -s -o "$dir/r3" -w '%{http_code}' --max-time 10 --cacert "$dir/ca.crt" -u "stephen:$secret" \
    -H 'Content-Type: application/json' -d "$body" "https://localhost:$port/gremlin")
[ "$code" = 200 ] || fail "right password: HTTP $code $(cat "$dir/r3")"
grep -q '"@value":2' "$dir/r3" || fail "1+1 over https: $(cat "$dir/r3")"
# A client that does not trust the test CA is refused at the handshake.
curl -s -o /dev/null --max-time 10 -d "$body" "https://localhost:$port/gremlin" && fail "untrusted CA accepted"
# Plain http on the TLS port gets no HTTP answer.
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -d "$body" "http://127.0.0.1:$port/gremlin")
[ "$code" = 000 ] || fail "plaintext on the TLS port answered HTTP $code"
kill -TERM "$srv_pid"
wait "$srv_pid"
rc=$?
srv_pid=""
[ $rc -eq 0 ] || fail "serve exit $rc after SIGTERM"
cat "$dir/out" "$dir/err" "$dir/r1" "$dir/r2" "$dir/r3" | grep -qF -- "$secret" && fail "the password was printed"
echo "ok: secure serve (https + Basic via curl, no secret in the output)"
