#!/usr/bin/env bash
# Writes under load: a write workload file (addV / addE / property / drop /
# mergeV / mergeE lines)
# from `tpbench run --workload` against `tpbench serve` over 256 connections at once (128 ws37 +
# 128 http4, two clients side by side), then the graph is read back: every write that was
# answered as successful is there exactly once (no lost or doubled write), every edge joins the
# vertices it was written with, dropped elements are gone. Under a -DTPBENCH_SANITIZE=thread build
# (Concurrent mergeV()/mergeE() of one map create one element: the 'mv' vertex and the 'hubself'
# edge exist exactly once however many requests merged them.)
# any ThreadSanitizer report in the server's or clients' output fails the test.
# Usage: tx_writes_test.sh TPBENCH [REQUESTS_PER_CLIENT]
# TPBENCH_SLOW_FACTOR=F (default 1) multiplies the server's evaluationTimeout (30 s) and the
# clients' timeouts, for sanitizer builds (scripts/sanitize tsan runs this with F=10).
set -u
n=${2:-600}
slow=${TPBENCH_SLOW_FACTOR:-1}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common/serve.sh"
tp_test_init txw "$1"
start_serve --gremlinPool 4 --evaluationTimeout $((30000 * slow))
q() { timeout 60 python3 "$here/tx_query.py" "$port" "$1" || fail "query $1"; }

q "g.addV('hub')" >/dev/null
cat >"$dir/writes.jsonl" <<'W'
# every line adds exactly one 'w' vertex tagged with its kind, plus its own write
{"gremlin": "g.addV('w').property('op','addV')", "weight": 3}
{"gremlin": "g.addV('w').property('op','addE').as('x').addV('y').addE('e').from('x')", "weight": 2}
{"gremlin": "g.addV('w').property('op','prop').V().hasLabel('hub').property(list,'n',1)", "weight": 2}
{"gremlin": "g.addV('w').property('op','drop').addV('t').property('k',1).drop()", "weight": 1}
{"gremlin": "g.addV('w').property('op','bind').property('k', k)", "bindings": {"k": 7}, "weight": 1}
{"gremlin": "g.addV('w').property('op','mergeV').mergeV([(T.label):'mv', name:'shared'])", "weight": 1}
{"gremlin": "g.addV('w').property('op','mergeE').as('a').mergeE([(T.label):'me', (Direction.OUT):Merge.outV, (Direction.IN):Merge.inV]).option(Merge.outV, select('a')).option(Merge.inV, __.V().hasLabel('hub'))", "weight": 1}
{"gremlin": "g.addV('w').property('op','mergeEs').mergeE([(T.label):'hubself', (Direction.OUT):Merge.outV, (Direction.IN):Merge.inV]).option(Merge.outV, __.V().hasLabel('hub')).option(Merge.inV, __.V().hasLabel('hub'))", "weight": 1}
W

run_client() {  # BACKEND LOG
    local extra=()
    [ "$1" = http4 ] && extra=(--option dialect=4.0)
    timeout $((240 * slow)) "$tpbench" run --backend "$1" --host 127.0.0.1 --port "$port" --workload "$dir/writes.jsonl" \
        --requests "$n" --executions 1 --warmups 0 --pauseBetweenRuns 0 --minConnectionPoolSize 128 \
        --maxConnectionPoolSize 128 --requestTimeout $((60000 * slow)) --quiet "${extra[@]}" >"$2.out" 2>"$2.err"
    echo $? >"$2.rc"
}
t0=$(date +%s)
run_client ws37 "$dir/ws" &
p1=$!
run_client http4 "$dir/h4" &
p2=$!
wait $p1 $p2
t1=$(date +%s)
for c in ws h4; do
    [ "$(cat "$dir/$c.rc")" = 0 ] || fail "$c client exit $(cat "$dir/$c.rc"): $(tail -5 "$dir/$c.err")"
