#!/usr/bin/env bash
# Client instructions (and syscalls) per request, independent of machine load: `tpbench run` under
# valgrind --tool=callgrind against ONE `tpbench serve` on 127.0.0.1 (the server is not counted),
# twice per row with N1 and N2 requests; per request = (Ir(N2) - Ir(N1)) / (N2 - N1), so process
# start, connection set-up and shutdown cancel out: the evidence for the client's cost (docs/performance.md).
#
#   bench/callgrind_client.sh [ROWS...]      (default rows: http4 ws37)
#
# Rows: http4  = `1+1`, 16 connections, JSON body (compare.sh's wrk row)
#       ws37   = `1+1`, 1 connection x 64 in flight (compare.sh's npm row)
#       ws37gs3 = the ws37 row with --serializer graphson-v3 (compare.sh's gs3 row)
#       deep   = ws37 and http4 `g.V().repeat(both()).times(DEPTH)`: one request each, instructions
#                per result = Ir(times(DEPTH)) - Ir(times(1)) over the result difference
# Environment: TPBENCH (default build/src/cli/tpbench), N1/N2 (default 2000/8000), DEPTH
# (default 10; results counted from the run's own summary), STRACE=1 also counts syscalls per request
# (strace -f -c, same difference), KEEP=DIR keeps the callgrind.out files there (for
# callgrind_annotate). Everything binds to 127.0.0.1; every run is bounded by its request count.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rows=("$@"); [ ${#rows[@]} -gt 0 ] || rows=(http4 ws37)
# shellcheck source=bench/lib.sh
. "$here/bench/lib.sh"
bench_callgrind_setup callgrind_client
bench_work_dir
bench_start_server callgrind_client --evaluationTimeout 0
echo "server: tpbench serve pid $server_pid on 127.0.0.1:$port; N1 $n1, N2 $n2"

# args_ROW N: the `tpbench run` arguments of a row with N requests.
args_http4() {
  echo --quiet --backend http4 --host 127.0.0.1 --port "$port" --minConnectionPoolSize 16 \
    --maxConnectionPoolSize 16 --option body=json --requests "$1" --executions 1 --warmups 0 \
    --pauseBetweenRuns 0 --minExpectedRps 0
}
args_ws37() {
  echo --quiet --backend ws37 --host 127.0.0.1 --port "$port" --minConnectionPoolSize 1 \
    --maxConnectionPoolSize 1 --maxInProcessPerConnection 64 --maxSimultaneousUsagePerConnection 64 \
    --requests "$1" --executions 1 --warmups 0 --pauseBetweenRuns 0 --minExpectedRps 0
}
args_ws37gs3() {  # the ws37 row on GraphSON 3.0 (compare.sh's gs3 row)
  echo $(args_ws37 "$1") --serializer graphson-v3
}
args_deep() {  # args_deep BACKEND DEPTH
  echo --quiet --backend "$1" --host 127.0.0.1 --port "$port" --testType 0 --minConnectionPoolSize 1 \
    --maxConnectionPoolSize 1 --script "g.V().repeat(both()).times($2)" --executions 1 --warmups 0 \
    --pauseBetweenRuns 0
}

# ir NAME ARGS...: total instructions of one callgrind run of `tpbench run ARGS...`.
ir() {
  local name="$1"; shift
  local out="$work/callgrind.out.$name"
  # shellcheck disable=SC2046
  valgrind --tool=callgrind --callgrind-out-file="$out" "$tp" run "$@" >"$work/run.$name" 2>"$work/vg.$name" ||
    { echo "callgrind_client: run $name failed" >&2; tail -5 "$work/vg.$name" >&2; exit 1; }
  [ -n "${KEEP:-}" ] && mkdir -p "$KEEP" && cp "$out" "$KEEP/"
  sed -n 's/^summary: //p; s/^totals: //p' "$out" | head -1
}
# sc NAME ARGS...: syscalls of one strace run.
sc() {
  local name="$1"; shift
  strace -f -c -o "$work/strace.$name" "$tp" run "$@" >/dev/null 2>&1
  awk '$NF == "total" { print $4 }' "$work/strace.$name"
}

for row in "${rows[@]}"; do
  case "$row" in
    http4 | ws37 | ws37gs3)
      # shellcheck disable=SC2046
      a="$(ir "$row.$n1" $(args_$row "$n1"))"
      # shellcheck disable=SC2046
      b="$(ir "$row.$n2" $(args_$row "$n2"))"
      python3 -c "print(f'$row 1+1: {($b-$a)/($n2-$n1):,.0f} instructions/request (Ir {$a:,} @ $n1, {$b:,} @ $n2)')"
      if [ "${STRACE:-0}" = 1 ]; then
        # shellcheck disable=SC2046
        s1="$(sc "$row.$n1" $(args_$row "$n1"))"
        # shellcheck disable=SC2046
        s2="$(sc "$row.$n2" $(args_$row "$n2"))"
        python3 -c "print(f'$row 1+1: {($s2-$s1)/($n2-$n1):.2f} syscalls/request ({$s1} @ $n1, {$s2} @ $n2)')"
      fi
      ;;
    deep)
      for backend in ws37 http4; do
        a="$(ir "deep.$backend.1" $(args_deep "$backend" 1))"
        b="$(ir "deep.$backend.$depth" $(args_deep "$backend" "$depth"))"
        # times(n) over the modern graph: results per depth from the run's own count.
        bench_per_result "$backend" "$a" "$b" "$work/run.deep.$backend.1" "$work/run.deep.$backend.$depth"
      done
      ;;
    *) echo "callgrind_client: unknown row '$row' (http4, ws37, deep)" >&2; exit 2 ;;
  esac
done
