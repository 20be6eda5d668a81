#!/usr/bin/env bash
# Client CPU per operation of the Cassandra binding against the Java driver alone: the same
# requests of workload A (50% reads of all fields, 50% updates of one field, uniform keys over
# 10,000 records, consistency ONE, prepared) sent by
#   - BareCassandraLoop (cassandra/src/test/java): the driver's executeAsync with at most 32
#     requests outstanding and no engine around it, the floor;
#   - the engine's asynchronous path, -threads 1 -inflight 32;
#   - the engine's blocking path, -threads 32;
# first at a fixed rate (RATE ops/s: -target for the engine, evenly spaced sends for the bare loop),
# then at saturation (no target), alternating in each of ROUNDS rounds, against one local
# Cassandra 5.0.9 node started as cassandra/bench/async-vs-blocking.sh starts it. Every run warms
# up for WARMUP_SECONDS (default 5) and then measures SECONDS: operations completed and the client
# process's CPU time over that window (the engine's [CLIENT], CpuPerOperation(us); the bare loop
# the same figure from the same MXBean). Both JVMs get the same flags.
# Prints each run, then a table of medians with each configuration's CPU per operation as a
# multiple of the bare loop's at the same rate (the target for the asynchronous path: at most 1.1).
#
#   cassandra/bench/cpu-vs-bare-driver.sh [seconds per run, default 15] [rounds, default 3] [rate, default 1500]
#
# Builds with `mvn package` (never install), test classes included; the server's class path is
# resolved with the standalone pom cassandra/server-classpath/pom.xml, as the tests do.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SECONDS_PER_RUN="${1:-15}"
ROUNDS="${2:-3}"
RATE="${3:-1500}"
WARMUP_SECONDS="${WARMUP_SECONDS:-5}"
OUTSTANDING=32
RECORDS=10000
SERVER_VERSION=5.0.9
MODULE=cassandra
BINDING=cassandra
SERVER_PROPERTY=cassandra.server.version
SERVER_CLASSPATH_DIR=cassandra-server
source "$ROOT/bench/async-vs-blocking.lib.sh"
cd "$ROOT"
build_module

# the bare loop runs with the engine's JVM flags (those before its -cp) and the module's jars
JVM_FLAGS=()
for a in "${CLIENT_JAVA[@]:1}"; do
  [[ "$a" == -cp ]] && break
  JVM_FLAGS+=("$a")
done
BARE_JAVA=("$JAVA17" "${JVM_FLAGS[@]}" -cp "$ROOT/$MODULE/target/test-classes:$ROOT/$MODULE/target/lib/*"
  site.ycsb.db.BareCassandraLoop)

# --- the server: one local node (server.lib.sh)
source "$ROOT/cassandra/bench/server.lib.sh"

# workload A with uniform keys, as the bare loop picks them
COMMON=(-P workloads/workloada -p "hosts=127.0.0.1:$NATIVE_PORT" -p recordcount=$RECORDS
  -p requestdistribution=uniform)
"${CLIENT_JAVA[@]}" load cassandra "${COMMON[@]}" -p cassandra.createschema=true -threads 2 -inflight 32 \
  >"$DIR/load.out" 2>"$DIR/load.err"
grep -E '^\[(OVERALL|INSERT)\], (Operations|Return=OK|Throughput)' "$DIR/load.out" >&2

# --- the runs; each appends its figures to OPS[config] and CPU[config]
declare -A OPS CPU
CONFIGS=()
record() { # record CONFIG ROUND OPS_PER_S CPU_US FAILED
  [[ " ${CONFIGS[*]} " == *" $1 "* ]] || CONFIGS+=("$1")
  printf '| %s | %s | %s | %s | %s | %s |\n' "$2" "${1//_/ }" "$3" "$4" "$5" "$(cut -d' ' -f1 /proc/loadavg)"
  if [[ "$3" != n/a && "$4" != n/a ]]; then
    OPS[$1]+=" $3"; CPU[$1]+=" $4"
  fi
}

