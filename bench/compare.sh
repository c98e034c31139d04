#!/usr/bin/env bash
# The peer comparison table (docs/performance.md) in one command: tpbench against its peers, in interleaved rounds,
# against ONE `tpbench serve` process on 127.0.0.1, printing every run and the ratios.
#
#   bench/compare.sh [ROUNDS] [REQUESTS] [DEPTH]      (defaults 3 rounds, 200000 requests, depth 18)
#
# Rows (each round runs them in this order, alternating the order of the two tools each round):
#   http4 `1+1`, 16 connections, JSON body:   tpbench run --backend http4  vs  wrk -t1 -c16 (5 s);
#                                              wrk sends tpbench's exact body and User-Agent
#                                              (bench/http4_inject2.lua: the same work for the server;
#                                              until session 7 wrk sent a cheaper gremlin-groovy `1+1`,
#                                              until session 8 no User-Agent)
#   ws37 `1+1`, 1 connection x 64 in flight:  tpbench run --backend ws37   vs  npm gremlin@3.7.3
#                                              (bench/engine_node_driver.js), twice: both on GraphBinary
#                                              1.0 (tpbench's default) and both on GraphSON 3.0 (the
#                                              driver's default and its faster one); until session 7
#                                              tpbench's GraphBinary ran against the driver's GraphSON
#   g.V().repeat(both()).times(DEPTH), one request, per backend: wall time and client peak RSS
#                                              (times(18) = 39,750,654 results)
# Client CPU = user+sys of the client process (/usr/bin/time) / requests. tpbench's figure
# includes its process start, connection set-up and 1000 warm-up requests (a slight handicap);
# the npm driver reports process.cpuUsage() over its measured requests only; wrk's is its whole
# process over the requests it reports.
#
# PEER=canned runs the two `1+1` rows against bench_canned_server instead (a one-thread cache peer:
# every request answered with the bytes `tpbench serve` gave to it, recorded first through it from
# the script's own server for tpbench's and the npm driver's requests; wrk sends tpbench's body), so
# the server's own cost and write pattern do not shape the clients' figures; the times(DEPTH) rows
# stay on `tpbench serve`, and the ws37 rows are GraphBinary only (what the canned server answers). Default PEER=serve: every row against `tpbench serve`, the issue's table.
#
# Environment: TPBENCH (default build/src/cli/tpbench), NODE (default node), WRK (default wrk),
# CANNED (default build/bench/bench_canned_server), SERVE_ARGS (extra `tpbench serve` arguments,
# e.g. SERVE_ARGS='--tcp-congestion system' to keep the system's congestion control on the server's
# loopback listener: since session 8 `serve` replaces a pacing BBR default there, see docs/usage.md).
# Missing peers (wrk, node, tests/conformance/node_modules — `TPBENCH_NEED_NODE=1 scripts/setup`)
# are reported and their rows skipped. Run it on an idle machine; read the ratios, not the figures.
# With tiny counts (e.g. `bench/compare.sh 1 2000 5`) it only checks that everything runs.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tp="${TPBENCH:-$here/build/src/cli/tpbench}"
node="${NODE:-node}"
wrk="${WRK:-wrk}"
rounds="${1:-3}"
n="${2:-200000}"
depth="${3:-18}"
[ -x "$tp" ] || { echo "compare: $tp is not built (scripts/build)" >&2; exit 1; }
have_wrk=1; command -v "$wrk" >/dev/null || { have_wrk=0; echo "compare: wrk not found (apt-get install wrk): http4 peer skipped" >&2; }
have_node=1
if ! command -v "$node" >/dev/null || [ ! -d "$here/tests/conformance/node_modules/gremlin" ]; then
  have_node=0
  echo "compare: node or tests/conformance/node_modules/gremlin missing (TPBENCH_NEED_NODE=1 scripts/setup): ws37 peer skipped" >&2
