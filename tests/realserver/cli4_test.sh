#!/usr/bin/env bash
# The tpbench binary (run) over http4 against a real TinkerPop 4.0 Gremlin Server:
# TPBENCH_RS=VERSION@PORT. usage: cli4_test.sh TPBENCH_BINARY EXPECTED_DIALECT
# Checks the dialect the run reports (summary line, JSON config.dialect) and the CLI paths: latency
# g.V() (--expect-results 6), throughput exercise (graph reset: Groovy on master-http, tpbench's
# gremlin-lang forms on beta.1+), throughput 1+1 (g.inject(2) on gremlin-lang servers) on GraphSON 4.
set -euo pipefail
bin="$1"; dialect="$2"; port="${TPBENCH_RS#*@}"; ver="${TPBENCH_RS%@*}"
fail() { echo "FAIL ($ver on port $port): $*" >&2; exit 1; }
out="$(mktemp)"; trap 'rm -f "$out"' EXIT
run() { timeout 300 "$bin" run --backend http4 --host 127.0.0.1 --port "$port" --executions 1 --warmups 0 \
          --pauseBetweenRuns 0 "$@"; }

# latency g.V(): the summary names the detected dialect
run --testType 0 --script 'g.V()' --expect-results 6 >"$out" 2>&1 || { cat "$out"; fail "run g.V() exited $?"; }
grep -q 'result count: 6 ' "$out" || { cat "$out"; fail "no 'result count: 6' line"; }
grep -q "^--- tpbench summary: http4 (generation master-http, dialect $dialect) -> " "$out" \
  || { cat "$out"; fail "the summary does not name dialect $dialect"; }

# the JSON report: sides[0].config.dialect
run --testType 0 --script 'g.V().count()' --format json >"$out" 2>/dev/null || { cat "$out"; fail "json run exited $?"; }
tr -d ' \n' <"$out" | grep -q "\"dialect\":\"$dialect\"" || { cat "$out"; fail "JSON config.dialect is not $dialect"; }

# throughput exercise (graph reset, then the seeded mix)
run --testType 1 --exercise true --allow-writes --requests 300 --minExpectedRps 0 \
  --minConnectionPoolSize 4 --maxConnectionPoolSize 4 >"$out" 2>&1 || { cat "$out"; fail "exercise exited $?"; }
grep -q '^requests: 300 issued, 300 completed, 0 failed, [0-9]* too slow, 0 wrong result count' "$out" \
  || { cat "$out"; fail "exercise summary"; }

# throughput 1+1, GraphSON 4 responses, JSON bodies
run --serializer graphson-v4 --option body=json --testType 1 --requests 500 --minExpectedRps 0 \
  --minConnectionPoolSize 2 --maxConnectionPoolSize 2 >"$out" 2>&1 || { cat "$out"; fail "1+1 exited $?"; }
grep -q '^requests: 500 issued, 500 completed, 0 failed' "$out" || { cat "$out"; fail "1+1 summary"; }
# the A/B table's Branch column names each side's label and the server's dialect (never "master-http"
# for a 4.0 server), and the ProfilingApplication generation apart when the two differ
ab_out="$(mktemp)"; trap 'rm -f "$out" "$ab_out"' EXIT
timeout 300 "$bin" ab --side "http4@127.0.0.1:$port label=real-$ver" --side "http4@127.0.0.1:$port label=again" \
  --testType 0 --script 'g.V()' --executions 1 --warmups 0 >"$ab_out" 2>&1 || { cat "$ab_out"; fail "ab exited $?"; }
if [ "$dialect" = master-http ]; then branch="real-$ver (master-http)"
else branch="real-$ver (server dialect $dialect, ProfilingApplication master-http)"; fi
grep -qF "| $branch | Latency |" "$ab_out" || { cat "$ab_out"; fail "the Branch column is not '$branch'"; }

echo "ok: tpbench run over http4 against TinkerPop $ver on 127.0.0.1:$port (dialect $dialect)"
