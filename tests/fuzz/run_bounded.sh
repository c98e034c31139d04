#!/usr/bin/env bash
# Runs one libFuzzer target for a bounded time on its seed corpus (the CI fuzz job;
# ctest -L fuzz in a -DTPBENCH_FUZZ=ON build). New inputs go to a scratch corpus that is thrown
# away; a crash keeps its input (artifact) in the build dir and prints it in hex.
#
#   run_bounded.sh FUZZER NAME SECONDS SOURCE_DIR
#
# Seeds per NAME: graphbinary = tests/data/vectors/graphbinary-v1 (selector bytes 00, 02) and -v4
# (01, 03) — byte 0 of a fuzz_graphbinary input selects the version and the complete_input mode;
# graphson = tests/data/vectors/graphson-v3 and -v4; ws37/http4 = tests/fuzz/corpus/NAME; and for
# every NAME the inputs in tests/data/fuzz-regressions/NAME. Prints libFuzzer's execution count.
set -euo pipefail
fuzzer="$1" name="$2" seconds="$3" src="$4"
out="$(dirname "$fuzzer")/fuzz-$name"
rm -rf "$out"
mkdir -p "$out/corpus" "$out/seeds"
prefixed() {  # prefixed DIR HEXBYTE...: copies every file of DIR with each selector byte in front
  local dir="$1"; shift
  for f in "$dir"/*; do
    [ -f "$f" ] || continue
    for b in "$@"; do { printf "\\x$b"; cat "$f"; } >"$out/seeds/$b-$(basename "$f")"; done
  done
}
case "$name" in
  graphbinary)
    prefixed "$src/tests/data/vectors/graphbinary-v1" 00 02
    prefixed "$src/tests/data/vectors/graphbinary-v4" 01 03 ;;
  graphson)
    cp "$src"/tests/data/vectors/graphson-v3/* "$src"/tests/data/vectors/graphson-v4/* "$out/seeds/" 2>/dev/null || true ;;
  *)
    cp "$src/tests/fuzz/corpus/$name"/* "$out/seeds/" ;;
esac
if [ -d "$src/tests/data/fuzz-regressions/$name" ]; then
  for f in "$src/tests/data/fuzz-regressions/$name"/*; do [ -f "$f" ] && cp "$f" "$out/seeds/reg-$(basename "$f")"; done
fi
n_seeds=$(ls "$out/seeds" | wc -l)
[ "$n_seeds" -gt 0 ] || { echo "fuzz $name: no seed inputs found under $src" >&2; exit 1; }
set +e
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
  -artifact_prefix="$out/" "$out/corpus" "$out/seeds" >"$out/log" 2>&1
rc=$?
set -e
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/log" | tail -1)
echo "fuzz $name: ${runs:-?} executions in ${seconds} s from $n_seeds seeds (libFuzzer exit $rc; log $out/log)"
if [ "$rc" -ne 0 ]; then
  tail -40 "$out/log" >&2
  for a in "$out"/crash-* "$out"/leak-* "$out"/timeout-* "$out"/oom-*; do
    [ -f "$a" ] || continue
    echo "fuzz $name: failing input $a ($(stat -c %s "$a") bytes), first 256 bytes:" >&2
    head -c 256 "$a" | od -An -tx1 >&2
  done
  exit 1
fi
