package site.ycsb.db;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts a CouchbaseMock cluster of several nodes whose node n listens on its own loopback
 * address 127.0.0.n, run as the mock's JVM in place of its own main class.
 *
 * <p>Why: the mock puts every node of a bucket on the same host (127.0.0.1) and the same
 * manager port, the nodes differing only by their key-value port. SDK 3 tells nodes apart by
 * host and manager port, so it rejects that cluster map ("Cluster topology has nodes with
 * non-unique IDs") and never finishes opening the bucket. The mock has no option for a host per
 * node, so this launcher starts the mock through its Java API and, before any client connects,
 * moves each node's listening socket from 127.0.0.1:port to 127.0.0.n:port and renames the node
 * accordingly; the cluster map then names distinct hosts. It reaches into the mock's fields by
 * reflection, so the mock stays off the tests' class path (the tests run this class with the
 * mock's class path plus the test classes).
 *
 * <p>It can also put the buckets' key-value servers on fixed ports, so that a mock killed and
 * started again listens where its clients look for it (the mock's own main class takes free
 * ports, new ones each start).
 *
 * <p>Arguments: REST port, nodes, replicas, first key-value port (0: free ports; else bucket b's
 * node n listens on first + b x nodes + n), then {@code bucket:password} for each bucket.
 */
public final class MockNodesOnOwnAddresses {
  private MockNodesOnOwnAddresses() {
  }

  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args[0]);
    int nodes = Integer.parseInt(args[1]);
    int replicas = Integer.parseInt(args[2]);
    int firstKvPort = Integer.parseInt(args[3]);
    Class<?> mockClass = Class.forName("com.couchbase.mock.CouchbaseMock");
    // what --cccp sets: clients fetch the cluster map over the key-value connection
    Field cccp = mockClass.getDeclaredField("cccpBootstrap");
    cccp.setAccessible(true);
    cccp.setBoolean(null, true);

    Class<?> configClass = Class.forName("com.couchbase.mock.BucketConfiguration");
    @SuppressWarnings({"unchecked", "rawtypes"})
    Object couchbaseType = Enum.valueOf((Class) Class.forName("com.couchbase.mock.Bucket$BucketType"), "COUCHBASE");
    List<Object> configs = new ArrayList<>();
    for (int i = 4; i < args.length; i++) {
      String[] bucket = args[i].split(":", 2);
      Object c = configClass.getConstructor().newInstance();
      configClass.getField("numVBuckets").setInt(c, 1024);
      configClass.getField("numNodes").setInt(c, nodes);
      configClass.getField("numReplicas").setInt(c, replicas);
      configClass.getField("type").set(c, couchbaseType);
      configClass.getField("name").set(c, bucket[0]);
      configClass.getField("password").set(c, bucket[1]);
      configClass.getField("hostname").set(c, "127.0.0.1");
      if (firstKvPort > 0) {
        configClass.getField("bucketStartPort").setInt(c, firstKvPort + (i - 4) * nodes);
      }
      configs.add(c);
    }
    Object mock = mockClass.getConstructor(int.class, List.class).newInstance(port, configs);
    mockClass.getMethod("start").invoke(mock);
    mockClass.getMethod("waitForStartup").invoke(mock);

    Method servers = Class.forName("com.couchbase.mock.Bucket").getMethod("getServers");
    for (Object bucket : ((Map<?, ?>) mockClass.getMethod("getBuckets").invoke(mock)).values()) {
      Object[] nodeServers = (Object[]) servers.invoke(bucket);
      for (int n = 1; n < nodeServers.length; n++) {
        moveNode(nodeServers[n], "127.0.0." + (n + 1));
      }
    }
    System.out.println("MockNodesOnOwnAddresses ready on port " + port);
    System.out.flush();
    Thread.currentThread().join();
  }

  /** Listens at {@code host} instead of 127.0.0.1 (same port) and names the node after it. */
  private static void moveNode(Object node, String host) throws Exception {
    Class<?> c = node.getClass();
    Field server = field(c, "server");
    Field hostname = field(c, "hostname");
    Field selector = field(c, "selector");
    ServerSocketChannel old = (ServerSocketChannel) server.get(node);
    int port = old.socket().getLocalPort();
    ServerSocketChannel moved = ServerSocketChannel.open();
    moved.bind(new InetSocketAddress(host, port));
    moved.configureBlocking(false);
    // the node's thread accepts on whatever channel this field holds when its selector fires
    server.set(node, moved);
    hostname.set(node, host);
    Selector s = (Selector) selector.get(node);
    moved.register(s, SelectionKey.OP_ACCEPT);
    s.wakeup();
    old.close();
  }

  private static Field field(Class<?> c, String name) throws NoSuchFieldException {
    Field f = c.getDeclaredField(name);
    f.setAccessible(true);
    return f;
  }
}
