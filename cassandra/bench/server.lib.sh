# Starts one local Cassandra node for a bench script, as the module's tests start it
# (CassandraTestServer's settings, no authentication): its own JVM from cassandra-all's jars, free
# loopback ports, data in a temporary folder; stopped when the script exits. Sourced after
# bench/async-vs-blocking.lib.sh and build_module; sets DIR, NATIVE_PORT and SERVER_PID.
DIR="$(mktemp -d /tmp/ycsb-cassandra-bench-XXXXXX)"
read -r NATIVE_PORT STORAGE_PORT < <(free_ports 2)
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
trap stop_server EXIT
# ready when the CQL port answers
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$NATIVE_PORT") 2>/dev/null; }
await_server Cassandra port_open
echo "Cassandra $SERVER_VERSION on 127.0.0.1:$NATIVE_PORT (pid $SERVER_PID)" >&2
