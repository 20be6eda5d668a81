#!/usr/bin/env bash
# Compares the HBase binding's two paths: the blocking path with -threads 32 against the
# asynchronous path with -threads 2 -inflight 16, workload A on 10,000 records, each run SECONDS
# long, alternating ROUNDS times in one session against one standalone HBase 2.5.10 (master,
# region server and ZooKeeper in one JVM) started as the module's tests start it (hbase-server's
# jars, free loopback ports, data in a temporary folder), the table pre-split into 4 regions.
# Prints per run: throughput, average and 99th percentile latency of all operations, and the
# engine's [CLIENT], CpuPerOperation(us) (in brackets the whole client process's CPU per
# operation, JVM and client start-up included, from the shell's `time`).
#
#   hbase2/bench/async-vs-blocking.sh [seconds per run, default 15] [rounds, default 2]
#
# Builds with `mvn package` (never install); the server's class path is resolved with the
# standalone pom hbase2/server-classpath/pom.xml, as the tests do.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SECONDS_PER_RUN="${1:-15}"
ROUNDS="${2:-2}"
RECORDS=10000
SERVER_VERSION=2.5.10-hadoop3
MODULE=hbase2
BINDING=hbase2
SERVER_PROPERTY=hbase.server.version
SERVER_CLASSPATH_DIR=hbase-server
source "$ROOT/bench/async-vs-blocking.lib.sh"
cd "$ROOT"
build_module

# --- the server: standalone HBase (server.lib.sh)
source "$ROOT/hbase2/bench/server.lib.sh"

COMMON=(-P workloads/workloada -p columnfamily=family -p hbase.zookeeper.quorum=127.0.0.1
  -p "hbase.zookeeper.property.clientPort=$ZK_PORT" -p recordcount=$RECORDS)
"${CLIENT_JAVA[@]}" load hbase2 "${COMMON[@]}" -p hbase.createtable=true -p hbase.presplits=4 \
  -threads 2 -inflight 16 >"$DIR/load.out" 2>"$DIR/load.err"
grep -E '^\[(OVERALL|INSERT)\], (Operations|Return=OK|Throughput)' "$DIR/load.out" >&2

compare 32 16
