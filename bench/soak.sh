#!/usr/bin/env bash
# Soak: both client backends at a steady rate for a long time against
# `tpbench serve` with faults mixed in, sampling every process's RSS and open descriptors from
# /proc, then a verdict: did they stay flat?
#
#   bench/soak.sh [--duration S] [--rate R] [--interval S] [--script GREMLIN] [--fault SPEC]...
#
# Defaults: 1800 s (30 min), 300 req/s per backend, a sample every 5 s, g.V() (6 results), faults
# status=503:0.01 status=500:0.005 status=429:0.005 drop-after-results=3:0.001 (given --fault
# options replace them all; --fault none runs without faults).
# Per backend (ws37, http4, at the same time): one `tpbench serve --port 0` with the faults and one
# `tpbench run --rate R --duration S` against it, so each process's figures are its own.
# Environment: TPBENCH (default build/src/cli/tpbench), SOAK_DIR (keep the samples there; default a
# temporary directory removed at the end).
#
# Flatness rule (per process, RSS and fds separately). Samples of the first max(60 s, 10 %) of the
# run are warm-up and ignored; the rest is cut into thirds. RSS is flat when the median of the last
# third exceeds the median of the first third by at most max(4 MiB, 5 %), and the largest sample of
# the last third exceeds the largest of the first third by at most the same margin (no late spike).
# fds are flat when their floor does not rise — the smallest count of the last third is at most the
# smallest of the first third + 2 (leaked descriptors accumulate) — and the largest count of the
# last third stays within the largest of the first third + 2 or the connection bound (the pool's
# 256 connections + 32 for the process's own descriptors), whichever is higher: a pool retires
# connections the server drops and reopens them on demand, so it may shrink for minutes and then
# open up to its bound in a burst (e.g. a latency hiccup on a shared machine). The slope of
# a least-squares line through the post-warm-up RSS samples is printed for information. Exit status:
# 0 when every process stayed flat and both clients ended normally, 1 otherwise.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tp="${TPBENCH:-$here/build/src/cli/tpbench}"
duration=1800
rate=300
interval=5
pool=256  # maxConnectionPoolSize of each client (the descriptor bound of the fds rule)
script='g.V()'
faults=()
faults_given=0
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --rate) rate="$2"; shift 2 ;;
    --interval) interval="$2"; shift 2 ;;
    --script) script="$2"; shift 2 ;;
    --fault) faults_given=1; [ "$2" = none ] || faults+=("$2"); shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "soak: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[ "$faults_given" = 1 ] || faults=("status=503:0.01" "status=500:0.005" "status=429:0.005" "drop-after-results=3:0.001")
[ -x "$tp" ] || { echo "soak: $tp is not built (scripts/build)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "soak: needs python3" >&2; exit 1; }
for v in "$duration" "$rate" "$interval"; do
  [[ "$v" =~ ^[0-9]+$ ]] && [ "$v" -gt 0 ] || { echo "soak: --duration/--rate/--interval must be positive integers" >&2; exit 2; }
done

if [ -n "${SOAK_DIR:-}" ]; then work="$SOAK_DIR"; mkdir -p "$work"; keep=1; else work="$(mktemp -d)"; keep=0; fi
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  [ "$keep" = 1 ] || rm -rf "$work"
}
trap cleanup EXIT

fault_args=()
for f in "${faults[@]}"; do fault_args+=(--fault "$f"); done
backends=(ws37 http4)
declare -A srv_pid cli_pid cli_wrap port

for b in "${backends[@]}"; do
  "$tp" serve --host 127.0.0.1 --port 0 --fault-seed 11 "${fault_args[@]}" >"$work/serve-$b.out" 2>"$work/serve-$b.err" &
  srv_pid[$b]=$!
  pids+=("${srv_pid[$b]}")
  p=""
  for _ in $(seq 1 100); do
    p="$(grep -o 'listening on 127.0.0.1:[0-9]*' "$work/serve-$b.out" 2>/dev/null | head -1 | sed 's/.*://')" || true
    [ -n "$p" ] && break
    sleep 0.1
  done
  [ -n "$p" ] || { echo "soak: serve for $b did not start" >&2; cat "$work/serve-$b.err" >&2; exit 1; }
  port[$b]="$p"
