# Shared by the bench scripts that run against `tpbench serve` on 127.0.0.1 (bash; source it):
#
#   bench_wait_port LOG        waits (at most 10 s) until the `tpbench serve --port 0` writing LOG
#                              announces "listening on HOST:PORT ...", then prints PORT (nothing
#                              if it did not announce one)
#   bench_work_dir             work=$(mktemp -d), server_pid="", and an EXIT trap that stops the
#                              server (SIGTERM) and removes $work
#   bench_start_server NAME ARGS...
#                              with $tp and $work set: starts `$tp serve --host 127.0.0.1 --port 0
#                              ARGS...` (output in $work/server.log) and sets server_pid and port;
#                              a server that announces no port ends the script ("NAME: the server
#                              did not start" and its log on stderr, exit 1)
#   bench_start_canned NAME LOG ARGS...
#                              with $canned (bench_canned_server) and $work set: starts `$canned
#                              ARGS...` (stdout in $work/LOG.out, stderr in $work/LOG.err) and sets
#                              canned_pid and canned_port (its "port N" line); the EXIT trap of
#                              bench_work_dir stops it (SIGTERM); one that announces no port ends
#                              the script ("NAME: bench_canned_server did not start", exit 1)
#   bench_stop_canned          SIGTERM to canned_pid, waits for it (its summary is in LOG.err)
#   bench_cpu_ticks PID        the CPU (user+sys, all its threads) process PID has used so far, in
#                              clock ticks (getconf CLK_TCK per second), from /proc/PID/stat
#   bench_callgrind_setup NAME the callgrind scripts' settings: tp ($TPBENCH, default
#                              build/src/cli/tpbench), n1/n2 ($N1/$N2, default 2000/8000), depth
#                              ($DEPTH, default 10); ends the script ("NAME: ...", exit 1) when tp
#                              is not built or valgrind is missing
#   bench_per_result LABEL IR1 IR2 RUN1 RUN2
#                              the callgrind scripts' deep row: prints "LABEL times($depth): N
#                              instructions/result (...)", N = (IR2 - IR1) over the difference of
#                              the results the two `tpbench run` outputs RUN1 (times(1)) and RUN2
#                              (times($depth)) report

bench_wait_port() {
  local log="$1" _
  for _ in $(seq 1 100); do grep -q "listening on" "$log" && break; sleep 0.1; done
  sed -n 's/.*listening on [^ ]*:\([0-9]*\) .*/\1/p' "$log" | head -1
}

bench_cpu_ticks() {
  awk '{ print $14 + $15 }' "/proc/$1/stat"
}

bench_cleanup() {
  [ -n "$server_pid" ] && kill -TERM "$server_pid" 2>/dev/null || true
  [ -n "${canned_pid:-}" ] && kill -TERM "$canned_pid" 2>/dev/null || true
  rm -rf "$work"
}

bench_work_dir() {
  work="$(mktemp -d)"
  server_pid=""
  trap bench_cleanup EXIT
}

bench_start_server() {
  local name="$1"; shift
  "$tp" serve --host 127.0.0.1 --port 0 "$@" >"$work/server.log" 2>&1 &
  server_pid=$!
  port="$(bench_wait_port "$work/server.log")"
  [ -n "$port" ] || { echo "$name: the server did not start" >&2; cat "$work/server.log" >&2; exit 1; }
}

bench_start_canned() {
  local name="$1" log="$2" _; shift 2
  "$canned" "$@" >"$work/$log.out" 2>"$work/$log.err" &
  canned_pid=$!
  canned_port=""
  for _ in $(seq 1 100); do
    canned_port="$(sed -n 's/^port \([0-9]*\)$/\1/p' "$work/$log.out" 2>/dev/null | head -1)"
    [ -n "$canned_port" ] && break
    kill -0 "$canned_pid" 2>/dev/null || break
    sleep 0.1
  done
  [ -n "$canned_port" ] || { echo "$name: bench_canned_server did not start" >&2; cat "$work/$log.err" >&2; exit 1; }
}

bench_stop_canned() {
  [ -n "${canned_pid:-}" ] || return 0
  kill -TERM "$canned_pid" 2>/dev/null || true
  wait "$canned_pid" 2>/dev/null || true
  canned_pid=""
}

bench_callgrind_setup() {
  tp="${TPBENCH:-$here/build/src/cli/tpbench}"
  n1="${N1:-2000}"
  n2="${N2:-8000}"
  depth="${DEPTH:-10}"
  [ -x "$tp" ] || { echo "$1: $tp is not built (scripts/build)" >&2; exit 1; }
  command -v valgrind >/dev/null || { echo "$1: valgrind not found" >&2; exit 1; }
}

bench_per_result() {
  local label="$1" a="$2" b="$3" r1 r2
  r1="$(sed -n 's/^results: \([0-9]*\).*/\1/p' "$4" | head -1)"
  r2="$(sed -n 's/^results: \([0-9]*\).*/\1/p' "$5" | head -1)"
  python3 -c "
r1, r2 = int('${r1:-0}' or 0), int('${r2:-0}' or 0)
per = ($b-$a)/(r2-r1) if r2 > r1 else float('nan')
print(f'$label times($depth): {per:,.1f} instructions/result (Ir {$a:,} @ times(1) {r1} results, {$b:,} @ times($depth) {r2} results)')"
}
