#!/usr/bin/env bash
# Interrupting a load command: the command runs as a child process against the
# embedded server (or a `tpbench serve` on 127.0.0.1, ephemeral port), gets a signal once it is
# measuring, and must then exit 128 + signal with its partial report written and marked
# interrupted, and --hlog written as the run went. Every wait is bounded; nothing here measures
# speed. Usage: interrupt_test.sh TPBENCH MODE, MODE one of
#   rate      run --rate (SIGINT, the issue's done-when: a 30 s run stopped after ~3 s), SIGTERM,
#             --sweep (SIGINT), SIGKILL
#   closed    run closed loop (SIGINT), SIGHUP
#   ab        ab closed loop (SIGINT) and ab --rate (SIGTERM)
#   profile   profile (SIGINT) and the default A/B (SIGINT)
#   drain     against a server that never answers: the grace period ends the drain; a second
#             signal exits at once
set -u
tpbench=$1
mode=$2
dir=$(mktemp -d "${TMPDIR:-/tmp}/tpbench-interrupt-XXXXXX")
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null; done
    rm -rf "$dir"
}
trap cleanup EXIT
fail() {
    echo "FAIL: $*" >&2
    for f in "$dir"/*.err; do [ -f "$f" ] && { echo "--- $f" >&2; tail -20 "$f" >&2; }; done
    exit 1
}

# start NAME ARGS... : runs tpbench ARGS in the background (stdout NAME.out, stderr NAME.err); pid in $pid.
start() {
    local name=$1
    shift
    "$tpbench" "$@" >"$dir/$name.out" 2>"$dir/$name.err" &
    pid=$!
    pids+=("$pid")
}

# wait_for WHAT SECONDS CMD... : polls CMD every 0.2 s until it succeeds; fails after SECONDS.
wait_for() {
    local what=$1 secs=$2
    shift 2
    local i
    for ((i = 0; i < secs * 5; i++)); do
        "$@" && return 0
        kill -0 "$pid" 2>/dev/null || fail "$what: the process ended first"
        sleep 0.2
    done
    fail "$what: not within $secs s"
}

# hlog_lines FILE : the interval lines of an hlog.
hlog_lines() { grep -c -v -e '^#' -e '^"' "$1" 2>/dev/null || true; }
has_intervals() { [ "$(hlog_lines "$1")" -ge "$2" ]; }

# finish EXPECTED_RC LIMIT : waits (at most LIMIT s) for the process; checks its exit status.
finish() {
    local want=$1 limit=$2 i
    for ((i = 0; i < limit * 5; i++)); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.2
    done
    kill -0 "$pid" 2>/dev/null && fail "still running $limit s after the signal"
    wait "$pid"
    rc=$?
    [ "$rc" -eq "$want" ] || fail "exit status $rc, expected $want"
}

# check_json FILE SIGNAL PY_EXPR : a valid tpbench report, interrupted by SIGNAL, where PY_EXPR
# (over d, the document, and s, its first side) holds.
check_json() {
    python3 - "$1" "$2" "$3" <<'PY' || fail "report $1"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["schema"].startswith("tpbench.report/"), d["schema"]
assert d["interrupted"] is True, d.get("interrupted")
i = d["interruption"]
assert i["signal"] == sys.argv[2], i
assert i["at_utc"].endswith("Z") and i["after_s"] > 0 and i["grace_s"] >= 0, i
s = d["sides"][0] if d["sides"] else None
ok = eval(sys.argv[3])
assert ok, (sys.argv[3], s and {k: s[k] for k in ("requests", "completed", "failed", "duration_s")}, i)
PY
}

# check_hlog FILE SIGNAL MIN : an interval log `tpbench merge` reads, with MIN intervals and the mark.
check_hlog() {
    has_intervals "$1" "$3" || fail "$1: fewer than $3 intervals: $(cat "$1")"
    grep -q "^#\[tpbench: INTERRUPTED by $2" "$1" || fail "$1: no interrupted mark"
    "$tpbench" merge "$dir/merged.hlog" "$1" >/dev/null 2>"$dir/merge.err" || fail "merge cannot read $1"
    [ "$(hlog_lines "$dir/merged.hlog")" -eq "$(hlog_lines "$1")" ] || fail "merge lost intervals of $1"
}

case "$mode" in
rate)
    # The issue's done-when: a 30 s rate run, SIGINT once it has measured ~3 s.
    start rate run --rate 200 --duration 30 --quiet --minConnectionPoolSize 2 --maxConnectionPoolSize 4 --format json \
        --report "$dir/rate.json" --hlog "$dir/rate.hlog" --hgrm "$dir/rate.hgrm" --drain-timeout 2000
    # --hlog is written as the run goes: its lines appear while it runs.
    wait_for "rate: streamed hlog intervals" 60 has_intervals "$dir/rate.hlog" 2
    kill -INT "$pid"
    finish 130 30
    check_json "$dir/rate.out" SIGINT 's["requests"] > 0 and s["completed"] > 0 and s["duration_s"] < 28 and i["not_sent"] > 0'
    check_json "$dir/rate.json" SIGINT 's["completed"] > 0'
    check_hlog "$dir/rate.hlog" SIGINT 2
    [ -s "$dir/rate.hgrm" ] || fail "no --hgrm"
    grep -q "interrupted by SIGINT" "$dir/rate.err" || fail "no interrupted note on stderr"

    # SIGTERM -> 143, table output marked; two worker threads.
    start term run --rate 200 --duration 30 --quiet --nioPoolSize 2 --minConnectionPoolSize 2 --maxConnectionPoolSize 4 \
        --hlog "$dir/term.hlog" --report "$dir/term.md" --drain-timeout 2000
    wait_for "term: streamed hlog intervals" 60 has_intervals "$dir/term.hlog" 1
    kill -TERM "$pid"
    finish 143 30
    grep -q "^INTERRUPTED by SIGTERM" "$dir/term.out" || fail "table output not marked: $(head -5 "$dir/term.out")"
    grep -q "^\*\*INTERRUPTED by SIGTERM" "$dir/term.md" || fail "markdown report not marked"
    check_hlog "$dir/term.hlog" SIGTERM 1

    # A sweep: the step in progress is shown as interrupted (neither sustainable nor not), the
    # sweep stops there.
    start sweep run --sweep --rate 100 --duration 20 --sweep-steps 3 --quiet --minConnectionPoolSize 2 \
        --maxConnectionPoolSize 4 --format json --hlog "$dir/sweep.hlog" --drain-timeout 2000
    wait_for "sweep: streamed hlog intervals" 60 has_intervals "$dir/sweep.hlog" 1
    kill -INT "$pid"
    finish 130 30
    check_json "$dir/sweep.out" SIGINT \
        'len(d["sides"]) == 1 and s["name"].endswith("(interrupted)") and s["completed"] > 0'
    check_hlog "$dir/sweep.hlog" SIGINT 1

    # SIGKILL: no report, but the intervals streamed so far are a log `merge` reads.
    start kill run --rate 200 --duration 30 --quiet --minConnectionPoolSize 2 --maxConnectionPoolSize 4 --hlog "$dir/kill.hlog"
    wait_for "kill: streamed hlog intervals" 60 has_intervals "$dir/kill.hlog" 2
    kill -KILL "$pid"
    wait "$pid" 2>/dev/null
    "$tpbench" merge "$dir/merged.hlog" "$dir/kill.hlog" >/dev/null 2>"$dir/merge.err" ||
        fail "merge cannot read the log of a killed run: $(cat "$dir/merge.err")"
    [ "$(hlog_lines "$dir/merged.hlog")" -ge 2 ] || fail "killed run's log lost its intervals"
    ;;
closed)
    # Closed loop: SIGINT during the first test execution (progress lines say it is under way).
    start closed run --requests 5000000 --executions 3 --warmups 0 --pauseBetweenRuns 0 --minConnectionPoolSize 2 --maxConnectionPoolSize 4 \
        --format json --report "$dir/closed.html" --hlog "$dir/closed.hlog" --drain-timeout 2000
    wait_for "closed: test-1 under way" 60 grep -q 'test-1: [1-9][0-9]*/5000000' "$dir/closed.err"
    kill -INT "$pid"
    finish 130 30
    check_json "$dir/closed.out" SIGINT 's["requests"] > 0 and s["completed"] > 0 and s["requests"] < 5000000'
    check_hlog "$dir/closed.hlog" SIGINT 1
    grep -q 'id="interrupted"' "$dir/closed.html" || fail "HTML report not marked"

    # SIGHUP -> 129, the text summary says so.
    start hup run --requests 5000000 --executions 2 --warmups 0 --pauseBetweenRuns 0 --minConnectionPoolSize 2 --maxConnectionPoolSize 4 \
        --drain-timeout 2000
    wait_for "hup: test-1 under way" 60 grep -q 'test-1: [1-9][0-9]*/5000000' "$dir/hup.err"
    kill -HUP "$pid"
    finish 129 30
    grep -q "^INTERRUPTED: interrupted by SIGHUP" "$dir/hup.out" || fail "summary not marked: $(tail -3 "$dir/hup.out")"
    grep -q "^requests: [1-9]" "$dir/hup.out" || fail "no partial summary"
    ;;
ab)
    start ab ab --requests 5000000 --executions 2 --warmups 0 --pauseBetweenRuns 0 --minConnectionPoolSize 2 --maxConnectionPoolSize 4 \
        --format json --report "$dir/ab.csv" --drain-timeout 2000
    wait_for "ab: test-1 under way" 60 grep -q 'test-1: [1-9][0-9]*/5000000' "$dir/ab.err"
    kill -INT "$pid"
    finish 130 30
    check_json "$dir/ab.out" SIGINT 'len(d["sides"]) >= 1 and s["completed"] > 0 and d["comparisons"] == []'
    # CSV: the interrupted column says true.
    python3 - "$dir/ab.csv" <<'PY' || fail "CSV report"
