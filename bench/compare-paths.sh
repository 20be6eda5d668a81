#!/usr/bin/env bash
# The engine's own cost per operation on its two paths, with the basic binding (no database, no
# delay): the blocking path (one operation per thread) against the asynchronous path (-inflight),
# same workload and properties, alternating runs in one session. Prints throughput and the
# client's CPU time per operation per run, and the medians.
#   bench/compare-paths.sh [seconds per run, default 10] [rounds, default 3]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SECONDS_PER_RUN="${1:-10}"
ROUNDS="${2:-3}"
cd "$ROOT"

mvn -B -q -Dstyle.color=never -DskipTests -pl core -am package >/dev/null
CP="$ROOT/core/target/core-1.0.0-SNAPSHOT.jar:$ROOT/core/target/lib/*"
COMMON=(-P workloads/workloada -p recordcount=1000000 -p operationcount=2000000000
  -p "maxexecutiontime=$SECONDS_PER_RUN" -p basicdb.verbose=false)
JAVA_FLAGS=(-Xms1g -Xmx1g)
CONFIGS=("blocking -threads 2" "async -threads 2 -inflight 64" "async -threads 1 -inflight 64")

value() { grep -F "[$1], $2, " | awk -F', ' '{printf "%.2f\n", $3}'; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

declare -A ops cpu
for ((r = 1; r <= ROUNDS; r++)); do
  for c in "${!CONFIGS[@]}"; do
    read -r -a args <<<"${CONFIGS[$c]}"
    out=$(java "${JAVA_FLAGS[@]}" -cp "$CP" site.ycsb.cli.Ycsb run basic "${COMMON[@]}" "${args[@]:1}" 2>/dev/null)
    t=$(echo "$out" | value OVERALL 'Throughput(ops/sec)')
    u=$(echo "$out" | value CLIENT 'CpuPerOperation(us)')
    echo "round=$r ${CONFIGS[$c]}: $t ops/s, $u us CPU/op"
    ops[$c]+="$t "
    cpu[$c]+="$u "
  done
done
echo
echo "| path | ops/s (median of $ROUNDS) | client CPU µs/op (median) |"
echo "|---|---|---|"
for c in "${!CONFIGS[@]}"; do
  echo "| ${CONFIGS[$c]} | $(echo ${ops[$c]} | tr ' ' '\n' | median) | $(echo ${cpu[$c]} | tr ' ' '\n' | median) |"
done
