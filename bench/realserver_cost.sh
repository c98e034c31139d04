#!/usr/bin/env bash
# What the tpbench client costs against REAL Apache TinkerPop Gremlin Servers, per `1+1` request:
# client CPU (user+sys of the client process), server CPU (the JVM's utime+stime from
# /proc/PID/stat over the same run) and the client's system calls (perf's syscall tracepoints in
# counting mode, same run; receive = recvfrom + read + recvmsg, send = sendto + write + writev +
# sendmsg, epoll = epoll_wait + epoll_pwait, as the anchors use other calls than tpbench). The calls
# that are no part of a network client's work (mprotect, madvise, brk, mmap, munmap) are summed in
# their own column, and counted again from the run's second second on (mem_steady: a count, not per
# request): connection set-up grows the heap (hundreds of connections' buffers), a steady state
# should not.
#
#   bench/realserver_cost.sh [ROUNDS] [REQUESTS]        (defaults 3 rounds, 100000 requests)
#
# Rows (each a `tpbench run` with ProfilingApplication's arguments, `1+1`, one warm-up execution of
# 1,000 requests; per-request figures divide by everything sent, warm-up included):
#   ws37-4x64    ws37 against real 3.7.5, 4 connections x 64 in flight (the seed's ws37 shape)
#   ws37-pa      ws37 against real 3.7.5, the ProfilingApplication defaults (registry pool)
#   http4-256x1  http4 against real 4.0 master, 256 connections x 1 (the seed's http4 shape)
#   http4-pa     http4 against real 4.0 master, the ProfilingApplication defaults
# and the anchors, other clients on the same rows (same server, same request bytes):
#   npm-4x64     the npm gremlin@3.7.3 driver against real 3.7.5, 4 connections x 64 in flight,
#                GraphBinary 1.0 (bench/engine_node_driver.js; TPBENCH_NEED_NODE=1 scripts/setup)
#   uring-ROW    ROW (one of the four above) with the io_uring build TPBENCH_URING (cmake
#                -DTPBENCH_IO_URING=ON; bench/io_uring_ab.sh's header), for the io_uring decision
#   wrk-256x1    wrk -t1 -c256 against real 4.0 master with tpbench's exact http4 request
#                (bench/http4_master_gb4.lua), for WRK_SECONDS (default 10) seconds
# (The Java ProfilingApplication, the third anchor, needs port 8182: bench/profiling_compare.sh.)
# Rounds are interleaved (every row once per round, the order reversed every other round), and
# each server is warmed first (one untimed run per row), as JIT and GC move a JVM's figures ~2x.
#
# The servers are started with scripts/gremlin-server (3.7 from Maven Central; 4.0 from
# ../shared/tinkerpop/m2), on 127.0.0.1 ports PORT37 / PORT40 (defaults 19137 / 19140), and
# stopped at the end unless KEEP=1 (servers already running there are used as they are).
# ROWS="ws37-4x64 http4-256x1" picks rows; PERF=0 skips the
# syscall counts. Environment: TPBENCH (default build/src/cli/tpbench). Run it on an idle machine:
# client and server share the cores, and any other load shows up in both CPU columns.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tp="${TPBENCH:-$here/build/src/cli/tpbench}"
rounds="${1:-3}"
n="${2:-100000}"
port37="${PORT37:-19137}"
port40="${PORT40:-19140}"
rows="${ROWS:-ws37-4x64 ws37-pa http4-256x1 http4-pa npm-4x64 wrk-256x1}"
[ -x "$tp" ] || { echo "realserver_cost: $tp is not built (scripts/build)" >&2; exit 1; }
gs="$here/scripts/gremlin-server"
export TPBENCH_REALSERVER_DIR="${TPBENCH_REALSERVER_DIR:-$here/build/realserver}"
work="$(mktemp -d)"
cleanup() {
  if [ "${KEEP:-0}" != 1 ]; then "$gs" stop "$port37" >/dev/null 2>&1 || true; "$gs" stop "$port40" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
hz="$(getconf CLK_TCK)"

for r in $rows; do
  case "$r" in
    uring-*) [ -x "${TPBENCH_URING:-}" ] || { echo "realserver_cost: $r needs TPBENCH_URING, an io_uring build's tpbench" >&2; exit 1; } ;;
    npm-*) [ -d "$here/tests/conformance/node_modules/gremlin" ] || { echo "realserver_cost: $r needs the npm driver (TPBENCH_NEED_NODE=1 scripts/setup)" >&2; exit 1; } ;;
    wrk-*) command -v "${WRK:-wrk}" >/dev/null || { echo "realserver_cost: $r needs wrk (apt-get install wrk)" >&2; exit 1; } ;;
  esac
