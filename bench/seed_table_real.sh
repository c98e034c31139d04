#!/usr/bin/env bash
# The seed's table (../shared/seed/) for real: tpbench's default A/B with side A a real TinkerPop
# 3.7.5 Gremlin Server over ws37 and side B a real TinkerPop 4.0 server over http4 — `master-http`
# (the seed's own 4.0 branch) and, in alternate runs, 4.0 `master` — in interleaved rounds, each
# server warmed first, then the median and spread of every row and the 4.0/3.7 ratio next to the
# seed's own ratio.
#
#   bench/seed_table_real.sh [ROUNDS] [REQUESTS]     (defaults 3 rounds, 20000 requests per execution)
#
# One round = the default A/B against master-http, then against master (the order reversed every
# other round). Each A/B is the one documented command:
#   tpbench --side 'ws37@127.0.0.1:P37 label=ws37/3.7.5' --side 'http4@127.0.0.1:P4 label=http4/4.0.0-master' \
#           --allow-writes \
#           --requests N --executions 3 --latency-executions 3 --warmups 1
# (--allow-writes: these servers are this script's own, started by scripts/gremlin-server, so the
# exercise rows may reset their graphs to the modern graph). Counts are scaled to this 2-core machine,
# where client and both JVMs share the cores: read ratios within one round, and the spreads.
# FULL=1 runs times(18) instead of times(15) (one latency execution per side takes ~1 min here).
# Ports: P37 (19237), PMH (19238), P40 (19240); KEEP=1 leaves the servers running; OUT=DIR keeps
# every round's output (default: a temporary directory, removed). TPBENCH: the binary.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tp="${TPBENCH:-$here/build/src/cli/tpbench}"
rounds="${1:-3}"
req="${2:-20000}"
p37="${P37:-19237}"
pmh="${PMH:-19238}"
p40="${P40:-19240}"
gs="$here/scripts/gremlin-server"
[ -x "$tp" ] || { echo "seed_table_real: $tp not built (scripts/build)" >&2; exit 1; }
export TPBENCH_REALSERVER_DIR="${TPBENCH_REALSERVER_DIR:-$here/build/realserver}"
out="${OUT:-}"
tmp=""
if [ -z "$out" ]; then tmp="$(mktemp -d)"; out="$tmp"; fi
mkdir -p "$out"
cleanup() {
  [ "${KEEP:-0}" = 1 ] || { "$gs" stop "$p37"; "$gs" stop "$pmh"; "$gs" stop "$p40"; } >/dev/null 2>&1 || true
  [ -z "$tmp" ] || rm -rf "$tmp"
}
trap cleanup EXIT
"$gs" start 3.7 "$p37" >/dev/null
"$gs" start master-http "$pmh" >/dev/null
"$gs" start 4.0 "$p40" >/dev/null
full=(); [ "${FULL:-0}" = 1 ] && full=(--full)

ab() {  # ab NAME PORT4 ROUND [extra args]: one default A/B, its stdout in $out/NAME.rROUND.out
  local name="$1" p4="$2" r="$3" v4; shift 3
  # each side's label names its real server and version (the table's Branch column)
  if [ "$name" = master-http ]; then v4=4.0.0-master-http; else v4=4.0.0-master; fi
  "$tp" --side "ws37@127.0.0.1:$p37 label=ws37/3.7.5" --side "http4@127.0.0.1:$p4 label=http4/$v4" \
    --allow-writes --quiet "${full[@]}" "$@" \
    >"$out/$name.r$r.out" 2>"$out/$name.r$r.err" || echo "seed_table_real: the A/B against $name (round $r) exited $? (see $out/$name.r$r.err)" >&2
}
echo "# seed_table_real: real TinkerPop 3.7.5 (ws37, 127.0.0.1:$p37) vs real 4.0 master-http ($pmh) and 4.0 master ($p40), http4; $rounds rounds, requests $req" >&2
echo "# warming the three servers (one small A/B each, not counted)" >&2
ab master-http "$pmh" 0 --requests 5000 --executions 1 --latency-executions 1 --warmups 1
ab master "$p40" 0 --requests 5000 --executions 1 --latency-executions 1 --warmups 1
for r in $(seq "$rounds"); do
  if [ $((r % 2)) = 1 ]; then order="master-http master"; else order="master master-http"; fi
  for name in $order; do
    echo "# round $r: vs $name" >&2
    if [ "$name" = master-http ]; then p4="$pmh"; else p4="$p40"; fi
    ab "$name" "$p4" "$r" --requests "$req" --executions 3 --latency-executions 3 --warmups 1
  done
