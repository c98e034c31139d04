#!/usr/bin/env bash
# mpirun tpbench-mpi on loopback against the embedded server (CTest label mpi).
# usage: mpi_run_test.sh TPBENCH TPBENCH_MPI MPIEXEC CASE
#   (CASE: np2 | np3 | rank_fail | ab | refuse | sweep | closed_np2 | closed_np3 | closed_fail | closed_ab)
#   np2, np3: the merged report's request count equals the sum of the ranks, the per-rank split
#             follows the remainder rule, and the total equals what one tpbench process sends for
#             the same --rate/--duration; the merged latency histogram holds every completed
#             request (JSON count and the .hgrm total).
#   ab: `ab --rate` over 2 ranks prints one merged report per side.
#   refuse: a run without --host and a closed-loop run with fewer connections than ranks exit 2
#           with a reason on every rank.
#   sweep: `run --rate --sweep` over 2 ranks: every step is one distributed run (requests = rate x
#           duration = the sum of the ranks), the ranks take the same steps, one report.
#   closed_np2, closed_np3: closed loop (no --rate): ProfilingApplication's throughput scenario
#             (script / exercise mix) and latency scenario over 2 and 3 ranks (uneven splits):
#             merged test requests = executions x requests = one tpbench process's count = the sum
#             of the ranks; histograms hold every completed request (JSON, .hgrm, .hlog); the
#             exercise graph is initialised once (no wrong result counts); connect timings merged.
#   closed_fail: closed loop with rank 1 pointed at a dead port, then with rank 1 given a bad
#             argument: bounded, non-zero, rank 1 named, rank 0's figures reported as incomplete.
#   closed_ab: closed-loop ab over 3 ranks, 2 interleaved rounds: per side the merged counts,
#             per-rank entries with their side, and a comparison.
#   rank_fail: rank 1 gets a port where nothing listens (MPMD launch); the run ends in bounded
#             time, non-zero, names rank 1, and still reports rank 0's measurements as incomplete.
set -euo pipefail
tpb=$1 tpbmpi=$2 mpiexec=$3 case=$4
work=$(mktemp -d)
srv=""
cleanup() {
  if [ -n "$srv" ]; then kill "$srv" 2>/dev/null || true; wait "$srv" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; for f in "$work"/*.err; do [ -f "$f" ] && { echo "--- $f" >&2; tail -20 "$f" >&2; }; done; exit 1; }

: >"$work/serve.out"
"$tpb" serve --host 127.0.0.1 --port 0 >"$work/serve.out" 2>"$work/serve.err" &
srv=$!
port=""
for _ in $(seq 1 100); do
  port=$(sed -n 's/^tpbench serve: listening on 127\.0\.0\.1:\([0-9]*\) .*/\1/p' "$work/serve.out")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || fail "tpbench serve printed no port"

mpi=("$mpiexec" --oversubscribe)
[ "$(id -u)" = 0 ] && mpi+=(--allow-run-as-root)
common=(--host 127.0.0.1 --port "$port" --rate 150 --duration 2 --minConnectionPoolSize 3 --maxConnectionPoolSize 6 --quiet --format json)

case "$case" in
np2|np3)
  np=${case#np}
  timeout 120 "${mpi[@]}" -np "$np" "$tpbmpi" run "${common[@]}" --hgrm "$work/merged.hgrm" --hlog "$work/merged.hlog" \
    >"$work/mpi.json" 2>"$work/mpi.err" || fail "mpirun -np $np exited $?"
  [ -s "$work/merged.hlog" ] || fail "rank 0 wrote no --hlog"
  timeout 60 "$tpb" run "${common[@]}" >"$work/one.json" 2>"$work/one.err" || fail "single tpbench run failed"
  python3 - "$work/mpi.json" "$work/one.json" "$work/merged.hgrm" "$np" <<'PY'
import json, re, sys
doc = json.load(open(sys.argv[1])); one = json.load(open(sys.argv[2])); hgrm = open(sys.argv[3]).read(); n = int(sys.argv[4])
side = doc["sides"][0]; ranks = doc["ranks"]
def check(cond, msg):
    if not cond: sys.exit("FAIL: " + msg)
check(len(ranks) == n, f"{len(ranks)} rank entries, expected {n}")
check([r["rank"] for r in ranks] == list(range(n)), "ranks out of order")
check(all(r["status"] == "ok" for r in ranks), f"a rank failed: {ranks}")
total = one["sides"][0]["requests"]
check(total > 0, "single process sent nothing")
check(side["requests"] == sum(r["requests"] for r in ranks), f"merged requests {side['requests']} != sum of ranks")
check(side["completed"] == sum(r["completed"] for r in ranks), "merged completed != sum of ranks")
check(side["requests"] == total, f"merged requests {side['requests']} != one process's {total}")
# Remainder rule: the first total % n ranks plan one request more.
planned = [r["planned"] for r in ranks]
check(sum(planned) == total, f"planned {planned} does not add up to {total}")
check(planned == [total // n + (1 if i < total % n else 0) for i in range(n)], f"split {planned} breaks the remainder rule")
check(side["failed"] == 0, f"{side['failed']} failed requests")
lat = side["histograms"]["latency"]
check(lat["count"] == side["completed"], f"latency histogram count {lat['count']} != completed {side['completed']}")
for k in ("service", "ttfr"):
    check(side["histograms"][k]["count"] == side["completed"], f"{k} histogram count != completed")
check(abs(side["config"]["offered_rps"] - 150) < 1e-6, "offered rate is not the total")
check(all(abs(r["offered_rps"] - 150 / n) < 1e-6 for r in ranks), "per-rank offered rate is not rate / N")
check("mpi_ranks" in doc["meta"] and doc["meta"]["mpi_ranks"] == str(n), "meta.mpi_ranks missing")
m = re.search(r"Total count\s*=\s*(\d+)\]", hgrm)
check(m and int(m.group(1)) == side["completed"], "merged .hgrm total count != completed")
check(sum(iv["rps"] for iv in side["intervals"]) <= side["completed"] + 1e-9, "intervals count more than completed")
c = side.get("connect")  # every rank's connections, merged exactly
check(c and c["connections"] >= n and c["histograms"]["tcp"]["count"] == c["connections"], f"connect section {c}")
print(f"ok: {n} ranks, {side['requests']} requests = {' + '.join(str(r['requests']) for r in ranks)}, split {planned}")
PY
  ;;
rank_fail)
  dead=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
  other=(--host 127.0.0.1 --port "$dead" --rate 150 --duration 2 --minConnectionPoolSize 3 --maxConnectionPoolSize 6 --quiet --format json)
  start=$(date +%s)
  rc=0
  timeout 120 "${mpi[@]}" -np 1 "$tpbmpi" run "${common[@]}" : -np 1 "$tpbmpi" run "${other[@]}" \
    >"$work/mpi.json" 2>"$work/mpi.err" || rc=$?
  took=$(( $(date +%s) - start ))
  [ "$rc" != 0 ] || fail "a failed rank must make the run fail"
  [ "$rc" != 124 ] || fail "mpirun hung (timeout)"
  [ "$took" -lt 60 ] || fail "took ${took}s"
  grep -q "rank 1.*could not connect" "$work/mpi.err" || fail "stderr does not name rank 1"
  python3 - "$work/mpi.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
def check(cond, msg):
    if not cond: sys.exit("FAIL: " + msg)
ranks = doc["ranks"]; side = doc["sides"][0]
check(ranks[0]["status"] == "ok" and ranks[1]["status"] == "failed", f"statuses {ranks}")
check("incomplete" in doc["meta"] and "rank 1" in doc["meta"]["incomplete"], "meta.incomplete does not name rank 1")
check(side["requests"] == ranks[0]["requests"] > 0, "rank 0's measurements are not reported")
check("INCOMPLETE" in side["notes"], "side not marked incomplete")
print("ok: rank 1 reported:", doc["meta"]["incomplete"])
PY
  ;;
ab)
  # ab --rate: each side is one distributed run; ONE report of both sides, from rank 0 only.
  timeout 120 "${mpi[@]}" -np 2 "$tpbmpi" ab --rate 100 --duration 1 --quiet --format json \
    --side "ws37@127.0.0.1:$port minConnectionPoolSize=2 maxConnectionPoolSize=4" \
    --side "http4@127.0.0.1:$port maxConnectionPoolSize=4" >"$work/ab.json" 2>"$work/ab.err" || fail "mpirun ab exited $?"
  python3 - "$work/ab.json" <<'PY'
import json, sys
docs = [json.loads(l) for l in open(sys.argv[1]) if l.strip().startswith("{")]
def check(cond, msg):
    if not cond: sys.exit("FAIL: " + msg)
check(len(docs) == 1, f"{len(docs)} reports, expected one combined report")
d = docs[0]
check([s["config"]["backend"] for s in d["sides"]] == ["ws37", "http4"], "sides out of order")
for s in d["sides"]:
    r = [x for x in d["ranks"] if x.get("side") == s["name"]]
    check(len(r) == 2 and all(x["status"] == "ok" for x in r), f"ranks {r}")
    check(s["requests"] == sum(x["requests"] for x in r) == 100, f"{s['config']['backend']}: {s['requests']} requests")
    check(s["histograms"]["latency"]["count"] == s["completed"] == sum(x["completed"] for x in r), "histogram count")
check(any(c["metric"] == "throughput" for c in d["comparisons"]), f"no throughput ratio: {d['comparisons']}")
print("ok: ab over 2 ranks, one report of both sides, 100 requests each")
PY
  ;;
refuse)
  # What is not distributed is refused on every rank (exit 2), never run N times, never hung.
  for args in "--host 127.0.0.1 --port $port --requests 10 --minConnectionPoolSize 1 --maxConnectionPoolSize 1" \
              "--rate 100 --duration 1" "--requests 10"; do
    rc=0
    # shellcheck disable=SC2086
    timeout 60 "${mpi[@]}" -np 2 "$tpbmpi" run $args --quiet >"$work/refuse.out" 2>"$work/refuse.err" || rc=$?
    [ "$rc" = 2 ] || fail "'$args' exited $rc, expected 2"
    grep -Eq "tpbench(-mpi)? run:" "$work/refuse.err" || fail "'$args': no reason given"
    case "$args" in *"--maxConnectionPoolSize 1"*) grep -q "cannot be split over 2 ranks" "$work/refuse.err" || fail "no split reason";; esac
    [ ! -s "$work/refuse.out" ] || fail "'$args' printed a report"
  done
  rc=0
  timeout 60 "${mpi[@]}" -np 2 "$tpbmpi" ab --rate 100 --side ws37 --side http4 >"$work/refuse.out" 2>"$work/refuse.err" || rc=$?
  [ "$rc" = 2 ] || fail "ab without hosts exited $rc, expected 2"
  grep -q "has no @HOST:PORT" "$work/refuse.err" || fail "ab without hosts: no reason given"
  echo "ok: a missing --host and too few connections are refused"
  ;;
