#!/usr/bin/env bash
# Server-side cost of http4 `1+1`: starts `tpbench serve` (1 I/O thread, gremlinPool 1) on an
# ephemeral 127.0.0.1 port, runs wrk -c16 for a fixed time, and divides the requests by the
# server's CPU seconds (utime+stime from /proc/PID/stat) => req/s per server core.
# Usage: bench/server_wrk.sh path/to/tpbench [seconds]
set -euo pipefail
bin="${1:?usage: $0 path/to/tpbench [seconds]}"
secs="${2:-5}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=bench/lib.sh
. "$here/lib.sh"
out="$(mktemp)"
"$bin" serve --host 127.0.0.1 --port 0 --threadPoolWorker 1 --gremlinPool 1 >"$out" 2>/dev/null &
pid=$!
trap 'kill -TERM $pid 2>/dev/null || true; rm -f "$out"' EXIT
port="$(bench_wait_port "$out")"
[ -n "$port" ] || { echo "server did not start" >&2; exit 1; }
tick="$(getconf CLK_TCK)"
cpu() { bench_cpu_ticks "$pid"; }
# Warm-up (also teaches the server that `1+1` is cheap).
wrk -t1 -c16 -d1s -s "$here/server_http4_1plus1.lua" "http://127.0.0.1:$port/gremlin" >/dev/null
c0="$(cpu)"
res="$(wrk -t1 -c16 -d"${secs}s" -s "$here/server_http4_1plus1.lua" "http://127.0.0.1:$port/gremlin")"
c1="$(cpu)"
echo "$res"
reqs="$(echo "$res" | sed -n 's/^ *\([0-9]*\) requests in.*/\1/p')"
awk -v r="$reqs" -v c0="$c0" -v c1="$c1" -v t="$tick" -v s="$secs" 'BEGIN {
  cpu = (c1 - c0) / t; printf "server CPU %.2f s over %d s; %d requests => %.0f req/s per server core\n", cpu, s, r, r / cpu }'
