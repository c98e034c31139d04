#!/usr/bin/env bash
# Every verdict in every mode and format, against the embedded server
# (no --host: tpbench starts it in-process on 127.0.0.1, port 0). Small bounded runs; no timing is
# asserted. Usage: verdicts_test.sh TPBENCH CASE
#   wrong_closed  a workload line whose `expect` fails every request, closed loop: exit 1, and the
#                 text summary, JSON, CSV, markdown and HTML count them as failed requests
#   wrong_rate    the same in rate mode
#   thr_closed    --threshold in closed loop: a failed one exits 99 and is in every format; a passing
#                 one exits 0; a bad one exits 2 before anything is sent
#   thr_rate      --threshold in rate mode, every format
#   sweep         a sweep judged by its thresholds on the highest sustainable step; a step-capped
#                 maximum says "step cap"; a sweep with no sustainable step exits 1 with its reason
#   ab_rate       ab --rate: ONE report (JSON, HTML, markdown, CSV) with both sides, their ratio, the
#                 verdict n/a of one run per side, and per-side and ratio thresholds (exit 99)
#   ab_sweep      ab --sweep: one report with each side's maximum and the step-cap note
#   ab_closed     ab closed loop: a side-scoped threshold, n/a without --repeat, every format
#   profile       profile --threshold / --report: Java lines alone on stdout, exit 99
#   default_ab    the default A/B's one report: a ratio row per case, latency rows at concurrency 1,
#                 --threshold on every row (exit 99)
#   conn_failed   a refused connection (tpbench serve --fault) that the pool replaced: the text summary
#                 no longer says "errors: none", JSON and CSV count it
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common/serve.sh"
tp_test_init verdicts "$1"
case_name=$2

# run NAME EXPECTED_EXIT ARGS...: tpbench ARGS with stdout in $dir/NAME.out, stderr in $dir/NAME.err.
run() {
    local name=$1 want=$2
    shift 2
    timeout 120 "$tpbench" "$@" >"$dir/$name.out" 2>"$dir/$name.err"
    local rc=$?
    [ "$rc" = "$want" ] || fail "$name: exit $rc, expected $want (tpbench $*)"
}

# run_rc NAME ARGS...: the same, exit code in $rc (for outcomes a loaded machine may change).
run_rc() {
    local name=$1
    shift
    timeout 120 "$tpbench" "$@" >"$dir/$name.out" 2>"$dir/$name.err"
    rc=$?
    [ "$rc" = 124 ] && fail "$name: timed out (tpbench $*)"
    return 0
}

# py NAME SCRIPT ARGS...: a Python check; its failure fails the test with the script's message.
py() {
    local name=$1
    shift
    python3 - "$@" || fail "$name"
}

# The wrong-result checks every format shares: JSON side counts, CSV columns, text/markdown/HTML rows.
check_wrong_json() {
    py "$1 JSON" "$2" "$3" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
n = int(sys.argv[2])
assert doc["schema"] == "tpbench.report/2", doc["schema"]
s = doc["sides"][0]
assert s["wrong_result_count"] == n, s["wrong_result_count"]
assert s["failed"] >= n and s["completed"] == s["requests"] - s["failed"], (s["failed"], s["completed"])
assert s["error_rate"] > 0, s["error_rate"]
wrong = [e for e in s["errors"] if e["class"] == "wrong_result"]
assert wrong and wrong[0]["count"] == n, s["errors"]
assert sum(e["count"] for e in s["errors"]) == s["failed"], s["errors"]
PY
}
check_wrong_csv() {
    py "$1 CSV" "$2" "$3" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
n = sys.argv[2]
assert rows and rows[0]["wrong_result_count"] == n, rows
assert int(rows[0]["failed"]) >= int(n), rows[0]["failed"]
assert float(rows[0]["error_rate"]) > 0, rows[0]["error_rate"]
PY
}
check_wrong_text() {  # markdown, table or HTML: the counted row and the error class
    grep -q "of which wrong result count" "$2" || fail "$1: no wrong result count row"
    grep -q "wrong_result" "$2" || fail "$1: no wrong_result error class"
}

