package site.ycsb.db.couchbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.couchbase.client.core.msg.kv.DurabilityLevel;
import com.couchbase.client.java.kv.PersistTo;
import com.couchbase.client.java.kv.ReplicateTo;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.props.PropertyException;

/** Settings read from properties: hosts, credentials, durability. */
class CouchbaseConfigTest {
  private static Properties props(String... pairs) {
    Properties p = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return p;
  }

  @Test
  void aHostListBecomesAConnectionStringAndAConnectionStringIsKept() {
    assertEquals("couchbase://127.0.0.1", new CouchbaseConfig(props()).connectionString);
    assertEquals("couchbase://db1,db2:11210,db3",
        new CouchbaseConfig(props("couchbase.hosts", " db1, db2:11210;db3 ")).connectionString);
    String full = "couchbase://127.0.0.1:11210=kv,127.0.0.1:8091=manager";
    assertEquals(full, new CouchbaseConfig(props("couchbase.hosts", full)).connectionString);
    assertThrows(PropertyException.class, () -> new CouchbaseConfig(props("couchbase.hosts", " ")));
  }

  @Test
  void theUserDefaultsToTheBucketAndThePasswordIsMaskedInMessages() {
    CouchbaseConfig c = new CouchbaseConfig(props("couchbase.bucket", "b1", "couchbase.password", "pw-1234"));
    assertEquals("b1", c.user);
    assertEquals("login as b1 with " + site.ycsb.props.Masking.MASK + " failed", c.mask("login as b1 with pw-1234 failed"));
    assertFalse(c.mask("x pw-1234 y").contains("pw-1234"));
    assertEquals("u", new CouchbaseConfig(props("couchbase.user", "u")).user);
  }

  @Test
  void observeBasedDurabilityKeepsTheStudiesNames() {
    Durability d = Durability.from(props("couchbase.persistTo", "master", "couchbase.replicateTo", "2"));
    assertEquals(PersistTo.ACTIVE, d.persistTo());
    assertEquals(ReplicateTo.TWO, d.replicateTo());
    assertTrue(d.waits());
    assertEquals(PersistTo.FOUR, Durability.from(props("couchbase.persistTo", "4")).persistTo());
    assertFalse(Durability.from(props()).waits());
    assertFalse(Durability.from(props("couchbase.persistTo", "0", "couchbase.durability", "none")).waits());
  }

  @Test
  void synchronousDurabilityLevels() {
    assertEquals(DurabilityLevel.MAJORITY_AND_PERSIST_TO_ACTIVE,
        Durability.from(props("couchbase.durability", "majorityAndPersistToActive")).level());
    assertEquals(DurabilityLevel.PERSIST_TO_MAJORITY,
        Durability.from(props("couchbase.durability", "PERSISTTOMAJORITY")).level());
  }

  @Test
  void bothKindsAtOnceAreRefusedWithOneLine() {
    PropertyException e = assertThrows(PropertyException.class, () -> Durability.from(props(
        "couchbase.durability", "majority", "couchbase.replicateTo", "1")));
    assertTrue(e.getMessage().startsWith("couchbase.durability=majority cannot be combined with"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"));
    assertThrows(PropertyException.class, () -> Durability.from(props("couchbase.persistTo", "5")));
  }
}
