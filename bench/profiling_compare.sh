#!/usr/bin/env bash
# Side by side: TinkerPop's Java ProfilingApplication and `tpbench profile`, identical key/value
# arguments, against the same server, in interleaved rounds. Captures each client
# process's user+sys CPU (/usr/bin/time) and output lines, and prints a comparison table: the
# reported figure (req/s or sec/req), its ratio, and CPU per request and its ratio.
#
#   bench/profiling_compare.sh [options]
#     --server 3.7|3.8|master-http|4.0|4.0-beta.N|VERSION|embedded   server to measure against
#                                   (default 3.7; the 4.0 ones from ../shared/tinkerpop/m2 through
#                                   scripts/gremlin-server). `embedded` is `tpbench serve`.
#     --java-version V              gremlin-driver of the Java tool (default: the server's version;
#                                   4.0.0-beta.1 against `embedded` with --backend http4)
#     --backend ws37|http4          tpbench's backend (default ws37)
#     --generation G                tpbench profile --generation (default: tpbench's default)
#     --tpbench-option k=v          tpbench profile --option (repeatable, e.g. dialect=4.0-beta.1)
#     --rounds N                    interleaved rounds (default 3); the order alternates per round
#     --requests N --executions N --warmups N          throughput rows (default 20000 / 3 / 1)
#     --latency-executions N --latency-warmups N       latency rows (default 3 / 1)
#     --scenarios LIST              comma list of lat-gV,lat-t15,thr-1p1,thr-ex (default all four)
#     --out DIR                     where outputs go (default build/profiling-compare/<time>)
#     --no-netns                    do not use a private network namespace (then 8182 must be free)
#     --tiny                        smoke test: 1 round, 200 requests, 1 execution, 0 warm-ups
#
# The Java tool has no port key (it always dials HOST:8182), so the whole comparison runs in a
# private network namespace (`unshare -n`, root) where the server listens on 127.0.0.1:8182; no
# other process can collide with it. Request counts per run: latency = warmups + executions;
# throughput = 1000 per warm-up (the Java tool's fixed warm-up size; tpbench's `warmupRequests`
# default is the same) + requests x executions. CPU per request includes process start-up (the
# JVM's is large): use large counts for figures. Never run it for figures on a shared machine.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tp="${TPBENCH:-$here/build/src/cli/tpbench}"
server=3.7; java_version=""; backend=ws37; generation=""; tp_opts=()
rounds=3; requests=20000; executions=3; warmups=1; lat_exec=3; lat_warm=1
scenarios="lat-gV,lat-t15,thr-1p1,thr-ex"; out=""; netns=1
orig_args=("$@")
while [ $# -gt 0 ]; do
  case "$1" in
    --server) server="$2"; shift 2 ;;
    --java-version) java_version="$2"; shift 2 ;;
    --backend) backend="$2"; shift 2 ;;
    --generation) generation="$2"; shift 2 ;;
    --tpbench-option) tp_opts+=(--option "$2"); shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --requests) requests="$2"; shift 2 ;;
    --executions) executions="$2"; shift 2 ;;
    --warmups) warmups="$2"; shift 2 ;;
    --latency-executions) lat_exec="$2"; shift 2 ;;
    --latency-warmups) lat_warm="$2"; shift 2 ;;
    --scenarios) scenarios="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --no-netns) netns=0; shift ;;
    --tiny) rounds=1; requests=200; executions=1; warmups=0; lat_exec=1; lat_warm=0; shift ;;
    -h|--help) sed -n '2,33p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "profiling_compare: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$tp" ] || { echo "profiling_compare: $tp not built (scripts/build)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "profiling_compare: /usr/bin/time is missing (apt-get install time)" >&2; exit 1; }

# Re-run inside a private network namespace with loopback up.
if [ "$netns" = 1 ] && [ "${TPBENCH_IN_NETNS:-0}" != 1 ]; then
  if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null && command -v ip >/dev/null; then
    exec env TPBENCH_IN_NETNS=1 unshare -n -- bash -c 'ip link set lo up && exec "$0" "$@"' "$0" "${orig_args[@]}"
  fi
  echo "profiling_compare: cannot make a network namespace (needs root, unshare, ip); use --no-netns with 127.0.0.1:8182 free" >&2
  exit 1
fi

out="${out:-$here/build/profiling-compare/$(date +%Y%m%d-%H%M%S)}"
mkdir -p "$out"
port=8182
if [ -z "$java_version" ]; then
  if [ "$server" = embedded ]; then
    [ "$backend" = http4 ] && java_version=4.0.0-beta.1 || java_version=3.7
  else java_version="$server"; fi
fi

# ---- the server -----------------------------------------------------------------------------
export TPBENCH_REALSERVER_DIR="$out/server"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  if [ "$server" != embedded ]; then "$here/scripts/gremlin-server" stop "$port" >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT
if [ "$server" = embedded ]; then
  "$tp" serve --host 127.0.0.1 --port "$port" --threadPoolWorker 8 --gremlinPool 16 --maxWorkQueueSize 65536 \
    --evaluationTimeout 30000000 > "$out/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 100); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.1; done
  server_desc="tpbench serve (embedded)"
else
  "$here/scripts/gremlin-server" start "$server" "$port" >/dev/null
  server_desc="TinkerPop $(cut -d' ' -f1 "$out/server/$port/settings") Gremlin Server"
fi
echo "# profiling_compare: $server_desc on 127.0.0.1:$port (private netns: $netns); Java ProfilingApplication $java_version vs tpbench profile --backend $backend${generation:+ --generation $generation} ${tp_opts[*]:-}"
echo "# outputs: $out"

