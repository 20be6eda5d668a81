package site.ycsb.upstreamapi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;
import site.ycsb.Client;
import site.ycsb.NumericByteIterator;
import site.ycsb.Utils;
import site.ycsb.cli.Run;

/** Upstream's helpers and constants that bindings written for YCSB 0.17 call. */
class UpstreamHelpersTest {
  @Test
  void numericValuesAreReadAsNumbersOrBytesNotAsBoxedBytes() {
    NumericByteIterator n = new NumericByteIterator(42L);
    assertThrows(UnsupportedOperationException.class, n::next, "as upstream's");
    assertEquals(42L, n.getLong());
    assertEquals(8, n.bytesLeft(), "next() consumed nothing");
    byte[] bytes = new byte[8];
    for (int i = 0; i < 8; i++) {
      bytes[i] = n.nextByte();
    }
    assertEquals(42L, Utils.bytesToLong(bytes));
    NumericByteIterator d = new NumericByteIterator(42.75);
    assertThrows(UnsupportedOperationException.class, d::next);
    assertEquals(42.75, d.getDouble(), 0.0);
  }

  @Test
  void numbersSurviveTheirByteEncoding() {
    for (long v : new long[] {0, 1, -1, 42, Long.MIN_VALUE, Long.MAX_VALUE, 0x0102030405060708L}) {
      assertEquals(v, Utils.bytesToLong(Utils.longToBytes(v)));
    }
    assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, Utils.longToBytes(0x0102030405060708L), "big-endian");
    for (double v : new double[] {0.0, -0.0, 42.75, Double.MIN_VALUE, Double.MAX_VALUE, Double.NaN}) {
      assertEquals(Double.doubleToRawLongBits(v), Double.doubleToRawLongBits(Utils.bytesToDouble(Utils.doubleToBytes(v))));
    }
    assertThrows(IllegalArgumentException.class, () -> Utils.bytesToDouble(new byte[4]));
  }

  @Test
  void hashingAndJvmFiguresBehaveAsUpstreams() {
    assertEquals(Utils.fnvhash64(12345), Utils.hash(12345));
    assertTrue(Utils.hash(-7) >= 0, "hashes are never negative");
    assertEquals(0xCBF29CE484222325L, Utils.FNV_OFFSET_BASIS_64);
    Integer[] values = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    Integer[] shuffled = Utils.shuffleArray(values.clone());
    Arrays.sort(shuffled);
    assertArrayEquals(values, shuffled, "the same elements");
    assertTrue(Utils.getUsedMemoryBytes() > 0);
    assertTrue(Utils.getActiveThreadCount() > 0);
    assertTrue(Utils.getGCTotalCollectionCount() >= 0);
    assertTrue(Utils.getGCStatst().keySet().stream().noneMatch(name -> name.contains(" ")));
  }

  @Test
  void aBasicDbSubclassOverridingInitIsInitialisedWithTheSettings() {
    QuietBasicDB.INITS.set(0);
    QuietBasicDB.DELAYS_SEEN.clear();
    Run r = Run.of("run", "-db", QuietBasicDB.class.getName(), "-P", "../workloads/workloada", "-threads", "3",
        "-p", "operationcount=30", "-p", "basicdb.verbose=false", "-p", "basicdb.simulatedelay=2",
        "-p", "basicdb.randomizedelay=false");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(3, QuietBasicDB.INITS.get(), "the engine's init reached the override, once per worker");
    assertEquals(Set.of(2), QuietBasicDB.DELAYS_SEEN);
    assertTrue(r.get("READ", "MinLatency(us)") >= 2000, "every call waited the delay it read: " + r);
  }

  @Test
  void goodBadUglyDbAnswersAfterItsDelays() {
    Run r = Run.of("run", "-db", "site.ycsb.GoodBadUglyDB", "-P", "../workloads/workloada", "-threads", "2",
        "-p", "operationcount=200", "-p", "gbudb.delays=100,200,300,400,500");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(200, r.count("OVERALL", "Operations"));
    assertTrue(r.get("READ", "MinLatency(us)") >= 100, "no call faster than the first bound: " + r);
    Run bad = Run.of("run", "-db", "site.ycsb.GoodBadUglyDB", "-P", "../workloads/workloada",
        "-p", "operationcount=10", "-p", "gbudb.delays=1,2");
    assertEquals(1, bad.exitCode, bad.toString());
    assertTrue(bad.err.contains("gbudb.delays"), bad.err);
  }

  @Test
  void clientConstantsNameTheEnginesProperties() {
    assertEquals("recordcount", Client.RECORD_COUNT_PROPERTY);
    assertEquals("0", Client.DEFAULT_RECORD_COUNT);
    assertEquals("operationcount", Client.OPERATION_COUNT_PROPERTY);
    assertEquals("threadcount", Client.THREAD_COUNT_PROPERTY);
    assertEquals("maxexecutiontime", Client.MAX_EXECUTION_TIME);
    assertEquals("workload", Client.WORKLOAD_PROPERTY);
    assertTrue(Client.checkRequiredProperties(new Properties()), "the workload has a default");
    Properties blank = new Properties();
    blank.setProperty("workload", " ");
    assertFalse(Client.checkRequiredProperties(blank));
  }
}
