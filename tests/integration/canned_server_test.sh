#!/usr/bin/env bash
# bench_canned_server (bench/canned_server.cpp, the cache peer of bench/workers.sh PEER=canned):
# records tpbench serve's answers to tpbench's own requests (http4 JSON and GraphBinary bodies plus
# the dialect probe, ws37 GraphBinary), then — with tpbench serve stopped — answers `tpbench run`
# from the recording alone: every request on both backends completes with its one result, with 2
# workers and pipelined ws37. A request nothing was recorded for fails with the canned server's
# text on both backends; the server's own counts match the runs; --seconds ends it.
# Usage: canned_server_test.sh TPBENCH BENCH_CANNED_SERVER
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common/serve.sh"
tp_test_init canned "$1"
canned=$2
canned_pid=""
cleanup() {
    [ -n "$canned_pid" ] && kill "$canned_pid" 2>/dev/null
    tp_test_cleanup
}
trap cleanup EXIT

# start_canned LOG ARGS...: sets canned_pid and cport
start_canned() {
    local log=$1 i
    shift
    "$canned" "$@" >"$dir/$log.out" 2>"$dir/$log.err" &
    canned_pid=$!
    cport=""
    for ((i = 0; i < 100; i++)); do
        cport=$(sed -n 's/^port \([0-9]*\)$/\1/p' "$dir/$log.out" 2>/dev/null)
        [ -n "$cport" ] && return 0
        kill -0 "$canned_pid" 2>/dev/null || break
        sleep 0.1
    done
    fail "bench_canned_server $* did not start"
}
stop_canned() {
    kill "$canned_pid" 2>/dev/null
    wait "$canned_pid" 2>/dev/null
    canned_pid=""
}
# run NAME BACKEND REQUESTS ARGS...: `tpbench run` against the canned server, output in $dir/NAME.out/.err
run() {
    local name=$1 backend=$2 n=$3 pool
    shift 3
    if [ "$backend" = http4 ]; then
        pool=(--minConnectionPoolSize 8 --maxConnectionPoolSize 8)
    else
        pool=(--minConnectionPoolSize 4 --maxConnectionPoolSize 4 --maxInProcessPerConnection 16
              --maxSimultaneousUsagePerConnection 16)
    fi
    timeout 60 "$tpbench" run --quiet --backend "$backend" --host 127.0.0.1 --port "$cport" "${pool[@]}" \
        --requests "$n" --executions 1 --warmups 0 --pauseBetweenRuns 0 --minExpectedRps 0 \
        --requestTimeout 10000 "$@" >"$dir/$name.out" 2>"$dir/$name.err"
    echo $? >"$dir/$name.rc"
}
# expect_ok NAME N: exit 0, N completed, 0 failed, N results
expect_ok() {
    local name=$1 n=$2
    [ "$(cat "$dir/$name.rc")" = 0 ] || fail "$name: exit $(cat "$dir/$name.rc"): $(tail -3 "$dir/$name.err")"
    grep -q "^requests: $n issued, $n completed, 0 failed, 0 too slow, 0 wrong result count" "$dir/$name.out" ||
        fail "$name: $(grep '^requests:' "$dir/$name.out") / $(grep '^errors:' "$dir/$name.out")"
    grep -q "^results: $n |" "$dir/$name.out" || fail "$name: $(grep '^results:' "$dir/$name.out") (want $n)"
}
# summary LOG: the canned server's exit summary line (served counts) from $dir/LOG.err
summary() { grep '^bench_canned_server: .*served:' "$dir/$1.err" || fail "no summary in $1.err"; }

# ---- record from tpbench serve ---------------------------------------------------------------------
start_serve
start_canned rec --record-from "127.0.0.1:$port" --save "$dir/cache" --seconds 120
run rec_h4json http4 20 --option body=json
run rec_h4gb http4 20
run rec_ws ws37 20
expect_ok rec_h4json 20
expect_ok rec_h4gb 20
expect_ok rec_ws 20
stop_canned
s=$(summary rec)
# http4: the JSON body, the GraphBinary body and the dialect probe; ws37: one request message
[[ "$s" == *"recorded 4,"* ]] || fail "recording: want 4 recorded responses: $s"
[ "$(grep -ac '^http4 ' "$dir/cache")" = 3 ] || fail "cache: want 3 http4 entries"
[ "$(grep -ac '^ws37 ' "$dir/cache")" = 1 ] || fail "cache: want 1 ws37 entry"

# ---- replay with tpbench serve gone --------------------------------------------------------------
stop_serve
start_canned replay --cache "$dir/cache" --seconds 120 --max-connections 64
run h4json http4 300 --nioPoolSize 2 --option body=json
run h4gb http4 300 --nioPoolSize 2
run ws ws37 300 --nioPoolSize 2
expect_ok h4json 300
expect_ok h4gb 300
expect_ok ws 300
grep -q '^connections: 4 opened, 0 failed' "$dir/ws.out" || fail "ws: $(grep '^connections:' "$dir/ws.out")"
# Not recorded: every request fails, with the canned server's text.
run miss_h4 http4 5 --option body=json --script 1+2
run miss_ws ws37 5 --script 1+2
for m in miss_h4 miss_ws; do
    grep -q '^requests: 5 issued, 0 completed, 5 failed' "$dir/$m.out" ||
        fail "$m: want 5 failed: $(grep '^requests:' "$dir/$m.out")"
    grep -q 'no cached response' "$dir/$m.out" "$dir/$m.err" ||
        fail "$m: the canned server's text is not reported: $(grep '^errors:' "$dir/$m.out")"
done
stop_canned
s=$(summary replay)
counts=$(sed -n 's/.*served: http4 \([0-9]*\) (\([0-9]*\) unknown), ws37 \([0-9]*\) (\([0-9]*\) unknown).*/\1 \2 \3 \4/p' <<<"$s")
read -r h4_ok h4_miss ws_ok ws_miss <<<"$counts"
# 600 http4 requests plus the dialect probes: at least one per http4 process (3), at most one per
# connection (the workers' first connections may probe at once before the dialect is cached)
[ "${h4_ok:-0}" -ge 603 ] && [ "${h4_ok:-0}" -le 624 ] || fail "replay served http4 ${h4_ok:-?}, want 603..624: $s"
[ "${h4_miss:-}" = 5 ] && [ "${ws_ok:-}" = 300 ] && [ "${ws_miss:-}" = 5 ] || fail "replay counts: $s"
[[ "$s" == *"recorded 0,"* && "$s" == *"protocol errors 0;"* ]] || fail "replay: $s"

# ---- --seconds bounds its life -------------------------------------------------------------------
start_canned life --cache "$dir/cache" --seconds 1
for ((i = 0; i < 50; i++)); do kill -0 "$canned_pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$canned_pid" 2>/dev/null && fail "--seconds 1: still running after 5 s"
wait "$canned_pid"
rc=$?
canned_pid=""
[ "$rc" = 0 ] || fail "--seconds 1: exit $rc"
grep -q -- '--seconds reached' "$dir/life.err" || fail "--seconds 1: $(cat "$dir/life.err")"
echo "PASS"
