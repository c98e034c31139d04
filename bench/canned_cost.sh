#!/usr/bin/env bash
# What bench_canned_server (bench/canned_server.cpp, bench/workers.sh PEER=canned) costs per request,
# in counts that do not depend on the machine's load: it records `tpbench serve`'s answers to
# bench/workers.sh's rows once, then for each row runs the canned server alone (answering from the
# recording) while one plain `tpbench run` drives it (not counted):
#   callgrind   valgrind --tool=callgrind on the canned server, runs of N1 and N2 requests;
#               instructions/request = (Ir(N2) - Ir(N1)) / (served(N2) - served(N1))
#   strace -c   the canned server under `strace -c` for a run of N2 requests: every syscall of the
#               process (start-up and shutdown included) per served request, and the five most made
#   loop        an untraced run of N2 requests: the serving loop's own epoll_pwait / recv / send
#               counts per request (from its exit summary)
# How many requests one recv() carries depends on timing (pipelined ws37 more than http4 with one
# request in flight per connection), so the syscall rows are what this run saw, not a constant.
#
#   bench/canned_cost.sh [ROWS...]      (default: http4 ws37 — bench/workers.sh's rows)
#
# Environment: TPBENCH (default build/src/cli/tpbench), CANNED (default
# build/bench/bench_canned_server), N1/N2 (default 2000/20000), W (the client's --nioPoolSize,
# default 1). Everything binds to 127.0.0.1; every run is bounded in requests and time.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tp="${TPBENCH:-$here/build/src/cli/tpbench}"
canned="${CANNED:-$here/build/bench/bench_canned_server}"
n1="${N1:-2000}"
n2="${N2:-20000}"
w="${W:-1}"
rows=("$@")
[ ${#rows[@]} -gt 0 ] || rows=(http4 ws37)
for x in "$tp" "$canned"; do [ -x "$x" ] || { echo "canned_cost: $x is not built (scripts/build)" >&2; exit 1; }; done
command -v valgrind >/dev/null || { echo "canned_cost: valgrind not found" >&2; exit 1; }
command -v strace >/dev/null || { echo "canned_cost: strace not found" >&2; exit 1; }
# shellcheck source=bench/lib.sh
. "$here/bench/lib.sh"
bench_work_dir

pool_args() {  # bench/workers.sh's rows
  if [ "$1" = http4 ]; then
    pool=(--maxConnectionPoolSize 16 --option body=json)
  else
    pool=(--minConnectionPoolSize 4 --maxConnectionPoolSize 4 --maxInProcessPerConnection 16
          --maxSimultaneousUsagePerConnection 16)
  fi
}
# drive BACKEND N PORT OUT: one bounded `tpbench run`; fails the script when a request failed
drive() {
  local pool
  pool_args "$1"
  timeout -k 5 300 "$tp" run --quiet --backend "$1" --host 127.0.0.1 --port "$3" --nioPoolSize "$w" "${pool[@]}" \
    --requests "$2" --executions 1 --warmups 0 --pauseBetweenRuns 0 --minExpectedRps 0 >"$4" 2>&1 ||
    { echo "canned_cost: run ($1, $2 requests) failed:" >&2; tail -5 "$4" >&2; exit 1; }
  grep -q "^requests: $2 issued, $2 completed, 0 failed" "$4" ||
    { echo "canned_cost: run ($1, $2 requests): $(grep '^requests:' "$4")" >&2; exit 1; }
}
# served LOG: requests the canned server answered (http4 + ws37) from its exit summary
served() { sed -n 's/.*served: http4 \([0-9]*\) ([0-9]* unknown), ws37 \([0-9]*\) .*/\1 \2/p' "$1" | awk '{ print $1 + $2 }'; }

# Record once: a recording canned server between tpbench run and tpbench serve, then serve goes.
bench_start_server canned_cost --evaluationTimeout 0
bench_start_canned canned_cost record --record-from "127.0.0.1:$port" --save "$work/cache" --seconds 300
for row in "${rows[@]}"; do drive "$row" 200 "$canned_port" "$work/record.run"; done
bench_stop_canned
kill -TERM "$server_pid" 2>/dev/null || true
wait "$server_pid" 2>/dev/null || true
server_pid=""

# under NAME BACKEND N WRAPPER...: the canned server (wrapped) answers one run; prints its summary file
under() {
  local name="$1" backend="$2" n="$3"; shift 3
  "$@" "$canned" --cache "$work/cache" --seconds 900 >"$work/$name.out" 2>"$work/$name.err" &
  local pid=$! cport="" _
  for _ in $(seq 1 300); do
    cport="$(sed -n 's/^port \([0-9]*\)$/\1/p' "$work/$name.out" 2>/dev/null)"
    [ -n "$cport" ] && break
    sleep 0.1
  done
  [ -n "$cport" ] || { echo "canned_cost: bench_canned_server did not start" >&2; cat "$work/$name.err" >&2; exit 1; }
  drive "$backend" "$n" "$cport" "$work/$name.run"
  # The canned server itself (strace's child when traced; valgrind runs in the same process).
  local target="$pid"
  if [ "${1:-}" = strace ]; then target="$(cat "/proc/$pid/task/$pid/children")"; fi
  kill -TERM $target
  wait "$pid" || true
  echo "$work/$name.err"
}

echo "bench_canned_server per request: client --nioPoolSize $w, N1 $n1, N2 $n2 (rows as bench/workers.sh)"
for row in "${rows[@]}"; do
  a="$(under "cg1.$row" "$row" "$n1" valgrind --tool=callgrind --callgrind-out-file="$work/cg1.$row")"
  b="$(under "cg2.$row" "$row" "$n2" valgrind --tool=callgrind --callgrind-out-file="$work/cg2.$row")"
  ir1="$(sed -n 's/^summary: //p; s/^totals: //p' "$work/cg1.$row" | head -1)"
  ir2="$(sed -n 's/^summary: //p; s/^totals: //p' "$work/cg2.$row" | head -1)"
  python3 -c "
d = $(served "$b") - $(served "$a")
print(f'$row callgrind: {($ir2 - $ir1) / d:,.0f} instructions/request (Ir {$ir1:,} @ {$(served "$a")} served, {$ir2:,} @ {$(served "$b")} served)')"
  s="$(under "st.$row" "$row" "$n2" strace -c -o "$work/strace.$row")"
  # strace -c columns: % time, seconds, usecs/call, calls, [errors], syscall
  total="$(awk '$NF == "total" { print $4 }' "$work/strace.$row")"
  by_name="$(awk 'NR > 2 && $1 !~ /^-/ && $NF != "total" { print $4, $NF }' "$work/strace.$row" | sort -rn |
             head -5 | awk '{ printf "%s %s, ", $2, $1 }')"
  python3 -c "
r = $(served "$s")
print(f'$row strace -c: {$total / r:.3f} syscalls/request ({$total} calls, {r} served; most: ${by_name%, })')"
  l="$(under "loop.$row" "$row" "$n2")"
  python3 -c "
import re
line = open('$l').read()
r = $(served "$l")
m = re.search(r'epoll_pwait (\d+), recv (\d+), send (\d+)', line)
e, rv, sd = (int(x) for x in m.groups())
print(f'$row loop (untraced): {e / r:.3f} epoll_pwait + {rv / r:.3f} recv + {sd / r:.3f} send = {(e + rv + sd) / r:.3f} per request ({r} served)')"
done
