#!/usr/bin/env bash
# Compares the Cassandra binding's two paths at the same number of outstanding requests (64):
# the blocking path with -threads 64 against the asynchronous path with -threads 2 -inflight 32,
# workload A on 10,000 records, each run SECONDS long, alternating ROUNDS times in one session
# against one local Cassandra 5.0.9 node started as the module's tests start it (its own JVM from
# cassandra-all's jars, free loopback ports, data in a temporary folder, no authentication).
# Prints per run: throughput, average and 99th percentile latency of all operations, and the
# client's CPU per operation (the engine's process CPU over the measured window; in brackets the
# whole client process, JVM and driver start-up included, from the shell's `time`).
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
JAVA17="${JAVA17:-/usr/lib/jvm/java-17-openjdk-amd64/bin/java}"
cd "$ROOT"

mvn -B -q -Dstyle.color=never -DskipTests -pl cassandra -am package >/dev/null
SERVER_CP_FILE="$ROOT/cassandra/target/cassandra-server/classpath-$SERVER_VERSION.txt"
if [[ ! -s "$SERVER_CP_FILE" ]]; then
  mkdir -p "$(dirname "$SERVER_CP_FILE")"
  mvn -B -q -f cassandra/server-classpath/pom.xml -Dcassandra.server.version=$SERVER_VERSION \
    dependency:build-classpath -Dmdep.outputFile="$SERVER_CP_FILE" >/dev/null
fi
CLIENT_CP="$ROOT/cassandra/target/cassandra-binding-1.0.0-SNAPSHOT.jar:$ROOT/cassandra/target/lib/*"

# --- the server: as CassandraTestServer starts it, without PasswordAuthenticator
DIR="$(mktemp -d /tmp/ycsb-cassandra-bench-XXXXXX)"
read -r NATIVE_PORT STORAGE_PORT < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
mkdir -p "$DIR/conf" "$DIR/data"
cat >"$DIR/conf/cassandra.yaml" <<EOF
cluster_name: ycsb-bench
num_tokens: 1
initial_token: 0
partitioner: org.apache.cassandra.dht.Murmur3Partitioner
commitlog_sync: periodic
commitlog_sync_period: 10000ms
endpoint_snitch: SimpleSnitch
seed_provider:
  - class_name: org.apache.cassandra.locator.SimpleSeedProvider
    parameters:
      - seeds: "127.0.0.1:$STORAGE_PORT"
listen_address: 127.0.0.1
rpc_address: 127.0.0.1
storage_port: $STORAGE_PORT
native_transport_port: $NATIVE_PORT
start_native_transport: true
auto_snapshot: false
concurrent_compactors: 1
EOF
cat >"$DIR/conf/logback.xml" <<'EOF'
<configuration>
  <appender name="OUT" class="ch.qos.logback.core.ConsoleAppender">
    <encoder><pattern>%-5level %date{HH:mm:ss.SSS} [%thread] %logger{0}: %msg%n</pattern></encoder>
  </appender>
  <root level="INFO"><appender-ref ref="OUT"/></root>
</configuration>
EOF
JVM17_FLAGS=(-Djdk.attach.allowAttachSelf=true
  --add-exports java.base/jdk.internal.misc=ALL-UNNAMED
  --add-exports java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED
  --add-exports java.rmi/sun.rmi.registry=ALL-UNNAMED --add-exports java.rmi/sun.rmi.server=ALL-UNNAMED
  --add-exports java.sql/java.sql=ALL-UNNAMED --add-exports java.base/java.lang.ref=ALL-UNNAMED
  --add-exports jdk.unsupported/sun.misc=ALL-UNNAMED
  --add-exports jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED
  --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED
  --add-opens java.base/java.lang.module=ALL-UNNAMED --add-opens java.base/jdk.internal.loader=ALL-UNNAMED
  --add-opens java.base/jdk.internal.ref=ALL-UNNAMED --add-opens java.base/jdk.internal.reflect=ALL-UNNAMED
  --add-opens java.base/jdk.internal.math=ALL-UNNAMED --add-opens java.base/jdk.internal.module=ALL-UNNAMED
  --add-opens java.base/jdk.internal.util.jar=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens java.base/java.io=ALL-UNNAMED --add-opens java.base/java.lang.reflect=ALL-UNNAMED
  --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED
  --add-opens jdk.management/com.sun.management.internal=ALL-UNNAMED
  --add-opens jdk.compiler/com.sun.tools.javac=ALL-UNNAMED)
