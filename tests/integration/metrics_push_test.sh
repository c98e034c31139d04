#!/usr/bin/env bash
# Metrics that outlive the run: a closed-loop `tpbench run` serves --metrics-port while it runs
# (scraped mid-run), and --metrics-push PUTs the figures every --metrics-push-interval and the
# final ones to a Pushgateway stand-in (a small Python http.server on loopback that records the
# method, path and body); the body has the metric names and the final request counts. A push to a port nothing listens on is a warning, not a
# failure; a bad URL exits 2 before the first request. Usage: metrics_push_test.sh TPBENCH
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common/serve.sh"
tp_test_init metrics-push "$1"
# 10 ms per request, one at a time: 40 requests take about half a second per execution.
start_serve --fault slow-read=10

gw_pid=""
cleanup_gw() { [ -n "$gw_pid" ] && kill "$gw_pid" 2>/dev/null && wait "$gw_pid" 2>/dev/null; }
trap 'cleanup_gw; tp_test_cleanup' EXIT
cat >"$dir/gateway.py" <<'PY'
import http.server, sys
out = sys.argv[1]
class H(http.server.BaseHTTPRequestHandler):
    def do_PUT(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        with open(out + ".tmp", "wb") as f:
            f.write(f"{self.command} {self.path} {self.headers.get('Content-Type')}\n".encode() + body)
        import os; os.replace(out + ".tmp", out)
        with open(out + ".log", "a") as f:
            f.write(f"{self.command} {self.path}\n")
        self.send_response(200); self.send_header("Content-Length", "0"); self.end_headers()
    do_POST = do_PUT
    def log_message(self, *a): pass
s = http.server.HTTPServer(("127.0.0.1", 0), H)
print(s.server_address[1], flush=True)
s.serve_forever()
PY
python3 "$dir/gateway.py" "$dir/pushed.txt" >"$dir/gw.port" 2>"$dir/gw.err" &
gw_pid=$!
for _ in $(seq 50); do [ -s "$dir/gw.port" ] && break; sleep 0.1; done
gw=$(cat "$dir/gw.port")
[ -n "$gw" ] || fail "gateway stand-in did not start"

run() {  # NAME REQUESTS EXECUTIONS EXTRA...
    local name=$1 n=$2 x=$3
    shift 3
    timeout 120 "$tpbench" run --backend ws37 --host 127.0.0.1 --port "$port" --script "g.V().count()" \
        --requests "$n" --executions "$x" --warmups 0 --pauseBetweenRuns 0 --minConnectionPoolSize 1 \
        --maxConnectionPoolSize 1 --maxInProcessPerConnection 1 --maxSimultaneousUsagePerConnection 1 \
        "$@" >"$dir/$name.out" 2>"$dir/$name.err"
}

run closed 40 3 --metrics-port 0 --metrics-push "http://127.0.0.1:$gw/metrics/job/tpbench/instance/ci" \
    --metrics-push-interval 0.2 &
run_pid=$!
# Scrape while it runs: the port is printed on stderr.
mport=""
for _ in $(seq 100); do
    mport=$(grep -o 'live metrics: http://127.0.0.1:[0-9]*' "$dir/closed.err" 2>/dev/null | sed 's/.*://')
    [ -n "$mport" ] && break
    sleep 0.05
done
[ -n "$mport" ] || fail "closed loop printed no metrics address: $(cat "$dir/closed.err")"
python3 - "$mport" >"$dir/scrape.txt" 2>"$dir/scrape.err" <<'PY' || fail "scrape: $(cat "$dir/scrape.err")"
import sys, urllib.request
req = urllib.request.Request(f"http://127.0.0.1:{sys.argv[1]}/metrics",
                             headers={"Accept": "application/openmetrics-text; version=1.0.0"})
with urllib.request.urlopen(req, timeout=5) as r:
    assert r.status == 200, r.status
    assert r.headers["Content-Type"].startswith("application/openmetrics-text"), r.headers["Content-Type"]
    sys.stdout.write(r.read().decode())
PY
wait "$run_pid"
rc=$?
[ "$rc" = 0 ] || fail "closed loop run: exit $rc"
grep -q '^tpbench_requests_total{side="ws37",outcome="ok"} ' "$dir/scrape.txt" || fail "scrape: $(cat "$dir/scrape.txt")"
grep -q '^# EOF' "$dir/scrape.txt" || fail "scrape is no OpenMetrics document"

[ -s "$dir/pushed.txt" ] || fail "nothing was pushed"
head -1 "$dir/pushed.txt" | grep -q '^PUT /metrics/job/tpbench/instance/ci text/plain; version=0.0.4' ||
    fail "push request: $(head -1 "$dir/pushed.txt")"
# The final counts: 3 executions x 40 requests, all ok; Prometheus text names counter families by
# their samples.
for want in '# TYPE tpbench_requests_total counter' \
    'tpbench_requests_total{side="ws37",outcome="ok"} 120' \
    'tpbench_requests_total{side="ws37",outcome="error"} 0' \
    'tpbench_request_duration_seconds_count{side="ws37"} 120' \
    'tpbench_results_total{side="ws37"} 120' \
    'tpbench_planned_requests{side="ws37"} 120' \
    'tpbench_offered_rate_rps{side="ws37"} 0'; do
    grep -qF "$want" "$dir/pushed.txt" || fail "pushed body lacks '$want': $(cat "$dir/pushed.txt")"
done
grep -q '# EOF' "$dir/pushed.txt" && fail "pushed body is OpenMetrics, not Prometheus text"
# --metrics-push-interval 0.2 over a run of more than a second: periodic pushes, then the final one.
pushes=$(grep -c '^PUT /metrics/job/tpbench/instance/ci$' "$dir/pushed.txt.log")
[ "$pushes" -ge 3 ] || fail "$pushes push(es), expected periodic ones too"
rm -f "$dir/pushed.txt.log"

# Rate mode pushes too.
rm -f "$dir/pushed.txt"
timeout 60 "$tpbench" run --backend ws37 --host 127.0.0.1 --port "$port" --script "g.V().count()" --rate 50 \
    --duration 1 --quiet --metrics-push "http://127.0.0.1:$gw/metrics/job/rate" >"$dir/rate.out" 2>"$dir/rate.err" ||
    fail "rate run: exit $?"
head -1 "$dir/pushed.txt" | grep -q '^PUT /metrics/job/rate ' || fail "rate push: $(head -1 "$dir/pushed.txt" 2>&1)"
grep -q 'tpbench_offered_rate_rps{side="ws37"} 50' "$dir/pushed.txt" || fail "rate push body: $(cat "$dir/pushed.txt")"

# A gateway that is not there: a warning, the run still passes.
cleanup_gw
gw_pid=""
run nogw 5 1 --metrics-push "http://127.0.0.1:$gw/metrics/job/tpbench" --quiet
rc=$?
[ "$rc" = 0 ] || fail "push to nothing: exit $rc"
grep -q "warning: --metrics-push http://127.0.0.1:$gw/metrics/job/tpbench: cannot connect" "$dir/nogw.err" ||
    fail "no push warning: $(cat "$dir/nogw.err")"
run nopush 5 1 --metrics-push-interval 1 --quiet
rc=$?
[ "$rc" = 2 ] || fail "--metrics-push-interval without --metrics-push: exit $rc, expected 2"
# A bad URL: exit 2 before the first request.
run badurl 5 1 --metrics-push "https://127.0.0.1:$gw/x" --quiet
rc=$?
[ "$rc" = 2 ] || fail "https push URL: exit $rc, expected 2"
grep -q "only http:// URLs" "$dir/badurl.err" || fail "no URL message: $(cat "$dir/badurl.err")"
echo "ok: closed loop serves --metrics-port; --metrics-push PUTs the final counts (closed loop, rate mode)"
