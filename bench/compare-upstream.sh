#!/usr/bin/env bash
# Side-by-side client overhead: this project's client against upstream YCSB 0.17.0's
# site.ycsb.Client, both with the basic binding (no database), same workload and properties,
# alternating runs in one session. Prints throughput per run, the medians and the ratios. A third
# column runs this client with its live metrics endpoint on (metrics.port), scraped every second.
#   bench/compare-upstream.sh [seconds per run, default 10] [rounds, default 3]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SECONDS_PER_RUN="${1:-10}"
ROUNDS="${2:-3}"
cd "$ROOT"

mvn -B -q -Dstyle.color=never -DskipTests -pl core -am package >/dev/null
UPSTREAM_CP_FILE="$ROOT/bench/upstream-0.17/target/classpath.txt"
mkdir -p "$(dirname "$UPSTREAM_CP_FILE")"
mvn -B -q -Dstyle.color=never -f bench/upstream-0.17/pom.xml dependency:build-classpath \
  -Dmdep.outputFile="$UPSTREAM_CP_FILE" >/dev/null
UPSTREAM_CP="$(cat "$UPSTREAM_CP_FILE")"
OURS_CP="$ROOT/core/target/core-1.0.0-SNAPSHOT.jar:$ROOT/core/target/lib/*"
COMMON=(-P workloads/workloada -p recordcount=1000000 -p operationcount=2000000000
  -p "maxexecutiontime=$SECONDS_PER_RUN" -p basicdb.verbose=false)
JAVA_FLAGS=(-Xms1g -Xmx1g)

throughput() { grep -E '^\[OVERALL\], Throughput\(ops/sec\)' | awk -F', ' '{printf "%.0f\n", $3}'; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

declare -A results
for threads in 1 2; do
  for ((r = 1; r <= ROUNDS; r++)); do
    up=$(java "${JAVA_FLAGS[@]}" -cp "$UPSTREAM_CP" site.ycsb.Client -t -db site.ycsb.BasicDB "${COMMON[@]}" \
      -threads "$threads" 2>/dev/null | throughput)
    ours=$(java "${JAVA_FLAGS[@]}" -cp "$OURS_CP" site.ycsb.cli.Ycsb run basic "${COMMON[@]}" \
      -threads "$threads" 2>/dev/null | throughput)
    port=$((20000 + RANDOM % 20000))
    ( for _ in $(seq $((SECONDS_PER_RUN + 5))); do sleep 1; curl -s "http://127.0.0.1:$port/metrics" >/dev/null || true; done ) &
    scraper=$!
    live=$(java "${JAVA_FLAGS[@]}" -cp "$OURS_CP" site.ycsb.cli.Ycsb run basic "${COMMON[@]}" \
      -threads "$threads" -p "metrics.port=$port" -p metrics.linger=0 2>/dev/null | throughput)
    kill "$scraper" 2>/dev/null || true
    echo "threads=$threads round=$r upstream=$up ours=$ours ours-with-metrics=$live"
    results[up_$threads]+="$up "
    results[ours_$threads]+="$ours "
    results[live_$threads]+="$live "
  done
done

up1=$(echo ${results[up_1]} | tr ' ' '\n' | median); up2=$(echo ${results[up_2]} | tr ' ' '\n' | median)
o1=$(echo ${results[ours_1]} | tr ' ' '\n' | median); o2=$(echo ${results[ours_2]} | tr ' ' '\n' | median)
l1=$(echo ${results[live_1]} | tr ' ' '\n' | median); l2=$(echo ${results[live_2]} | tr ' ' '\n' | median)
echo
echo "| threads | upstream 0.17.0 ops/s (median) | this client ops/s (median) | ratio | with metrics.port (median) | ratio to without |"
echo "|---|---|---|---|---|---|"
echo "| 1 | $up1 | $o1 | $(awk "BEGIN {printf \"%.2f\", $o1 / $up1}") | $l1 | $(awk "BEGIN {printf \"%.2f\", $l1 / $o1}") |"
echo "| 2 | $up2 | $o2 | $(awk "BEGIN {printf \"%.2f\", $o2 / $up2}") | $l2 | $(awk "BEGIN {printf \"%.2f\", $l2 / $o2}") |"
echo
echo "scaling 1 -> 2 threads: upstream $(awk "BEGIN {printf \"%.2f\", $up2 / $up1}")x, this client $(awk "BEGIN {printf \"%.2f\", $o2 / $o1}")x"
