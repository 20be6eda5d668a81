#!/usr/bin/env bash
# Client CPU per operation of the HBase binding against HBase's client alone: the same requests of
# workload A (50% Gets of the row's whole column family, 50% Puts of one column, sent at once as
# the binding does without clientbuffering; uniform keys over 10,000 records) sent by
#   - BareHBaseLoop (hbase2/src/test/java): the shaded client's AsyncTable, configured as the
#     binding configures its AsyncConnection, with at most 16 requests outstanding and no engine
#     around it, the floor;
#   - the engine's asynchronous path, -threads 1 -inflight 16;
#   - the engine's blocking path, -threads 16 -p threadmode=threads;
#   - the command a YCSB user types, -threads 16: 16 sessions in flight on one worker;
# first at a fixed rate (RATE ops/s, well below what the server saturates at on a 2-core machine:
# -target for the engine, evenly spaced sends for the bare loop), then at saturation (no target),
# alternating in each of ROUNDS rounds, against one standalone HBase 2.5.10 started as
# hbase2/bench/async-vs-blocking.sh starts it (server.lib.sh), the table pre-split into 4 regions.
# How each run is measured and the table: bench/cpu-vs-bare-driver.lib.sh.
#
#   hbase2/bench/cpu-vs-bare-driver.sh [seconds per run, default 15] [rounds, default 3] [rate, default 500]
#
# Builds with `mvn package` (never install), test classes included; the server's class path is
# resolved with the standalone pom hbase2/server-classpath/pom.xml, as the tests do.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SECONDS_PER_RUN="${1:-15}"
ROUNDS="${2:-3}"
RATE="${3:-500}"
# HBase's client is large: on one core (PIN_CORES=1) its compilers were still busy 10 s after a 5 s
# warm-up, and the interpreted code they had not yet replaced counted against the measured window
WARMUP_SECONDS="${WARMUP_SECONDS:-15}"
OUTSTANDING=16
RECORDS=10000
SERVER_VERSION=2.5.10-hadoop3
MODULE=hbase2
BINDING=hbase2
SERVER_PROPERTY=hbase.server.version
SERVER_CLASSPATH_DIR=hbase-server
source "$ROOT/bench/async-vs-blocking.lib.sh"
cd "$ROOT"
build_module

source "$ROOT/bench/cpu-vs-bare-driver.lib.sh"
bare_loop site.ycsb.db.BareHBaseLoop

# --- the server: standalone HBase (server.lib.sh)
source "$ROOT/hbase2/bench/server.lib.sh"

# workload A with uniform keys, as the bare loop picks them
COMMON=(-P workloads/workloada -p columnfamily=family -p hbase.zookeeper.quorum=127.0.0.1
  -p "hbase.zookeeper.property.clientPort=$ZK_PORT" -p recordcount=$RECORDS -p requestdistribution=uniform)
BARE_ARGS=(127.0.0.1 "$ZK_PORT" usertable family)
# the load waits out a busy machine (the asynchronous side bounds an operation at 1 s by default,
# and a failed insert stops the load); the runs keep the binding's default
if ! "${CLIENT_JAVA[@]}" load hbase2 "${COMMON[@]}" -p hbase.createtable=true -p hbase.presplits=4 \
    -p hbase.client.operation.timeout=60000 -threads 2 -inflight 16 >"$DIR/load.out" 2>"$DIR/load.err"; then
  tail -5 "$DIR/load.err" >&2; echo "the load failed" >&2; exit 1
fi
grep -E '^\[(OVERALL|INSERT)\], (Operations|Return=OK|Throughput)' "$DIR/load.out" >&2

compare_with_bare_driver
