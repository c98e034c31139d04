#!/usr/bin/env bash
# --baseline: a run compared with an earlier JSON report. The baseline is taken
# against `tpbench serve --fault slow-read=5` (every request waits >= 5 ms: a request time that a
# loaded 2-core machine's scheduling stalls cannot multiply, unlike the unfaulted ~20 us); then the
# same scenario runs against the same server (the thresholds pass: exit 0) and against one with
# `slow-read=100` (~20x slower), where they fail (exit 99). The thresholds are loose (4x) so only
# that large effect can trip them. Another scenario (a different script) is refused (exit 2), and
# a baseline threshold without --baseline too. Usage: baseline_test.sh TPBENCH
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common/serve.sh"
tp_test_init baseline "$1"
start_serve --fault slow-read=5

run() {  # NAME REQUESTS EXTRA...: the CI scenario, one connection, one request at a time
    local name=$1 n=$2
    shift 2
    timeout 120 "$tpbench" run --backend ws37 --host 127.0.0.1 --port "$port" --script "g.V().count()" \
        --requests "$n" --executions 3 --warmups 0 --pauseBetweenRuns 0 --minConnectionPoolSize 1 \
        --maxConnectionPoolSize 1 --maxInProcessPerConnection 1 --maxSimultaneousUsagePerConnection 1 \
        --quiet "$@" >"$dir/$name.out" 2>"$dir/$name.err"
}
# Margins far beyond run-to-run noise (4x); the slowed server is ~20x off on both.
thresholds=(--threshold 'p50<4x baseline' --threshold 'rps>0.25x baseline')

run base 40 --report "$dir/base.json" || fail "baseline run: exit $?"
[ -s "$dir/base.json" ] || fail "no baseline report"

run same 40 --baseline "$dir/base.json" "${thresholds[@]}" --report "$dir/same.json"
rc=$?
[ "$rc" = 0 ] || fail "same server: exit $rc, expected 0: $(cat "$dir/same.out")"
grep -q '^threshold \[ok\] ws37 / baseline: p50<4x baseline' "$dir/same.out" || fail "no baseline threshold line: $(cat "$dir/same.out")"
grep -q '^p99 latency vs baseline ws37: ' "$dir/same.out" || fail "no comparison line: $(cat "$dir/same.out")"

start_serve --fault slow-read=100
run slow 10 --baseline "$dir/base.json" "${thresholds[@]}" --report "$dir/slow.json"
rc=$?
[ "$rc" = 99 ] || fail "slow server: exit $rc, expected 99: $(cat "$dir/slow.out")"
grep -q '^threshold \[FAILED\] ws37 / baseline: p50<4x baseline' "$dir/slow.out" || fail "p50 threshold did not fail: $(cat "$dir/slow.out")"
grep -q '^threshold \[FAILED\] ws37 / baseline: rps>0.25x baseline' "$dir/slow.out" || fail "rps threshold did not fail"
python3 - "$dir/slow.json" <<'PY' || fail "slow JSON"
import json, sys
r = json.load(open(sys.argv[1]))
rows = {c["metric"]: c for c in r["comparisons"]}
for m in ("throughput", "p50 latency", "p90 latency", "p99 latency", "p99.9 latency", "error rate"):
    assert m in rows, (m, list(rows))
    assert rows[m]["a"] == "baseline ws37" and rows[m]["b"] == "ws37", rows[m]
assert rows["p50 latency"]["ratio"] > 4 and rows["throughput"]["ratio"] < 0.25, rows
# three test executions per run: samples with dispersion, a real verdict
assert rows["p50 latency"]["samples_a"] == 3 and rows["p50 latency"]["verdict"] == "slower", rows["p50 latency"]
assert rows["p90 latency"]["verdict"] == "n/a", rows["p90 latency"]   # one figure per run
failed = [t for t in r["thresholds"] if not t["passed"]]
assert len(failed) == 2, r["thresholds"]
print("ok slow:", {m: rows[m]["ratio"] for m in rows})
PY

# Another scenario is refused before any comparison: exit 2, saying what differs.
timeout 60 "$tpbench" run --backend ws37 --host 127.0.0.1 --port "$port" --script "g.E().count()" \
    --requests 5 --executions 1 --warmups 0 --quiet --baseline "$dir/base.json" >"$dir/other.out" 2>"$dir/other.err"
rc=$?
[ "$rc" = 2 ] || fail "other scenario: exit $rc, expected 2"
grep -q "scenario: baseline 'g.V().count()', this run 'g.E().count()'" "$dir/other.err" || fail "no scenario message: $(cat "$dir/other.err")"
# A baseline threshold without --baseline is a configuration error.
timeout 60 "$tpbench" run --backend ws37 --host 127.0.0.1 --port "$port" --requests 5 --threshold 'p99<2x baseline' \
    >"$dir/nob.out" 2>"$dir/nob.err"
rc=$?
[ "$rc" = 2 ] || fail "threshold without --baseline: exit $rc"
grep -q -- "--baseline FILE" "$dir/nob.err" || fail "no --baseline hint"
echo "ok: --baseline passes on the same server, fails (99) on a slowed one, refuses another scenario"