sweep)
  rc=0
  timeout 120 "${mpi[@]}" -np 2 "$tpbmpi" run --host 127.0.0.1 --port "$port" --rate 100 --sweep --sweep-steps 2 \
    --sweep-factor 2 --duration 1 --slo 'p99<10s' --minConnectionPoolSize 2 --maxConnectionPoolSize 4 --quiet \
    --format json >"$work/sweep.out" 2>"$work/sweep.err" || rc=$?
  # Exit 1 only when no step was sustainable (a loaded machine can make even 100 req/s late).
  [ "$rc" = 0 ] || [ "$rc" = 1 ] || fail "mpirun sweep exited $rc"
  python3 - "$work/sweep.out" "$work/sweep.err" "$rc" <<'PY'
import json, sys
out = open(sys.argv[1]).read().splitlines()
err = open(sys.argv[2]).read().splitlines()
rc = int(sys.argv[3])
docs = [json.loads(l) for l in out if l.startswith("{")]
def check(cond, msg):
    if not cond: sys.exit("FAIL: " + msg)
check(len(docs) == 1, f"{len(docs)} reports, expected one (rank 0's)")
doc = docs[0]; sides = doc["sides"]
check(1 <= len(sides) <= 2, f"{len(sides)} steps")
for k, s in enumerate(sides):
    check(s["requests"] == 100 * 2 ** k, f"step {k}: {s['requests']} requests, expected {100 * 2 ** k}")
    check(s["histograms"]["latency"]["count"] == s["completed"], "histogram count")