fi
# shellcheck source=bench/lib.sh
. "$here/bench/lib.sh"
bench_work_dir
# shellcheck disable=SC2086  # SERVE_ARGS is a list of arguments
bench_start_server compare --evaluationTimeout 0 ${SERVE_ARGS:-}
echo "server: tpbench serve pid $server_pid on 127.0.0.1:$port; rounds $rounds, requests $n, times($depth)"
sed -n 's/^tpbench serve: \(TCP congestion control [^ ]*\) .*(the system default \([^ ]*\) .*/server: \1 (the system default: \2)/p' "$work/server.log"
lport="$port"  # the port of the `1+1` rows
ws_formats="gb1 gs3"  # the ws37 rows' wire formats, each tool on the same one
tp_serializer() { [ "$1" = gb1 ] && echo graphbinary-v1 || echo graphson-v3; }
node_mime() { [ "$1" = gb1 ] && echo application/vnd.graphbinary-v1.0 || echo application/vnd.gremlin-v3.0+json; }
peer="${PEER:-serve}"
case "$peer" in
  serve) ;;
  canned)
    canned="${CANNED:-$here/build/bench/bench_canned_server}"
    ws_formats="gb1"  # the canned server answers GraphBinary ws37 requests only
    [ -x "$canned" ] || { echo "compare: $canned is not built (scripts/build)" >&2; exit 1; }
    # Record each client's request once through a recording canned server, then answer from the file.
    bench_start_canned compare record --record-from "127.0.0.1:$port" --save "$work/canned.cache" --seconds 300
    "$tp" run --quiet --backend http4 --host 127.0.0.1 --port "$canned_port" --minConnectionPoolSize 1 --maxConnectionPoolSize 1 \
      --option body=json --requests 10 --executions 1 --warmups 0 --pauseBetweenRuns 0 --minExpectedRps 0 >/dev/null
    for f in $ws_formats; do
      "$tp" run --quiet --backend ws37 --serializer "$(tp_serializer "$f")" --host 127.0.0.1 --port "$canned_port" \
        --minConnectionPoolSize 1 --maxConnectionPoolSize 1 --requests 10 --executions 1 --warmups 0 \
        --pauseBetweenRuns 0 --minExpectedRps 0 >/dev/null
      if [ "$have_node" = 1 ]; then
        "$node" "$here/bench/engine_node_driver.js" "ws://127.0.0.1:$canned_port/gremlin" 10 1 "$(node_mime "$f")" >/dev/null
      fi
    done
    bench_stop_canned
    bench_start_canned compare canned --cache "$work/canned.cache" --seconds 3600
    lport="$canned_port"
    echo "1+1 rows: bench_canned_server pid $canned_pid on 127.0.0.1:$lport," \
      "$(grep -c '^http4 \|^ws37 ' "$work/canned.cache" || true) responses recorded from tpbench serve"
    ;;
  *) echo "compare: PEER must be serve or canned, not '$peer'" >&2; exit 1 ;;
esac

warm=1000
# Each function prints one line "REQ_PER_S CPU_US_PER_REQ" or "WALL_S PEAK_RSS_KIB".
tp_http4() {
  /usr/bin/time -f "%U %S" -o "$work/time" "$tp" run --quiet --backend http4 --host 127.0.0.1 --port "$lport" \
    --maxConnectionPoolSize 16 --option body=json --requests "$n" --executions 1 --warmups 1 \
    --pauseBetweenRuns 0 --minExpectedRps 0 >"$work/run.out"
  local rps; rps="$(sed -n 's/^avg req\/sec: //p' "$work/run.out")"
  awk -v n="$n" -v w="$warm" -v r="${rps:-0}" '{ printf "%s %.2f\n", r, ($1 + $2) / (n + w) * 1e6 }' "$work/time"
}
wrk_http4() {
  /usr/bin/time -f "%U %S" -o "$work/time" "$wrk" -t1 -c16 -d5s -s "$here/bench/http4_inject2.lua" \
    "http://127.0.0.1:$lport/gremlin" >"$work/wrk.out"
  local reqs rps
  reqs="$(awk '/requests in/ { print $1 }' "$work/wrk.out")"
  rps="$(awk '/Requests\/sec/ { print $2 }' "$work/wrk.out")"
  awk -v n="${reqs:-1}" -v r="${rps:-0}" '{ printf "%s %.2f\n", r, ($1 + $2) / n * 1e6 }' "$work/time"
}
tp_ws37() {  # tp_ws37 FORMAT
  /usr/bin/time -f "%U %S" -o "$work/time" "$tp" run --quiet --backend ws37 --serializer "$(tp_serializer "$1")" \
    --host 127.0.0.1 --port "$lport" \
    --minConnectionPoolSize 1 --maxConnectionPoolSize 1 --maxInProcessPerConnection 64 \
    --maxSimultaneousUsagePerConnection 64 --requests "$n" --executions 1 --warmups 1 --pauseBetweenRuns 0 \
    --minExpectedRps 0 >"$work/run.out"
  local rps; rps="$(sed -n 's/^avg req\/sec: //p' "$work/run.out")"
  awk -v n="$n" -v w="$warm" -v r="${rps:-0}" '{ printf "%s %.2f\n", r, ($1 + $2) / (n + w) * 1e6 }' "$work/time"
}
node_ws37() {  # node_ws37 FORMAT
  "$node" "$here/bench/engine_node_driver.js" "ws://127.0.0.1:$lport/gremlin" "$n" 64 "$(node_mime "$1")" >"$work/node.out"
  python3 -c "import json,sys; d=json.load(open('$work/node.out')); print(f\"{d['rps']:.0f} {d['cpu_us_per_request']:.2f}\")"
}
tp_deep() {  # tp_deep BACKEND
  /usr/bin/time -f "%e %M" -o "$work/time" "$tp" run --quiet --backend "$1" --host 127.0.0.1 --port "$port" \
    --testType 0 --script "g.V().repeat(both()).times($depth)" --executions 1 --warmups 0 \
    --pauseBetweenRuns 0 >"$work/deep.out"
  cat "$work/time"
}