# The thresholds in JSON (a failed p99<1ns) and CSV (its threshold block).
check_thresholds() {
    py "$1 thresholds" "$2" "$3" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["thresholds"]
assert len(t) == 1 and t[0]["expression"] == "p99<1ns" and t[0]["passed"] is False, t
blocks = open(sys.argv[2]).read().split("\n\n")
thr = [b for b in blocks if b.startswith("threshold,passed,message")]
assert thr and "p99<1ns,false," in thr[0], blocks
PY
}
check_threshold_text() {  # markdown and HTML
    grep -q '^## Thresholds' "$1" || fail "markdown: no thresholds section"
    grep -q '`p99<1ns` | \*\*FAILED\*\*' "$1" || fail "markdown: threshold not FAILED"
    grep -q 'id="thresholds"' "$2" || fail "HTML: no thresholds table"
    grep -q 'class="fail">FAILED' "$2" || fail "HTML: threshold not FAILED"
}

case "$case_name" in
wrong_closed)
    printf '%s\n' '{"gremlin": "g.V()", "expect": 5}' >"$dir/w.jsonl"  # the modern graph has 6
    common=(run --workload "$dir/w.jsonl" --requests 50 --executions 1 --warmups 0 --pauseBetweenRuns 0
        --minConnectionPoolSize 1 --maxConnectionPoolSize 2 --quiet)
    run text 1 "${common[@]}"
    grep -q '^requests: 50 issued, 0 completed, 50 failed, [0-9]* too slow, 50 wrong result count' "$dir/text.out" ||
        fail "text summary: $(grep '^requests' "$dir/text.out")"
    grep -q '^errors: wrong_result 50' "$dir/text.out" || fail "text errors: $(grep '^errors' "$dir/text.out")"
    grep -q 'FAILED: 50 request(s) returned an unexpected result count' "$dir/text.err" || fail "text FAILED line"
    run json 1 "${common[@]}" --format json --report "$dir/r.html"
    check_wrong_json json "$dir/json.out" 50
    check_wrong_text html "$dir/r.html"
    run csv 1 "${common[@]}" --format csv --report "$dir/r.md"
    check_wrong_csv csv "$dir/csv.out" 50
    check_wrong_text markdown "$dir/r.md"
    run table 1 "${common[@]}" --format table
    check_wrong_text table "$dir/table.out"
    ;;
wrong_rate)
    printf '%s\n' '{"gremlin": "g.V()", "expect": 5}' >"$dir/w.jsonl"
    common=(run --workload "$dir/w.jsonl" --rate 40 --duration 1 --minConnectionPoolSize 1 --maxConnectionPoolSize 2 --quiet)
    run json 1 "${common[@]}" --format json --report "$dir/r.csv"
    n=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["sides"][0]["requests"])' "$dir/json.out")
    [ "$n" -gt 0 ] || fail "rate run sent nothing"
    check_wrong_json json "$dir/json.out" "$n"
    check_wrong_csv csv "$dir/r.csv" "$n"
    run md 1 "${common[@]}" --format markdown --report "$dir/r.html"
    check_wrong_text markdown "$dir/md.out"
    check_wrong_text html "$dir/r.html"
    ;;
