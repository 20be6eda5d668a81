package site.ycsb.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * What every binding must do the same way, checked against its real server: read a record back
 * whole and in part, scan in key order, and wait out a server that stops answering rather than
 * cut the latency short. Each check throws an {@link AssertionError} naming what it saw.
 */
public final class BindingChecks {
  private BindingChecks() {
  }

  /**
   * Checks that a binding reads back a record written as {@link Records#record(String, int)} with
   * ten fields: every field when asked for all, and exactly field2 and field9 when asked for those.
   *
   * @param db an initialized binding
   * @param table the table
   * @param key the record's key
   */
  public static void assertReadsBack(DB db, String table, String key) {
    Map<String, ByteIterator> all = new HashMap<>();
    Status s = db.read(table, key, null, all);
    Map<String, String> expected = Records.strings(Records.record(key, 10));
    Map<String, String> read = Records.strings(all);
    check(s.isOk() && expected.equals(read),
        "read of " + key + " with all fields: " + s + " " + read + ", expected " + expected);
    Map<String, ByteIterator> some = new HashMap<>();
    s = db.read(table, key, Set.of("field2", "field9"), some);
    expected = Map.of("field2", key + "/field2", "field9", key + "/field9");
    read = Records.strings(some);
    check(s.isOk() && expected.equals(read),
        "read of " + key + " with field2 and field9: " + s + " " + read + ", expected " + expected);
  }

  /**
   * Inserts k10..k39 (three fields each) into an empty table, then checks that a scan returns
   * recordcount rows in key order from its start key, and fewer when the table ends first, with
   * only the fields asked for.
   *
   * @param db an initialized binding
   * @param table an empty table
   */
  public static void assertScansInKeyOrder(DB db, String table) {
    for (int i = 10; i < 40; i++) {
      Status s = db.insert(table, "k" + i, Records.record("k" + i, 3));
      check(s.isOk(), "insert of k" + i + ": " + s);
    }
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    Status s = db.scan(table, "k15", 5, null, rows);
    List<String> seen = new ArrayList<>();
    for (HashMap<String, ByteIterator> row : rows) {
      // a value can be read once: turn each row into strings first
      Map<String, String> values = Records.strings(row);
      check(values.size() == 3, "a scanned row has its 3 fields: " + values);
      seen.add(values.get("field0"));
    }
    check(s.isOk() && seen.equals(List.of("k15/field0", "k16/field0", "k17/field0", "k18/field0", "k19/field0")),
        "scan of 5 from k15: " + s + " " + seen);

    Vector<HashMap<String, ByteIterator>> narrow = new Vector<>();
    s = db.scan(table, "k38", 10, Set.of("field1"), narrow);
    check(s.isOk() && narrow.size() == 2, "scan of 10 from k38 finds k38 and k39 only: " + s + " " + narrow.size());
    Map<String, String> first = Records.strings(narrow.get(0));
    check(Map.of("field1", "k38/field1").equals(first), "scan with field1 only: " + first);
  }

  /**
   * Freezes the server for 1.5 s while the binding reads a record, and checks that the read
   * waited for it and then succeeded: a latency no timeout of the binding's cut short.
   *
   * @param db an initialized binding whose timeouts are longer than 1.5 s
   * @param table the table
   * @param server the server process the binding talks to
   * @throws InterruptedException when interrupted while waiting
   */
  public static void assertReadWaitsOutAFreeze(DB db, String table, ServerProcess server)
      throws InterruptedException {
    check(db.insert(table, "frozen1", Records.record("frozen1", 2)).isOk(), "insert before the freeze");
    CompletableFuture<Void> thaw = server.pauseFor(Duration.ofMillis(1500));
    long t0 = System.nanoTime();
    Map<String, ByteIterator> got = new HashMap<>();
    CompletableFuture<Status> read = CompletableFuture.supplyAsync(() -> db.read(table, "frozen1", null, got));
    Status s;
    try {
      s = read.get(60, TimeUnit.SECONDS);
      thaw.get(10, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      server.resume();
      throw new AssertionError("the read did not come back within 60 s of a 1.5-s freeze", e);
    }
    long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    check(s == Status.OK, "no timeout cut the read short: " + s);
    check(got.size() == 2, "the read returned the record: " + got.keySet());
    check(waitedMs >= 1300, "the read waited for the server: " + waitedMs + " ms");
  }

  private static void check(boolean condition, String what) {
    if (!condition) {
      throw new AssertionError(what);
    }
  }
}