done

python3 - "$out" "$rounds" <<'PY'
import re, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
# The seed's 4.0/3.7 ratios (../shared/seed/profiling-results-3.7-vs-master-http.txt): latency
# master-http/3.7-dev (time: > 1 = slower), throughput master-http/3.7-dev (req/s: < 1 = slower),
# with the seed's default (small) http4 pool.
seed = {("Latency", "g.V()"): 0.05744388 / 0.05625982837,
        ("Latency", "times(15)"): 3.915586 / 3.844317,
        ("Latency", "times(18)"): 54.892998565 / 53.4815487,
        ("Throughput", "1 + 1"): 19758 / 35458,
        ("Throughput", "exercise"): 19690 / 30159}
def rows(path):
    """The seed table's rows of one A/B output: (branch, type, query, value, unit)."""
    res = []
    for line in open(path, errors="replace"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] in ("Branch", "---") or cells[0].startswith("-"):
            continue
        m = re.match(r"([0-9.]+)\s*(sec|req/sec)", cells[4])
        if not m:
            continue
        q = cells[3]
        key = "g.V()" if q.startswith("g.V() ") else ("times(18)" if "times(18)" in q else
              "times(15)" if "times(15)" in q else "1 + 1" if q.startswith("1 + 1") else
              "exercise" if q.startswith("exercise") else q)
        res.append((cells[0], cells[1], key, float(m.group(1)), m.group(2)))
    return res
for name in ("master-http", "master"):
    table = {}  # (type, query) -> {"a": [...], "b": [...], "a_branch", "b_branch"}
    for r in range(1, rounds + 1):
        try:
            rr = rows(f"{out}/{name}.r{r}.out")
        except FileNotFoundError:
            continue
        # each case prints side A's row, then side B's
        for i in range(0, len(rr) - 1, 2):
            a, b = rr[i], rr[i + 1]
            t = table.setdefault((a[1], a[2]), {"a": [], "b": [], "unit": a[4], "ab": a[0], "bb": b[0]})
            t["a"].append(a[3]); t["b"].append(b[3])
    print(f"\n### real 3.7.5 (ws37) vs real 4.0 {name} (http4): medians over {rounds} rounds [min-max]\n")
    print("| Test Type | Query | side A | A median [range] | side B | B median [range] | B/A (median of per-round ratios) | seed's master-http/3.7-dev |")
    print("|---|---|---|---|---|---|---|---|")
    for (typ, q), t in table.items():
        ratios = [b / a for a, b in zip(t["a"], t["b"]) if a]
        fmt = (lambda v: f"{v:.4f}") if t["unit"] == "sec" else (lambda v: f"{v:.0f}")
        s = seed.get((typ, q))
        print(f"| {typ} | {q} | {t['ab']} | {fmt(statistics.median(t['a']))} {t['unit']} [{fmt(min(t['a']))}-{fmt(max(t['a']))}] "
              f"| {t['bb']} | {fmt(statistics.median(t['b']))} {t['unit']} [{fmt(min(t['b']))}-{fmt(max(t['b']))}] "
              f"| {statistics.median(ratios):.2f} [{min(ratios):.2f}-{max(ratios):.2f}] | {f'{s:.2f}' if s else '-'} |")
print("\nLatency ratios > 1: the 4.0 side took longer; throughput ratios < 1: the 4.0 side served fewer req/s.")
PY