thr_closed)
    common=(run --requests 200 --executions 1 --warmups 0 --pauseBetweenRuns 0 --minConnectionPoolSize 1
        --maxConnectionPoolSize 2 --quiet)
    run text 99 "${common[@]}" --threshold 'p99<1ns'
    grep -q '^threshold \[FAILED\] p99<1ns: p99 = ' "$dir/text.out" || fail "text: no FAILED threshold line"
    run pass 0 "${common[@]}" --threshold 'p99<60s,errors<1%'
    grep -q '^threshold \[ok\] errors<1%' "$dir/pass.out" || fail "text: no ok threshold line"
    run bad 2 "${common[@]}" --threshold 'p99<1parsec'
    grep -q 'unknown time unit' "$dir/bad.err" || fail "bad threshold: no reason"
    grep -q '^requests:' "$dir/bad.out" && fail "a bad threshold ran the benchmark"
    run json 99 "${common[@]}" --threshold 'p99<1ns' --format json --report "$dir/r.csv"
    check_thresholds json "$dir/json.out" "$dir/r.csv"
    run md 99 "${common[@]}" --threshold 'p99<1ns' --format markdown --report "$dir/r.html"
    check_threshold_text "$dir/md.out" "$dir/r.html"
    ;;
thr_rate)
    common=(run --rate 50 --duration 1 --minConnectionPoolSize 1 --maxConnectionPoolSize 2 --quiet --threshold 'p99<1ns')
    run json 99 "${common[@]}" --format json --report "$dir/r.csv"
    check_thresholds json "$dir/json.out" "$dir/r.csv"
    run md 99 "${common[@]}" --format markdown --report "$dir/r.html"
    check_threshold_text "$dir/md.out" "$dir/r.html"
    run table 99 "${common[@]}" --format table
    grep -q '\[FAILED\] p99<1ns' "$dir/table.out" || fail "table: no threshold"
    ;;
sweep)
    # A generous SLO: each step is sustainable unless the (shared, loaded) machine makes the sends
    # late; no timing is asserted, each outcome is checked for what it must say.
    sw=(run --rate 20 --sweep --sweep-steps 2 --sweep-factor 2 --duration 0.5 --slo 'p99<60s'
        --minConnectionPoolSize 1 --maxConnectionPoolSize 2 --quiet)
    run_rc cap "${sw[@]}" --threshold 'rps>5' --format table
    line=$(grep '^max sustainable rate for ws37: ' "$dir/cap.out") || fail "no max sustainable rate line"
    case "$line" in
    *'>= 40 req/s (p99<60s; step cap'*)  # both steps passed: a lower bound, judged by the threshold
        [ "$rc" = 0 ] || fail "step cap: exit $rc"
        grep -q '\[ok\] rps>5' "$dir/cap.out" || fail "sweep threshold not evaluated" ;;
    *': 20 req/s (p99<60s)')  # the second step fell behind: its reason is said
        [ "$rc" = 0 ] || fail "max 20: exit $rc" ;;
    *': none (p99<60s; 20 req/s not sustainable: '*)  # even the first fell behind: exit 1, and why
        [ "$rc" = 1 ] || [ "$rc" = 99 ] || fail "none: exit $rc"
        echo "$line" | grep -q 'schedule not kept\|< 95% of the offered' || fail "none without a reason: $line" ;;
    *) fail "unexpected sweep result: $line" ;;
    esac
    run_rc capj "${sw[@]}" --threshold 'requests>1000000' --format json
    [ "$rc" = 99 ] || fail "an impossible threshold on a sweep: exit $rc"
    grep -q '^max sustainable rate for ws37: ' "$dir/capj.err" || fail "json: the sweep's line not on stderr"
    py "sweep json" "$dir/capj.out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))  # stdout is one JSON document
assert 1 <= len(d["sides"]) <= 2, [s["name"] for s in d["sides"]]
assert "max_sustainable_rps" in d["meta"], d["meta"]
t = d["thresholds"]
assert len(t) == 1 and not t[0]["passed"] and "requests" in t[0]["message"], t
PY
    # No step meets an impossible SLO: exit 1, and the reason is said.
    run none 1 run --rate 20 --sweep --sweep-steps 2 --duration 0.5 --slo 'p99<1ns' --minConnectionPoolSize 1 --maxConnectionPoolSize 2 --quiet
    grep -q '^max sustainable rate for ws37: none (p99<1ns; 20 req/s not sustainable: p99<1ns: p99 = ' "$dir/none.out" ||
        fail "no reason for none: $(grep 'max sustainable' "$dir/none.out")"
    grep -q 'FAILED: no offered rate was sustainable' "$dir/none.err" || fail "no FAILED line"
    grep -q '^tpbench report: tpbench sweep: ws37 no sustainable rate (p99<1ns)' "$dir/none.out" ||
        fail "title: $(head -1 "$dir/none.out")"
    ;;
