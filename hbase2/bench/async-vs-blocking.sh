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
JAVA17="${JAVA17:-/usr/lib/jvm/java-17-openjdk-amd64/bin/java}"
cd "$ROOT"

mvn -B -q -Dstyle.color=never -DskipTests -pl hbase2 -am package >/dev/null
SERVER_CP_FILE="$ROOT/hbase2/target/hbase-server/classpath-$SERVER_VERSION.txt"
if [[ ! -s "$SERVER_CP_FILE" ]]; then
  mkdir -p "$(dirname "$SERVER_CP_FILE")"
  mvn -B -q -f hbase2/server-classpath/pom.xml -Dhbase.server.version=$SERVER_VERSION \
    dependency:build-classpath -Dmdep.outputFile="$SERVER_CP_FILE" >/dev/null
fi
CLIENT_CP="$ROOT/hbase2/target/hbase2-binding-1.0.0-SNAPSHOT.jar:$ROOT/hbase2/target/lib/*"

# --- the server: as HBaseTestServer starts it
DIR="$(mktemp -d /tmp/ycsb-hbase-bench-XXXXXX)"
read -r ZK_PORT MASTER_PORT RS_PORT < <(python3 -c '
import socket
s = [socket.socket() for _ in range(3)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
mkdir -p "$DIR/conf"
prop() { echo "  <property><name>$1</name><value>$2</value></property>"; }
{
  echo '<?xml version="1.0"?>'; echo '<configuration>'
  prop hbase.cluster.distributed false
  prop hbase.rootdir "file://$DIR/root"
  prop hbase.tmp.dir "$DIR/tmp"
  prop hadoop.tmp.dir "$DIR/hadoop-tmp"
  prop hbase.zookeeper.property.dataDir "$DIR/zookeeper"
  prop hbase.zookeeper.quorum 127.0.0.1
  prop hbase.zookeeper.property.clientPort "$ZK_PORT"
  prop hbase.master.port "$MASTER_PORT"
  prop hbase.regionserver.port "$RS_PORT"
  prop hbase.master.info.port -1
  prop hbase.regionserver.info.port -1
  prop hbase.unsafe.stream.capability.enforce false
  prop hbase.master.wait.on.regionservers.maxtostart 1
  echo '</configuration>'
} >"$DIR/conf/hbase-site.xml"
cat >"$DIR/conf/log4j2.properties" <<'EOF'
status = warn
appender.console.type = Console
appender.console.name = OUT
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = %-5p %d{HH:mm:ss.SSS} [%t] %c{1}: %m%n
rootLogger = INFO,OUT
EOF
JVM17_FLAGS=(-Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true
  --add-opens java.base/java.io=ALL-UNNAMED --add-opens java.base/java.nio=ALL-UNNAMED
  --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED
  --add-opens java.base/jdk.internal.ref=ALL-UNNAMED --add-opens java.base/java.lang.reflect=ALL-UNNAMED
  --add-opens java.base/java.util=ALL-UNNAMED --add-opens java.base/java.util.concurrent=ALL-UNNAMED
  --add-exports java.base/jdk.internal.misc=ALL-UNNAMED --add-exports java.base/sun.net.dns=ALL-UNNAMED
  --add-exports java.base/sun.net.util=ALL-UNNAMED)
(cd "$DIR" && exec "$JAVA17" -Xms384m -Xmx512m -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError \
  -Djava.io.tmpdir="$DIR" -Dlog4j2.configurationFile="$DIR/conf/log4j2.properties" "${JVM17_FLAGS[@]}" \
  -cp "$DIR/conf:$(cat "$SERVER_CP_FILE")" org.apache.hadoop.hbase.master.HMaster start) \
  >"$DIR/server.log" 2>&1 &
SERVER_PID=$!
stop_server() {
  kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  rm -rf "$DIR"
}
trap stop_server EXIT
# ready when the master says so
for ((i = 0; ; i++)); do
  if grep -q "Master has completed initialization" "$DIR/server.log"; then break; fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null || ((i >= 180)); then
    tail -30 "$DIR/server.log" >&2; echo "HBase did not start" >&2; exit 1
  fi
  sleep 1
done
echo "HBase $SERVER_VERSION with ZooKeeper on 127.0.0.1:$ZK_PORT (pid $SERVER_PID)" >&2

COMMON=(-P workloads/workloada -p columnfamily=family -p hbase.zookeeper.quorum=127.0.0.1
  -p "hbase.zookeeper.property.clientPort=$ZK_PORT" -p recordcount=$RECORDS)
CLIENT_JAVA=("$JAVA17" -Xms1g -Xmx1g -cp "$CLIENT_CP" site.ycsb.cli.Ycsb)
"${CLIENT_JAVA[@]}" load hbase2 "${COMMON[@]}" -p hbase.createtable=true -p hbase.presplits=4 \
  -threads 2 -inflight 16 >"$DIR/load.out" 2>"$DIR/load.err"
grep -E '^\[(OVERALL|INSERT)\], (Operations|Return=OK|Throughput)' "$DIR/load.out" >&2

value() { grep -F "[$2], $3," "$1" | head -1 | awk -F', ' '{print $3}'; }

# one run: prints a table row
run() {
  local label="$1"; shift
  local out="$DIR/run.out" times="$DIR/run.time"
  # bash's `time` gives the user + system CPU of the whole client process
  { TIMEFORMAT='%U %S'; time "${CLIENT_JAVA[@]}" run hbase2 "${COMMON[@]}" -p operationcount=2000000000 \
      -p "maxexecutiontime=$SECONDS_PER_RUN" "$@" >"$out" 2>"$DIR/run.err"; } 2>"$times"
  local ops tput avg p99 cpu failed
  ops=$(value "$out" OVERALL Operations); tput=$(value "$out" OVERALL 'Throughput(ops/sec)')
  failed=$(value "$out" OVERALL FailedOperations); failed=${failed:-0}
  cpu=$(value "$out" CLIENT 'CpuPerOperation(us)')
  avg=$(value "$out" ALL 'AverageLatency(us)'); p99=$(value "$out" ALL '99thPercentileLatency(us)')
  read -r user sys <"$times"
  # the machine is shared: its 1-minute load average at the end of the run says how much
  local load; load=$(cut -d' ' -f1 /proc/loadavg)
  awk -v l="$label" -v ops="$ops" -v f="$failed" -v t="$tput" -v a="$avg" -v p="$p99" -v c="$cpu" \
      -v u="$user" -v s="$sys" -v la="$load" 'BEGIN {
    printf "| %s | %d | %d | %.0f | %.0f | %d | %s (%.1f) | %s |\n", l, ops, f, t, a, p, c,
      (u + s) * 1e6 / ops, la }'
}

echo "| path | operations | failed | throughput (ops/s) | average (us) | p99 (us) |" \
  "[CLIENT], CpuPerOperation(us) (whole process) | load average |"
echo "|---|---|---|---|---|---|---|---|"
for ((r = 1; r <= ROUNDS; r++)); do
  run "blocking, -threads 32 (round $r)" -threads 32
  run "async, -threads 2 -inflight 16 (round $r)" -threads 2 -inflight 16
done
