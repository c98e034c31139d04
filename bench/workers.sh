#!/usr/bin/env bash
# How req/s and client CPU per request change with --nioPoolSize (engine worker
# threads, one io_context each), 1 vs 2 by default, against ONE `tpbench serve` process that is
# given more threads than the client so that it is not the bottleneck. Interleaved rounds
# (the worker order alternates each round), every run bounded in requests and in time.
#
#   bench/workers.sh [ROUNDS] [REQUESTS] [WORKERS...]     (defaults 3 rounds, 200000 requests, 1 2)
#
# Rows, per round and worker count:
#   http4 `1+1`, 16 connections (split across the workers), JSON body
#   ws37  `1+1`, 4 connections x 16 in flight (split across the workers)
# Columns: req/s (tpbench's own figure), client CPU per request (user+sys of the client process
# from /usr/bin/time, over requests + warm-up), client cores used (CPU / wall), server CPU per
# request (utime+stime of the server process from /proc/PID/stat over the same run) and server
# cores used. "server cores" near the server's thread count means the server limited the run:
# read the row as the server's, not the generator's.
#
# PEER=canned runs the same rows against bench_canned_server (bench/canned_server.cpp: one thread,
# epoll, answers from a cache, a few us of CPU per request) instead of `tpbench serve` (~10 us per
# http4 request, which limits this 2-core machine): the script starts `tpbench serve`, records its
# answers to the rows' requests through a recording canned server (one short run per backend with
# the rows' options), stops `tpbench serve`, and measures against a canned server that answers from
# that recording alone. The server columns are then the canned server's (one thread: "server
# cores" near 1.0 means it limited the run).
#
# Environment: TPBENCH (default build/src/cli/tpbench), PEER (serve (default) or canned), CANNED
# (default build/bench/bench_canned_server), SERVER_THREADS (default 2: serve's --threadPoolWorker
# and --gremlinPool), RUN_TIMEOUT (seconds per run, default 120).
# Run it on an idle machine; read the ratios (2 workers / 1 worker), not the absolute figures.
# With tiny counts (e.g. `bench/workers.sh 1 2000`) it only checks that everything runs.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tp="${TPBENCH:-$here/build/src/cli/tpbench}"
rounds="${1:-3}"
n="${2:-200000}"
shift $(( $# >= 2 ? 2 : $# ))
workers=("$@")
[ ${#workers[@]} -gt 0 ] || workers=(1 2)
server_threads="${SERVER_THREADS:-2}"
run_timeout="${RUN_TIMEOUT:-120}"
peer="${PEER:-serve}"
canned="${CANNED:-$here/build/bench/bench_canned_server}"
[ -x "$tp" ] || { echo "workers: $tp is not built (scripts/build)" >&2; exit 1; }
case "$peer" in
  serve) ;;
  canned) [ -x "$canned" ] || { echo "workers: $canned is not built (scripts/build)" >&2; exit 1; } ;;
  *) echo "workers: PEER must be serve or canned, not '$peer'" >&2; exit 1 ;;
esac
# shellcheck source=bench/lib.sh
. "$here/bench/lib.sh"
bench_work_dir
bench_start_server workers --evaluationTimeout 0 --threadPoolWorker "$server_threads" --gremlinPool "$server_threads"
tick="$(getconf CLK_TCK)"

# pool_args BACKEND: the row's connection options in pool=()
pool_args() {
  if [ "$1" = http4 ]; then
    pool=(--maxConnectionPoolSize 16 --option body=json)
  else
    pool=(--minConnectionPoolSize 4 --maxConnectionPoolSize 4 --maxInProcessPerConnection 16
          --maxSimultaneousUsagePerConnection 16)
  fi
}
# failed_of RUN_OUTPUT: the "N failed" of tpbench run's summary (empty when there is none)
failed_of() { sed -n 's/^requests: .* \([0-9]*\) failed.*/\1/p' "$1" | head -1; }

if [ "$peer" = canned ]; then
  # Record: each row's requests once through a recording canned server, then answer from the file.
  bench_start_canned workers record --record-from "127.0.0.1:$port" --save "$work/canned.cache" --seconds 300
  for backend in http4 ws37; do
    pool_args "$backend"
    timeout -k 5 "$run_timeout" "$tp" run --quiet --backend "$backend" --host 127.0.0.1 --port "$canned_port" \
      --nioPoolSize 1 "${pool[@]}" --requests 200 --executions 1 --warmups 0 --pauseBetweenRuns 0 \
      --minExpectedRps 0 >"$work/record.out" 2>"$work/record.err" || {
        echo "workers: the recording run ($backend) failed:" >&2; cat "$work/record.out" "$work/record.err" >&2; exit 1; }
    [ "$(failed_of "$work/record.out")" = 0 ] || {
      echo "workers: the recording run ($backend) had failures:" >&2; cat "$work/record.out" "$work/record.err" >&2; exit 1; }
  done
  bench_stop_canned
  kill -TERM "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  recorded="$(grep -c '^http4 \|^ws37 ' "$work/canned.cache" || true)"
  serve_port="$port"
  bench_start_canned workers canned --cache "$work/canned.cache" \
    --seconds $(( rounds * 2 * ${#workers[@]} * (run_timeout + 10) + 60 ))
  server_pid="$canned_pid" port="$canned_port" canned_pid=""
  echo "server: bench_canned_server pid $server_pid on 127.0.0.1:$port (one thread; $recorded responses recorded" \
    "from tpbench serve on port $serve_port, now stopped); rounds $rounds, requests $n, workers ${workers[*]};" \
    "$(nproc) cores"
else
  echo "server: tpbench serve pid $server_pid on 127.0.0.1:$port (--threadPoolWorker $server_threads" \
    "--gremlinPool $server_threads); rounds $rounds, requests $n, workers ${workers[*]}; $(nproc) cores"
fi

server_ticks() { bench_cpu_ticks "$server_pid"; }
warm=1000
# one_run BACKEND WORKERS -> "REQ_PER_S CLIENT_US_PER_REQ CLIENT_CORES SERVER_US_PER_REQ SERVER_CORES"
one_run() {
  local backend="$1" w="$2" pool
  pool_args "$backend"
  local s0 s1
  s0="$(server_ticks)"
  timeout -k 5 "$run_timeout" /usr/bin/time -f "%e %U %S" -o "$work/time" "$tp" run --quiet \
    --backend "$backend" --host 127.0.0.1 --port "$port" --nioPoolSize "$w" "${pool[@]}" \
    --requests "$n" --executions 1 --warmups 1 --pauseBetweenRuns 0 --minExpectedRps 0 \
    >"$work/run.out" 2>"$work/run.err" || { echo "workers: run failed ($backend, $w workers):" >&2;
                                            cat "$work/run.err" >&2; echo "0 0 0 0 0"; return; }
  s1="$(server_ticks)"
  local failed; failed="$(failed_of "$work/run.out")"
  [ "${failed:-0}" = 0 ] || echo "workers: $backend, $w workers: $failed requests failed" \
    "($(grep '^errors:' "$work/run.out" | head -1))" >&2
  local rps; rps="$(sed -n 's/^avg req\/sec: //p' "$work/run.out")"
  awk -v n="$n" -v w="$warm" -v r="${rps:-0}" -v ds="$((s1 - s0))" -v tk="$tick" '{
    req = n + w; wall = ($1 > 0 ? $1 : 1e-9)
    printf "%s %.2f %.2f %.2f %.2f\n", r, ($2 + $3) / req * 1e6, ($2 + $3) / wall, ds / tk / req * 1e6, ds / tk / wall }' \
    "$work/time"
}

declare -A sum cnt
add() { sum[$1]=$(python3 -c "print(${sum[$1]:-0}+$2)"); cnt[$1]=$(( ${cnt[$1]:-0} + 1 )); }
fmt='%-7s %7s %6s %10s %14s %12s %14s %12s\n'
printf "$fmt" backend workers round req/s client_us/req client_cores server_us/req server_cores
for r in $(seq 1 "$rounds"); do
  order=("${workers[@]}")
  if [ $((r % 2)) -eq 0 ]; then order=(); for ((i=${#workers[@]}-1; i>=0; i--)); do order+=("${workers[$i]}"); done; fi
  for backend in http4 ws37; do
    for w in "${order[@]}"; do
      read -r a b c d e < <(one_run "$backend" "$w")
      for k in rps:$a cpu:$b cores:$c scpu:$d scores:$e; do add "$backend.$w.${k%%:*}" "${k#*:}"; done
      printf "$fmt" "$backend" "$w" "$r" "$a" "$b" "$c" "$d" "$e"
    done
  done
done

mean() { python3 -c "print(${sum[$1]:-0}/max(1,${cnt[$1]:-0}))"; }
echo
echo "== means over $rounds rounds (ratio = against ${workers[0]} worker(s))"
printf "$fmt" backend workers "" req/s client_us/req client_cores server_us/req server_cores
for backend in http4 ws37; do
  base_rps="$(mean "$backend.${workers[0]}.rps")"; base_cpu="$(mean "$backend.${workers[0]}.cpu")"
  for w in "${workers[@]}"; do
    rps="$(mean "$backend.$w.rps")"; cpu="$(mean "$backend.$w.cpu")"
    printf "$fmt" "$backend" "$w" "" "$(printf %.0f "$rps")" "$(printf %.2f "$cpu")" \
      "$(printf %.2f "$(mean "$backend.$w.cores")")" "$(printf %.2f "$(mean "$backend.$w.scpu")")" \
      "$(printf %.2f "$(mean "$backend.$w.scores")")"
  done
  for w in "${workers[@]:1}"; do
    python3 -c "
b_r,b_c,r,c=$base_rps,$base_cpu,$(mean "$backend.$w.rps"),$(mean "$backend.$w.cpu")
print(f'$backend: $w workers vs ${workers[0]}: req/s {r/max(b_r,1e-9):.2f}x, client CPU/request {c/max(b_c,1e-9):.2f}x')"
  done
done
if [ "$peer" = canned ]; then
  kill -TERM "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
  echo "canned server: $(sed -n 's/^bench_canned_server: //p' "$work/canned.err" | tail -1)"
fi
