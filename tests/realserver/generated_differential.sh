#!/usr/bin/env bash
# The generated differential check: tests/realserver/gen_traversals.py's traversals (seeds 1 and 2,
# 200 each) through tpbench_differential against a real Gremlin Server, every result stream compared
# in order; a difference not in the known file fails.
# Usage: generated_differential.sh TPBENCH_DIFFERENTIAL PROTOCOL GENERATION PORT KNOWN OUTDIR
set -euo pipefail
bin=$1 protocol=$2 generation=$3 port=$4 known=$5 out=$6
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
queries="$out/generated-$generation.txt"
python3 "$here/gen_traversals.py" --seed 1 2 --count 200 --generation "$generation" >"$queries"
exec "$bin" --protocol "$protocol" --queries "$queries" --known "$known" --real-port "$port" \
    --label "generated traversals, $generation" --report "$out/generated-$generation-report.txt"