ab_rate)
    ab=(ab --rate 40 --duration 1 --side 'ws37 minConnectionPoolSize=1 maxConnectionPoolSize=2' --side 'http4 maxConnectionPoolSize=2' --quiet)
    run json 99 "${ab[@]}" --format json --report "$dir/r.html" --threshold 'p99<60s,ratio:rps>100,http4:errors<1%'
    [ -f "$dir/r.html" ] || fail "no r.html"
    ls "$dir" | grep -q 'r\..*\.html' && fail "per-side report files: $(ls "$dir")"
    [ "$(grep -c '<html' "$dir/r.html")" = 1 ] || fail "not one HTML page"
    grep -q 'id="ab-summary"' "$dir/r.html" || fail "HTML has no A/B summary"
    grep -q 'id="thresholds"' "$dir/r.html" || fail "HTML has no thresholds"
    py "ab --rate json" "$dir/json.out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))  # one valid JSON document
assert [s["name"] for s in d["sides"]] == ["ws37", "http4"], [s["name"] for s in d["sides"]]
c = {x["metric"]: x for x in d["comparisons"]}
assert "throughput" in c and "p99 latency" in c, list(c)
t = c["throughput"]
assert t["a"] == "ws37" and t["b"] == "http4" and t["ratio"] is not None and t["ratio"] > 0, t
# One run per side: "n/a" (no dispersion), or "refused" when the loaded machine made a side late.
assert (t["verdict"] == "n/a" and "single run" in t["note"]) or t["verdict"] == "refused", t
th = {x["expression"]: x for x in d["thresholds"]}
assert set(th) == {"ws37:p99<60s", "http4:p99<60s", "ratio:rps>100", "http4:errors<1%"}, list(th)
assert th["ws37:p99<60s"]["passed"] and th["http4:errors<1%"]["passed"], th
assert not th["ratio:rps>100"]["passed"] and th["ratio:rps>100"]["message"].startswith("http4 / ws37: "), th
PY
    run md 0 "${ab[@]}" --format markdown --report "$dir/r.csv" --threshold 'ratio:rps>0.01'
    grep -q '^## A/B comparison' "$dir/md.out" || fail "markdown: no A/B section"
    [ "$(grep -c '^# tpbench report' "$dir/md.out")" = 1 ] || fail "markdown: not one report"
    py "ab --rate csv" "$dir/r.csv" <<'PY'
import sys
blocks = open(sys.argv[1]).read().split("\n\n")
sides = blocks[0].splitlines()
assert len(sides) == 3 and sides[1].startswith("ws37,") and sides[2].startswith("http4,"), sides
comp = [b for b in blocks if b.startswith("comparison_metric,")]
assert comp and comp[0].splitlines()[1].startswith("throughput,rps,ws37,http4,"), blocks
assert ",n/a," in comp[0] or ",refused," in comp[0], comp  # refused: the loaded machine made a side late
thr = [b for b in blocks if b.startswith("threshold,")]
assert thr and "ratio:rps>0.01,true," in thr[0], blocks
PY
    run bad 2 "${ab[@]}" --threshold 'nosuchside:p99<1s'
    grep -q "names side 'nosuchside'" "$dir/bad.err" || fail "unknown side not refused"
    # A side that cannot connect: still one report, its A/B row "failed" with the reason, exit 1.
    dead=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
    run dead 1 ab --rate 40 --duration 1 --quiet --format json --side 'ws37 minConnectionPoolSize=1 maxConnectionPoolSize=2' \
        --side "http4@127.0.0.1:$dead maxConnectionPoolSize=2"
    py "ab --rate, a dead side" "$dir/dead.out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert [s["name"] for s in d["sides"]] == ["ws37", "http4"], d["sides"]
