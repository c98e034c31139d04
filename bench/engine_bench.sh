#!/usr/bin/env bash
# Load-engine benchmarks (docs/performance.md, "Load engine"), all on 127.0.0.1 in one run:
#  1. http4 `1+1`: tpbench (plain JSON body, 64 connections) vs wrk (same body, 64 connections)
#  2. ws37 `1+1`: tpbench (1 connection x 64 in flight) vs the npm gremlin@3.7.3 driver (1
#     connection, 64 outstanding): req/s and client CPU per request
#  3. times(18) end to end per backend: seconds and client peak RSS (server in its own process)
# Usage: bench/engine_bench.sh path/to/tpbench [requests]
set -euo pipefail
bin="${1:?usage: $0 path/to/tpbench [requests]}"
n="${2:-100000}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=bench/lib.sh
. "$here/lib.sh"
out="$(mktemp)"
"$bin" serve --host 127.0.0.1 --port 0 --evaluationTimeout 0 >"$out" 2>/dev/null &
pid=$!
trap 'kill -TERM $pid 2>/dev/null || true; rm -f "$out"' EXIT
port="$(bench_wait_port "$out")"
[ -n "$port" ] || { echo "server did not start" >&2; exit 1; }
run() { /usr/bin/time -f "client: %e s wall, %U s user, %S s sys, peak RSS %M KiB" "$bin" run --quiet --host 127.0.0.1 --port "$port" "$@"; }

echo "== 1. http4 1+1, 64 connections: wrk vs tpbench (JSON body {\"gremlin\":\"1+1\",...})"
wrk -t1 -c64 -d1s -s "$here/server_http4_1plus1.lua" "http://127.0.0.1:$port/gremlin" >/dev/null
wrk -t1 -c64 -d5s -s "$here/server_http4_1plus1.lua" "http://127.0.0.1:$port/gremlin" | grep -E "Requests/sec|requests in"
run --backend http4 --option body=json --maxConnectionPoolSize 64 --requests "$n" --executions 1 --warmups 1 \
    --pauseBetweenRuns 0 --minExpectedRps 0 | grep -E "avg req/sec|test-1|errors:"

echo "== 2. ws37 1+1, 1 connection x 64 in flight: npm gremlin@3.7.3 vs tpbench"
if [ -d "$here/../tests/conformance/node_modules/gremlin" ]; then
  node "$here/engine_node_driver.js" "ws://127.0.0.1:$port/gremlin" 20000 64
else
  echo "npm gremlin driver not installed (scripts/test installs it into tests/conformance/node_modules)"
fi
run --backend ws37 --minConnectionPoolSize 1 --maxConnectionPoolSize 1 --maxInProcessPerConnection 64 \
    --maxSimultaneousUsagePerConnection 64 --requests "$n" --executions 1 --warmups 1 --pauseBetweenRuns 0 \
    --minExpectedRps 0 | grep -E "avg req/sec|test-1|errors:"

echo "== 3. g.V().repeat(both()).times(18) end to end (39,750,654 results)"
for b in ws37 http4; do
  run --backend "$b" --testType 0 --script 'g.V().repeat(both()).times(18)' --executions 1 --warmups 0 \
      --minConnectionPoolSize 1 --maxConnectionPoolSize 1 --pauseBetweenRuns 0 --expect-results 39750654 \
      | grep -E "test-1|avg latency"
done
