#!/usr/bin/env bash
# Server instructions per request, independent of machine load: `tpbench serve` under valgrind
# --tool=callgrind on 127.0.0.1, driven by one plain `tpbench run` (not counted), twice with N1 and
# N2 requests; per request = (Ir(N2) - Ir(N1)) / (N2 - N1), so start-up and shutdown cancel out.
# The server-side companion of bench/callgrind_client.sh (the ws37 writer's gather-write).
#
#   bench/callgrind_server.sh [ROWS...]      (default rows: ws37 deep)
#
# Rows: ws37   = `1+1`, 1 connection x 64 in flight (callgrind_client.sh's ws37 row)
#       http4  = `1+1`, 16 connections, JSON body
#       deep   = ws37 and http4 `g.V().repeat(both()).times(DEPTH)` vs times(1), per result
# Environment: TPBENCH (default build/src/cli/tpbench), N1/N2 (default 2000/8000), DEPTH (default
# 10), KEEP=DIR keeps the callgrind.out files. Everything binds to 127.0.0.1; runs are bounded.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=bench/lib.sh
. "$here/bench/lib.sh"
bench_callgrind_setup callgrind_server
rows=("$@"); [ ${#rows[@]} -gt 0 ] || rows=(ws37 deep)
bench_work_dir

# ir NAME CLIENT-ARGS...: server instructions of one callgrind'ed serve while the client runs.
ir() {
  local name="$1"; shift
  local out="$work/callgrind.out.$name"
  valgrind --tool=callgrind --callgrind-out-file="$out" "$tp" serve --host 127.0.0.1 --port 0 \
    --evaluationTimeout 0 >"$work/server.$name" 2>&1 &
  server_pid=$!
  local port=""
  for _ in $(seq 1 300); do
    port="$(sed -n 's/.*listening on [^ ]*:\([0-9]*\) .*/\1/p' "$work/server.$name" | head -1)"
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { echo "callgrind_server: the server did not start" >&2; cat "$work/server.$name" >&2; exit 1; }
  # shellcheck disable=SC2046
  timeout 300 "$tp" run --host 127.0.0.1 --port "$port" "$@" >"$work/run.$name" 2>&1 ||
    { echo "callgrind_server: run $name failed" >&2; tail -5 "$work/run.$name" >&2; exit 1; }
  kill -TERM "$server_pid"
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
  [ -n "${KEEP:-}" ] && mkdir -p "$KEEP" && cp "$out" "$KEEP/"
  sed -n 's/^summary: //p; s/^totals: //p' "$out" | head -1
}
args_ws37() {
  echo --quiet --backend ws37 --minConnectionPoolSize 1 --maxConnectionPoolSize 1 \
    --maxInProcessPerConnection 64 --maxSimultaneousUsagePerConnection 64 --requests "$1" \
    --executions 1 --warmups 0 --pauseBetweenRuns 0 --minExpectedRps 0
}
args_http4() {
  echo --quiet --backend http4 --minConnectionPoolSize 16 --maxConnectionPoolSize 16 --option body=json \
    --requests "$1" --executions 1 --warmups 0 --pauseBetweenRuns 0 --minExpectedRps 0
}
args_deep() {  # args_deep BACKEND DEPTH
  echo --quiet --backend "$1" --testType 0 --minConnectionPoolSize 1 --maxConnectionPoolSize 1 \
    --script "g.V().repeat(both()).times($2)" --executions 1 --warmups 0 --pauseBetweenRuns 0
}
for row in "${rows[@]}"; do
  case "$row" in
    ws37 | http4)
      # shellcheck disable=SC2046
      a="$(ir "$row.$n1" $(args_$row "$n1"))"
      # shellcheck disable=SC2046
      b="$(ir "$row.$n2" $(args_$row "$n2"))"
      python3 -c "print(f'server $row 1+1: {($b-$a)/($n2-$n1):,.0f} instructions/request (Ir {$a:,} @ $n1, {$b:,} @ $n2)')"
      ;;
    deep)
      for backend in ws37 http4; do
        # shellcheck disable=SC2046
        a="$(ir "deep.$backend.1" $(args_deep "$backend" 1))"
        # shellcheck disable=SC2046
        b="$(ir "deep.$backend.$depth" $(args_deep "$backend" "$depth"))"
        bench_per_result "server $backend" "$a" "$b" "$work/run.deep.$backend.1" "$work/run.deep.$backend.$depth"
      done
      ;;
    *) echo "callgrind_server: unknown row '$row' (ws37, http4, deep)" >&2; exit 2 ;;
  esac
done