done

for b in "${backends[@]}"; do
  extra=()
  [ "$b" = http4 ] && extra=(--option dialect=4.0)
  # The run itself is bounded: rate mode ends after --duration; the timeout is a safety net.
  timeout $((duration + 120)) "$tp" run --quiet --backend "$b" --host 127.0.0.1 --port "${port[$b]}" \
    --script "$script" --rate "$rate" --duration "$duration" --requestTimeout 5000 \
    --maxConnectionPoolSize "$pool" "${extra[@]}" \
    --format json >"$work/run-$b.json" 2>"$work/run-$b.err" &
  wrapper=$!
  pids+=("$wrapper")
  # Sample tpbench itself, not the `timeout` wrapper around it.
  child=""
  for _ in $(seq 1 100); do
    child="$(pgrep -P "$wrapper" | head -1)" || true
    [ -n "$child" ] && break
    sleep 0.05
  done
  [ -n "$child" ] || { echo "soak: the $b client did not start" >&2; cat "$work/run-$b.err" >&2; exit 1; }
  cli_pid[$b]="$child"
  cli_wrap[$b]="$wrapper"
done

echo "soak: $duration s at $rate req/s per backend, script '$script', faults: ${faults[*]:-none}"
echo "soak: servers ws37=${srv_pid[ws37]} (port ${port[ws37]}) http4=${srv_pid[http4]} (port ${port[http4]}); clients ws37=${cli_pid[ws37]} http4=${cli_pid[http4]}; sample every $interval s"

