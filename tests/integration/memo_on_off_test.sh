#!/usr/bin/env bash
# The backends' shortcuts (docs/backends.md "Shortcuts": request templates and caches, response
# memos, the count paths' memory of validated values) change nothing a run reports. Every backend
# (ws37 on GraphBinary and GraphSON, http4, http3) runs the exercise mix, times(12) and a workload
# (repeated and distinct queries, partial responses, a failing query) against one `tpbench serve`
# with `--option memo=on` and `--option memo=off`; the JSON reports must agree on requests,
# completions, failures, result counts and errors by class, the memo=on run must report shortcut
# hits in its diagnostics and the memo=off run none. Usage: memo_on_off_test.sh TPBENCH
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common/serve.sh"
tp_test_init memo "$1"
# times(12) over GraphSON with memo=off takes >30 s a request in the asan job (2 cores, 4 connections):
# the server's default 30 s evaluationTimeout cut 3 of 24 there; this test compares memo on and off,
# not the server's timeout, so both timeouts are 5 minutes.
start_serve --evaluationTimeout 300000

cat >"$dir/workload.jsonl" <<'W'
{"gremlin": "g.V().count()", "weight": 3, "expect": 1}
{"gremlin": "g.V(vid).out('knows')", "bindings": {"vid": 1}, "weight": 2, "expect": 2}
{"gremlin": "g.V(vid).out('knows')", "bindings": {"vid": 4}, "expect": 0}
{"gremlin": "g.V().has('name', n).values('age')", "bindings": {"n": "marko"}, "expect": 1}
{"gremlin": "g.V().hasLabel('person')", "expect": 4}
{"gremlin": "g.V().outE()", "batchSize": 2, "weight": 2, "expect": 6}
{"gremlin": "g.V().both().both().both()", "batchSize": 8, "expect": 72}
{"gremlin": "g.V().noSuchStep()"}
W

# run NAME BACKEND SERIALIZER MEMO MODE...
run() {
    local name=$1 backend=$2 ser=$3 memo=$4
    shift 4
    local sopt=()
    [ -n "$ser" ] && sopt=(--serializer "$ser")
    timeout 400 "$tpbench" run --backend "$backend" "${sopt[@]}" --host 127.0.0.1 --port "$port" \
        --executions 1 --warmups 0 --pauseBetweenRuns 0 --minConnectionPoolSize 2 \
        --maxConnectionPoolSize 4 --requestTimeout 300000 --option "memo=$memo" --format json "$@" \
        >"$dir/$name.json" 2>"$dir/$name.err" || {
        local rc=$?
        # exit 1 = the run had failed requests (the workload's failing query): the report is there
        [ "$rc" = 1 ] && [ -s "$dir/$name.json" ] || fail "$name: exit $rc"
    }
}

sides=("ws37:graphbinary-v1" "ws37:graphson-v3" "http4:" "http3:")
modes=(exercise times12 workload)
for side in "${sides[@]}"; do
    backend=${side%%:*}
    ser=${side#*:}
    for mode in "${modes[@]}"; do
        case $mode in
            exercise) args=(--exercise true --allow-writes --requests 3000) ;;  # the test's own serve
            times12) args=(--script 'g.V().repeat(both()).times(12)' --requests 24) ;;
            workload) args=(--workload "$dir/workload.jsonl" --requests 3000) ;;
        esac
        tag="$backend-${ser:-default}-$mode"
        run "$tag-on" "$backend" "$ser" on "${args[@]}"
        run "$tag-off" "$backend" "$ser" off "${args[@]}"
        python3 - "$dir/$tag-on.json" "$dir/$tag-off.json" "$tag" "$mode" <<'PY' || fail "$tag: memo on and off differ"
import json, sys
on = json.load(open(sys.argv[1]))["sides"][0]
off = json.load(open(sys.argv[2]))["sides"][0]
tag, mode = sys.argv[3], sys.argv[4]
def key(s):
    return {"requests": s["requests"], "completed": s["completed"], "failed": s["failed"],
            "results": s["results"],
            "errors": sorted((e["class"], e["count"]) for e in s["errors"])}
assert key(on) == key(off), (key(on), key(off))
assert on["requests"] > 0 and on["completed"] > 0, key(on)
if mode == "workload":
    # the failing query failed, in both runs alike; every result count was as expected
    classes = {e[0] for e in key(on)["errors"]}
    assert on["failed"] > 0 and classes in ({"server_evaluation"}, {"server_error_after_ok"}), key(on)
else:
    assert on["failed"] == 0, key(on)
don = on.get("diagnostics", {})
doff = off.get("diagnostics", {})
memo_on = {k: v for k, v in don.items() if k.startswith("memo.")}
memo_off = {k: v for k, v in doff.items() if k.startswith("memo.")}
assert memo_on, don                            # every backend reports its shortcuts
assert sum(memo_on.values()) > 0, memo_on      # and they applied
assert sum(memo_off.values()) == 0, memo_off   # memo=off: none did
print(f"ok {tag}: {key(on)} hits {memo_on}")
PY
    done
done
