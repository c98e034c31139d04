#!/usr/bin/env bash
# What TLS costs (docs/performance.md "TLS"): `1+1` throughput and client CPU per request
# with and without TLS on both backends, TLS handshake time, new TLS connections per second, and
# http4 over TLS side by side with wrk over https — all against `tpbench serve` on 127.0.0.1, two
# server processes with identical settings (one plaintext, one TLS-only port), interleaved rounds.
#
#   bench/tls_cost.sh [ROUNDS] [REQUESTS]        (defaults 3 rounds, 50000 requests per run)
#
# Environment: TPBENCH (default build/src/cli/tpbench), PKI (default build/tests/common/tpbench_test_pki).
# Client CPU = user+sys of the client process / requests it sent (the fixed 1000 warm-up requests
# included). Run it on an idle machine; figures are ratios within one run.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tp="${TPBENCH:-$here/build/src/cli/tpbench}"
mkpki="${PKI:-$here/build/tests/common/tpbench_test_pki}"
rounds="${1:-3}"
n="${2:-50000}"
# shellcheck source=bench/lib.sh
. "$here/bench/lib.sh"
for b in "$tp" "$mkpki"; do [ -x "$b" ] || { echo "tls_cost: $b is not built (scripts/build)" >&2; exit 1; }; done
work="$(mktemp -d)"
pids=()
cleanup() { for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
"$mkpki" "$work/pki" > "$work/pki.txt"
pki() { sed -n "s/^$1=//p" "$work/pki.txt"; }

start_server() {  # start_server NAME ARGS... → sets port_NAME
  local name="$1"; shift
  "$tp" serve --host 127.0.0.1 --port 0 --evaluationTimeout 0 "$@" >"$work/$name.log" 2>&1 &
  pids+=($!)
  local p; p="$(bench_wait_port "$work/$name.log")"
  [ -n "$p" ] || { echo "tls_cost: server $name did not start" >&2; cat "$work/$name.log" >&2; exit 1; }
  printf -v "port_$name" '%s' "$p"
}
start_server plain
start_server tls --tls-cert "$(pki server_cert)" --tls-key "$(pki server_key)"
ca="$(pki ca_cert)"

# one_run BACKEND MODE → prints "req_per_s cpu_us_per_req" (TLS handshake times are in tpbench's
# own summary and JSON `connect` section)
one_run() {
  local backend="$1" mode="$2" port tlsargs=() pool=()
  if [ "$mode" = tls ]; then port="$port_tls"; tlsargs=(--tls --tls-ca "$ca"); else port="$port_plain"; fi
  if [ "$backend" = ws37 ]; then
    pool=(--minConnectionPoolSize 1 --maxConnectionPoolSize 1 --maxInProcessPerConnection 64 --maxSimultaneousUsagePerConnection 64)
  else
    pool=(--maxConnectionPoolSize 16 --option body=json)
  fi
  /usr/bin/time -f "%U %S" -o "$work/time" "$tp" run --quiet --backend "$backend" --host 127.0.0.1 --port "$port" \
    "${tlsargs[@]}" "${pool[@]}" --requests "$n" --executions 1 --warmups 1 --pauseBetweenRuns 0 --minExpectedRps 0 \
    > "$work/run.out"
  local rps cpu
  rps="$(sed -n 's/^avg req\/sec: //p' "$work/run.out")"
  cpu="$(awk -v n="$n" '{ printf "%.2f", ($(NF-1) + $NF) / (n + 1000) * 1e6 }' "$work/time")"
  echo "${rps:-0} $cpu"
}

echo "== 1+1 req/s and client CPU per request, plain vs TLS (rounds interleaved: plain, tls, plain, tls ...)"
printf '%-6s %-5s %-6s %10s %12s\n' backend mode round req/s cpu_us/req
declare -A sum_rps sum_cpu
for r in $(seq 1 "$rounds"); do
  for backend in http4 ws37; do
    for mode in plain tls; do
      read -r rps cpu < <(one_run "$backend" "$mode")
      printf '%-6s %-5s %-6s %10s %12s\n' "$backend" "$mode" "$r" "$rps" "$cpu"
      sum_rps[$backend.$mode]=$(python3 -c "print(${sum_rps[$backend.$mode]:-0}+$rps)")
      sum_cpu[$backend.$mode]=$(python3 -c "print(${sum_cpu[$backend.$mode]:-0}+$cpu)")
    done
  done
done
for backend in http4 ws37; do
  python3 -c "
p,t=${sum_rps[$backend.plain]},${sum_rps[$backend.tls]}; cp,ct=${sum_cpu[$backend.plain]},${sum_cpu[$backend.tls]}
print(f'$backend: TLS/plain req/s = {t/p:.2f}x, TLS/plain client CPU per request = {ct/cp:.2f}x')"
done

echo "== new TLS connections per second (openssl s_time, full handshakes, 5 s)"
if command -v openssl >/dev/null; then
  openssl s_time -connect "127.0.0.1:$port_tls" -new -time 5 -CAfile "$ca" 2>/dev/null | grep -E "connections in|connections/user" || true
fi

echo "== http4 over TLS: wrk (https, 16 connections) vs tpbench (16 connections), same server"
if command -v wrk >/dev/null; then
  for r in $(seq 1 "$rounds"); do
    wrk -t1 -c16 -d5s -s "$here/bench/server_http4_1plus1.lua" "https://127.0.0.1:$port_tls/gremlin" | grep -E "Requests/sec"
    /usr/bin/time -f "tpbench client: %U s user %S s sys" "$tp" run --quiet --backend http4 --host 127.0.0.1 \
      --port "$port_tls" --tls --tls-ca "$ca" --maxConnectionPoolSize 16 --option body=json --requests "$n" \
      --executions 1 --warmups 1 --pauseBetweenRuns 0 --minExpectedRps 0 | grep -E "avg req/sec"
  done
else
  echo "wrk is not installed (apt-get install wrk)"
fi
