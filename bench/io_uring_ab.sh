#!/usr/bin/env bash
# The io_uring decision (docs/decisions.md): the same tpbench client built twice — epoll (the
# default) and TPBENCH_IO_URING=ON (Asio's io_uring backend for sockets and timers) — against ONE
# `tpbench serve` (epoll build) on 127.0.0.1, in interleaved rounds (the order alternating), on
# compare.sh's rows: ws37 `1+1` 1 connection x 64 in flight and http4 `1+1` 16 connections (JSON
# body). Per request: client CPU (user+sys, /usr/bin/time), the client's system calls (perf's
# raw_syscalls:sys_enter tracepoint, counting mode), and req/s.
#
#   bench/io_uring_ab.sh URING_TPBENCH [ROUNDS] [REQUESTS]     (defaults 3 rounds, 200000 requests)
#
# Build the io_uring client first:
#   cmake -S . -B build-uring -G Ninja -DCMAKE_BUILD_TYPE=Release -DTPBENCH_IO_URING=ON
#   ninja -C build-uring src/cli/tpbench
# Environment: TPBENCH (the epoll build, default build/src/cli/tpbench; it also serves). callgrind
# cannot measure the io_uring build (valgrind does not run Asio's io_uring loop: the client stalls),
# hence CPU time: run it on an idle machine.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tp="${TPBENCH:-$here/build/src/cli/tpbench}"
uring="${1:?usage: bench/io_uring_ab.sh URING_TPBENCH [ROUNDS] [REQUESTS]}"
rounds="${2:-3}"
n="${3:-200000}"
[ -x "$tp" ] || { echo "io_uring_ab: $tp is not built (scripts/build)" >&2; exit 1; }
[ -x "$uring" ] || { echo "io_uring_ab: $uring is not built (see the header)" >&2; exit 1; }
# shellcheck source=bench/lib.sh
. "$here/bench/lib.sh"
bench_work_dir
bench_start_server io_uring_ab --evaluationTimeout 0
wrap=()
if command -v perf >/dev/null && perf stat -e raw_syscalls:sys_enter -o /dev/null -- true 2>/dev/null; then
  wrap=(perf stat -x, -e raw_syscalls:sys_enter -o "$work/perf" --)
fi
row_args() {
  case "$1" in
    ws37) echo --backend ws37 --minConnectionPoolSize 1 --maxConnectionPoolSize 1 --maxInProcessPerConnection 64 \
            --maxSimultaneousUsagePerConnection 64 ;;
    http4) echo --backend http4 --minConnectionPoolSize 16 --maxConnectionPoolSize 16 --option body=json ;;
  esac
}
one() {  # one BUILD(epoll|uring) ROW ROUND
  local bin="$tp"; [ "$1" = uring ] && bin="$uring"
  rm -f "$work/perf"
  # shellcheck disable=SC2046
  "${wrap[@]}" /usr/bin/time -f "%U %S" -o "$work/time" "$bin" run --quiet --host 127.0.0.1 --port "$port" \
    $(row_args "$2") --requests "$n" --executions 1 --warmups 1 --warmupRequests 1000 --pauseBetweenRuns 0 \
    --minExpectedRps 0 >"$work/out"
  local rps sc=nan sent=$((n + 1000))
  rps="$(sed -n 's/^avg req\/sec: //p' "$work/out")"
  [ -s "$work/perf" ] && sc="$(awk -F, -v n="$sent" '/sys_enter/ { printf "%.3f", $1 / n }' "$work/perf")"
  awk -v b="$1" -v row="$2" -v r="$3" -v rps="${rps:-0}" -v n="$sent" -v sc="$sc" \
    '{ printf "%-6s %-6s %5d %10.0f %10.2f %10s\n", b, row, r, rps, ($1 + $2) / n * 1e6, sc }' "$work/time"
}
echo "server: tpbench serve (epoll) pid $server_pid on 127.0.0.1:$port; $rounds rounds x $n requests"
printf '%-6s %-6s %5s %10s %10s %10s\n' build row round req/s cpu_us/req syscalls/req
: > "$work/rows"
for r in $(seq "$rounds"); do
  for row in ws37 http4; do
    if [ $((r % 2)) = 1 ]; then order="epoll uring"; else order="uring epoll"; fi
    for b in $order; do one "$b" "$row" "$r" | tee -a "$work/rows"; done
  done
done
awk '{ k = $2; if ($1 == "uring") { ur[k] += $4; uc[k] += $5; us[k] += $6; un[k]++ } else { er[k] += $4; ec[k] += $5; es[k] += $6; en[k]++ } }
  END { for (k in en) printf "%s: io_uring/epoll req/s %.2fx, CPU/request %.2fx (%.2f vs %.2f us), syscalls/request %.3f vs %.3f\n",
        k, (ur[k] / un[k]) / (er[k] / en[k]), (uc[k] / un[k]) / (ec[k] / en[k]), uc[k] / un[k], ec[k] / en[k], us[k] / un[k], es[k] / en[k] }' "$work/rows"
