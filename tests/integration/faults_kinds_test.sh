#!/usr/bin/env bash
# `tpbench serve --fault`, the byte / stall / corrupt / requestId / connection kinds: both client
# backends (ws37, http4) through each fault end with the classified outcome, within the run's
# duration + timeout, and every request is accounted for (completed + each error class = sent,
# results exact for the completed ones: nothing lost or mis-attributed).
# Usage: faults_kinds_test.sh TPBENCH
set -u
tpbench=$1
dir=$(mktemp -d "${TMPDIR:-/tmp}/tpbench-faultkinds-XXXXXX")
srv_pid=""
cleanup() {
    [ -n "$srv_pid" ] && kill "$srv_pid" 2>/dev/null
    rm -rf "$dir"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; [ -f "$dir/run.err" ] && tail -5 "$dir/run.err" >&2; exit 1; }

start_server() {
    [ -n "$srv_pid" ] && { kill "$srv_pid" 2>/dev/null; wait "$srv_pid" 2>/dev/null; }
    local args=()
    for f in "$@"; do args+=(--fault "$f"); done
    port=""
    # Not the previous server's output (the redirect truncates only once the child runs).
    rm -f "$dir/serve.out" "$dir/serve.err"
    "$tpbench" serve --port 0 --fault-seed 7 "${args[@]}" >"$dir/serve.out" 2>"$dir/serve.err" &
    srv_pid=$!
    for _ in $(seq 100); do
        port=$(grep -o 'listening on 127.0.0.1:[0-9]*' "$dir/serve.out" 2>/dev/null | head -1 | sed 's/.*://')
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || fail "serve did not start: $(cat "$dir/serve.err")"
    base_fds=$(ls /proc/$srv_pid/fd | wc -l)
}

# run_client BACKEND RATE [EXTRA...]: rate mode for 1 s, g.V() (6 results), requestTimeout 2 s;
# must end within duration + timeout + slack (8 s). JSON report in $dir/out.json.
run_client() {
    local backend=$1 rate=$2 dialect=()
    shift 2
    [ "$backend" = http4 ] && dialect=(--option dialect=4.0)
    local t0=$(date +%s%N)
    timeout 30 "$tpbench" run --backend "$backend" --host 127.0.0.1 --port "$port" \
        --minConnectionPoolSize "${MIN_POOL:-1}" --maxConnectionPoolSize 2 --script 'g.V()' \
        --requestTimeout "${REQ_TIMEOUT:-2000}" --rate "$rate" --duration 1 \
        "${dialect[@]}" "$@" --format json >"$dir/out.json" 2>"$dir/run.err"
    rc=$?
    local t1=$(date +%s%N)
    elapsed_ms=$(((t1 - t0) / 1000000))
    [ "$rc" -ne 124 ] || fail "$backend run hung (killed by timeout)"
    [ "$elapsed_ms" -le 8000 ] || fail "$backend run took $elapsed_ms ms (bound: 1 s + 2 s timeout + slack)"
}

# check NAME PY_EXPR: s = the side, errs = class -> count, msgs = class -> messages; every run must
# also account for every request.
check() {
    python3 - "$dir/out.json" "$1" "$2" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
s = d["sides"][0]
errs = {e["class"]: e["count"] for e in s["errors"]}
msgs = {e["class"]: e.get("messages", []) for e in s["errors"]}
lat = (s["histograms"]["latency"] or {}).get("percentiles", {})
conn = s.get("connect") or {}
summary = {k: s[k] for k in ("requests", "completed", "failed", "results")}
# A setup failure sends nothing: its one error entry counts connection attempts (report-schema.md).
setup_failed = s["notes"].startswith("setup failed")
accounted = setup_failed or (s["completed"] + sum(errs.values()) == s["requests"] and s["results"] == 6 * s["completed"])
ok = accounted and eval(sys.argv[3])
if not ok:
    print(f"FAIL [{sys.argv[2]}]: {sys.argv[3]} (accounted={accounted}) with {summary} errors {errs} messages {msgs} notes {s['notes']!r}", file=sys.stderr)
    sys.exit(1)
print(f"ok [{sys.argv[2]}]: {summary} errors {errs} messages {msgs}")
PY
}

# released: after the client went away the server holds no more descriptors than before it came.
released() {
    for _ in $(seq 30); do
        [ "$(ls /proc/$srv_pid/fd | wc -l)" -le "$base_fds" ] && return 0
        sleep 0.1
    done
    fail "$1: the server still holds $(($(ls /proc/$srv_pid/fd | wc -l) - base_fds)) connection(s) after the client left"
}