# run_bare CONFIG ROUND RATE (0 = saturation)
run_bare() {
  local line ops=n/a cpu=n/a
  if line="$("${BARE_JAVA[@]}" 127.0.0.1 "$NATIVE_PORT" datacenter1 ycsb "$SECONDS_PER_RUN" "$WARMUP_SECONDS" \
      "$RECORDS" "$OUTSTANDING" "$3" 2>"$DIR/bare.err")"; then
    ops="$(sed -n 's/.*ops\/s=\([0-9.]*\).*/\1/p' <<<"$line")"
    cpu="$(sed -n 's/.*cpu-us\/op=\([0-9.]*\).*/\1/p' <<<"$line")"
  else
    tail -5 "$DIR/bare.err" >&2
  fi
  local failed; failed="$(sed -n 's/^BareCassandraLoop: \([0-9]*\) of .*/\1/p' "$DIR/bare.err")"
  record "$1" "$2" "$ops" "$cpu" "${failed:-0}"
}

# run_engine CONFIG ROUND ARGS...
run_engine() {
  local config="$1" round="$2"; shift 2
  local out="$DIR/run.out" ops=n/a cpu=n/a failed=n/a
  if "${CLIENT_JAVA[@]}" run "$BINDING" "${COMMON[@]}" -p operationcount=2000000000 \
      -p "maxexecutiontime=$SECONDS_PER_RUN" -p "warmupexecutiontime=$((WARMUP_SECONDS * 1000))" "$@" \
      >"$out" 2>"$DIR/run.err"; then
    ops=$(value "$out" OVERALL 'Throughput(ops/sec)'); cpu=$(value "$out" CLIENT 'CpuPerOperation(us)')
    failed=$(value "$out" OVERALL FailedOperations); failed=${failed:-0}
    ops=${ops:-n/a}; cpu=${cpu:-n/a}
  else
    tail -5 "$DIR/run.err" >&2
  fi
  record "$config" "$round" "$ops" "$cpu" "$failed"
}

echo "workload A, uniform keys, $RECORDS records; $OUTSTANDING outstanding; warm-up ${WARMUP_SECONDS} s," \
  "measured ${SECONDS_PER_RUN} s per run; $ROUNDS round(s); client JVM flags (both): ${JVM_FLAGS[*]}"
echo
echo "| round | configuration | ops/s | client CPU us/op | failed | load average |"
echo "|---|---|---|---|---|---|"
for ((r = 1; r <= ROUNDS; r++)); do
  run_bare "bare_driver,_${OUTSTANDING}_outstanding,_${RATE}/s" "$r" "$RATE"
  run_engine "engine_async,_-threads_1_-inflight_${OUTSTANDING},_-target_${RATE}" "$r" \
    -threads 1 -inflight "$OUTSTANDING" -target "$RATE"
  run_engine "engine_blocking,_-threads_${OUTSTANDING},_-target_${RATE}" "$r" -threads "$OUTSTANDING" -target "$RATE"
  run_bare "bare_driver,_${OUTSTANDING}_outstanding,_saturation" "$r" 0
  run_engine "engine_async,_-threads_1_-inflight_${OUTSTANDING},_saturation" "$r" -threads 1 -inflight "$OUTSTANDING"
  run_engine "engine_blocking,_-threads_${OUTSTANDING},_saturation" "$r" -threads "$OUTSTANDING"
done

median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END {
  if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo
echo "Medians of $ROUNDS round(s); ratio = client CPU per operation / the bare loop's at the same rate"
echo
echo "| configuration | ops/s | client CPU us/op | ratio to bare driver |"
echo "|---|---|---|---|"
for c in "${CONFIGS[@]}"; do
  ops="$(median <<<"${OPS[$c]:-}")"; cpu="$(median <<<"${CPU[$c]:-}")"
  if [[ "$c" == *saturation ]]; then bare="bare_driver,_${OUTSTANDING}_outstanding,_saturation"
  else bare="bare_driver,_${OUTSTANDING}_outstanding,_${RATE}/s"; fi
  base="$(median <<<"${CPU[$bare]:-}")"
  awk -v c="${c//_/ }" -v o="$ops" -v u="$cpu" -v b="$base" 'BEGIN {
    ratio = (u == "n/a" || b == "n/a" || b == 0) ? "n/a" : sprintf("%.2fx", u / b)
    printf "| %s | %s | %s | %s |\n", c, (o == "n/a" ? o : sprintf("%.0f", o)),
      (u == "n/a" ? u : sprintf("%.1f", u)), ratio }'
done
