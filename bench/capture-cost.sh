#!/usr/bin/env bash
# What capture=true costs per operation: the basic binding (no database, no delay), workload A,
# one thread, a fixed number of operations, runs with and without the capture alternating in one
# session. Both write a results folder; only one captures. Prints each run's throughput, CPU per
# operation and capture size, then the medians.
#   bench/capture-cost.sh [operations per run, default 5000000] [rounds, default 3]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OPERATIONS="${1:-5000000}"
ROUNDS="${2:-3}"
cd "$ROOT"

mvn -B -q -Dstyle.color=never -DskipTests -pl core -am package >/dev/null
CP="$ROOT/core/target/core-1.0.0-SNAPSHOT.jar:$ROOT/core/target/lib/*"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
COMMON=(-P workloads/workloada -p recordcount=1000000 -p "operationcount=$OPERATIONS" -p basicdb.verbose=false
  -p seed=1 -threads 1)
CONFIGS=("without" "capture")

value() { grep -F "[$1], $2, " | awk -F', ' '{printf "%.3f\n", $3}'; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

declare -A ops cpu
for ((r = 1; r <= ROUNDS; r++)); do
  for c in "${!CONFIGS[@]}"; do
    dir="$OUT/$r-${CONFIGS[$c]}"
    extra=(-p "resultsdir=$dir")
    [ "${CONFIGS[$c]}" = capture ] && extra+=(-p capture=true)
    out=$(java -Xms1g -Xmx1g -cp "$CP" site.ycsb.cli.Ycsb run basic "${COMMON[@]}" "${extra[@]}" 2>/dev/null)
    t=$(echo "$out" | value OVERALL 'Throughput(ops/sec)')
    u=$(echo "$out" | value CLIENT 'CpuPerOperation(us)')
    size=$(du -sb "$dir/capture" 2>/dev/null | cut -f1 || echo 0)
    echo "round=$r ${CONFIGS[$c]}: $t ops/s, $u us CPU/op, capture ${size:-0} bytes"
    ops[$c]+="$t "
    cpu[$c]+="$u "
  done
done
echo
echo "| run | ops/s (median of $ROUNDS) | client CPU µs/op (median) |"
echo "|---|---|---|"
for c in "${!CONFIGS[@]}"; do
  echo "| ${CONFIGS[$c]} | $(echo ${ops[$c]} | tr ' ' '\n' | median) | $(echo ${cpu[$c]} | tr ' ' '\n' | median) |"
done
