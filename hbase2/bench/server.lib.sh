# Starts one standalone HBase 2.5.10 for a bench script (master, region server and ZooKeeper in
# one JVM), as the module's tests (HBaseTestServer) start it: hbase-server's jars, free loopback
# ports, data in a temporary folder; stopped when the script exits. Sourced after
# bench/async-vs-blocking.lib.sh and build_module; sets DIR, ZK_PORT and SERVER_PID.
DIR="$(mktemp -d /tmp/ycsb-hbase-bench-XXXXXX)"
read -r ZK_PORT MASTER_PORT RS_PORT < <(free_ports 3)
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
trap stop_server EXIT
# ready when the master says so
await_server HBase grep -q "Master has completed initialization" "$DIR/server.log"
echo "HBase $SERVER_VERSION with ZooKeeper on 127.0.0.1:$ZK_PORT (pid $SERVER_PID)" >&2
