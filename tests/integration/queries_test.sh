#!/usr/bin/env bash
# Per-query breakdown: a two-line workload — one line whose `expect` is right,
# one whose `expect` is wrong — runs against `tpbench serve` in closed loop and in rate mode; the
# JSON report has a `queries` array with one entry per line (line number, count, latency
# percentiles, time to first result, results, errors by class), the failing line's requests all
# counted as wrong_result and the other line's none; the counts add up to the side's; the text
# summary, the table, CSV and HTML reports show the breakdown. Usage: queries_test.sh TPBENCH
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common/serve.sh"
tp_test_init queries "$1"
start_serve

cat >"$dir/w.jsonl" <<'W'
# two lines: the first's expectation holds, the second's does not (g.V() has 6 vertices)
{"gremlin": "g.V().count()", "weight": 3, "expect": 1}
{"gremlin": "g.V()", "weight": 1, "expect": 5}
W
check_json() {  # FILE: the per-line figures
    python3 - "$1" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["sides"][0]
qs = s["queries"]
assert [q["line"] for q in qs] == [2, 3], [q["line"] for q in qs]
assert qs[0]["label"] == "g.V().count()" and qs[1]["label"] == "g.V()", qs
assert sum(q["count"] for q in qs) == s["requests"], (s["requests"], [q["count"] for q in qs])
assert all(q["count"] > 0 for q in qs), qs
good, bad = qs
# line 2 returns one result (a count) each time and expects 1: no error
assert good["failed"] == 0 and good["wrong_result_count"] == 0 and good["errors"] == [], good
assert good["completed"] == good["count"] and good["results"] == good["count"], good
# line 3 expects 5 results: every request of it is a wrong result count, as the side says
assert bad["wrong_result_count"] == bad["count"] == bad["failed"] and bad["completed"] == 0, bad
assert bad["errors"] == [{"class": "wrong_result", "count": bad["count"]}], bad["errors"]
assert s["wrong_result_count"] == bad["count"], (s["wrong_result_count"], bad["count"])
for q in qs:
    lat = q["latency"]
    assert lat["count"] == q["count"], (lat["count"], q)   # every request answered
    p = lat["percentiles"]
    assert 0 < p["50"] <= p["90"] <= p["99"] <= p["99.9"], p
    assert q["ttfr"]["count"] == q["count"] and 0 < q["ttfr"]["percentiles"]["50"] <= p["99.9"], q["ttfr"]
assert abs(sum(q["share"] for q in qs) - 1) < 1e-9, qs
assert qs[0]["count"] > qs[1]["count"], "weights 3:1"
print("ok", sys.argv[1], [(q["line"], q["count"], q["latency"]["percentiles"]["99"]) for q in qs])
PY
}

# Closed loop: the text summary, then the JSON report.
timeout 120 "$tpbench" run --backend ws37 --host 127.0.0.1 --port "$port" --workload "$dir/w.jsonl" \
    --requests 400 --executions 1 --warmups 0 --pauseBetweenRuns 0 --quiet \
    --report "$dir/closed.json" >"$dir/closed.out" 2>"$dir/closed.err"
rc=$?
[ "$rc" = 1 ] || fail "closed loop with a wrong expectation: exit $rc, expected 1"
grep -q '^per query (ws37; all 2 by total time)' "$dir/closed.out" || fail "no per-query block in the summary: $(cat "$dir/closed.out")"
grep -Eq '^  line 3: g\.V\(\) +[0-9]+ .* wrong_result [0-9]+$' "$dir/closed.out" || fail "line 3 not in the summary: $(cat "$dir/closed.out")"
check_json "$dir/closed.json" || fail "closed-loop JSON"

# Rate mode (open loop), every other format from the same run's JSON figures.
timeout 120 "$tpbench" run --backend http4 --option dialect=4.0 --host 127.0.0.1 --port "$port" \
    --workload "$dir/w.jsonl" --rate 200 --duration 2 --maxConnectionPoolSize 4 --format json \
    --report "$dir/rate.csv" >"$dir/rate.json" 2>"$dir/rate.err"
rc=$?
[ "$rc" = 1 ] || fail "rate mode with a wrong expectation: exit $rc, expected 1"
check_json "$dir/rate.json" || fail "rate-mode JSON"
grep -q '^query_side,query_index,line,label,count,' "$dir/rate.csv" || fail "no per-query CSV block"
grep -Eq '^http4,1,3,g\.V\(\),[0-9]+,0,[0-9]+,[0-9]+,' "$dir/rate.csv" || fail "CSV line 3: $(grep '^http4,' "$dir/rate.csv")"
timeout 120 "$tpbench" run --backend ws37 --host 127.0.0.1 --port "$port" --workload "$dir/w.jsonl" \
    --rate 200 --duration 1 --format table --report "$dir/rate.html" >"$dir/rate.txt" 2>"$dir/rate2.err"
grep -q '^per query (ws37; all 2 by total time)' "$dir/rate.txt" || fail "no per-query block in the table"
grep -q '<h2>Per query: ws37</h2>' "$dir/rate.html" || fail "no per-query table in the HTML"
grep -q '<td>line 3: g.V()</td>' "$dir/rate.html" || fail "line 3 not in the HTML"
echo "ok: per-query breakdown in summary, table, JSON, CSV and HTML"
