#!/usr/bin/env bash
# The server's congestion control A/B on one deep stream (session 8, docs/performance.md): two
# `tpbench serve` processes from one build on 127.0.0.1, `--tcp-congestion auto` (CUBIC on a
# loopback listener when the system default is BBR) and `--tcp-congestion system`, and per round
# and backend one `g.V().repeat(both()).times(DEPTH)` request against each, interleaved.
#
#   bench/deep_congestion.sh [ROUNDS] [DEPTH]      (defaults 3 rounds, depth 18)
#
# Prints per run: the client's wall, its CPU (user+sys) and peak RSS (/usr/bin/time), and the
# server's CPU over the run (all its threads, /proc/PID/stat). Run it on an idle machine.
# Environment: TPBENCH (default build/src/cli/tpbench).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tp="${TPBENCH:-$here/build/src/cli/tpbench}"
rounds="${1:-3}"
depth="${2:-18}"
[ -x "$tp" ] || { echo "deep_congestion: $tp is not built (scripts/build)" >&2; exit 1; }
work="$(mktemp -d)"
pids=()
trap 'kill -TERM "${pids[@]}" 2>/dev/null || true; rm -rf "$work"' EXIT
# shellcheck source=bench/lib.sh
. "$here/bench/lib.sh"
declare -A port pid
for cc in auto system; do
  "$tp" serve --host 127.0.0.1 --port 0 --evaluationTimeout 0 --tcp-congestion "$cc" >"$work/$cc.log" 2>&1 &
  pid[$cc]=$!
  pids+=("$!")
  port[$cc]="$(bench_wait_port "$work/$cc.log")"
  [ -n "${port[$cc]}" ] || { echo "deep_congestion: the $cc server did not start" >&2; cat "$work/$cc.log" >&2; exit 1; }
done
echo "system default: $(cat /proc/sys/net/ipv4/tcp_congestion_control 2>/dev/null || echo unknown)"
grep -h "TCP congestion" "$work/auto.log" || echo "auto: the listener kept the system default"
hz="$(getconf CLK_TCK)"
printf '%-6s %-7s %5s %8s %12s %10s %12s\n' backend server round wall_s client_cpu_s rss_KiB server_cpu_s
for r in $(seq "$rounds"); do
  for b in ws37 http4; do
    for cc in auto system; do
      before="$(bench_cpu_ticks "${pid[$cc]}")"
      /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$tp" run --quiet --backend "$b" --host 127.0.0.1 \
        --port "${port[$cc]}" --testType 0 --script "g.V().repeat(both()).times($depth)" --executions 1 \
        --warmups 0 --pauseBetweenRuns 0 >"$work/run.out"
      after="$(bench_cpu_ticks "${pid[$cc]}")"
      read -r w u s m <"$work/time"
      awk -v b="$b" -v c="$cc" -v r="$r" -v w="$w" -v u="$u" -v s="$s" -v m="$m" -v d=$((after - before)) -v hz="$hz" \
        'BEGIN { printf "%-6s %-7s %5d %8.2f %12.2f %10d %12.2f\n", b, c, r, w, u + s, m, d / hz }'
    done
  done
done
