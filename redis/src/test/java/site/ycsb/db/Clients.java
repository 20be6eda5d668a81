package site.ycsb.db;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.StringByteIterator;
import site.ycsb.testsupport.BindingInstances;
import site.ycsb.testsupport.RedisServer;
import site.ycsb.testsupport.TestPhase;

/** Binding instances as the benchmark makes them: properties, then init. */
final class Clients {
  private final List<RedisClient> opened = new ArrayList<>();
  /** The clients opened together are the workers of one phase: numbered, sharing its error log. */
  private final TestPhase phase = new TestPhase();

  /**
   * @param server the server
   * @param more property pairs: name, value, name, value...
   * @return an initialized client connected to the server
   */
  RedisClient open(RedisServer server, String... more) throws DBException {
    String[] all = new String[more.length + 4];
    all[0] = "redis.host";
    all[1] = server.host();
    all[2] = "redis.port";
    all[3] = Integer.toString(server.port());
    System.arraycopy(more, 0, all, 4, more.length);
    return open(all);
  }

  /** @return an initialized client with exactly these properties */
  RedisClient open(String... pairs) throws DBException {
    RedisClient c = create(pairs);
    phase.init(c);
    opened.add(c);
    return c;
  }

  /** @return a client with these properties, not yet initialized */
  static RedisClient create(String... pairs) {
    return BindingInstances.create(RedisClient::new, pairs);
  }

  void closeAll() throws DBException {
    for (RedisClient c : opened) {
      c.cleanup();
    }
    opened.clear();
    phase.close();
  }

  /** @return a record of fields f0..f(n-1) with values "key/fi" */
  static Map<String, ByteIterator> record(String key, int fields) {
    Map<String, ByteIterator> r = new HashMap<>();
    for (int i = 0; i < fields; i++) {
      r.put("f" + i, new StringByteIterator(key + "/f" + i));
    }
    return r;
  }

  static Map<String, String> strings(Map<String, ByteIterator> record) {
    Map<String, String> out = new HashMap<>();
    record.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }
}
