#!/usr/bin/env bash
# Does rate mode hold the offered rate with any pool shape, and what does the
# generator itself add (send lateness = actual hand-off - intended send time)? Runs `tpbench run
# --rate R` for each pool shape x rate against ONE `tpbench serve` on 127.0.0.1 and prints, per
# run: achieved/offered, completed, send lateness p50/p99/max, and tpbench's own saturation verdict.
#
#   bench/pacer.sh [DURATION_S] [RATES]        (defaults 10 s, "1000 5000 20000")
#
# Shapes: ws37 256 x 32 (ProfilingApplication's default pool), ws37 4 x 64, ws37 1 x 64,
# http4 16 x 1, http4 256 x 1. Script `1+1`. Every run is bounded by DURATION_S + 30 s.
# Environment: TPBENCH (default build/src/cli/tpbench). Run on an idle machine; a rate the server
# cannot serve shows as achieved < offered with the server named in the verdict.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tp="${TPBENCH:-$here/build/src/cli/tpbench}"
duration="${1:-10}"
rates="${2:-1000 5000 20000}"
[ -x "$tp" ] || { echo "pacer: $tp is not built (scripts/build)" >&2; exit 1; }
work="$(mktemp -d)"
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill -TERM "$server_pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

"$tp" serve --port 0 >"$work/serve.out" 2>"$work/serve.err" &
server_pid=$!
port=""
for _ in $(seq 300); do
    port=$(grep -o 'listening on 127.0.0.1:[0-9]*' "$work/serve.out" 2>/dev/null | head -1 | sed 's/.*://' || true)
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || { echo "pacer: tpbench serve did not start" >&2; cat "$work/serve.err" >&2; exit 1; }

shapes=(
    "ws37 256 32"
    "ws37 4 64"
    "ws37 1 64"
    "http4 16 1"
    "http4 256 1"
)
printf '%-18s %8s %10s %8s %10s %12s %12s %12s  %s\n' shape offered achieved ratio completed \
    "late p50 ms" "late p99 ms" "late max ms" verdict
for shape in "${shapes[@]}"; do
    read -r backend conns per <<<"$shape"
    extra=()
    [ "$backend" = http4 ] && extra=(--option dialect=4.0)
    for rate in $rates; do
        out="$work/$backend-$conns-$per-$rate.json"
        if ! timeout $((duration + 30)) "$tp" run --backend "$backend" --host 127.0.0.1 --port "$port" \
            --script '1+1' --rate "$rate" --duration "$duration" --minConnectionPoolSize "$conns" \
            --maxConnectionPoolSize "$conns" --maxInProcessPerConnection "$per" \
            --maxSimultaneousUsagePerConnection "$per" "${extra[@]}" --format json >"$out" 2>"$work/run.err"; then
            echo "pacer: $shape at $rate/s failed: $(tail -2 "$work/run.err")" >&2
        fi
        python3 - "$out" "$backend ${conns}x$per" "$rate" <<'PY'
import json, sys
try:
    s = json.load(open(sys.argv[1]))["sides"][0]
except Exception as e:
    print(f"{sys.argv[2]:<18} {sys.argv[3]:>8}  (no report: {e})")
    sys.exit(0)
c = s["config"]
lat = (s.get("histograms") or {}).get("send_lateness") or {}
p = lat.get("percentiles", {})
ms = lambda v: f"{v / 1e6:.3f}" if v is not None else "-"
offered = c.get("offered_rps") or 0
achieved = s.get("throughput_rps") or 0
# A held run's notes say when its sends over 5 ms late were due (start-up, periodic, scattered).
notes = s.get("notes") or ""
verdict = notes if s.get("saturated") and notes else ("saturated" if s.get("saturated") else "held") + (f" ({notes})" if notes else "")
print(f"{sys.argv[2]:<18} {offered:>8.0f} {achieved:>10.1f} {achieved / offered if offered else 0:>8.4f} "
      f"{s['completed']:>10} {ms(p.get('50')):>12} {ms(p.get('99')):>12} {ms(lat.get('max')):>12}  {verdict}")
PY
    done
done
