#!/usr/bin/env bash
# The seed's table (../shared/seed/) against real Apache TinkerPop Gremlin Servers, in one command.
#
#   bench/seed_table_realserver.sh [REQUESTS]        (default 50000 requests per throughput execution)
#
# Starts (with scripts/gremlin-server, from Maven Central) TinkerPop 3.7 on 127.0.0.1:$P37 and 3.8 on
# 127.0.0.1:$P38 with the seed's server settings, then runs tpbench's A/B with these sides:
#   ws37@3.7 (the seed's 3.7-dev row), ws37@3.8, and http4 on the embedded server with the 4.0 dialect
#   detection (Maven Central serves no 4.0 Gremlin Server: org.apache.tinkerpop:gremlin-server has no
#   4.0.0 artifact), plus the seed's large-pool http4 side (minConnectionPoolSize 1500,
#   maxConnectionPoolSize 5000).
# Rows: latency g.V(), times(15), times(18) (one execution: it takes ~1 min per side here), throughput
# 1+1 and exercise, and the seed's long exercise row (10x the requests). Request counts are scaled to
# this 2-core machine, where client and servers share the cores: compare ratios within one run.
# Environment: TPBENCH (binary, default build/src/cli/tpbench), P37 (18782), P38 (18784), KEEP=1 keeps
# the servers running afterwards, SKIP18=1 leaves out the times(18) row. The servers are this script's
# own, so the exercise rows may reset their graphs (--allow-writes).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tp="${TPBENCH:-$here/build/src/cli/tpbench}"
req="${1:-50000}"
p37="${P37:-18782}"
p38="${P38:-18784}"
[ -x "$tp" ] || { echo "seed_table_realserver: $tp not built (scripts/build)" >&2; exit 1; }
"$here/scripts/gremlin-server" start 3.7 "$p37" >/dev/null
"$here/scripts/gremlin-server" start 3.8 "$p38" >/dev/null
v37="$("$here/scripts/gremlin-server" status "$p37" 2>&1 | grep -o '3\.7\.[0-9]*' | head -1)"
v38="$("$here/scripts/gremlin-server" status "$p38" 2>&1 | grep -o '3\.8\.[0-9]*' | head -1)"
cleanup() { [ "${KEEP:-0}" = 1 ] || { "$here/scripts/gremlin-server" stop "$p37"; "$here/scripts/gremlin-server" stop "$p38"; } >/dev/null 2>&1 || true; }
trap cleanup EXIT

sides=(--side "ws37@127.0.0.1:$p37 label=ws37-${v37:-3.7}-real"
       --side "ws37@127.0.0.1:$p38 label=ws37-${v38:-3.8}-real"
       --side "http4 label=http4-embedded")
echo "## Latency g.V(), times(15); throughput 1+1 and exercise (requests $req)"
"$tp" "${sides[@]}" --side "http4 label=http4-embedded-pool5000 minConnectionPoolSize=1500 maxConnectionPoolSize=5000" \
  --requests "$req" --executions 3 --latency-executions 3 --warmups 1 --allow-writes --quiet
if [ "${SKIP18:-0}" != 1 ]; then
  echo
  echo "## Latency g.V().repeat(both()).times(18) (39,750,654 results; one execution, no warm-up)"
  "$tp" ab "${sides[@]}" --testType 0 --script 'g.V().repeat(both()).times(18)' --executions 1 --warmups 0 \
    --pauseBetweenRuns 0 --quiet
fi
echo
echo "## Throughput exercise, 10x the requests ($((req * 10)))"
"$tp" ab --side "ws37@127.0.0.1:$p37 label=ws37-${v37:-3.7}-real" \
  --side "http4 label=http4-embedded-pool5000 maxConnectionPoolSize=5000" \
  --testType 1 --exercise true --requests "$((req * 10))" --executions 1 --warmups 1 --pauseBetweenRuns 0 \
  --minExpectedRps 0 --allow-writes --quiet