ranks = doc["ranks"]
check(len(ranks) == 2 and sum(r["requests"] for r in ranks) == sides[-1]["requests"], f"ranks {ranks}")
check("max_sustainable_rps" in doc["meta"], "no max_sustainable_rps")
check(rc == 0 or doc["meta"]["max_sustainable_rps"] == "0", f"exit {rc} with a maximum {doc['meta']['max_sustainable_rps']}")
check(len(out) == 1, "stdout is not one JSON document")
check(any(l.startswith("max sustainable rate") for l in err), "no max sustainable rate line on stderr")
print(f"ok: sweep over 2 ranks, {len(sides)} step(s):", [s["requests"] for s in sides], doc["meta"]["max_sustainable_rps"])
PY
  ;;
closed_np2|closed_np3)
  np=${case#closed_np}
  if [ "$np" = 2 ]; then mix=(--script 1+1); else mix=(--exercise true --allow-writes); fi  # the test's own server
  closed=(--host 127.0.0.1 --port "$port" --requests 200 --executions 2 --warmups 1 --warmupRequests 50
          --minExpectedRps 0 --pauseBetweenRuns 0 --minConnectionPoolSize 3 --maxConnectionPoolSize 6
          --maxInProcessPerConnection 4 --maxSimultaneousUsagePerConnection 4 --quiet --format json "${mix[@]}")
  timeout 120 "${mpi[@]}" -np "$np" "$tpbmpi" run "${closed[@]}" --hgrm "$work/merged.hgrm" --hlog "$work/merged.hlog" \
    >"$work/mpi.json" 2>"$work/mpi.err" || fail "closed loop mpirun -np $np exited $?"
  [ -s "$work/merged.hlog" ] || fail "rank 0 wrote no --hlog"
  timeout 60 "$tpb" run "${closed[@]}" >"$work/one.json" 2>"$work/one.err" || fail "single closed-loop tpbench run failed"
  # Latency scenario: one request per execution, dealt to the ranks in turn.
  lat=(--host 127.0.0.1 --port "$port" --testType 0 --executions 5 --warmups 1 --pauseBetweenRuns 0
       --maxConnectionPoolSize 1 --minConnectionPoolSize 1 --quiet --format json --script "g.V()")
  timeout 120 "${mpi[@]}" -np "$np" "$tpbmpi" run "${lat[@]}" >"$work/lat.json" 2>"$work/lat.err" \
    || fail "closed-loop latency mpirun -np $np exited $?"
  python3 - "$work/mpi.json" "$work/one.json" "$work/merged.hgrm" "$work/merged.hlog" "$work/lat.json" "$np" <<'PY'
import json, re, sys
doc = json.load(open(sys.argv[1])); one = json.load(open(sys.argv[2])); hgrm = open(sys.argv[3]).read()
hlog = open(sys.argv[4]).read(); lat = json.load(open(sys.argv[5])); n = int(sys.argv[6])
def check(cond, msg):
    if not cond: sys.exit("FAIL: " + msg)
side = doc["sides"][0]; ranks = doc["ranks"]
check(len(ranks) == n and all(r["status"] == "ok" for r in ranks), f"ranks {ranks}")
check(one["sides"][0]["requests"] == 400, f"one process sent {one['sides'][0]['requests']}, expected 2 x 200")
check(side["requests"] == 400, f"merged requests {side['requests']} != one process's 400")
check(side["requests"] == sum(r["requests"] for r in ranks), "merged requests != sum of the ranks")
check(side["completed"] == sum(r["completed"] for r in ranks) == 400, f"completed {side['completed']}")
check(side["failed"] == 0, f"{side['failed']} failed")
check("FAILED" not in side.get("notes", ""), f"notes: {side.get('notes')}")
# Each execution is dealt round robin over the run's request indices (init scripts included).
check(sum(r["planned"] for r in ranks) == 50 + 400, f"planned {[r['planned'] for r in ranks]}")
check(max(r["requests"] for r in ranks) - min(r["requests"] for r in ranks) <= 2, "uneven split beyond the remainder")
for k in ("latency", "service", "ttfr"):
    check(side["histograms"][k]["count"] == side["completed"], f"{k} histogram count != completed")
m = re.search(r"Total count\s*=\s*(\d+)\]", hgrm)
check(m and int(m.group(1)) == side["completed"], "merged .hgrm total count != completed")
entries = [l for l in hlog.splitlines() if l and not l.startswith("#") and not l.startswith('"')]
check(len(entries) == 2, f"{len(entries)} .hlog entries, expected one per test execution")
check(len(side["intervals"]) == 2, f"{len(side['intervals'])} report intervals, expected one per test execution")
c = side.get("connect")  # every rank's connections of every execution, merged exactly
check(c and c["connections"] >= n and c["histograms"]["tcp"]["count"] == c["connections"], f"connect section {c}")
check(doc["meta"].get("mpi_ranks") == str(n), "meta.mpi_ranks")
ls = lat["sides"][0]; lr = lat["ranks"]
check(ls["requests"] == 5 and ls["completed"] == 5, f"latency: {ls['requests']} requests, expected 5")
check(sum(r["requests"] for r in lr) == 5, "latency: ranks do not add up")
check(all(r["requests"] >= 1 for r in lr), f"latency executions not dealt in turn: {[r['requests'] for r in lr]}")
check(ls["histograms"]["latency"]["count"] == 5, "latency histogram")
print(f"ok: closed loop over {n} ranks: 400 = {' + '.join(str(r['requests']) for r in ranks)}; latency 5 = "
      f"{' + '.join(str(r['requests']) for r in lr)}")
PY
  ;;
closed_fail)
  dead=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
  closed=(--requests 100 --executions 2 --warmups 1 --warmupRequests 20 --minExpectedRps 0 --pauseBetweenRuns 0
          --minConnectionPoolSize 2 --maxConnectionPoolSize 4 --quiet --format json)
  start=$(date +%s)
  rc=0
  timeout 120 "${mpi[@]}" -np 1 "$tpbmpi" run --host 127.0.0.1 --port "$port" "${closed[@]}" \
    : -np 1 "$tpbmpi" run --host 127.0.0.1 --port "$dead" "${closed[@]}" >"$work/mpi.json" 2>"$work/mpi.err" || rc=$?
  took=$(( $(date +%s) - start ))
  [ "$rc" != 0 ] || fail "a failed rank must make the run fail"
  [ "$rc" != 124 ] || fail "mpirun hung (timeout)"
  [ "$took" -lt 60 ] || fail "took ${took}s"
  grep -q "rank 1.*could not connect" "$work/mpi.err" || fail "stderr does not name rank 1"
  python3 - "$work/mpi.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
