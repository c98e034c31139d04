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
if [ "${TPBENCH_SKIP_REALSERVER:-0}" = 1 ]; then
  echo "differential_realserver: skipped (TPBENCH_SKIP_REALSERVER=1)"; exit 77
fi
if [ ! -x "$helper" ]; then
  echo "differential_realserver: skipped: $helper (starts the real Apache TinkerPop server) is not here yet"
  exit 77
fi
"$helper" start "$version" "$port"
trap '"$helper" stop "$port" || true' EXIT
"$tool" --queries "$data/queries.txt" --known "$data/known-differences.txt" --real-port "$port" \
  --record "$out/differential-expected-$version.txt" --label "Gremlin Server $version via scripts/gremlin-server" --report "$out/differential-realserver.txt"
