# Shared scaffolding of the shell integration tests (sourced, never run): a scratch directory
# removed on exit, a `fail` that shows the tails of the run's stderr files, and `start_serve`,
# which starts `tpbench serve` on an ephemeral loopback port and waits for its "listening on" line.
#
#   . "$(dirname "$0")/../common/serve.sh"
#   tp_test_init faults TPBENCH         # sets $tpbench, $dir (mktemp), the EXIT trap
#   start_serve --fault status=503      # (re)starts the server: sets $srv_pid and $port
#   stop_serve                          # SIGTERM, waits; the EXIT trap does it too
#
# `fail MESSAGE` prints "FAIL: MESSAGE", then the last lines of every $dir/*.err, and exits 1.
# A server that does not print its port within START_TIMEOUT_S seconds (default 30) fails the test
# with its stderr.

tp_test_init() {
    local name=$1
    tpbench=$2
    dir=$(mktemp -d "${TMPDIR:-/tmp}/tpbench-$name-XXXXXX")
    srv_pid=""
    port=""
    trap tp_test_cleanup EXIT
}

tp_test_cleanup() {
    stop_serve
    rm -rf "$dir"
}

fail() {
    echo "FAIL: $*" >&2
    local f
    for f in "$dir"/*.err; do
        [ -s "$f" ] || continue
        echo "--- $(basename "$f")" >&2
        tail -20 "$f" >&2
    done
    exit 1
}

stop_serve() {
    if [ -n "$srv_pid" ]; then
        kill "$srv_pid" 2>/dev/null
        wait "$srv_pid" 2>/dev/null
    fi
    srv_pid=""
}

# start_serve ARGS... : `tpbench serve --port 0 ARGS...`, output in $dir/serve.out / serve.err.
start_serve() {
    stop_serve
    port=""
    # Not the previous server's output: the redirect truncates only once the child runs, so the
    # loop below could read the old port (a dead server) before it.
    rm -f "$dir/serve.out" "$dir/serve.err"
    "$tpbench" serve --port 0 "$@" >"$dir/serve.out" 2>"$dir/serve.err" &
    srv_pid=$!
    local i
    for ((i = 0; i < ${START_TIMEOUT_S:-30} * 10; i++)); do
        port=$(grep -o 'listening on 127.0.0.1:[0-9]*' "$dir/serve.out" 2>/dev/null | head -1 | sed 's/.*://')
        [ -n "$port" ] && return 0
        kill -0 "$srv_pid" 2>/dev/null || break
        sleep 0.1
    done
    fail "tpbench serve $* did not start"
}
