#!/usr/bin/env bash
# `tpbench serve --fault`: both client backends (ws37, http4) against injected failures end with
# the right classified outcome, in bounded time, and the requests the fault spared keep their
# exact result counts (no result lost or mis-attributed). Also: bad --fault specs are refused with
# exit 2 and a message naming the spec. Usage: faults_serve_test.sh TPBENCH
set -u
tpbench=$1
dir=$(mktemp -d "${TMPDIR:-/tmp}/tpbench-faults-XXXXXX")
srv_pid=""
cleanup() {
    [ -n "$srv_pid" ] && kill "$srv_pid" 2>/dev/null
    rm -rf "$dir"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# start_server FAULT... : tpbench serve on an ephemeral port with the given --fault specs.
start_server() {
    [ -n "$srv_pid" ] && { kill "$srv_pid" 2>/dev/null; wait "$srv_pid" 2>/dev/null; }
    local args=()
    for f in "$@"; do args+=(--fault "$f"); done
    # The previous server's output must not be read as this one's: the redirect below truncates
    # the file only once the child runs, so the loop could find the old port and announcement.
    rm -f "$dir/serve.out" "$dir/serve.err"
    port=""
    "$tpbench" serve --port 0 --fault-seed 7 "${args[@]}" >"$dir/serve.out" 2>"$dir/serve.err" &
    srv_pid=$!
    for _ in $(seq 100); do
        port=$(grep -o 'listening on 127.0.0.1:[0-9]*' "$dir/serve.out" 2>/dev/null | head -1 | sed 's/.*://')
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || fail "serve did not start: $(cat "$dir/serve.err")"
    grep -q "FAULT INJECTION on" "$dir/serve.out" || fail "serve does not announce the faults"
}

# run_client BACKEND RATE : rate mode for 1 s, g.V() (6 results), JSON report in $dir/out.json;
# must end within 20 s.
# http4 names its dialect: with the default dialect=auto the detection probe is one more request
# to the server, and a counted fault (@count=K) would spend one of its K on it.
run_client() {
    local backend=$1 rate=$2 dialect=()
    [ "$backend" = http4 ] && dialect=(--option dialect=4.0)
    local t0=$(date +%s)
    timeout 30 "$tpbench" run --backend "$backend" --host 127.0.0.1 --port "$port" --minConnectionPoolSize 1 \
        --maxConnectionPoolSize 2 --script 'g.V()' --requestTimeout 2000 --rate "$rate" --duration 1 "${dialect[@]}" \
        --format json >"$dir/out.json" 2>"$dir/run.err"
    rc=$?
    local t1=$(date +%s)
    [ "$rc" -ne 124 ] || fail "$backend run hung (killed by timeout)"
    [ $((t1 - t0)) -le 20 ] || fail "$backend run took $((t1 - t0)) s"
}

# check NAME PY_EXPR : evaluates a python assertion over s (the side), errs (class -> count) and msgs
# (class -> its first distinct messages).
check() {
    python3 - "$dir/out.json" "$1" "$2" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
s = d["sides"][0]
errs = {e["class"]: e["count"] for e in s["errors"]}
msgs = {e["class"]: e.get("messages", []) for e in s["errors"]}
ok = eval(sys.argv[3])
summary = {k: s[k] for k in ("requests", "completed", "failed", "results")}
if not ok:
    print(f"FAIL [{sys.argv[2]}]: {sys.argv[3]} with {summary} errors {errs} messages {msgs}", file=sys.stderr)
    sys.exit(1)
print(f"ok [{sys.argv[2]}]: {summary} errors {errs}")
PY
}

# --- refusals -----------------------------------------------------------------------------------
for bad in "status=404" "status=429:2" "drop-after-results=x" "explode" "status=429@cnt=1"; do
    timeout 10 "$tpbench" serve --port 0 --fault "$bad" >"$dir/bad.out" 2>"$dir/bad.err"
    rc=$?
    [ "$rc" -eq 2 ] || fail "--fault '$bad' exit $rc, expected 2"
    grep -qF -- "--fault '$bad'" "$dir/bad.err" || fail "--fault '$bad' message: $(cat "$dir/bad.err")"
done
echo "ok: bad --fault specs refused (exit 2, named)"

for backend in ws37 http4; do
    # --- status storms: every request ---------------------------------------------------------
    for st in 429 500 503; do
        start_server "status=$st"
        run_client "$backend" 20
        if [ "$st" = 429 ]; then cls=server_rate_limited; else cls=server_error; fi
        # Every failure explains itself: the server's message is the class's one distinct message.
        check "$backend status=$st" "s['completed'] == 0 and s['failed'] == s['requests'] > 0 and errs.get('$cls', 0) == s['failed'] and s['results'] == 0 and len(msgs['$cls']) == 1 and 'injected by tpbench serve --fault' in msgs['$cls'][0]"
    done

    # --- status storm with a count: exactly K refused, the others exact ---------------------------
    start_server "status=429@count=5"
    run_client "$backend" 40
    check "$backend status=429@count=5" "errs == {'server_rate_limited': 5} and s['failed'] == 5 and s['completed'] == s['requests'] - 5 and s['results'] == 6 * s['completed'] and s['completed'] > 0"

    # --- status storm with a rate: some refused, the others exact ---------------------------------
    start_server "status=503:0.3"
    run_client "$backend" 60
    check "$backend status=503:0.3" "set(errs) == {'server_error'} and 0 < s['failed'] < s['requests'] and s['completed'] + s['failed'] == s['requests'] and s['results'] == 6 * s['completed']"

    # --- two specs: 500 for the first 3, then 429 for a third of the rest -------------------------
    start_server "status=500@count=3" "status=429:0.3"
    run_client "$backend" 60
    check "$backend status=500@count=3 + status=429:0.3" "any('Server error (injected' in m for m in msgs['server_error']) and any('Too many requests' in m for m in msgs['server_rate_limited']) and errs.get('server_error') == 3 and errs.get('server_rate_limited', 0) > 0 and set(errs) <= {'server_error', 'server_rate_limited'} and s['results'] == 6 * s['completed'] and s['completed'] + s['failed'] == s['requests']"

    # --- drop after 2 of 6 results, once: the connection closes mid-response ----------------------
    start_server "drop-after-results=2@count=1"
    run_client "$backend" 20
    check "$backend drop-after-results=2@count=1" "errs.get('connection_closed', 0) >= 1 and set(errs) <= {'connection_closed'} and s['completed'] > 0 and s['results'] == 6 * s['completed'] and s['completed'] + s['failed'] == s['requests']"

    # --- drop before anything, every request: nothing completes, all classified -------------------
    start_server "drop-after-results=0"
    run_client "$backend" 10
    check "$backend drop-after-results=0" "s['completed'] == 0 and s['failed'] == s['requests'] > 0 and set(errs) <= {'connection_closed', 'connect_failed'} and errs.get('connection_closed', 0) > 0"
done
echo "PASS"
