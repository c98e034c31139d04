#!/usr/bin/env bash
# The tpbench binary (run, profile) against a real Gremlin Server: TPBENCH_RS=VERSION@PORT.
# usage: cli_test.sh TPBENCH_BINARY
set -euo pipefail
bin="$1"; port="${TPBENCH_RS#*@}"; ver="${TPBENCH_RS%@*}"
fail() { echo "FAIL ($ver on port $port): $*" >&2; exit 1; }
out="$(mktemp)"; trap 'rm -f "$out"' EXIT

# latency g.V(): the Java-style line says 6 results, --expect-results makes a wrong count fatal
timeout 120 "$bin" run --backend ws37 --host 127.0.0.1 --port "$port" --testType 0 --script 'g.V()' \
  --executions 2 --warmups 1 --pauseBetweenRuns 0 --expect-results 6 >"$out" 2>&1 || { cat "$out"; fail "run g.V() exited $?"; }
grep -q 'result count: 6 ' "$out" || { cat "$out"; fail "no 'result count: 6' line"; }
grep -q '^requests: 2 issued, 2 completed, 0 failed, 0 too slow, 0 wrong result count' "$out" || { cat "$out"; fail "run g.V() summary"; }

# throughput exercise: refused without --allow-writes (the reset would write to a server tpbench did
# not start; exit 2 before anything is sent) ...
rc=0; timeout 60 "$bin" run --backend ws37 --host 127.0.0.1 --port "$port" --testType 1 --exercise true \
  --requests 300 --executions 1 --warmups 0 >"$out" 2>&1 || rc=$?
[ "$rc" = 2 ] && grep -q 'pass --allow-writes' "$out" || { cat "$out"; fail "exercise without --allow-writes: rc $rc"; }
# ... and with it: graph reset with the Groovy init scripts, then the seeded mix
timeout 300 "$bin" run --backend ws37 --host 127.0.0.1 --port "$port" --testType 1 --exercise true --allow-writes \
  --requests 300 --executions 1 --warmups 0 --pauseBetweenRuns 0 --minExpectedRps 0 \
  --minConnectionPoolSize 4 --maxConnectionPoolSize 4 >"$out" 2>&1 || { cat "$out"; fail "exercise exited $?"; }
grep -q '^requests: 300 issued, 300 completed, 0 failed, [0-9]* too slow, 0 wrong result count' "$out" \
  || { cat "$out"; fail "exercise summary"; }
grep -q '^errors: none' "$out" || { cat "$out"; fail "exercise errors"; }

# throughput 1+1 with GraphSON 3.0
timeout 300 "$bin" run --backend ws37 --host 127.0.0.1 --port "$port" --serializer graphson-v3 --testType 1 \
  --requests 500 --executions 1 --warmups 0 --pauseBetweenRuns 0 --minExpectedRps 0 \
  --minConnectionPoolSize 2 --maxConnectionPoolSize 2 >"$out" 2>&1 || { cat "$out"; fail "1+1 exited $?"; }
grep -q '^requests: 500 issued, 500 completed, 0 failed' "$out" || { cat "$out"; fail "1+1 summary"; }

# ProfilingApplication's own command line
timeout 120 "$bin" profile --port "$port" host 127.0.0.1 testType 0 script 'g.V().repeat(both()).times(3)' \
  executions 1 warmups 0 pauseBetweenRuns 0 >"$out" 2>/dev/null || { cat "$out"; fail "profile exited $?"; }
grep -q '^\[test-1\]  time: .*result count: 72 ' "$out" || { cat "$out"; fail "profile times(3) != 72"; }
echo "ok: tpbench run/profile against TinkerPop $ver on 127.0.0.1:$port"
