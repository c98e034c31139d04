#!/usr/bin/env bash
# compare.sh's http4 `1+1` row alone, tpbench against wrk in interleaved rounds (the order
# alternating each round) against ONE `tpbench serve`, with what the server spent on each tool's
# requests: its CPU per request (all threads, /proc/PID/stat) and its context switches per
# request (/proc/PID/task/*/status). In this row the server's I/O thread is the bottleneck, so it
# decides both tools' req/s; these columns show whether it did the same work for both.
#
#   bench/http4_row.sh [ROUNDS] [REQUESTS] [WARMUPS]     (defaults 6 rounds, 300000, 1 warm-up)
#
# tpbench runs as in compare.sh (16 connections, JSON body); wrk -t1 -c16 for 5 s with
# bench/http4_inject2.lua (tpbench's exact body and User-Agent). Run it on an idle machine.
# Environment: TPBENCH (default build/src/cli/tpbench), WRK (default wrk).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tp="${TPBENCH:-$here/build/src/cli/tpbench}"
wrk="${WRK:-wrk}"
rounds="${1:-6}"
n="${2:-300000}"
warm="${3:-1}"
[ -x "$tp" ] || { echo "http4_row: $tp is not built (scripts/build)" >&2; exit 1; }
command -v "$wrk" >/dev/null || { echo "http4_row: wrk not found (apt-get install wrk)" >&2; exit 1; }
# shellcheck source=bench/lib.sh
. "$here/bench/lib.sh"
bench_work_dir
bench_start_server http4_row --evaluationTimeout 0
hz="$(getconf CLK_TCK)"
server_switches() { cat /proc/"$server_pid"/task/*/status | awk '/ctxt_switches/ { t += $2 } END { print t }'; }
one() {  # one tp|wrk ROUND
  local tool="$1" t0 s0 t1 s1 reqs rps
  t0="$(bench_cpu_ticks "$server_pid")"; s0="$(server_switches)"
  if [ "$tool" = tp ]; then
    /usr/bin/time -f "%U %S" -o "$work/time" "$tp" run --quiet --backend http4 --option body=json \
      --host 127.0.0.1 --port "$port" --maxConnectionPoolSize 16 --requests "$n" --executions 1 \
      --warmups "$warm" --pauseBetweenRuns 0 --minExpectedRps 0 >"$work/out"
    reqs=$((n + warm * 1000))  # the server also served the warm-up's requests
    rps="$(sed -n 's/^avg req\/sec: //p' "$work/out")"
  else
    /usr/bin/time -f "%U %S" -o "$work/time" "$wrk" -t1 -c16 -d5s -s "$here/bench/http4_inject2.lua" \
      "http://127.0.0.1:$port/gremlin" >"$work/out"
    reqs="$(awk '/requests in/ { print $1 }' "$work/out")"
    rps="$(awk '/Requests\/sec/ { print $2 }' "$work/out")"
  fi
  t1="$(bench_cpu_ticks "$server_pid")"; s1="$(server_switches)"
  awk -v tool="$tool" -v r="$2" -v rps="$rps" -v n="$reqs" -v dt=$((t1 - t0)) -v ds=$((s1 - s0)) -v hz="$hz" \
    '{ printf "%-7s %5d %10.0f %14.2f %14.2f %16.4f\n", tool, r, rps, ($1 + $2) / n * 1e6, dt / hz / n * 1e6, ds / n }' \
    "$work/time" | tee -a "$work/rows"
}
echo "server: tpbench serve pid $server_pid on 127.0.0.1:$port; rounds $rounds, requests $n, warm-ups $warm"
printf '%-7s %5s %10s %14s %14s %16s\n' tool round req/s client_us/req server_us/req server_cs/req
for r in $(seq "$rounds"); do
  if [ $((r % 2)) = 1 ]; then one tp "$r"; one wrk "$r"; else one wrk "$r"; one tp "$r"; fi
done
awk '{ rps[$1] += $3; cu[$1] += $4; su[$1] += $5; k[$1]++ }
  END { printf "tpbench/wrk: req/s %.2fx, client CPU/request %.2fx, server CPU/request %.2fx (means over %d rounds)\n",
        (rps["tp"] / k["tp"]) / (rps["wrk"] / k["wrk"]), (cu["tp"] / k["tp"]) / (cu["wrk"] / k["wrk"]),
        (su["tp"] / k["tp"]) / (su["wrk"] / k["wrk"]), k["tp"] }' "$work/rows"
