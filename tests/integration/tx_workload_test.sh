#!/usr/bin/env bash
# Transactions in a workload: a workload file with transaction groups ("tx"
# lines that commit, one that rolls back) and plain writes runs on both backends against
# `tpbench serve` — ws37 through the `session` processor, http4 through beta.2+ HTTP transactions
# (X-Transaction-Id) — and the graph is read back: exactly the committed groups' writes are there,
# none of the rolled-back ones; the summary and the JSON report count transactions, commits,
# rollbacks and their requests. Usage: tx_workload_test.sh TPBENCH
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common/serve.sh"
tp_test_init txl "$1"
start_serve
q() { timeout 60 python3 "$here/tx_query.py" "$port" "$1" || fail "query $1"; }

n=400
for backend in ws37 http4; do
    b=$backend
    cat >"$dir/$b.jsonl" <<W
{"tx": [{"gremlin": "g.addV('c_$b').property('step',1)"}, {"gremlin": "g.addV('c_$b').property('step',2)"}, {"gremlin": "g.V().hasLabel('c_$b').count()"}], "commit": true, "weight": 3}
{"tx": [{"gremlin": "g.addV('r_$b')"}], "commit": false, "weight": 1}
{"gremlin": "g.addV('p_$b')", "weight": 1}
W
    extra=()
    [ "$b" = http4 ] && extra=(--option dialect=4.0)
    timeout 240 "$tpbench" run --backend "$b" --host 127.0.0.1 --port "$port" --workload "$dir/$b.jsonl" \
        --requests "$n" --executions 1 --warmups 0 --pauseBetweenRuns 0 --minConnectionPoolSize 16 \
        --maxConnectionPoolSize 16 --requestTimeout 60000 --quiet "${extra[@]}" >"$dir/$b.out" 2>"$dir/$b.err" ||
        fail "$b run exit $?"
    line=$(grep '^requests:' "$dir/$b.out") || fail "$b: no summary"
    read -r issued done failed <<<"$(echo "$line" | sed -E 's/requests: ([0-9]+) issued, ([0-9]+) completed, ([0-9]+) failed.*/\1 \2 \3/')"
    [ "$failed" = 0 ] && [ "$done" = "$n" ] || fail "$b: $line"
    tline=$(grep '^transactions:' "$dir/$b.out") || fail "$b: no transactions line"
    read -r started committed rolled txfailed txreq <<<"$(echo "$tline" | sed -E 's/transactions: ([0-9]+) started, ([0-9]+) committed, ([0-9]+) rolled back, ([0-9]+) failed \(([0-9]+) requests\).*/\1 \2 \3 \4 \5/')"
    [ "$txfailed" = 0 ] || fail "$b: $tline"
    [ $((committed + rolled)) = "$started" ] || fail "$b: $tline"
    [ "$txreq" = $((committed * 5 + rolled * 3)) ] || fail "$b: transaction requests $txreq: $tline"
    echo "$tline" | grep -q 'latency ms: p50' || fail "$b: no transaction latency"
    plain=$((n - started))
    [ "$(q "g.V().hasLabel('c_$b').count()")" = $((2 * committed)) ] || fail "$b: committed writes"
    [ "$(q "g.V().hasLabel('c_$b').has('step',1).count()")" = "$committed" ] || fail "$b: step 1 writes"
    [ "$(q "g.V().hasLabel('r_$b').count()")" = 0 ] || fail "$b: rolled-back writes are visible"
    [ "$(q "g.V().hasLabel('p_$b').count()")" = "$plain" ] || fail "$b: plain writes"
    echo "ok $b: $started transactions ($committed committed, $rolled rolled back), $plain plain writes"
done

# The JSON report (rate mode) carries the same counts.
cat >"$dir/rate.jsonl" <<'W'
{"tx": [{"gremlin": "g.addV('j')"}], "commit": true}
W
timeout 60 "$tpbench" run --backend http4 --option dialect=4.0 --host 127.0.0.1 --port "$port" \
    --workload "$dir/rate.jsonl" --rate 50 --duration 1 --maxConnectionPoolSize 4 --format json \
    >"$dir/rate.json" 2>"$dir/rate.err" || fail "rate run"
python3 - "$dir/rate.json" "$(q "g.V().hasLabel('j').count()")" <<'PY' || fail "JSON report"
import json, sys
s = json.load(open(sys.argv[1]))["sides"][0]
t = s["transactions"]
assert t["failed"] == 0 and t["started"] == t["committed"] > 0, t
assert t["requests"] == 3 * t["started"], t
assert t["latency"]["count"] == t["committed"], t["latency"]
# warm-up transactions are not in the measured counts, but their writes are in the graph
assert int(sys.argv[2]) >= t["committed"], (sys.argv[2], t)
print("ok json:", {k: t[k] for k in ("started", "committed", "rolled_back", "failed", "requests")})
PY
