#!/usr/bin/env bash
# CTest differential_realserver: one real Gremlin Server 3.7 (scripts/gremlin-server, port 18301 of
# the differential range) for the whole query list, compared live with the embedded server; the
# real server's answers are written to BUILD/differential-expected-3.7.txt (copy that file over
# tests/data/differential/expected-3.7.txt to refresh the recorded answers).
set -euo pipefail
tool="$1"; src="$2"; out="$3"
port="${TPBENCH_DIFFERENTIAL_PORT:-18301}"
version="${TPBENCH_DIFFERENTIAL_VERSION:-3.7}"
data="$src/tests/data/differential"
helper="$src/scripts/gremlin-server"
# A JVM costs a core for a minute: run only when asked (CI: TPBENCH_REALSERVER=1 ctest -L realserver).
if [ "${TPBENCH_REALSERVER:-0}" != 1 ]; then
  echo "differential_realserver: skipped (set TPBENCH_REALSERVER=1 to run it against a real server)"; exit 77
fi
if [ ! -x "$helper" ]; then
  echo "differential_realserver: skipped: $helper (starts the real Apache TinkerPop server) is not here yet"
  exit 77
fi
# Several worktrees may run this at once: take the first port of the differential range
# (18300-18399) that the helper can start a server on.
started=0
for ((p = port; p <= 18399; p++)); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then continue; fi
  if "$helper" start "$version" "$p" --gremlin-pool 2 --worker-threads 1 >/dev/null; then port=$p; started=1; break; fi
done
[ "$started" = 1 ] || { echo "differential_realserver: could not start a real server on 18300-18399" >&2; exit 1; }
trap '"$helper" stop "$port" || true' EXIT
"$tool" --queries "$data/queries.txt" --known "$data/known-differences.txt" --real-port "$port" \
  --record "$out/differential-expected-$version.txt" --label "Gremlin Server $version via scripts/gremlin-server" --report "$out/differential-realserver.txt"