# ---- scenarios ------------------------------------------------------------------------------
scenario_args() {  # name -> KEY VALUE words (identical for both tools)
  case "$1" in
    lat-gV) echo "testType 0 script g.V() executions $lat_exec warmups $lat_warm pauseBetweenRuns 0" ;;
    lat-t15) echo "testType 0 script g.V().repeat(both()).times(15) executions $lat_exec warmups $lat_warm pauseBetweenRuns 0" ;;
    thr-1p1) echo "testType 1 requests $requests executions $executions warmups $warmups pauseBetweenRuns 0 minExpectedRps 0" ;;
    thr-ex) echo "testType 1 requests $requests executions $executions warmups $warmups pauseBetweenRuns 0 minExpectedRps 0 exercise true" ;;
    *) echo "profiling_compare: unknown scenario $1" >&2; exit 2 ;;
  esac
}
scenario_requests() {
  case "$1" in
    lat-*) echo $(( lat_exec + lat_warm )) ;;
    *) echo $(( warmups * 1000 + requests * executions )) ;;
  esac
}

run_tool() {  # tool scenario round
  local tool="$1" sc="$2" r="$3" base
  base="$out/$sc.r$r.$tool"
  # shellcheck disable=SC2046
  read -r -a words <<< "$(scenario_args "$sc")"
  local cmd
  if [ "$tool" = java ]; then
    cmd=("$here/bench/java_profiling.sh" --version "$java_version" host 127.0.0.1 "${words[@]}")
  else
    cmd=("$tp" profile --backend "$backend" ${generation:+--generation "$generation"} ${tp_opts[@]+"${tp_opts[@]}"} --port "$port" host 127.0.0.1 "${words[@]}")
  fi
  printf '%q ' "${cmd[@]}" > "$base.cmd"
  local rc=0
  /usr/bin/time -f '%U %S %e' -o "$base.time" "${cmd[@]}" > "$base.out" 2> "$base.err" || rc=$?
  echo "$rc" > "$base.rc"
}

IFS=',' read -r -a sc_list <<< "$scenarios"
for r in $(seq 1 "$rounds"); do
  for sc in "${sc_list[@]}"; do
    if [ $(( r % 2 )) = 1 ]; then order=(java tpbench); else order=(tpbench java); fi
    for tool in "${order[@]}"; do
      echo "# round $r $sc: $tool ..." >&2
      run_tool "$tool" "$sc" "$r"
    done
  done
done

# ---- table ----------------------------------------------------------------------------------
python3 - "$out" "$rounds" "$scenarios" "$(for sc in "${sc_list[@]}"; do echo -n "$sc=$(scenario_requests "$sc"),"; done)" <<'PY'
import os, re, sys, statistics
out, rounds, scenarios, reqs = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(','), dict(
    kv.split('=') for kv in sys.argv[4].strip(',').split(','))
def load(sc, r, tool):
    b = os.path.join(out, f"{sc}.r{r}.{tool}")
    text = open(b + ".out", errors="replace").read()
    rc = int(open(b + ".rc").read().strip() or 1)
    try:
        u, s, e = (float(x) for x in open(b + ".time").read().split()[-3:])
    except Exception:
        u = s = e = float('nan')
    m = re.search(r"avg req/sec: ([0-9.]+)", text)
    lat = re.search(r"avg latency \(sec/req\): ([0-9.Ee-]+)", text)
    value = float(m.group(1)) if m else (float(lat.group(1)) if lat else float('nan'))
    errs = sum(int(x) for x in re.findall(r"errors: (\d+)", text))
    shape = [re.sub(r"\s+", " ", re.sub(r"[0-9]+(\.[0-9]+)?(E-?[0-9]+)?", "N", l.strip())) for l in text.splitlines()]
    return dict(rc=rc, cpu=u + s, wall=e, value=value, unit="req/s" if m else "s/req", errors=errs, shape=shape,
                lines=len(text.splitlines()))
print()
print("| scenario | round | Java | tpbench | tpbench/Java | Java CPU s | tpbench CPU s | CPU/req Java (us) | CPU/req tpbench (us) | CPU/req ratio | exit j/t | output lines same shape |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
summary = {}
for sc in scenarios:
    n = int(reqs[sc])
    for r in range(1, rounds + 1):
        j, t = load(sc, r, "java"), load(sc, r, "tpbench")
        ratio = t["value"] / j["value"] if j["value"] and j["value"] == j["value"] else float('nan')
        cj, ct = j["cpu"] / n * 1e6, t["cpu"] / n * 1e6
        cr = ct / cj if cj else float('nan')
        same = "yes" if j["shape"] == t["shape"] else f"no ({j['lines']} vs {t['lines']} lines)"
        print(f"| {sc} | {r} | {j['value']:.6g} {j['unit']} | {t['value']:.6g} {t['unit']} | {ratio:.3f} | {j['cpu']:.2f} | {t['cpu']:.2f} | {cj:.1f} | {ct:.1f} | {cr:.3f} | {j['rc']}/{t['rc']} | {same} |")
        summary.setdefault(sc, []).append((ratio, cr))
print()
print("| scenario | median tpbench/Java figure | median CPU/request ratio (tpbench/Java) | goal |")
print("|---|---|---|---|")
for sc, v in summary.items():
    fr = statistics.median(x[0] for x in v); cr = statistics.median(x[1] for x in v)
    goal = "req/s >= 1, CPU <= 0.2" if sc.startswith("thr") else "latency (s/req): lower is better; CPU <= 0.2"
    print(f"| {sc} | {fr:.3f} | {cr:.3f} | {goal} |")
print()
print("Latency rows report sec/req (a ratio < 1 means tpbench measured lower latency); throughput rows report req/s.")
print("Output-line shapes compare each tool's stdout with every number replaced by N; see the .out files for the lines.")
PY
