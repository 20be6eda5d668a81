#!/usr/bin/env bash
# Client CPU per operation of the Couchbase binding against the Java SDK 3 alone: the same requests
# of workload A (50% gets of whole JSON documents, 50% sub-document mutateIn upserts of one field,
# uniform keys over 10,000 records, the binding's default settings: no durability) sent by
#   - BareCouchbaseLoop (couchbase/src/test/java/site/ycsb/db/couchbase): the SDK's AsyncCollection with at most 16
#     requests outstanding and no engine around it, the floor;
#   - the engine's asynchronous path, -threads 1 -inflight 16;
#   - the engine's blocking path, -threads 16 -p threadmode=threads (the same asynchronous
#     requests, each waited for);
#   - the command a YCSB user types, -threads 16: 16 sessions in flight on one worker;
# first at a fixed rate (RATE ops/s: -target for the engine, evenly spaced sends for the bare loop),
# then at saturation (no target), alternating in each of ROUNDS rounds. The server is the tests'
# stand-in, CouchbaseMock 1.5.27 (one node, no replicas, in memory), not Couchbase Server, started
# as CouchbaseTestServer starts it on a free loopback port of the same machine: the figures are for
# the client only (its CPU per operation), and the saturation throughput is the mock's. The default
# rate is well below what the mock carries on 2 cores. How each run is measured and the table:
# bench/cpu-vs-bare-driver.lib.sh.
#
#   couchbase/bench/cpu-vs-bare-driver.sh [seconds per run, default 15] [rounds, default 3] [rate, default 1000]
#
# The mock, unlike Couchbase Server, leaves Nagle's algorithm on for its data connections
# (setTcpNoDelay(false)): a response written while an earlier one is unacknowledged waits for the
# client's delayed ACK, up to 40 ms. The bare loop and the blocking threads send again at each
# answer, which carries that ACK at once; so does the engine's asynchronous worker, which runs its
# key-value connections' event loop itself and reads every answer as it comes.
# Connecting takes up to ~10 s on a loaded 2-core machine: both clients get
# couchbase.connectTimeout=$CONNECT_TIMEOUT_MS (the start only; the operations keep the defaults).
#
# Builds with `mvn package` (never install), test classes included (SKIP_BUILD=1 uses what is
# built); the mock's class path is resolved with the standalone pom couchbase/server-classpath/pom.xml
# into target/couchbase-mock/, as the tests do.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SECONDS_PER_RUN="${1:-15}"
ROUNDS="${2:-3}"
RATE="${3:-1000}"
# the SDK is large: on one core (PIN_CORES=1), after a 5 s warm-up the compilers still took about
# half of the client's CPU in the measured window (86 against 44 us per operation at saturation),
# and the core they shared with the worker capped its throughput
WARMUP_SECONDS="${WARMUP_SECONDS:-15}"
OUTSTANDING="${OUTSTANDING:-16}"
CONNECT_TIMEOUT_MS=60000
RECORDS=10000
SERVER_VERSION=1.5.27
MODULE=couchbase
BINDING=couchbase
SERVER_PROPERTY=couchbase.server.version
SERVER_CLASSPATH_DIR=couchbase-mock
source "$ROOT/bench/async-vs-blocking.lib.sh"
cd "$ROOT"
build_module

source "$ROOT/bench/cpu-vs-bare-driver.lib.sh"
bare_loop site.ycsb.db.couchbase.BareCouchbaseLoop
# the loop takes the binding's defaults from its CouchbaseConfig (at start only), and the binding's
# jar also carries its logging settings (the SDK's log off): the same in both JVMs
for i in "${!BARE_JAVA[@]}"; do
  if [[ "${BARE_JAVA[i]}" == -cp ]]; then
    BARE_JAVA[i + 1]="$ROOT/$MODULE/target/$MODULE-binding-1.0.0-SNAPSHOT.jar:${BARE_JAVA[i + 1]}"
    break
  fi
done

# --- the server: CouchbaseMock as CouchbaseTestServer starts its shared instance (its own JVM,
# -Xmx256m, one node, no replicas, the cluster map over the data connection)
BUCKET=default
PASSWORD=secret
DIR="$(mktemp -d /tmp/ycsb-couchbase-bench-XXXXXX)"
read -r REST_PORT < <(free_ports 1)
"$JAVA17" -Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "$(cat "$SERVER_CP_FILE")" \
  com.couchbase.mock.CouchbaseMock --port "$REST_PORT" --nodes 1 --replicas 0 --cccp \
  --buckets "$BUCKET:$PASSWORD:couchbase" >"$DIR/server.log" 2>&1 &
SERVER_PID=$!
trap stop_server EXIT
# ready when the bucket's configuration names its data port (random: read from the REST API)
kv_port() {
  KV_PORT="$(python3 - "$REST_PORT" "$BUCKET" "$PASSWORD" 2>/dev/null <<'EOF'
import base64, json, sys, urllib.request
port, bucket, password = sys.argv[1:]
r = urllib.request.Request(f"http://127.0.0.1:{port}/pools/default/buckets/{bucket}", headers={
    "Authorization": "Basic " + base64.b64encode(f"{bucket}:{password}".encode()).decode()})
print(json.load(urllib.request.urlopen(r, timeout=5))["nodesExt"][0]["services"]["kv"])
EOF
)" && [[ -n "$KV_PORT" ]]
}
await_server CouchbaseMock kv_port
HOSTS="couchbase://127.0.0.1:$KV_PORT=kv,127.0.0.1:$REST_PORT=manager"
echo "CouchbaseMock $SERVER_VERSION: REST 127.0.0.1:$REST_PORT, bucket $BUCKET on data port $KV_PORT (pid $SERVER_PID)" >&2

# workload A with uniform keys, as the bare loop picks them; reached as the tests reach the mock
COMMON=(-P workloads/workloada -p "couchbase.hosts=$HOSTS" -p "couchbase.bucket=$BUCKET"
  -p "couchbase.password=$PASSWORD" -p "couchbase.connectTimeout=$CONNECT_TIMEOUT_MS"
  -p recordcount=$RECORDS -p requestdistribution=uniform)
BARE_ARGS=("$HOSTS" "$BUCKET" "$PASSWORD" "$CONNECT_TIMEOUT_MS")
"${CLIENT_JAVA[@]}" load couchbase "${COMMON[@]}" -threads 2 -inflight 16 \
  >"$DIR/load.out" 2>"$DIR/load.err"
grep -E '^\[(OVERALL|INSERT)\], (Operations|Return=OK|Throughput)' "$DIR/load.out" >&2

compare_with_bare_driver
