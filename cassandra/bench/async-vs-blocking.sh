#!/usr/bin/env bash
# Compares the Cassandra binding's two paths at the same number of outstanding requests (64):
# the blocking path with -threads 64 against the asynchronous path with -threads 2 -inflight 32,
# workload A on 10,000 records, each run SECONDS long, alternating ROUNDS times in one session
# against one local Cassandra 5.0.9 node started as the module's tests start it (its own JVM from
# cassandra-all's jars, free loopback ports, data in a temporary folder, no authentication).
# Prints per run: throughput, average and 99th percentile latency of all operations, and the
# engine's [CLIENT], CpuPerOperation(us) (in brackets the whole client process's CPU per
# operation, JVM and driver start-up included, from the shell's `time`).
#
#   cassandra/bench/async-vs-blocking.sh [seconds per run, default 20] [rounds, default 2]
#
# Builds with `mvn package` (never install); the server's class path is resolved with the
# standalone pom cassandra/server-classpath/pom.xml, as the tests do.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SECONDS_PER_RUN="${1:-20}"
ROUNDS="${2:-2}"
RECORDS=10000
SERVER_VERSION=5.0.9
MODULE=cassandra
BINDING=cassandra
SERVER_PROPERTY=cassandra.server.version
SERVER_CLASSPATH_DIR=cassandra-server
source "$ROOT/bench/async-vs-blocking.lib.sh"
cd "$ROOT"
build_module

# --- the server: one local node (server.lib.sh)
source "$ROOT/cassandra/bench/server.lib.sh"

COMMON=(-P workloads/workloada -p "hosts=127.0.0.1:$NATIVE_PORT" -p recordcount=$RECORDS)
"${CLIENT_JAVA[@]}" load cassandra "${COMMON[@]}" -p cassandra.createschema=true -threads 2 -inflight 32 \
  >"$DIR/load.out" 2>"$DIR/load.err"
grep -E '^\[(OVERALL|INSERT)\], (Operations|Return=OK|Throughput)' "$DIR/load.out" >&2

compare 64 32