c = d["comparisons"]
assert len(c) == 1 and c[0]["verdict"] == "failed" and c[0]["note"].startswith("http4: setup failed"), c
PY
    ;;
ab_sweep)
    run_rc json ab --sweep --rate 20 --sweep-steps 2 --sweep-factor 2 --duration 0.5 --slo 'p99<60s' \
        --side 'ws37 minConnectionPoolSize=1 maxConnectionPoolSize=2' --side 'http4 maxConnectionPoolSize=2' --quiet --format json \
        --report "$dir/r.md"
    # Whatever the loaded machine let each side sustain, the one report says it consistently.
    py "ab --sweep json" "$dir/json.out" "$rc" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); rc = int(sys.argv[2])
assert 2 <= len(d["sides"]) <= 4, [s["name"] for s in d["sides"]]
c = d["comparisons"]
assert len(c) == 1 and c[0]["metric"] == "max sustainable rate" and (c[0]["a"], c[0]["b"]) == ("ws37", "http4"), c
row = c[0]
none = False
for side in ("ws37", "http4"):
    m = d["meta"]["max sustainable rate (" + side + ")"]
    if m.startswith(">= 40 req/s"):
        assert side + ": >= 40 req/s (step cap)" in row["note"], (side, row)
    elif m.startswith("none"):
        none = True
        assert side + ": failed (" in row["note"] and "not sustainable" in m, (side, m, row)
    else:
        assert m.startswith("20 req/s"), m
if none:
    assert row["verdict"] == "failed" and rc == 1, (row, rc)
else:
    assert row["verdict"] == "n/a" and row["ratio"] > 0 and rc == 0, (row, rc)
PY
    grep -q 'max sustainable rate' "$dir/r.md" || fail "markdown: no max sustainable rate"
    for side in ws37 http4; do
        grep -q "^max sustainable rate for $side: " "$dir/json.err" || fail "no $side line on stderr"
    done
    ;;
ab_closed)
    ab=(ab --requests 100 --executions 1 --warmups 0 --pauseBetweenRuns 0 --side 'ws37 minConnectionPoolSize=1 maxConnectionPoolSize=1'
        --side 'http4 maxConnectionPoolSize=2' --quiet)
    run md 99 "${ab[@]}" --threshold 'http4:p99<1ns'
    grep -q '^threshold \[FAILED\] http4:p99<1ns' "$dir/md.out" || fail "markdown: no threshold line"
    grep -q 'ratio [0-9.]* — n/a (single run' "$dir/md.out" || fail "markdown: no n/a verdict: $(grep ratio "$dir/md.out")"
    run json 99 "${ab[@]}" --threshold 'http4:p99<1ns' --format json --report "$dir/r.html"
    py "ab json" "$dir/json.out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = d["thresholds"]
assert len(t) == 1 and t[0]["expression"] == "http4:p99<1ns" and not t[0]["passed"], t
assert all(c["verdict"] == "n/a" for c in d["comparisons"]), d["comparisons"]
PY
    grep -q 'class="verdict-na"' "$dir/r.html" || fail "HTML: no n/a verdict"
    # A side that cannot run: its rows say "failed" and why (exit 1), not "n/a".
    dead=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
    run dead 1 ab --requests 50 --executions 1 --warmups 0 --pauseBetweenRuns 0 --quiet --format json \
        --side 'ws37 minConnectionPoolSize=1 maxConnectionPoolSize=1' --side "http4@127.0.0.1:$dead maxConnectionPoolSize=2"
    py "a failed side" "$dir/dead.out" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))["comparisons"]
