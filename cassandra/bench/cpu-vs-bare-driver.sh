#!/usr/bin/env bash
# Client CPU per operation of the Cassandra binding against the Java driver alone: the same
# requests of workload A (50% reads of all fields, 50% updates of one field, uniform keys over
# 10,000 records, consistency ONE, prepared) sent by
#   - BareCassandraLoop (cassandra/src/test/java): the driver's executeAsync with at most 32
#     requests outstanding and no engine around it, the floor;
#   - the engine's asynchronous path, -threads 1 -inflight 32;
#   - the engine's blocking path, -threads 32 -p threadmode=threads;
#   - the command a YCSB user types, -threads 32: 32 sessions in flight on one worker;
# first at a fixed rate (RATE ops/s: -target for the engine, evenly spaced sends for the bare loop),
# then at saturation (no target), alternating in each of ROUNDS rounds, against one local
# Cassandra 5.0.9 node started as cassandra/bench/async-vs-blocking.sh starts it. How each run is
# measured and the table: bench/cpu-vs-bare-driver.lib.sh (the target for the asynchronous path:
# at most 1.1x the bare loop).
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
# at 1,500/s a 5 s warm-up makes 7,500 operations: on one core (PIN_CORES=1) the compilers were
# still replacing interpreted code in the measured window, the engine's more than the bare loop's
WARMUP_SECONDS="${WARMUP_SECONDS:-15}"
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

source "$ROOT/bench/cpu-vs-bare-driver.lib.sh"
bare_loop site.ycsb.db.BareCassandraLoop

# --- the server: one local node (server.lib.sh)
source "$ROOT/cassandra/bench/server.lib.sh"

# workload A with uniform keys, as the bare loop picks them
COMMON=(-P workloads/workloada -p "hosts=127.0.0.1:$NATIVE_PORT" -p recordcount=$RECORDS
  -p requestdistribution=uniform)
BARE_ARGS=(127.0.0.1 "$NATIVE_PORT" datacenter1 ycsb)
"${CLIENT_JAVA[@]}" load cassandra "${COMMON[@]}" -p cassandra.createschema=true -threads 2 -inflight 32 \
  >"$DIR/load.out" 2>"$DIR/load.err"
grep -E '^\[(OVERALL|INSERT)\], (Operations|Return=OK|Throughput)' "$DIR/load.out" >&2

compare_with_bare_driver
