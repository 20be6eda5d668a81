package site.ycsb.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Utils;

/** Key numbering, key sections, values and field choice of CoreWorkload. */
class CoreWorkloadKeysTest {
  /** Remembers what the workload asked for. */
  static final class Capture extends DB {
    final List<String> inserted = new ArrayList<>();
    final List<Map<String, ByteIterator>> values = new ArrayList<>();
    final List<Set<String>> readFields = new ArrayList<>();
    final List<String> keys = new ArrayList<>();

    @Override
    public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      keys.add(k);
      readFields.add(f);
      return Status.OK;
    }

    @Override
    public Status scan(String t, String k, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
      keys.add(k);
      return Status.OK;
    }

    @Override
    public Status update(String t, String k, Map<String, ByteIterator> v) {
      keys.add(k);
      values.add(v);
      return Status.OK;
    }

    @Override
    public Status insert(String t, String k, Map<String, ByteIterator> v) {
      inserted.add(k);
      values.add(v);
      return Status.OK;
    }

    @Override
    public Status delete(String t, String k) {
      keys.add(k);
      return Status.OK;
    }
  }

  private static CoreWorkload workload(String... kv) throws Exception {
    Properties p = new Properties();
    for (String s : kv) {
      String[] parts = s.split("=", 2);
      p.setProperty(parts[0], parts[1]);
    }
    CoreWorkload w = new CoreWorkload();
    w.init(p);
    return w;
  }

  @Test
  void hashedKeysMatchYcsbAndOrderedKeysArePadded() throws Exception {
    CoreWorkload hashed = workload("recordcount=10");
    assertEquals("user" + Utils.fnvhash64(7), hashed.buildKeyName(7));
    // FNV-1a 64 of the 8 little-endian bytes of 0, made non-negative: the key YCSB 0.17 builds
    assertEquals("user6284781860667377211", hashed.buildKeyName(0));
    CoreWorkload ordered = workload("recordcount=10", "insertorder=ordered", "zeropadding=8");
    assertEquals("user00000042", ordered.buildKeyName(42));
  }

  @Test
  void loadInsertsExactlyItsBlockWithKeysAbove2To31() throws Exception {
    long start = 3_000_000_000L;
    CoreWorkload w = workload("recordcount=3000000100", "insertstart=" + start, "insertcount=100",
        "insertorder=ordered");
    Capture db = new Capture();
    for (int i = 0; i < 100; i++) {
      assertTrue(w.doInsert(db, null));
    }
    assertEquals("user3000000000", db.inserted.get(0));
    assertEquals("user3000000099", db.inserted.get(99));
    assertEquals(100, new HashSet<>(db.inserted).size());
  }

  @Test
  void runInsertsGoToTheClientsOwnKeySection() throws Exception {
    CoreWorkload w = workload("recordcount=1000", "insertorder=ordered", "clientcount=3", "clientid=1",
        "clientkeyspace=1000000", "readproportion=0", "updateproportion=0", "insertproportion=1");
    Capture db = new Capture();
    for (int i = 0; i < 5; i++) {
      w.doTransaction(db, null);
    }
    // section 0 = the loaded records, section 2 = client 1
    assertEquals(List.of("user2000000", "user2000001", "user2000002", "user2000003", "user2000004"), db.inserted);
  }

  @Test
  void readsChooseOnlyLoadedOrAcknowledgedKeys() throws Exception {
    CoreWorkload w = workload("recordcount=100", "insertorder=ordered", "readproportion=0.5",
        "updateproportion=0", "insertproportion=0.5", "requestdistribution=uniform");
    Capture db = new Capture();
    for (int i = 0; i < 2000; i++) {
      w.doTransaction(db, null);
    }
    Set<String> existing = new HashSet<>(db.inserted);
    for (int i = 0; i < 100; i++) {
      existing.add("user" + i);
    }
    for (String k : db.keys) {
      assertTrue(existing.contains(k), "read of a key never written: " + k);
    }
  }

  @Test
  void valuesHaveTheConfiguredLengthAndNothingJsonEscapes() throws Exception {
    CoreWorkload w = workload("recordcount=10", "fieldcount=4", "fieldlength=333", "fieldnameprefix=f");
    Capture db = new Capture();
    w.doInsert(db, null);
    Map<String, ByteIterator> v = db.values.get(0);
    assertEquals(Set.of("f0", "f1", "f2", "f3"), v.keySet());
    for (ByteIterator it : v.values()) {
      String s = it.toString();
      assertEquals(333, s.length());
      assertTrue(s.matches("[A-Za-z0-9_-]+"), "only characters no JSON encoder escapes: " + s);
    }
  }

  @Test
  void readAllFieldsFalseReadsOneFieldAndWriteAllFieldsWritesAll() throws Exception {
    CoreWorkload one = workload("recordcount=10", "readallfields=false", "readproportion=1",
        "updateproportion=0");
    Capture db = new Capture();
    one.doTransaction(db, null);
    assertEquals(1, db.readFields.get(0).size());
    CoreWorkload all = workload("recordcount=10", "writeallfields=true", "readproportion=0",
        "updateproportion=1");
    Capture db2 = new Capture();
    all.doTransaction(db2, null);
    assertEquals(10, db2.values.get(0).size());
    CoreWorkload single = workload("recordcount=10", "readproportion=0", "updateproportion=1");
    Capture db3 = new Capture();
    single.doTransaction(db3, null);
    assertEquals(1, db3.values.get(0).size());
  }

  @Test
  void deleteProportionDeletes() throws Exception {
    CoreWorkload w = workload("recordcount=10", "readproportion=0", "updateproportion=0", "deleteproportion=1");
    Capture db = new Capture();
    w.doTransaction(db, null);
    assertEquals(1, db.keys.size());
    assertFalse(db.keys.get(0).isEmpty());
  }

  @Test
  void dataIntegrityValuesVerify() throws Exception {
    byte[] a = Values.deterministic("user1", "field0", 50);
    assertEquals(50, a.length);
    Map<String, ByteIterator> read = new HashMap<>();
    read.put("field0", new site.ycsb.ByteArrayByteIterator(a));
    assertTrue(Values.verify("user1", read));
    read.put("field0", new site.ycsb.ByteArrayByteIterator(Values.deterministic("user2", "field0", 50)));
    assertFalse(Values.verify("user1", read));
    assertNotEquals(new String(a), new String(Values.deterministic("user1", "field1", 50)));
  }
}
