package site.ycsb.db.rocksdb;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.testsupport.TestPhase;
import site.ycsb.StringByteIterator;

/** Small helpers shared by the binding's tests. */
final class Records {
  static final String TABLE = "usertable";

  private Records() {
  }

  /** A record with {@code fields} fields whose values name the key and the field. */
  static Map<String, ByteIterator> record(String key, int fields) {
    Map<String, ByteIterator> m = new LinkedHashMap<>();
    for (int i = 0; i < fields; i++) {
      m.put("field" + i, new StringByteIterator(key + ":" + i));
    }
    return m;
  }

  /** Values as strings, for readable assertions. */
  static Map<String, String> strings(Map<String, ByteIterator> m) {
    Map<String, String> out = new HashMap<>();
    m.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  /** The test's clients are the workers of one phase; {@link #endPhase()} closes the stores it opened. */
  private static final TestPhase PHASE = new TestPhase();

  /** Ends the phase as the engine does: every store the clients opened is closed. */
  static void endPhase() {
    PHASE.close();
  }

  /** A client initialised on {@code dir} with any extra properties given as name, value pairs. */
  static RocksDBClient open(Path dir, String... extra) throws DBException {
    Properties p = new Properties();
    p.setProperty("rocksdb.dir", dir.toString());
    for (int i = 0; i + 1 < extra.length; i += 2) {
      p.setProperty(extra[i], extra[i + 1]);
    }
    RocksDBClient db = new RocksDBClient();
    db.setProperties(p);
    return PHASE.init(db);
  }
}
