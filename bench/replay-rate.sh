#!/usr/bin/env bash
# How fast the replay workload can go: a phase of the basic binding (no database, no delay),
# workload A, is captured once; its capture is then replayed as fast as the workers can
# (replay.speed=0) and at its own timing (replay.speed=1), with 1 and 2 threads, in rounds. Prints
# each replay's throughput and CPU per operation, then the medians.
#   bench/replay-rate.sh [operations captured, default 2000000] [rounds, default 3]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OPERATIONS="${1:-2000000}"
ROUNDS="${2:-3}"
cd "$ROOT"

mvn -B -q -Dstyle.color=never -DskipTests -pl core -am package >/dev/null
CP="$ROOT/core/target/core-1.0.0-SNAPSHOT.jar:$ROOT/core/target/lib/*"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
ycsb() { java -Xms2g -Xmx2g -cp "$CP" site.ycsb.cli.Ycsb "$@" 2>/dev/null; }
value() { grep -F "[$1], $2, " | awk -F', ' '{printf "%.3f\n", $3}'; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

captured=$(ycsb run basic -P workloads/workloada -p recordcount=1000000 -p "operationcount=$OPERATIONS" \
  -p basicdb.verbose=false -p capture=true -p "resultsdir=$OUT/captured" -threads 1)
echo "captured $OPERATIONS operations at $(echo "$captured" | value OVERALL 'Throughput(ops/sec)') ops/s," \
  "$(du -sb "$OUT/captured/capture" | cut -f1) bytes"

CONFIGS=("speed=0 threads=1" "speed=0 threads=2" "speed=1 threads=1")
declare -A ops cpu
for ((r = 1; r <= ROUNDS; r++)); do
  for c in "${!CONFIGS[@]}"; do
    read -r speed threads <<<"${CONFIGS[$c]}"
    out=$(ycsb run basic -p workload=site.ycsb.workloads.ReplayWorkload -p "replay.file=$OUT/captured/capture" \
      -p "replay.${speed}" -p basicdb.verbose=false -p operationcount=0 -threads "${threads#threads=}")
    t=$(echo "$out" | value OVERALL 'Throughput(ops/sec)')
    u=$(echo "$out" | value CLIENT 'CpuPerOperation(us)')
    echo "round=$r ${CONFIGS[$c]}: $t ops/s, $u us CPU/op"
    ops[$c]+="$t "
    cpu[$c]+="$u "
  done
done
echo
echo "| replay | ops/s (median of $ROUNDS) | client CPU µs/op (median) |"
echo "|---|---|---|"
for c in "${!CONFIGS[@]}"; do
  echo "| ${CONFIGS[$c]} | $(echo "${ops[$c]}" | tr ' ' '\n' | grep . | median) | $(echo "${cpu[$c]}" | tr ' ' '\n' | grep . | median) |"
done