done
completed=0
for c in ws h4; do
    line=$(grep '^requests:' "$dir/$c.out") || fail "$c: no summary"
    read -r issued done failed <<<"$(echo "$line" | sed -E 's/requests: ([0-9]+) issued, ([0-9]+) completed, ([0-9]+) failed.*/\1 \2 \3/')"
    [ "$failed" = 0 ] || fail "$c: $failed requests failed: $line; $(grep -m3 -E 'failed|error' "$dir/$c.out" "$dir/$c.err" | tr '\n' ' ')"
    [ "$done" = "$n" ] || fail "$c: $done of $n completed"
    grep -q 'connections: 128 opened' "$dir/$c.out" || fail "$c: not 128 connections: $(grep connections: "$dir/$c.out")"
    completed=$((completed + done))
done

w=$(q "g.V().hasLabel('w').count()")
a=$(q "g.V().has('w','op','addV').count()")
e=$(q "g.V().has('w','op','addE').count()")
p=$(q "g.V().has('w','op','prop').count()")
d=$(q "g.V().has('w','op','drop').count()")
b=$(q "g.V().has('w','op','bind').has('k',7).count()")
mv=$(q "g.V().has('w','op','mergeV').count()")
me=$(q "g.V().has('w','op','mergeE').count()")
ms=$(q "g.V().has('w','op','mergeEs').count()")
[ "$w" = "$completed" ] || fail "w vertices $w != completed writes $completed"
[ $((a + e + p + d + b + mv + me + ms)) = "$w" ] || fail "per-kind counts $a+$e+$p+$d+$b+$mv+$me+$ms != $w"
one() { [ "$1" -gt 0 ] && echo 1 || echo 0; }
[ "$(q "g.V().hasLabel('mv').count()")" = "$(one "$mv")" ] || fail "mergeV: 'mv' vertices != 1 after $mv merges"
[ "$(q "g.E().hasLabel('hubself').count()")" = "$(one "$ms")" ] || fail "mergeE: 'hubself' edges != 1 after $ms merges"
[ "$(q "g.E().hasLabel('me').count()")" = "$me" ] || fail "mergeE: 'me' edges != mergeE writes $me"
[ "$(q "g.E().hasLabel('me').outV().has('op','mergeE').dedup().count()")" = "$me" ] || fail "mergeE: 'me' edges with a wrong tail"
[ "$(q "g.E().hasLabel('me').inV().hasLabel('hub').count()")" = "$me" ] || fail "mergeE: 'me' edges not to the hub"
[ "$(q "g.V().hasLabel('y').count()")" = "$e" ] || fail "y vertices != addE writes $e"
[ "$(q "g.E().hasLabel('e').count()")" = "$e" ] || fail "e edges != addE writes $e"
[ "$(q "g.E().hasLabel('e').outV().has('op','addE').count()")" = "$e" ] || fail "e edges with a wrong tail"
[ "$(q "g.E().hasLabel('e').inV().hasLabel('y').dedup().count()")" = "$e" ] || fail "e edges with a wrong head"
[ "$(q "g.V().hasLabel('hub').properties('n').count()")" = "$p" ] || fail "hub list properties != prop writes $p"
[ "$(q "g.V().hasLabel('t').count()")" = 0 ] || fail "dropped vertices still there"
nv=$((6 + 1 + w + e + $(one "$mv")))
[ "$(q "g.V().count()")" = $nv ] || fail "total vertex count"
[ "$(q "g.V().id().dedup().count()")" = $nv ] || fail "duplicate vertex ids"
[ "$(q "g.E().count()")" = $((6 + e + me + $(one "$ms"))) ] || fail "total edge count"
if grep -l 'ThreadSanitizer' "$dir"/*.err >/dev/null 2>&1; then
    fail "ThreadSanitizer reports: $(grep -c 'WARNING: ThreadSanitizer' "$dir"/*.err)"
fi
echo "ok: $completed writes over 256 connections in $((t1 - t0)) s (addV $a, addE $e, property $p, drop $d, bindings $b, mergeV $mv, mergeE $me + $ms)"