assert c and all(r["verdict"] == "failed" and r["note"].startswith("http4: cannot connect") for r in c), c
PY
    ;;
profile)
    run prof 99 profile --quiet --threshold 'p99<1ns' --report "$dir/r.json" testType 0 script 'g.V()' \
        executions 2 warmups 1 minConnectionPoolSize 1 pauseBetweenRuns 0
    grep -q 'threshold' "$dir/prof.out" && fail "threshold lines on stdout (Java lines only)"
    grep -q 'tpbench profile: threshold \[FAILED\] p99<1ns' "$dir/prof.err" || fail "no threshold on stderr"
    py "profile report" "$dir/r.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = d["sides"][0]
assert s["requests"] == 2 and s["config"]["effective_concurrency"] == 1, (s["requests"], s["config"])
assert len(d["thresholds"]) == 1 and not d["thresholds"][0]["passed"], d["thresholds"]
PY
    run ok 0 profile --quiet --threshold 'p99<60s' testType 0 script 'g.V()' executions 1 warmups 0 \
        minConnectionPoolSize 1 pauseBetweenRuns 0
    ;;
default_ab)
    run ab 99 --requests 200 --executions 1 --latency-executions 1 --warmups 0 --quiet --report "$dir/r.json" \
        --threshold 'ratio:rps>0.0001,http4:requests>1000000000'
    grep -q '^threshold \[FAILED\] Latency g.V(): http4:requests>1000000000: requests = ' "$dir/ab.out" ||
        fail "no row threshold line: $(grep threshold "$dir/ab.out")"
    py "default A/B report" "$dir/r.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = d["thresholds"]
assert len(t) == 8, [x["expression"] for x in t]  # two thresholds on each of the four rows
assert all(x["passed"] for x in t if "ratio:" in x["expression"]), t
assert not any(x["passed"] for x in t if "requests>" in x["expression"]), t
assert t[0]["expression"] == "Latency g.V(): ratio:rps>0.0001", t[0]
sides = d["sides"]
assert len(sides) == 8, [s["name"] for s in sides]
for s in sides:
    if " Latency " in s["name"]:
        assert s["config"]["effective_concurrency"] == 1, (s["name"], s["config"])
c = d["comparisons"]
assert len(c) == 4, c
for row in c:
    assert row["a"] == "ws37" and row["b"] == "http4" and row["ratio"] is not None, row
    assert row["verdict"] in ("n/a", "failed"), row
PY
    ;;
conn_failed)
    conn=(run --requests 50 --executions 1 --warmups 0 --pauseBetweenRuns 0 --minConnectionPoolSize 2
        --maxConnectionPoolSize 2 --quiet)
    start_serve --fault 'refuse-handshake@count=1'
    run text 0 "${conn[@]}" --host 127.0.0.1 --port "$port"
    grep -q '^connections: [0-9]* opened, 1 failed' "$dir/text.out" || fail "no failed connection: $(cat "$dir/text.out")"
    grep -q '^errors: no failed request; 1 failed connection attempt(s)$' "$dir/text.out" ||
        fail "errors line: $(grep '^errors' "$dir/text.out")"
    start_serve --fault 'refuse-handshake@count=1'
    run json 0 "${conn[@]}" --host 127.0.0.1 --port "$port" --format json --report "$dir/r.csv"
    py "failed connection counted" "$dir/json.out" "$dir/r.csv" <<'PY'
import csv, json, sys
s = json.load(open(sys.argv[1]))["sides"][0]
assert s["connect"]["failures"] == 1 and s["failed"] == 0, (s["connect"], s["failed"])
rows = list(csv.DictReader(open(sys.argv[2])))
assert rows[0]["failed_connections"] == "1" and rows[0]["failed_executions"] == "0", rows[0]
PY
    ;;
*)
    fail "unknown case $case_name"
    ;;
esac
echo "ok $case_name"
