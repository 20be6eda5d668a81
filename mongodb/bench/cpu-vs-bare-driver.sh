#!/usr/bin/env bash
# Client CPU per operation of the MongoDB binding against the reactive-streams driver alone: the
# same requests of workload A (50% reads of whole records, 50% $set updates of one field, uniform
# keys over 10,000 records, the binding's default client settings) sent by
#   - BareMongoLoop (mongodb/src/test/java): the driver's publishers subscribed to with at most 16
#     requests outstanding and no engine around them, the floor;
#   - the engine's asynchronous path (the same reactive driver), -threads 1 -inflight 16;
#   - the engine's blocking path (the synchronous driver), -threads 16 -p threadmode=threads;
#   - -threads 16 as a user types it: the same 16 threads (MongoDB keeps a thread per session);
# first at a fixed rate (RATE ops/s: -target for the engine, evenly spaced sends for the bare loop),
# then at saturation (no target), alternating in each of ROUNDS rounds. The server is the tests'
# stand-in, mongo-java-server (MongoStandIn, in memory), not MongoDB, started on a free loopback
# port on the same machine: the figures are for the client only (its CPU per operation), and the
# saturation throughput is the stand-in's. The default rate is well below what the stand-in carries
# on 2 cores. How each run is measured and the table: bench/cpu-vs-bare-driver.lib.sh.
#
#   mongodb/bench/cpu-vs-bare-driver.sh [seconds per run, default 15] [rounds, default 3] [rate, default 500]
#
# Builds with `mvn package` (never install), test classes included (SKIP_BUILD=1 uses what is
# built); the stand-in's class path (test scope) is resolved once into target/bench/.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SECONDS_PER_RUN="${1:-15}"
ROUNDS="${2:-3}"
RATE="${3:-500}"
WARMUP_SECONDS="${WARMUP_SECONDS:-5}"
OUTSTANDING=16
RECORDS=10000
MODULE=mongodb
BINDING=mongodb
# the stand-in runs from the module's own test class path: no server class path to resolve
SERVER_VERSION=stand-in
SERVER_PROPERTY=
SERVER_CLASSPATH_DIR=bench
source "$ROOT/bench/async-vs-blocking.lib.sh"
cd "$ROOT"
build_module

source "$ROOT/bench/cpu-vs-bare-driver.lib.sh"
bare_loop site.ycsb.db.BareMongoLoop

# --- the server: MongoStandIn (mongo-java-server) as the tests start it, with the module's test
# class path (mongo-java-server is a test dependency, not in target/lib)
TEST_CP_FILE="$ROOT/$MODULE/target/bench/test-classpath.txt"
if [[ ! -s "$TEST_CP_FILE" ]]; then
  mkdir -p "$(dirname "$TEST_CP_FILE")"
  # offline first: everything it needs is in the local repository after a build
  for offline in -o ""; do
    if mvn -B -q $offline -pl "$MODULE" dependency:build-classpath -Dmdep.includeScope=test \
        -Dmdep.outputFile="$TEST_CP_FILE" >/dev/null 2>&1; then
      break
    fi
  done
  [[ -s "$TEST_CP_FILE" ]] || { echo "could not resolve the test class path of $MODULE" >&2; exit 1; }
fi
DIR="$(mktemp -d /tmp/ycsb-mongodb-bench-XXXXXX)"
read -r PORT < <(free_ports 1)
"$JAVA17" -Xmx256m -XX:+UseSerialGC -cp "$ROOT/$MODULE/target/test-classes:$(cat "$TEST_CP_FILE")" \
  site.ycsb.db.MongoStandIn "$PORT" >"$DIR/server.log" 2>&1 &
SERVER_PID=$!
trap stop_server EXIT
standin_listening() { grep -qs 'MongoStandIn listening' "$DIR/server.log" && (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; }
await_server MongoStandIn standin_listening
echo "MongoStandIn (mongo-java-server, memory backend) on 127.0.0.1:$PORT (pid $SERVER_PID)" >&2

# workload A with uniform keys, as the bare loop picks them; the binding's defaults otherwise
URL="mongodb://127.0.0.1:$PORT/ycsb"
COMMON=(-P workloads/workloada -p "mongodb.url=$URL" -p recordcount=$RECORDS -p requestdistribution=uniform)
BARE_ARGS=("$URL" ycsb)
if ! "${CLIENT_JAVA[@]}" load mongodb "${COMMON[@]}" -threads 2 -inflight 16 >"$DIR/load.out" 2>"$DIR/load.err"; then
  tail -20 "$DIR/load.err" >&2; echo "the load failed" >&2; exit 1
fi
grep -E '^\[(OVERALL|INSERT)\], (Operations|Return=OK|Throughput)' "$DIR/load.out" >&2

compare_with_bare_driver
