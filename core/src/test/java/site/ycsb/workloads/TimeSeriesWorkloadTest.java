package site.ycsb.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.KeyValueTimeseriesDB;
import site.ycsb.Status;
import site.ycsb.WorkloadException;

/** The time-series workload writes every series at every timestamp and reads back what it wrote. */
class TimeSeriesWorkloadTest {
  private static final long START = 1483228800L;
  private final List<Status> verdicts = new ArrayList<>();

  @BeforeEach
  void emptyStore() {
    MemoryStoreDB.RECORDS.clear();
  }

  private static Properties props() {
    Properties p = new Properties();
    p.setProperty("fieldcount", "2");
    p.setProperty("fieldlength", "4");
    p.setProperty("tagcount", "2");
    p.setProperty("tagcardinality", "1,3");
    p.setProperty("recordcount", "24"); // 2 metrics x 3 series x 4 timestamps
    p.setProperty("insertstart", Long.toString(START));
    p.setProperty("dataintegrity", "true");
    p.setProperty("valuetype", "integers");
    p.setProperty("randomtimeseriesorder", "false");
    p.setProperty("delayedseries", "0");
    p.setProperty("threadcount", "2");
    p.setProperty("readproportion", "1");
    p.setProperty("updateproportion", "0");
    p.setProperty("tsdb.store", MemoryStoreDB.class.getName());
    return p;
  }

  private TimeSeriesWorkload workload(Properties p) throws WorkloadException {
    TimeSeriesWorkload w = new TimeSeriesWorkload() {
      @Override
      protected Status verifyRow(String key, Map<String, ByteIterator> cells) {
        Status s = super.verifyRow(key, cells);
        verdicts.add(s);
        return s;
      }
    };
    w.init(p);
    return w;
  }

  private static DB store(Properties p) throws Exception {
    DB db = new KeyValueTimeseriesDB();
    db.setProperties(p);
    db.init();
    return db;
  }

  private static void load(TimeSeriesWorkload w, DB db, Properties p) throws Exception {
    Object[] threads = {w.initThread(p, 0, 2), w.initThread(p, 1, 2)};
    for (int i = 0; i < 12; i++) {
      for (Object t : threads) {
        assertTrue(w.doInsert(db, t));
      }
    }
  }

  @Test
  void loadWritesEverySeriesAtEveryTimestampAndReadsVerify() throws Exception {
    Properties p = props();
    TimeSeriesWorkload w = workload(p);
    DB db = store(p);
    load(w, db, p);

    assertEquals(24, MemoryStoreDB.RECORDS.size(), MemoryStoreDB.RECORDS.keySet().toString());
    Set<String> series = new TreeSet<>();
    Set<String> timestamps = new TreeSet<>();
    for (Map<String, String> r : MemoryStoreDB.RECORDS.values()) {
      series.add(r.get("AAAAAAAA") + "/" + r.get("AAAAAAAB"));
      timestamps.add(r.get("YCSBTS"));
    }
    assertEquals(3, series.size(), series.toString());
    assertEquals(Set.of(Long.toString(START), Long.toString(START + 60), Long.toString(START + 120),
        Long.toString(START + 180)), timestamps);

    Object reader = w.initThread(p, 0, 1);
    for (int i = 0; i < 40; i++) {
      assertTrue(w.doTransaction(db, reader));
    }
    assertEquals(40, verdicts.size(), "every read found its point");
    assertTrue(verdicts.stream().allMatch(s -> s == Status.OK), verdicts.toString());
  }

  @Test
  void aValueChangedInTheStoreFailsVerification() throws Exception {
    Properties p = props();
    p.setProperty("fieldcount", "1");
    p.setProperty("tagcardinality", "1,1");
    p.setProperty("recordcount", "1");
    p.setProperty("threadcount", "1");
    TimeSeriesWorkload w = workload(p);
    DB db = store(p);
    assertTrue(w.doInsert(db, w.initThread(p, 0, 1)));
    MemoryStoreDB.RECORDS.values().forEach(r -> r.put("YCSBV", "42"));

    w.doTransaction(db, w.initThread(p, 0, 1));
    assertEquals(List.of(Status.UNEXPECTED_STATE), verdicts);
  }

  @Test
  void dataIntegrityRefusesSettingsItCannotCheck() {
    Properties p = props();
    p.setProperty("valuetype", "floats");
    WorkloadException e = assertThrows(WorkloadException.class, () -> workload(p));
    assertTrue(e.getMessage().contains("valuetype"), e.getMessage());

    Properties noStart = props();
    noStart.remove("insertstart");
    e = assertThrows(WorkloadException.class, () -> workload(noStart));
    assertTrue(e.getMessage().contains("insertstart"), e.getMessage());
  }

  @Test
  void fewerMetricsThanThreadsIsRefused() {
    Properties p = props();
    p.setProperty("threadcount", "3");
    WorkloadException e = assertThrows(WorkloadException.class, () -> workload(p));
    assertTrue(e.getMessage().contains("thread count"), e.getMessage());
  }
}