import csv, sys
block = open(sys.argv[1]).read().split("\n\n")[0]  # the sides (comparison blocks follow)
rows = list(csv.DictReader(block.splitlines()))
assert rows and all(r["interrupted"] == "true" for r in rows), rows
PY

    # ab --rate: SIGTERM during the first side; the second side does not run.
    start abr ab --rate 200 --duration 30 --quiet --minConnectionPoolSize 2 --maxConnectionPoolSize 4 --format json --drain-timeout 2000
    sleep 3
    kill -TERM "$pid"
    finish 143 30
    check_json "$dir/abr.out" SIGTERM 's["completed"] > 0'
    [ "$(grep -c '"schema"' "$dir/abr.out")" -eq 1 ] || fail "ab --rate ran a side after the interrupt"
    ;;
profile)
    start profile profile testType 1 requests 5000000 executions 3 warmups 0 pauseBetweenRuns 0 \
        minConnectionPoolSize 2 maxConnectionPoolSize 4
    wait_for "profile: test-1 under way" 60 grep -q 'test-1: [1-9][0-9]*/5000000' "$dir/profile.err"
    kill -INT "$pid"
    finish 130 30
    grep -q "interrupted by SIGINT.*: 0 warm-up and 1 test execution(s) ran, [1-9][0-9]* request(s) completed" \
        "$dir/profile.err" || fail "profile: no partial figures: $(tail -3 "$dir/profile.err")"
    grep -q -- "-TEST CYCLE-" "$dir/profile.out" || fail "profile: ProfilingApplication lines missing"

    # The default A/B: SIGINT during its first row; the table of the rows so far, marked.
    start demo --requests 5000000 --latency-executions 1 --warmups 0 --report "$dir/demo.json" --drain-timeout 2000
    wait_for "default A/B: first row under way" 60 grep -q '^\[1/' "$dir/demo.err"
    sleep 1
    kill -INT "$pid"
    finish 130 60
    grep -q "^INTERRUPTED: interrupted by SIGINT" "$dir/demo.out" || fail "default A/B table not marked"
    check_json "$dir/demo.json" SIGINT 'True'
    ;;