done
need37=0; need40=0
for r in $rows; do case "${r#uring-}" in ws37-* | npm-*) need37=1 ;; http4-* | wrk-*) need40=1 ;; *) echo "realserver_cost: unknown row $r" >&2; exit 2 ;; esac; done
[ "$need37" = 0 ] || "$gs" start 3.7 "$port37" >/dev/null
[ "$need40" = 0 ] || "$gs" start 4.0 "$port40" >/dev/null
server_pid() { cat "$TPBENCH_REALSERVER_DIR/$1/pid"; }

# row_args ROW: the tpbench run arguments of a row (without --requests)
row_args() {
  case "$1" in
    ws37-4x64) echo "--backend ws37 --port $port37 --minConnectionPoolSize 4 --maxConnectionPoolSize 4 --maxInProcessPerConnection 64 --maxSimultaneousUsagePerConnection 64" ;;
    ws37-pa) echo "--backend ws37 --port $port37" ;;
    http4-256x1) echo "--backend http4 --port $port40 --minConnectionPoolSize 256 --maxConnectionPoolSize 256" ;;
    http4-pa) echo "--backend http4 --port $port40" ;;
  esac
}
row_port() { case "${1#uring-}" in ws37-* | npm-*) echo "$port37" ;; *) echo "$port40" ;; esac; }
tp_uring="${TPBENCH_URING:-}"
node="${NODE:-node}"
wrk="${WRK:-wrk}"
wrk_seconds="${WRK_SECONDS:-10}"
# client ROW: runs one row's client under the wrapper in "$@"; prints the requests it sent
client() {
  local row="$1"; shift
  case "$row" in
    npm-4x64)
      "$@" /usr/bin/time -f "%U %S" -o "$work/time" "$node" "$here/bench/engine_node_driver.js" \
        "ws://127.0.0.1:$port37/gremlin" "$n" 64 application/vnd.graphbinary-v1.0 4 >"$work/out"
      python3 -c "import json; d=json.load(open('$work/out')); assert d['errors'] == 0, d; print(d['requests'] + 1000, round(d['rps']))" ;;
    wrk-256x1)
      "$@" /usr/bin/time -f "%U %S" -o "$work/time" "$wrk" -t1 -c256 "-d${wrk_seconds}s" \
        -s "$here/bench/http4_master_gb4.lua" "http://127.0.0.1:$port40/gremlin" >"$work/out"
      if grep -q "Non-2xx\|Socket errors" "$work/out"; then echo "realserver_cost: wrk saw errors:" >&2; cat "$work/out" >&2; exit 1; fi
      awk '/requests in/ { r = $1 } /Requests\/sec/ { s = $2 } END { printf "%d %.0f\n", r, s }' "$work/out" ;;
    *)
      local bin="$tp"
      case "$row" in uring-*) bin="$tp_uring"; row="${row#uring-}" ;; esac
      # shellcheck disable=SC2046
      "$@" /usr/bin/time -f "%U %S" -o "$work/time" "$bin" run --quiet --host 127.0.0.1 $(row_args "$row") \
        --script '1+1' --requests "$n" --executions 1 --warmups 1 --warmupRequests 1000 --pauseBetweenRuns 0 \
        --minExpectedRps 0 >"$work/out"
      echo "$((n + 1000)) $(sed -n 's/^avg req\/sec: //p' "$work/out")" ;;
  esac
}

# The client's system calls, counted by perf's syscall tracepoints in the same run (counting mode:
# no per-call overhead worth the name, unlike strace, whose slowdown lets the server batch more).
events="raw_syscalls:sys_enter"
for c in recvfrom read recvmsg sendto write writev sendmsg epoll_wait epoll_pwait mprotect madvise brk mmap munmap; do events+=",syscalls:sys_enter_$c"; done
perf_ok=0
if [ "${PERF:-1}" != 0 ] && command -v perf >/dev/null && perf stat -e "$events" -o /dev/null -- true 2>/dev/null; then perf_ok=1; fi