# sample NAME PID T : one line "T rss_kib fds" into $work/NAME.tsv while the process lives.
sample() {
  local name="$1" pid="$2" t="$3" rss fds
  [ -r "/proc/$pid/status" ] || return 0
  rss="$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null)" || return 0
  fds="$(ls "/proc/$pid/fd" 2>/dev/null | wc -l)" || return 0
  [ -n "$rss" ] && echo "$t $rss $fds" >>"$work/$name.tsv"
}
start=$(date +%s)
next_report=$((start + 300))
while :; do
  now=$(date +%s)
  t=$((now - start))
  alive=0
  for b in "${backends[@]}"; do
    sample "server-$b" "${srv_pid[$b]}" "$t"
    if kill -0 "${cli_pid[$b]}" 2>/dev/null; then
      alive=1
      sample "client-$b" "${cli_pid[$b]}" "$t"
    fi
  done
  [ "$alive" = 1 ] || break
  if [ "$now" -ge "$next_report" ]; then
    line="soak: t=${t}s"
    for f in "$work"/*.tsv; do n="$(basename "$f" .tsv)"; line+=" $n=$(tail -1 "$f" | awk '{printf "%.1fMiB/%dfd", $2/1024, $3}')"; done
    echo "$line"
    next_report=$((now + 300))
  fi
  sleep "$interval"
done

rc=0
for b in "${backends[@]}"; do
  if wait "${cli_wrap[$b]}"; then crc=0; else crc=$?; fi
  echo "$crc" >"$work/run-$b.rc"
done
python3 - "$work" "$duration" "$rate" "$pool" <<'PY' || rc=1
import json, os, statistics, sys
work, duration, rate, pool = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
ok = True

def load(name):
    rows = []
    with open(os.path.join(work, name + ".tsv")) as f:
        for line in f:
            t, rss, fds = line.split()
            rows.append((int(t), int(rss), int(fds)))
    return rows

def verdict(rows):
    warm = max(60, duration // 10)
    post = [r for r in rows if r[0] >= warm]
    if len(post) < 6:
        return None
    n = len(post) // 3
    first, last = post[:n], post[-n:]
    def med(xs, i): return statistics.median(x[i] for x in xs)
    m1, m3 = med(first, 1), med(last, 1)
    margin = max(4096, 0.05 * m1)
    rss_flat = (m3 - m1) <= margin and (max(x[1] for x in last) - max(x[1] for x in first)) <= margin
    ceiling = max(max(x[2] for x in first) + 2, pool + 32)
    fd_flat = min(x[2] for x in last) <= min(x[2] for x in first) + 2 and max(x[2] for x in last) <= ceiling
    ts = [x[0] for x in post]; rs = [x[1] for x in post]
    mt, mr = statistics.mean(ts), statistics.mean(rs)
    den = sum((t - mt) ** 2 for t in ts)
    slope = sum((t - mt) * (r - mr) for t, r in zip(ts, rs)) / den * 60 if den else 0.0
    return dict(m1=m1, m3=m3, margin=margin, rss_flat=rss_flat, fd_flat=fd_flat, slope=slope,
                samples=len(post))

print()
print(f"{'process':<14} {'samples':>7} {'RSS min':>9} {'RSS max':>9} {'med 1st/3':>9} {'med 3rd/3':>9} "
      f"{'slope':>10} {'fds min':>7} {'fds max':>7}  verdict")
for b in ("ws37", "http4"):
    for role in ("server", "client"):
        name = f"{role}-{b}"
        rows = load(name)
        v = verdict(rows)
        rmin = min(r[1] for r in rows) / 1024; rmax = max(r[1] for r in rows) / 1024
        fmin = min(r[2] for r in rows); fmax = max(r[2] for r in rows)
        if v is None:
            print(f"{name:<14} {len(rows):>7} {rmin:>8.1f}M {rmax:>8.1f}M {'-':>9} {'-':>9} {'-':>10} {fmin:>7} {fmax:>7}  "
                  "too few samples after warm-up (no verdict)")
            ok = False
            continue
        words = ("RSS flat" if v["rss_flat"] else "RSS GREW") + ", " + ("fds flat" if v["fd_flat"] else "fds GREW")
        ok = ok and v["rss_flat"] and v["fd_flat"]
        print(f"{name:<14} {v['samples']:>7} {rmin:>8.1f}M {rmax:>8.1f}M {v['m1']/1024:>8.1f}M {v['m3']/1024:>8.1f}M "
              f"{v['slope']:>+7.1f}K/m {fmin:>7} {fmax:>7}  {words}")
print()
for b in ("ws37", "http4"):
    crc = open(os.path.join(work, f"run-{b}.rc")).read().strip()
    try:
        d = json.load(open(os.path.join(work, f"run-{b}.json")))
        s = d["sides"][0]
        errs = {e["class"]: e["count"] for e in s.get("errors", [])}
        lost = s["requests"] - s["completed"] - s["failed"]
        print(f"client {b}: exit {crc}; requests {s['requests']}, completed {s['completed']}, failed {s['failed']} "
              f"(unaccounted {lost}), results {s['results']}, errors {errs}")
        if lost != 0:
            ok = False
        # The run's own exit status is 1 when requests failed (the injected faults); only other
        # codes (crash, timeout, bad arguments) fail the soak.
        if crc not in ("0", "1"):
            ok = False
    except Exception as e:  # noqa: BLE001 - report what is missing
        print(f"client {b}: exit {crc}; no JSON report ({e}); stderr: "
              + open(os.path.join(work, f"run-{b}.err")).read()[-400:])
        ok = False
print()
print(f"soak verdict: {'FLAT' if ok else 'NOT FLAT'} (rule: bench/soak.sh header)")
sys.exit(0 if ok else 1)
PY
for b in "${backends[@]}"; do
  kill -0 "${srv_pid[$b]}" 2>/dev/null || { echo "soak: the $b server died during the run" >&2; rc=1; }
done
[ "$keep" = 1 ] && echo "soak: samples in $work"
exit "$rc"
