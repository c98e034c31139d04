#!/usr/bin/env bash
# `mpirun -np NP tpbench-mpi run` vs one
# `tpbench run` at the same total offered rate and the same total connections, against one
# `tpbench serve` process on 127.0.0.1, in interleaved rounds (one, mpi, mpi, one, one, mpi, ...:
# the order alternates so drift hits both). Prints per round and as medians over the rounds: the
# merged corrected-latency p50/p90/p99/p99.9 of both, client CPU per request (user+sys of every
# client process — mpirun, its daemon and all ranks, or the one tpbench process — divided by the
# requests sent, warm-up included; "net" subtracts the CPU of launching an empty MPI job, measured
# apart) and the ratios mpi / one.
#
#   bench/mpi_compare.sh [ROUNDS] [RATE] [DURATION_S] [CONNECTIONS] [NP]
#       defaults: 5 rounds, 2000 req/s, 20 s measured, 8 connections, 2 ranks
#
# Environment: TPBENCH (default build/src/cli/tpbench), TPBENCH_MPI (default build/src/mpi/tpbench-mpi),
# MPIEXEC (default mpirun), BACKEND (ws37 | http4, default ws37), WARMUP (warm-up requests,
# default = RATE, i.e. about one second). Run it on an idle machine; the figures are ratios within
# one run. The merged histogram of the MPI run is the exact merge of the ranks' (docs/distributed.md).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tp="${TPBENCH:-$here/build/src/cli/tpbench}"
tpm="${TPBENCH_MPI:-$here/build/src/mpi/tpbench-mpi}"
mpiexec="${MPIEXEC:-mpirun}"
backend="${BACKEND:-ws37}"
rounds="${1:-5}"
rate="${2:-2000}"
duration="${3:-20}"
conns="${4:-8}"
np="${5:-2}"
warmup="${WARMUP:-$rate}"
warmup="${warmup%.*}"
for b in "$tp" "$tpm"; do [ -x "$b" ] || { echo "mpi_compare: $b is not built (scripts/build)" >&2; exit 1; }; done
command -v "$mpiexec" >/dev/null || { echo "mpi_compare: $mpiexec not found (apt-get install openmpi-bin)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "mpi_compare: /usr/bin/time not found (apt-get install time)" >&2; exit 1; }
work="$(mktemp -d)"
srv=""
cleanup() { [ -n "$srv" ] && kill -TERM "$srv" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

"$tp" serve --host 127.0.0.1 --port 0 >"$work/serve.log" 2>&1 &
srv=$!
port=""
for _ in $(seq 1 100); do
  port="$(sed -n 's/.*listening on [^ ]*:\([0-9]*\) .*/\1/p' "$work/serve.log")"
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { echo "mpi_compare: tpbench serve did not start" >&2; cat "$work/serve.log" >&2; exit 1; }

mpi=("$mpiexec" -np "$np" --oversubscribe)
[ "$(id -u)" = 0 ] && mpi+=(--allow-run-as-root)
pool=(--minConnectionPoolSize "$conns" --maxConnectionPoolSize "$conns")
[ "$backend" = http4 ] && pool=(--maxConnectionPoolSize "$conns")
args=(run --backend "$backend" --host 127.0.0.1 --port "$port" --rate "$rate" --duration "$duration"
      --warmup-count "$warmup" "${pool[@]}" --quiet --format json)

# one_run KIND ROUND: KIND one | mpi; the report goes to $work/KIND.ROUND.json, CPU to .time
one_run() {
  local kind="$1" k="$2" rc=0
  if [ "$kind" = one ]; then
    /usr/bin/time -f "%U %S" -o "$work/$kind.$k.time" "$tp" "${args[@]}" >"$work/$kind.$k.json" 2>"$work/$kind.$k.err" || rc=$?
  else
    /usr/bin/time -f "%U %S" -o "$work/$kind.$k.time" "${mpi[@]}" "$tpm" "${args[@]}" >"$work/$kind.$k.json" 2>"$work/$kind.$k.err" || rc=$?
  fi
  if [ "$rc" != 0 ]; then
    echo "mpi_compare: $kind round $k exited $rc" >&2
    tail -5 "$work/$kind.$k.err" >&2
  fi
}

# What launching the MPI job costs by itself (mpirun, its daemon, NP ranks that start and exit): shown
# apart, and subtracted in the cpu_us_net column, so a short run does not count it per request.
launch=()
for k in 1 2 3; do
  /usr/bin/time -f "%U %S" -o "$work/launch.time" "${mpi[@]}" "$tpm" --version >/dev/null 2>&1 || true
  launch+=("$(awk '{ printf "%.3f", $(NF-1) + $NF }' "$work/launch.time")")
done
launch_s="$(printf '%s\n' "${launch[@]}" | sort -n | sed -n 2p)"
echo "mpirun -np $np launch alone: ${launch_s} s CPU (median of 3)"

echo "== $backend --rate $rate --duration $duration, $conns connections, warm-up $warmup requests: one process vs mpirun -np $np (server: tpbench serve 127.0.0.1:$port)"
for k in $(seq 1 "$rounds"); do
  if [ $((k % 2)) = 1 ]; then one_run one "$k"; one_run mpi "$k"; else one_run mpi "$k"; one_run one "$k"; fi
done

python3 - "$work" "$rounds" "$warmup" "$np" "$launch_s" <<'PY'
import json, statistics, sys
work, rounds, warmup, np_ = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
launch = float(sys.argv[5])
keys = ["p50", "p90", "p99", "p99.9"]
def pct(h, k):
    p = h["percentiles"]
    return p.get(k, p.get(k.replace("p", ""), None))
rows = {"one": [], "mpi": []}
for kind in rows:
    for k in range(1, rounds + 1):
        try:
            doc = json.load(open(f"{work}/{kind}.{k}.json"))
            u, s = map(float, open(f"{work}/{kind}.{k}.time").read().split()[-2:])
        except Exception as e:  # a failed round is shown, not averaged
            print(f"{kind} round {k}: no result ({e})")
            continue
        side = doc["sides"][0]
        lat = side["histograms"]["latency"]
        sent = side["requests"] + warmup
        r = {"round": k, "requests": side["requests"], "achieved": side["config"].get("achieved_rps", 0),
             "saturated": side.get("saturated", False), "cpu_us": (u + s) / sent * 1e6,
             "cpu_us_net": (u + s - (launch if kind == "mpi" else 0)) / sent * 1e6}
        for key in keys:
            r[key] = pct(lat, key) / 1e6
        rows[kind].append(r)
hdr = f"{'kind':<5} {'round':>5} {'requests':>9} {'achieved':>9} " + " ".join(f"{k + ' ms':>9}" for k in keys) + f" {'cpu_us/req':>11} {'net':>8} saturated"
print(hdr)
for kind in ("one", "mpi"):
    for r in rows[kind]:
        print(f"{kind:<5} {r['round']:>5} {r['requests']:>9} {r['achieved']:>9.1f} " +
              " ".join(f"{r[k]:>9.3f}" for k in keys) + f" {r['cpu_us']:>11.2f} {r['cpu_us_net']:>8.2f} {r['saturated']}")
if not rows["one"] or not rows["mpi"]:
    sys.exit("mpi_compare: no complete pair of runs")
print(f"\nmedians over {min(len(rows['one']), len(rows['mpi']))} rounds (mpi = mpirun -np {np_}, merged):")
print(f"{'metric':<17} {'one':>10} {'mpi':>10} {'mpi/one':>8}")
for key in keys + ["cpu_us", "cpu_us_net"]:
    a = statistics.median(r[key] for r in rows["one"])
    b = statistics.median(r[key] for r in rows["mpi"])
    unit = "us/req" if key.startswith("cpu") else "ms"
    print(f"{key + ' ' + unit:<17} {a:>10.3f} {b:>10.3f} {b / a if a else float('nan'):>8.3f}")
if any(r["saturated"] for kind in rows for r in rows[kind]):
    print("NOTE: some runs were saturated (see the table): their percentiles measure the generator, not the server")
PY