# perf wraps /usr/bin/time, so the CPU columns are the client's alone.
# one ROW ROUND: prints "ROW ROUND REQ/S CLIENT_US SERVER_US SYSCALLS RECV SEND EPOLL MEM MEM_STEADY
# CLIENT_SYS_US" (per request but MEM_STEADY; CLIENT_SYS_US: the kernel's share of CLIENT_US)
one() {
  local row="$1" spid t0 t1 sent rps wrap=()
  spid="$(server_pid "$(row_port "$row")")"
  [ "$perf_ok" = 1 ] && wrap=(perf stat -I 250 -x, -e "$events" -o "$work/perf" --)
  rm -f "$work/perf"
  t0="$(awk '{ print $14 + $15 }' "/proc/$spid/stat")"
  client "$row" "${wrap[@]}" >"$work/sent"
  read -r sent rps <"$work/sent"
  t1="$(awk '{ print $14 + $15 }' "/proc/$spid/stat")"
  local sc="- - - - - -"
  if [ -s "$work/perf" ]; then
    sc="$(awk -F, -v n="$sent" '$4 ~ /sys_enter/ { k = ($4 ~ /^raw_/) ? "all" : substr($4, index($4, "sys_enter_") + 10); c[k] += $2
        if (k ~ /^(mprotect|madvise|brk|mmap|munmap)$/ && $1 + 0 > 1.0) steady += $2 }
      END { printf "%.3f %.3f %.3f %.3f %.4f %d", c["all"] / n, (c["recvfrom"] + c["read"] + c["recvmsg"]) / n,
            (c["sendto"] + c["write"] + c["writev"] + c["sendmsg"]) / n, (c["epoll_wait"] + c["epoll_pwait"]) / n,
            (c["mprotect"] + c["madvise"] + c["brk"] + c["mmap"] + c["munmap"]) / n, steady }' "$work/perf")"
  fi
  awk -v row="$row" -v r="$2" -v rps="${rps:-0}" -v n="$sent" -v dt=$((t1 - t0)) -v hz="$hz" -v sc="$sc" \
    '{ printf "%-12s %5d %10.0f %10.2f %10.2f  %s %.2f\n", row, r, rps, ($1 + $2) / n * 1e6, dt / hz / n * 1e6, sc, $2 / n * 1e6 }' "$work/time"
}

echo "# realserver_cost: $rounds rounds x $n requests of 1+1; rows: $rows"
echo "# servers: $( [ "$need37" = 1 ] && echo "3.7.5 on $port37 (pid $(server_pid "$port37"))" ) $( [ "$need40" = 1 ] && echo "4.0 master on $port40 (pid $(server_pid "$port40"))" )"
echo "# warming each server (one untimed run per row)"
for r in $rows; do one "$r" 0 >/dev/null; done
printf '%-12s %5s %10s %10s %10s  %s\n' row round req/s client_us server_us "syscalls receive send epoll mem_mgmt (per request) mem_steady (count) client_sys_us"
: > "$work/rows"
for round in $(seq "$rounds"); do
  order="$rows"
  [ $((round % 2)) = 0 ] && order="$(echo "$rows" | tr ' ' '\n' | tac | tr '\n' ' ')"
  for r in $order; do one "$r" "$round" | tee -a "$work/rows"; done
done
awk '{ k[$1]++; rps[$1] += $3; c[$1] += $4; s[$1] += $5; sc[$1] += $6; m[$1] += $10; ms[$1] += $11; sy[$1] += $12
       if (!(($1) in mn) || $4 < mn[$1]) mn[$1] = $4; if ($4 > mx[$1]) mx[$1] = $4 }
  END { for (r in k) printf "%-12s mean req/s %.0f, client %.2f us/request (%.2f-%.2f; kernel %.2f), server %.2f us/request, syscalls %.3f/request (memory management %.4f; %.1f calls after the first second)\n",
        r, rps[r] / k[r], c[r] / k[r], mn[r], mx[r], sy[r] / k[r], s[r] / k[r], sc[r] / k[r], m[r] / k[r], ms[r] / k[r] }' "$work/rows" | sort
[ "$perf_ok" = 1 ] || echo "# syscall columns empty: perf's syscall tracepoints are not available here (PERF=0, no perf, or no tracefs)"