def check(cond, msg):
    if not cond: sys.exit("FAIL: " + msg)
ranks = doc["ranks"]; side = doc["sides"][0]
check(ranks[0]["status"] == "ok" and ranks[1]["status"] == "failed", f"statuses {ranks}")
check("rank 1" in doc["meta"].get("incomplete", ""), "meta.incomplete does not name rank 1")
check(side["requests"] == ranks[0]["requests"] == 100, f"rank 0's share not reported: {side['requests']}")
check("INCOMPLETE" in side["notes"], "side not marked incomplete")
print("ok: closed loop, rank 1 reported:", doc["meta"]["incomplete"])
PY
  # A rank that leaves with a bad argument: the others stop at their next round, naming it.
  rc=0
  start=$(date +%s)
  timeout 120 "${mpi[@]}" -np 2 "$tpbmpi" run --host 127.0.0.1 --port "$port" "${closed[@]}" \
    : -np 1 "$tpbmpi" run --host 127.0.0.1 --port "$port" "${closed[@]}" --maxInProcessPerConnection 0 \
    >"$work/left.out" 2>"$work/left.err" || rc=$?
  took=$(( $(date +%s) - start ))
  [ "$rc" != 0 ] && [ "$rc" != 124 ] || fail "rank leaving: exit $rc"
  [ "$took" -lt 60 ] || fail "rank leaving took ${took}s"
  grep -q "rank 2.*left the run" "$work/left.err" || fail "stderr does not name rank 2 leaving"
  echo "ok: a rank that leaves is named, bounded (${took}s)"
  ;;