drain)
    # A server that never answers (every response stalls after its head).
    "$tpbench" serve --port 0 --fault stall-after-head=120 >"$dir/serve.out" 2>"$dir/serve.err" &
    srv=$!
    pids+=("$srv")
    port=""
    for _ in $(seq 100); do
        port=$(grep -o 'listening on 127.0.0.1:[0-9]*' "$dir/serve.out" 2>/dev/null | head -1 | sed 's/.*://')
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || fail "serve did not start"
    target=(--backend http4 --host 127.0.0.1 --port "$port" --option dialect=4.0 --requestTimeout 100000)
    # The grace period ends the drain: the requests still in flight count as cancelled.
    start grace run "${target[@]}" --rate 20 --duration 30 --quiet --minConnectionPoolSize 2 --maxConnectionPoolSize 4 --format json \
        --drain-timeout 1000
    sleep 2
    kill -INT "$pid"
    finish 130 30
    check_json "$dir/grace.out" SIGINT \
        's["requests"] > 0 and any(e["class"] == "cancelled" and e["count"] > 0 for e in s["errors"])'
    # A second signal exits at once, long before the 100 s drain would end, and writes nothing.
    start twice run "${target[@]}" --rate 20 --duration 30 --quiet --minConnectionPoolSize 2 --maxConnectionPoolSize 4 --format json \
        --report "$dir/twice.json" --drain-timeout 100000
    sleep 2
    kill -INT "$pid"
    wait_for "twice: the first signal's note" 20 grep -q "SIGINT received: stopping" "$dir/twice.err"
    kill -INT "$pid"
    finish 130 20
    grep -q "second signal" "$dir/twice.err" || fail "no second-signal line"
    [ ! -e "$dir/twice.json" ] || fail "a report was written after the second signal"
    ;;
*)
    fail "unknown mode $mode"
    ;;
esac
echo "ok: interrupt $mode"