for backend in ws37 http4; do
    # --- drop after N bytes: the connection closes mid-response; the others are exact ----------
    start_server "drop-after-bytes=40@count=1"
    run_client "$backend" 20
    check "$backend drop-after-bytes=40@count=1" "errs.get('connection_closed', 0) >= 1 and set(errs) <= {'connection_closed'} and s['completed'] > 0 and 1 <= len(msgs['connection_closed']) <= 3"

    # --- stalls: the request (and its connection) time out; the server lets go when the client leaves
    for kind in stall-after-head stall-mid-stream; do
        # One request in flight per connection, two connections: the stalled connection holds its
        # own request; the others go to the second one (ws37 multiplexes: on one connection every
        # request behind the stall would time out with it).
        start_server "$kind=20@count=1"
        MIN_POOL=2 run_client "$backend" 20 --maxInProcessPerConnection 1 --maxSimultaneousUsagePerConnection 1
        # A saturation note (the wall time waited for the stalled request) blames the server, never
        # the generator alone (on a busy machine it may add that sends were late); the timeout
        # explains itself.
        check "$backend $kind=20@count=1" "errs.get('timeout', 0) >= 1 and set(errs) <= {'timeout', 'connection_closed'} and s['completed'] > 0 and len(msgs['timeout']) >= 1 and (not s['saturated'] or s['notes'].startswith('server not answering') or 'the server did not answer' in s['notes'])"
        released "$backend $kind"
    done
    # The bound: a client that never leaves is let go after S seconds (connection_closed then).
    start_server "stall-after-head=1@count=1"
    MIN_POOL=2 REQ_TIMEOUT=4000 run_client "$backend" 20 --maxInProcessPerConnection 1 \
        --maxSimultaneousUsagePerConnection 1
    check "$backend stall-after-head=1 (bound before the client's timeout)" "errs.get('connection_closed', 0) >= 1 and set(errs) <= {'connection_closed', 'timeout'} and s['completed'] > 0"

    # --- corrupt responses: protocol_violation, the others exact ----------------------------------
    for what in length type utf8; do
        start_server "corrupt=$what@count=1"
        run_client "$backend" 20
        check "$backend corrupt=$what@count=1" "errs.get('protocol_violation', 0) >= 1 and set(errs) <= {'protocol_violation'} and s['completed'] > 0 and len(msgs['protocol_violation']) >= 1 and all(m for m in msgs['protocol_violation'])"
    done

    # --- slow reads: everything completes, later -------------------------------------------------
    start_server "slow-read=60"
    run_client "$backend" 10
    check "$backend slow-read=60" "errs == {} and s['completed'] > 0 and lat.get('50', 0) >= 60e6"

    # --- refused handshakes ------------------------------------------------------------------------
    start_server "refuse-handshake=503"
    run_client "$backend" 10
    if [ "$backend" = ws37 ]; then
        # Nothing connects: the setup fails (exit 1) and says why, naming the upgrade's status, on
        # stderr and in the JSON report (report-schema.md, Error: one connect_failed entry counting
        # the attempts, notes "setup failed").
        [ "$rc" -eq 1 ] || fail "ws37 refuse-handshake=503 exited $rc, expected 1"
        grep -q "answered HTTP 503" "$dir/run.err" || fail "ws37 refuse-handshake=503: $(cat "$dir/run.err")"
        check "ws37 refuse-handshake=503 (report)" "s['requests'] == 0 and list(errs) == ['connect_failed'] and errs['connect_failed'] >= 1 and any('answered HTTP 503' in m for m in msgs['connect_failed']) and s['notes'].startswith('setup failed')"
    else
        check "http4 refuse-handshake=503" "s['completed'] == 0 and s['failed'] > 0 and set(errs) <= {'server_error', 'connection_closed', 'connect_failed'}"
    fi
    start_server "refuse-handshake=close@count=1"
    MIN_POOL=2 run_client "$backend" 20
    check "$backend refuse-handshake=close@count=1" "s['completed'] >= s['requests'] - 1 and set(errs) <= {'connection_closed', 'connect_failed'}"
done

# --- nothing listening: the OS reason is the message, in the report as on stderr --------------------
kill "$srv_pid" 2>/dev/null
wait "$srv_pid" 2>/dev/null
srv_pid=""
for backend in ws37 http4; do
    run_client "$backend" 10
    [ "$rc" -eq 1 ] || fail "$backend against a closed port exited $rc, expected 1"
    check "$backend closed port" "s['completed'] == 0 and 'connect_failed' in errs and any('refused' in m.lower() for m in msgs['connect_failed'])"
done

# --- requestId faults (ws37 only; http4 requests never draw them) ----------------------------------
start_server "request-id=unknown@count=1"
run_client ws37 20
check "ws37 request-id=unknown@count=1" "errs == {'timeout': 1}"
# The first request takes a no-op spec, so the duplicate is the second request and reuses the
# first one's id: that request is already answered, so the reply is a stray one for the client;
# the duplicated request itself is never answered.
start_server "drop-after-results=1000@count=1" "request-id=duplicate@count=1"
run_client ws37 20
check "ws37 request-id=duplicate@count=1" "errs == {'timeout': 1}"
start_server "request-id=unknown"
run_client http4 20
check "http4 request-id=unknown (ws37 only: no effect)" "errs == {} and s['completed'] > 0"
echo "PASS"
