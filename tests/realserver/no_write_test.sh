#!/usr/bin/env bash
# The default A/B against a real Gremlin Server that holds data of its own: without
# --allow-writes the exercise rows are skipped with the reason, and the server's data survives.
# usage: no_write_test.sh TPBENCH_BINARY   (TPBENCH_RS=VERSION@PORT)
set -euo pipefail
bin="$1"; port="${TPBENCH_RS#*@}"; ver="${TPBENCH_RS%@*}"
fail() { echo "FAIL ($ver on port $port): $*" >&2; exit 1; }
out="$(mktemp)"
# q SCRIPT COUNT: one latency request; succeeds when SCRIPT returned COUNT results.
q() {
  timeout 120 "$bin" run --quiet --backend ws37 --host 127.0.0.1 --port "$port" --testType 0 --script "$1" \
    --expect-results "$2" --executions 1 --warmups 0 --pauseBetweenRuns 0 --minConnectionPoolSize 1 \
    --maxConnectionPoolSize 1 >"$out" 2>&1
}
# Leave the fixture's graph as it was for the next test (the modern graph).
cleanup() { q "g.V().hasLabel('tpbench_keep').drop()" 0 || true; rm -f "$out"; }
trap cleanup EXIT

q "g.addV('tpbench_keep').property('name','mine')" 1 || { cat "$out"; fail "could not add the user's vertex"; }
q "g.V()" 7 || { cat "$out"; fail "g.V() is not 6 + 1 before the A/B"; }
rc=0
timeout 600 "$bin" --side "ws37@127.0.0.1:$port" --requests 200 --executions 1 --warmups 0 \
  --latency-executions 1 --quiet >"$out" 2>&1 || rc=$?
# g.V() answers 7 vertices: that row fails (exit 1); the exercise row is skipped, never run.
[ "$rc" = 1 ] || { cat "$out"; fail "default A/B exited $rc, expected 1 (g.V() has 7 vertices)"; }
grep -q '| exercise mix (N/A) | skipped: ws37: the exercise scenario first resets the graph of 127.0.0.1:'"$port" "$out" \
  || { cat "$out"; fail "no skipped exercise row"; }
q "g.V().hasLabel('tpbench_keep').has('name','mine')" 1 || { cat "$out"; fail "the user's vertex is gone"; }
q "g.V()" 7 || { cat "$out"; fail "g.V() changed"; }
q "g.E()" 6 || { cat "$out"; fail "g.E() changed"; }
echo "ok: the default A/B left TinkerPop $ver's data on 127.0.0.1:$port alone"