closed_ab)
  timeout 150 "${mpi[@]}" -np 3 "$tpbmpi" ab --requests 90 --executions 2 --warmups 1 --warmupRequests 30 \
    --minExpectedRps 0 --pauseBetweenRuns 0 --repeat 2 --quiet --format json \
    --side "ws37@127.0.0.1:$port" --side "http4@127.0.0.1:$port maxConnectionPoolSize=6" \
    >"$work/ab.json" 2>"$work/ab.err" || fail "closed-loop mpirun ab exited $?"
  python3 - "$work/ab.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
def check(cond, msg):
    if not cond: sys.exit("FAIL: " + msg)
sides = doc["sides"]
check([s["config"]["backend"] for s in sides] == ["ws37", "http4"], "sides")
for s in sides:
    check(s["requests"] == s["completed"] == 180, f"{s['name']}: {s['requests']} requests, expected 2 x 90")
    check(s["histograms"]["latency"]["count"] == 180, "histogram count")
    rk = [r for r in doc["ranks"] if r.get("side") == s["name"]]
    check(len(rk) == 3 and all(r["status"] == "ok" for r in rk), f"{s['name']}: ranks {rk}")
    check(sum(r["requests"] for r in rk) == 2 * 180, f"{s['name']}: ranks over 2 rounds {[r['requests'] for r in rk]}")
check(len(doc["comparisons"]) >= 1, "no comparison")
print("ok: closed-loop ab over 3 ranks, 2 rounds:", [c["verdict"] for c in doc["comparisons"]])
PY
  ;;
*) fail "unknown case $case" ;;
esac
