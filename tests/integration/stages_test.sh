#!/usr/bin/env bash
# Stages: `run --stages '1s:50,1s:200,1s:0'` against the embedded server reports
# each stage (JSON `stages`, text table) with its schedule's offered rate (exact: 25, 125, 100
# requests) and bounded achieved figures (robust on a loaded 2-core machine: no timing
# assertions beyond "stage 2 sent more than stage 1"); --stages with --sweep or a malformed stage
# exits 2 with a reason. Usage: stages_test.sh TPBENCH
set -u
tpbench=$1
dir=$(mktemp -d "${TMPDIR:-/tmp}/tpbench-stages-XXXXXX")
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; tail -20 "$dir"/*.err >&2; exit 1; }

for b in ws37 http4; do
    timeout 120 "$tpbench" run --backend "$b" --stages '1s:50,1s:200,1s:0' --quiet --format json \
        >"$dir/$b.json" 2>"$dir/$b.err" || fail "$b: exit $?"
    python3 - "$dir/$b.json" <<'PY' || fail "$b: JSON stages"
import json, sys
s = json.load(open(sys.argv[1]))["sides"][0]
st = s["stages"]
assert len(st) == 3, st
assert [x["target_rps"] for x in st] == [50, 200, 0], st
assert [round(x["offered_rps"]) for x in st] == [25, 125, 100], st
assert [x["start_s"] for x in st] == [0, 1, 2], st
sent = [x["completed"] + x["failed"] for x in st]
assert sent[1] > sent[0], sent
assert sum(sent) <= 250 and s["requests"] == 250, (sent, s["requests"])
assert all(x["failed"] == 0 for x in st), st
assert all(x["p50_ns"] > 0 and x["p99_ns"] >= x["p50_ns"] for x in st if x["completed"]), st
print("ok json", [(x["offered_rps"], x["achieved_rps"], x["completed"]) for x in st])
PY
done

timeout 120 "$tpbench" run --backend ws37 --rate 20 --stages '1s:60,0.5s:60' --quiet >"$dir/text.out" 2>"$dir/text.err" ||
    fail "text: exit $?"
grep -q '^stages (ws37)' "$dir/text.out" || fail "text: no stages table"
grep -Eq '^ +1 +0\.0 +1\.0 +60\.0 +40\.0 ' "$dir/text.out" || fail "text: stage 1 row: $(grep -A3 '^stages' "$dir/text.out")"
grep -Eq '^ +2 +1\.0 +0\.5 +60\.0 +60\.0 ' "$dir/text.out" || fail "text: stage 2 row"
echo "ok text: stages table"

"$tpbench" run --stages '1s:10' --sweep --quiet >"$dir/sweep.out" 2>"$dir/sweep.err"
[ $? = 2 ] || fail "--stages --sweep: not exit 2"
grep -q -- '--stages and --sweep do not combine' "$dir/sweep.err" || fail "--stages --sweep: message"
"$tpbench" run --stages '1s:10,2x:5' --quiet >"$dir/bad.out" 2>"$dir/bad.err"
[ $? = 2 ] || fail "bad stage: not exit 2"
grep -q -- "--stages: stage 2 '2x:5'" "$dir/bad.err" || fail "bad stage: message"
echo "ok refusals"
