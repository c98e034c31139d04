#!/usr/bin/env bash
# Feeders: a workload line's bindings from a CSV / JSON-lines file reach the wire on
# every backend. Each run writes one vertex per request with the row's value (g.addV(L)
# .property('k', k)) into `tpbench serve`, and the graph is read back:
#   once-through: exactly one vertex per row, every row's k (closed loop stops after the rows);
#   sequential: N rows, 3N requests -> every k written 3 times; random: only the file's values;
#   rate mode: the rows in order; a read line (g.V(vid).values('name')) returns each row's name;
#   a malformed file exits 2 naming the file and the line, with nothing sent.
# Usage: feeder_test.sh TPBENCH
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common/serve.sh"
tp_test_init feeder "$1"
start_serve
q() { timeout 60 python3 "$here/tx_query.py" "$port" "$1" || fail "query $1"; }

rows=25
{
    echo "k,tag"
    for i in $(seq 1 $rows); do echo "$((i * 7)),\"row $i\""; done
} >"$dir/ids.csv"
for i in $(seq 1 $rows); do echo "{\"k\": $((i * 7)), \"tag\": \"row $i\"}"; done >"$dir/ids.jsonl"
want_sum=$((7 * rows * (rows + 1) / 2))

run() {  # run NAME BACKEND ARGS... (output in $dir/NAME.out / .err)
    local name=$1 b=$2
    shift 2
    local extra=()
    [ "$b" = http4 ] && extra=(--option dialect=4.0)
    timeout 120 "$tpbench" run --backend "$b" --host 127.0.0.1 --port "$port" --quiet \
        --minConnectionPoolSize 2 --maxConnectionPoolSize 4 --pauseBetweenRuns 0 "${extra[@]}" "$@" \
        >"$dir/$name.out" 2>"$dir/$name.err"
}

for b in ws37 http4 http3; do
    for file in ids.csv ids.jsonl; do
        L="o_${b}_${file%%.*}_${file##*.}"
        cat >"$dir/$L.jsonl" <<W
{"gremlin": "g.addV(lbl).property('k', k).property('tag', tag)", "bindings": {"lbl": "$L"}, "feeder": {"file": "$file", "mode": "once"}}
W
        run "$L" "$b" --workload "$dir/$L.jsonl" --requests 1000 --executions 1 --warmups 0 || fail "$L: exit $?"
        grep -q '^requests: 25 issued, 25 completed, 0 failed' "$dir/$L.out" ||
            fail "$L: $(grep '^requests:' "$dir/$L.out")"
        [ "$(q "g.V().hasLabel('$L').count()")" = $rows ] || fail "$L: vertex count"
        [ "$(q "g.V().hasLabel('$L').values('k').dedup().count()")" = $rows ] || fail "$L: distinct k"
        [ "$(q "g.V().hasLabel('$L').values('k').sum()")" = $want_sum ] || fail "$L: k values"
        [ "$(q "g.V().hasLabel('$L').has('k', 49).values('tag')")" = '"row 7"' ] || fail "$L: row 7's tag"
        echo "ok $L: once-through, every row once"
    done

    L="s_$b"
    cat >"$dir/$L.jsonl" <<W
{"gremlin": "g.addV('$L').property('k', k)", "feeder": "ids.csv"}
W
    run "$L" "$b" --workload "$dir/$L.jsonl" --requests $((3 * rows)) --executions 1 --warmups 0 || fail "$L: exit $?"
    [ "$(q "g.V().hasLabel('$L').count()")" = $((3 * rows)) ] || fail "$L: vertex count"
    [ "$(q "g.V().hasLabel('$L').values('k').dedup().count()")" = $rows ] || fail "$L: distinct k"
    [ "$(q "g.V().hasLabel('$L').values('k').sum()")" = $((3 * want_sum)) ] || fail "$L: k values"
    echo "ok $L: sequential wraps around"
done

# Random with a seed: only the file's values, several distinct ones.
cat >"$dir/r.jsonl" <<'W'
{"gremlin": "g.addV('r').property('k', k)", "feeder": {"file": "ids.csv", "mode": "random", "seed": 11}}
W
run r ws37 --workload "$dir/r.jsonl" --requests 60 --executions 1 --warmups 0 || fail "random: exit $?"
[ "$(q "g.V().hasLabel('r').count()")" = 60 ] || fail "random: count"
[ "$(q "g.V().hasLabel('r').has('k', P.without($(seq -s, 7 7 $((7 * rows))))).count()")" = 0 ] ||
    fail "random: a value not in the file"
d=$(q "g.V().hasLabel('r').values('k').dedup().count()")
[ "$d" -ge 10 ] || fail "random: only $d distinct rows of 25 in 60 draws"
echo "ok random: $d distinct rows in 60 draws"

# Rate mode, once-through: the run sends the rows (warm-up included) and no more.
cat >"$dir/rate.jsonl" <<'W'
{"gremlin": "g.addV('rate').property('k', k)", "feeder": {"file": "ids.jsonl", "mode": "once"}}
W
run rate http4 --workload "$dir/rate.jsonl" --rate 100 --duration 1 --warmup-time 0 --format json ||
    true  # fewer requests than rate x duration may be flagged (exit 1); the count decides
[ "$(q "g.V().hasLabel('rate').count()")" = $rows ] || fail "rate: vertex count"
[ "$(q "g.V().hasLabel('rate').values('k').dedup().count()")" = $rows ] || fail "rate: distinct k"
echo "ok rate mode: once-through sends each row once"

# A read: each request's row picks the vertex, `expect` checks every answer (modern graph ids).
printf 'vid,name\n1,marko\n2,vadas\n4,josh\n' >"$dir/modern.csv"
q "g.V().drop()" >/dev/null
q "g.addV('person').property(T.id,1).property('name','marko').addV('person').property(T.id,2).property('name','vadas').addV('person').property(T.id,4).property('name','josh')" >/dev/null
cat >"$dir/read.jsonl" <<'W'
{"gremlin": "g.V(vid).has('name', name).count()", "feeder": "modern.csv", "expect": 1}
W
for b in ws37 http4; do
    run "read_$b" "$b" --workload "$dir/read.jsonl" --requests 30 --executions 1 --warmups 0 ||
        fail "read $b: exit $?"
    grep -q '^requests: 30 issued, 30 completed, 0 failed' "$dir/read_$b.out" ||
        fail "read $b: $(grep '^requests:' "$dir/read_$b.out")"
    echo "ok read $b: every row's (vid, name) pair matched"
done

# A malformed file: exit 2 naming the file and the line, before anything is sent.
printf 'k\n1\n2,3\n' >"$dir/bad.csv"
cat >"$dir/bad.jsonl" <<'W'
{"gremlin": "g.addV('bad').property('k', k)", "feeder": "bad.csv"}
W
run bad ws37 --workload "$dir/bad.jsonl" --requests 10 --executions 1 --warmups 0
rc=$?
[ $rc = 2 ] || fail "malformed feeder: exit $rc"
grep -q 'feeder bad.csv line 3: 2 field(s), the header has 1' "$dir/bad.err" || fail "malformed feeder: message"
[ "$(q "g.V().hasLabel('bad').count()")" = 0 ] || fail "malformed feeder: requests were sent"
echo "ok malformed: $(grep -o 'feeder bad.csv line 3.*' "$dir/bad.err")"
