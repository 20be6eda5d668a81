package site.ycsb.db.voltdb;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsb.DBException;

/** Binding instances as the benchmark makes them (properties, then init), closed by the test. */
final class Clients implements AutoCloseable {
  private final List<VoltClient4> opened = new ArrayList<>();

  /**
   * @param more property pairs (name, value, ...) added to those that reach the test server
   * @return an initialized client
   */
  VoltClient4 open(String... more) throws DBException {
    String[] base = {"voltdb.servers", VoltTestServer.get().servers()};
    String[] all = new String[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    VoltClient4 c = create(all);
    c.init();
    opened.add(c);
    return c;
  }

  /** @return a client with exactly these properties, not yet initialized */
  static VoltClient4 create(String... pairs) {
    Properties p = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    VoltClient4 c = new VoltClient4();
    c.setProperties(p);
    return c;
  }

  @Override
  public void close() throws DBException {
    for (VoltClient4 c : opened) {
      c.cleanup();
    }
    opened.clear();
  }
}
