package site.ycsb.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.props.PropertyException;

/** Reading the settings, without a server: defaults, old names, masking of the connection string. */
class MongoConfigTest {
  private static Properties props(String... pairs) {
    Properties p = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return p;
  }

  @Test
  void defaults() {
    MongoConfig c = new MongoConfig(props());
    assertEquals("mongodb://localhost:27017/ycsb", c.maskedUrl);
    assertEquals("ycsb", c.database);
    assertNull(c.writeConcern, "unset: the connection string decides");
    assertNull(c.readPreference);
    assertEquals(1, c.batchSize);
    assertFalse(c.upsert);
    assertNull(c.readTimeoutMillis, "no read timeout of our own: latencies are not capped");
    assertNull(c.serverSelectionTimeoutMillis);
  }

  @Test
  void databaseFromUrlUnlessTheProperty() {
    assertEquals("bench", new MongoConfig(props("mongodb.url", "mongodb://h:1/bench?w=1")).database);
    assertEquals("other", new MongoConfig(props("mongodb.url", "mongodb://h:1/bench",
        "mongodb.database", "other")).database);
    assertEquals("ycsb", new MongoConfig(props("mongodb.url", "mongodb://h:1/?w=1")).database);
  }

  @Test
  void batchSizeHasTheOldNameToo() {
    assertEquals(50, new MongoConfig(props("batchsize", "50")).batchSize);
    assertEquals(7, new MongoConfig(props("batchsize", "50", "mongodb.batchsize", "7")).batchSize);
    PropertyException e = assertThrows(PropertyException.class,
        () -> new MongoConfig(props("mongodb.batchsize", "0")));
    assertTrue(e.getMessage().contains("mongodb.batchsize=0"), e.getMessage());
  }

  @Test
  void anUnknownWriteConcernNamesThePropertyAndTheChoices() {
    PropertyException e = assertThrows(PropertyException.class,
        () -> new MongoConfig(props("mongodb.writeConcern", "sometimes")));
    assertEquals("property mongodb.writeConcern=sometimes is invalid: expected one of unacknowledged, acknowledged,"
        + " w1, w2, w3, majority, journaled, none, normal, safe, fsync_safe, replicas_safe, quorum", e.getMessage());
  }

  @Test
  void userInfoIsMasked() {
    assertEquals("mongodb://******@db1:27017,db2:27017/ycsb?replicaSet=rs",
        MongoConfig.maskUrl("mongodb://ann:pa55@db1:27017,db2:27017/ycsb?replicaSet=rs"));
    assertEquals("mongodb+srv://******@cluster.example/ycsb",
        MongoConfig.maskUrl("mongodb+srv://ann:p%40ss@cluster.example/ycsb"));
    // an unescaped '/' or '@' in the password is invalid, but must not leak either
    assertEquals("mongodb://******@h/x", MongoConfig.maskUrl("mongodb://ann:a/b@c@h/x"));
    assertEquals("mongodb://h:27017/ycsb?w=1&appName=a@b", MongoConfig.maskUrl("mongodb://h:27017/ycsb?w=1&appName=a@b"));
  }

  @Test
  void driverMessagesLoseThePassword() {
    MongoConfig c = new MongoConfig(props("mongodb.url", "mongodb://ann:pa55word@h:1/ycsb"));
    assertEquals("auth failed for ******; user ann with ******",
        c.mask("auth failed for ann:pa55word; user ann with pa55word"));
  }
}