"$JAVA17" -Xms1g -Xmx1g -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError -Dcassandra-foreground=yes \
  -Dcassandra.config="file://$DIR/conf/cassandra.yaml" -Dcassandra.storagedir="$DIR/data" \
  -Djava.io.tmpdir="$DIR/data" -Dlogback.configurationFile="$DIR/conf/logback.xml" \
  -Dcassandra.skip_wait_for_gossip_to_settle=0 -Dcassandra.ring_delay_ms=100 \
  "${JVM17_FLAGS[@]}" -cp "$DIR/conf:$(cat "$SERVER_CP_FILE")" org.apache.cassandra.service.CassandraDaemon \
  >"$DIR/server.log" 2>&1 &
SERVER_PID=$!
stop_server() {
  kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  rm -rf "$DIR"
}
trap stop_server EXIT
# ready when the CQL port answers
for ((i = 0; ; i++)); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$NATIVE_PORT") 2>/dev/null; then break; fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null || ((i >= 180)); then
    tail -30 "$DIR/server.log" >&2; echo "Cassandra did not start" >&2; exit 1
  fi
  sleep 1
done
echo "Cassandra $SERVER_VERSION on 127.0.0.1:$NATIVE_PORT (pid $SERVER_PID)" >&2

COMMON=(-P workloads/workloada -p "hosts=127.0.0.1:$NATIVE_PORT" -p recordcount=$RECORDS)
CLIENT_JAVA=("$JAVA17" -Xms1g -Xmx1g -cp "$CLIENT_CP" site.ycsb.cli.Ycsb)
"${CLIENT_JAVA[@]}" load cassandra "${COMMON[@]}" -p cassandra.createschema=true -threads 2 -inflight 32 \
  >"$DIR/load.out" 2>"$DIR/load.err"
grep -E '^\[(OVERALL|INSERT)\], (Operations|Return=OK|Throughput)' "$DIR/load.out" >&2

value() { grep -F "[$2], $3," "$1" | head -1 | awk -F', ' '{print $3}'; }

# one run: prints a table row
run() {
  local label="$1"; shift
  local out="$DIR/run.out" times="$DIR/run.time"
  # bash's `time` gives the user + system CPU of the whole client process
  { TIMEFORMAT='%U %S'; time "${CLIENT_JAVA[@]}" run cassandra "${COMMON[@]}" -p operationcount=2000000000 \
      -p "maxexecutiontime=$SECONDS_PER_RUN" "$@" >"$out" 2>"$DIR/run.err"; } 2>"$times"
  local ops tput avg p99 cpu runtime failed
  ops=$(value "$out" OVERALL Operations); tput=$(value "$out" OVERALL 'Throughput(ops/sec)')
  failed=$(value "$out" OVERALL FailedOperations); failed=${failed:-0}
  runtime=$(value "$out" OVERALL 'RunTime(ms)'); cpu=$(value "$out" CLIENT 'AverageProcessCpu(%)')
  avg=$(value "$out" ALL 'AverageLatency(us)'); p99=$(value "$out" ALL '99thPercentileLatency(us)')
  read -r user sys <"$times"
  # the machine is shared: its 1-minute load average at the end of the run says how much
  local load; load=$(cut -d' ' -f1 /proc/loadavg)
  awk -v l="$label" -v ops="$ops" -v f="$failed" -v t="$tput" -v a="$avg" -v p="$p99" -v c="$cpu" -v rt="$runtime" \
      -v u="$user" -v s="$sys" -v la="$load" 'BEGIN {
    printf "| %s | %d | %d | %.0f | %.0f | %d | %.1f (%.1f) | %s |\n", l, ops, f, t, a, p,
      c / 100 * rt * 1000 / ops, (u + s) * 1e6 / ops, la }'
}

echo "| path | operations | failed | throughput (ops/s) | average (us) | p99 (us) |" \
  "client CPU us/op, window (whole process) | load average |"
echo "|---|---|---|---|---|---|---|---|"
for ((r = 1; r <= ROUNDS; r++)); do
  run "blocking, -threads 64 (round $r)" -threads 64
  run "async, -threads 2 -inflight 32 (round $r)" -threads 2 -inflight 32
done