declare -A sum cnt
add() { sum[$1]=$(python3 -c "print(${sum[$1]:-0}+$2)"); cnt[$1]=$(( ${cnt[$1]:-0} + 1 )); }
printf '%-34s %6s %12s %14s\n' row round "req/s|wall_s" "cpu_us|rss_KiB"
for r in $(seq 1 "$rounds"); do
  order=(tp peer); [ $((r % 2)) -eq 0 ] && order=(peer tp)
  for who in "${order[@]}"; do
    if [ "$who" = tp ]; then read -r a b < <(tp_http4); add http4.tp.rps "$a"; add http4.tp.cpu "$b"; name="tpbench http4 1+1 c16"
    elif [ "$have_wrk" = 1 ]; then read -r a b < <(wrk_http4); add http4.peer.rps "$a"; add http4.peer.cpu "$b"; name="wrk -t1 -c16"
    else continue; fi
    printf '%-34s %6s %12s %14s\n' "$name" "$r" "$a" "$b"
  done
  for f in $ws_formats; do
    for who in "${order[@]}"; do
      if [ "$who" = tp ]; then read -r a b < <(tp_ws37 "$f"); add "ws37.$f.tp.rps" "$a"; add "ws37.$f.tp.cpu" "$b"; name="tpbench ws37 1+1 1x64 $f"
      elif [ "$have_node" = 1 ]; then read -r a b < <(node_ws37 "$f"); add "ws37.$f.peer.rps" "$a"; add "ws37.$f.peer.cpu" "$b"; name="npm gremlin@3.7.3 1x64 $f"
      else continue; fi
      printf '%-34s %6s %12s %14s\n' "$name" "$r" "$a" "$b"
    done
  done
  for backend in ws37 http4; do
    read -r a b < <(tp_deep "$backend"); add "deep.$backend.wall" "$a"; add "deep.$backend.rss" "$b"
    printf '%-34s %6s %12s %14s\n' "tpbench $backend times($depth)" "$r" "$a" "$b"
  done
done

mean() { python3 -c "print(${sum[$1]:-0}/max(1,${cnt[$1]:-0}))"; }
echo
echo "== ratios (means over $rounds rounds)"
if [ "$have_wrk" = 1 ]; then
  python3 -c "
tr,pr,tc,pc=$(mean http4.tp.rps),$(mean http4.peer.rps),$(mean http4.tp.cpu),$(mean http4.peer.cpu)
print(f'http4 1+1 c16: tpbench/wrk req/s = {tr/pr:.2f}x (goal >= 1.0), CPU/request = {tc/pc:.2f}x (goal <= 1.0); tpbench {tc:.2f} us, wrk {pc:.2f} us')"
fi
for f in $ws_formats; do
  if [ "$have_node" = 1 ]; then
    python3 -c "
tr,pr,tc,pc=$(mean "ws37.$f.tp.rps"),$(mean "ws37.$f.peer.rps"),$(mean "ws37.$f.tp.cpu"),$(mean "ws37.$f.peer.cpu")
print(f'ws37 1+1 1x64 $f: tpbench/npm req/s = {tr/pr:.2f}x, CPU/request = {tc/pc:.2f}x (goal <= 0.1, <= 2 us); tpbench {tc:.2f} us, npm {pc:.2f} us')"
  else
    python3 -c "tc=$(mean "ws37.$f.tp.cpu"); print(f'ws37 1+1 1x64 $f: tpbench {tc:.2f} us CPU/request (goal <= 2 us)')"
  fi
done
for backend in ws37 http4; do
  python3 -c "
w,m=$(mean deep.$backend.wall),$(mean deep.$backend.rss)
print(f'$backend times($depth): wall {w:.2f} s (goal <= 3 s at depth 18), client peak RSS {m/1024:.1f} MiB (goal <= 64 MiB)')"
done
