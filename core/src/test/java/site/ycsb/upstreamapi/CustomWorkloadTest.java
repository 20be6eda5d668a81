package site.ycsb.upstreamapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import site.ycsb.Utils;
import site.ycsb.cli.Run;
import site.ycsb.generator.DiscreteGenerator;
import site.ycsb.generator.NumberGenerator;

/**
 * A workload extending {@code CoreWorkload} as upstream's users wrote them gets the run's own
 * generators and settings through the protected fields, its override is what the mix calls, and
 * a generator it puts in place is what the run draws from.
 */
class CustomWorkloadTest {
  private static final String DB = KeyLogDB.class.getName();

  @BeforeEach
  void reset() {
    ReadOverridingWorkload.reset();
    KeyLogDB.reset();
  }

  private static Run readOnly(String workload, String distribution, int operations, String... more) {
    String[] base = {"run", "-db", DB, "-P", "../workloads/workloadc", "-threads", "4",
        "-p", "workload=" + workload, "-p", "recordcount=100", "-p", "operationcount=" + operations,
        "-p", "requestdistribution=" + distribution};
    String[] args = new String[base.length + more.length];
    System.arraycopy(base, 0, args, 0, base.length);
    System.arraycopy(more, 0, args, base.length, more.length);
    return Run.of(args);
  }

  @Test
  void anOverriddenReadIsWhatTheMixCallsWithTheRunsKeyChooser() {
    Run r = readOnly(ReadOverridingWorkload.class.getName(), "uniform", 2000);
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(2000, ReadOverridingWorkload.READS.get(), "every read of the mix went through the override");
    assertEquals(2000, r.count("READ", "Operations"), "and its calls were measured");
    assertEquals(100, ReadOverridingWorkload.recordCountSeen);
    assertEquals("usertable", ReadOverridingWorkload.tableSeen);
    for (long keynum : ReadOverridingWorkload.KEYNUMS.keySet()) {
      assertTrue(keynum >= 0 && keynum < 100, "key number " + keynum + " outside the loaded records");
    }
    assertTrue(ReadOverridingWorkload.KEYNUMS.size() >= 95, "uniform over 100 records: "
        + ReadOverridingWorkload.KEYNUMS.size() + " distinct");
    Set<String> loadedKeys = new HashSet<>();
    for (long k = 0; k < 100; k++) {
      loadedKeys.add("user" + Utils.hash(k));
    }
    assertTrue(loadedKeys.containsAll(KeyLogDB.READ_KEYS), "buildKeyName made the keys the load inserted");
  }

  @Test
  void theProtectedKeyChooserIsTheRequestDistribution() {
    Run zipfian = readOnly(ReadOverridingWorkload.class.getName(), "zipfian", 5000);
    assertEquals(0, zipfian.exitCode, zipfian.toString());
    long top = ReadOverridingWorkload.KEYNUMS.values().stream().mapToLong(AtomicLong::get).max().orElse(0);
    // the most popular of 100 keys gets about 5% under zipfian, about 1.4% at most under uniform
    assertTrue(top > 150, "most popular key read " + top + " times of 5000");

    ReadOverridingWorkload.reset();
    Run uniform = readOnly(ReadOverridingWorkload.class.getName(), "uniform", 5000);
    assertEquals(0, uniform.exitCode, uniform.toString());
    long uniformTop = ReadOverridingWorkload.KEYNUMS.values().stream().mapToLong(AtomicLong::get).max().orElse(0);
    assertTrue(uniformTop < 120, "most popular key read " + uniformTop + " times of 5000");
  }

  @Test
  void aKeyChooserPutInPlaceAfterInitIsWhatTheRunDrawsFrom() {
    Run r = readOnly(FixedKeyWorkload.class.getName(), "uniform", 500, "-p", "fixedkey.keynum=7");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(500, r.count("READ", "Operations"));
    assertEquals(Set.of("user" + Utils.hash(7)), new HashSet<>(KeyLogDB.READ_KEYS));
  }

  @Test
  void theAsynchronousPathRefusesAWorkloadThatMakesItsOwnReads() {
    Run r = Run.of("run", "basic", "-P", "../workloads/workloadc", "-p", "basicdb.verbose=false",
        "-p", "workload=" + ReadOverridingWorkload.class.getName(), "-p", "operationcount=10", "-inflight", "2");
    assertEquals(2, r.exitCode, r.toString());
    assertTrue(r.err.contains("doTransactionRead"), r.err);

    Run fixed = Run.of("run", "basic", "-P", "../workloads/workloadc", "-p", "basicdb.verbose=false",
        "-p", "workload=" + FixedKeyWorkload.class.getName(), "-p", "operationcount=10", "-inflight", "2");
    assertEquals(0, fixed.exitCode, "a workload that only replaces generators plans as CoreWorkload does\n" + fixed);
  }

  @Test
  void upstreamsStaticHelpersReadTheProperties() throws Exception {
    Properties p = new Properties();
    p.setProperty("readproportion", "0.25");
    p.setProperty("updateproportion", "0.75");
    DiscreteGenerator mix = ReadOverridingWorkload.mixOf(p);
    Map<String, Integer> drawn = new HashMap<>();
    for (int i = 0; i < 40_000; i++) {
      drawn.merge(mix.nextString(), 1, Integer::sum);
    }
    assertEquals(Set.of("READ", "UPDATE"), drawn.keySet());
    assertEquals(10_000, drawn.get("READ"), 600);

    p.setProperty("fieldlengthdistribution", "uniform");
    p.setProperty("minfieldlength", "10");
    p.setProperty("fieldlength", "20");
    NumberGenerator lengths = ReadOverridingWorkload.fieldLengthsOf(p);
    for (int i = 0; i < 1000; i++) {
      long n = lengths.nextValue().longValue();
      assertTrue(n >= 10 && n <= 20, "field length " + n);
    }

    ReadOverridingWorkload w = new ReadOverridingWorkload();
    Properties keys = new Properties();
    keys.setProperty("recordcount", "10");
    keys.setProperty("insertorder", "ordered");
    keys.setProperty("zeropadding", "6");
    w.init(keys);
    assertEquals("user000042", w.keyOf(42));
  }
}
