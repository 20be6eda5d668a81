package site.ycsb.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.measurements.Operation;

/** Each trace format read into the same operations: their timing, mapping, keys and sizes. */
class TraceReadersTest {
  @TempDir
  Path tmp;

  private static List<TracedOperation> all(TraceReader r) throws IOException {
    List<TracedOperation> out = new ArrayList<>();
    for (TracedOperation op; (op = r.next()) != null; ) {
      out.add(op);
    }
    r.close();
    return out;
  }

  @Test
  void aCaptureReadsBackWhatWasWrittenAndACrashLosesOnlyItsLastBlock() throws IOException {
    Path file = tmp.resolve("capture/worker-0.csv.gz");
    try (CaptureWriter w = new CaptureWriter(file)) {
      w.write(0, 12_000, 153_000, "READ", "user1", 10, 1000, 0x5c0e61d2, "OK");
      w.write(-1, 1_003_000, 141_000, "UPDATE", "odd,key%", 1, 100, 0, "ERROR");
    }
    List<TracedOperation> ops = all(Traces.open(file, Traces.CAPTURE));
    assertEquals(2, ops.size());
    assertEquals(new TracedOperation(0, Operation.READ, "user1", 10, 1000, 12_000, 153_000, "OK", 0x5c0e61d2L),
        ops.get(0));
    // without a schedule the operation was due when it started
    assertEquals(new TracedOperation(1_003_000, Operation.UPDATE, "odd,key%", 1, 100, 1_003_000, 141_000, "ERROR", 0),
        ops.get(1));

    // a writer that never closed (the process died): every whole block is there
    Path crashed = tmp.resolve("crashed.csv.gz");
    CaptureWriter w = new CaptureWriter(crashed);
    for (int i = 0; i < CaptureWriter.FLUSH_EVERY + 10; i++) {
      w.write(i * 1000L, i * 1000L, 100_000, "READ", "user" + i, 1, 100, i, "OK");
    }
    CaptureReader r = new CaptureReader(crashed);
    assertEquals(CaptureWriter.FLUSH_EVERY, all(r).size(), "the flushed block, not the unflushed rows");
    assertTrue(r.cutShort());
    w.close();
  }

  @Test
  void aTwitterTraceSpreadsEachSecondAndMapsACachesOperations() throws IOException {
    Path file = tmp.resolve("twitter.csv");
    Files.writeString(file, String.join("\n",
        "100,kA,10,200,1,set,0",
        "100,kA,10,0,1,get,0",
        "100,kB,10,0,2,get,0",
        "100,kB,10,50,2,add,0",
        "101,kA,10,300,1,set,0",
        "101,kA,10,0,1,delete,0",
        "101,kC,10,0,1,touch,0",
        "103,kA,10,10,1,set,3600", ""));
    TraceReader r = Traces.open(file, Traces.TWITTER);
    List<TracedOperation> ops = all(r);
    assertEquals(7, ops.size(), ops.toString());
    assertEquals(1, r.skipped(), "touch has no operation of the benchmark");
    // four in the first second, 250 ms apart; the next holds three requests (touch among them), a third apart
    long[] offsets = ops.stream().mapToLong(TracedOperation::offsetNanos).toArray();
    assertEquals(List.of(0L, 250_000_000L, 500_000_000L, 750_000_000L, 1_000_000_000L, 1_333_333_333L,
        3_000_000_000L), java.util.Arrays.stream(offsets).boxed().toList());
    assertEquals(TracedOperation.due(0, Operation.INSERT, "kA", 1, 200), ops.get(0));
    assertEquals(Operation.READ, ops.get(1).operation());
    assertEquals(TracedOperation.due(750_000_000L, Operation.INSERT, "kB", 1, 50), ops.get(3));
    assertEquals(TracedOperation.due(1_000_000_000L, Operation.UPDATE, "kA", 1, 300), ops.get(4));
    assertEquals(Operation.DELETE, ops.get(5).operation());
    // written again after its delete: an insert
    assertEquals(Operation.INSERT, ops.get(6).operation());

    Path bad = tmp.resolve("bad.csv");
    Files.writeString(bad, "100,kA,10,200,1,set,0\nnot,a,trace\n");
    TraceFormatException e = assertThrows(TraceFormatException.class, () -> all(Traces.open(bad, Traces.TWITTER)));
    assertTrue(e.getMessage().startsWith(bad + " line 2: expected 7 columns"), e.getMessage());
  }

  @Test
  void aMonitorFileKeepsItsMicrosecondsAndMapsRedisCommands() throws IOException {
    Path file = tmp.resolve("monitor.txt");
    Files.writeString(file, String.join("\n",
        "OK",
        "1700000000.100000 [0 127.0.0.1:51234] \"SET\" \"user1\" \"hello\"",
        "1700000000.100250 [0 127.0.0.1:51234] \"GET\" \"user1\"",
        "1700000000.101000 [0 127.0.0.1:51235] \"HSET\" \"user2\" \"f0\" \"abc\" \"f1\" \"de\\\"f\"",
        "1700000000.102000 [0 127.0.0.1:51235] \"PING\"",
        "1700000000.103500 [0 lua] \"HGETALL\" \"user2\"",
        "1700000001.000000 [0 127.0.0.1:51234] \"set\" \"user1\" \"\\x00\\x01\"",
        "1700000001.000001 [0 127.0.0.1:51234] \"DEL\" \"user1\"", ""));
    TraceReader r = Traces.open(file, Traces.MONITOR);
    List<TracedOperation> ops = all(r);
    assertEquals(6, ops.size(), ops.toString());
    assertEquals(2, r.skipped(), "OK and PING");
    assertEquals(TracedOperation.due(0, Operation.INSERT, "user1", 1, 5), ops.get(0));
    assertEquals(TracedOperation.due(250_000, Operation.READ, "user1", 1, 0), ops.get(1));
    // two hash fields of 3 and 4 bytes (an escaped quote is one byte)
    assertEquals(TracedOperation.due(1_000_000, Operation.INSERT, "user2", 2, 7), ops.get(2));
    assertEquals(TracedOperation.due(3_500_000, Operation.READ, "user2", 1, 0), ops.get(3));
    assertEquals(TracedOperation.due(900_000_000, Operation.UPDATE, "user1", 1, 2), ops.get(4));
    assertEquals(TracedOperation.due(900_001_000, Operation.DELETE, "user1", 0, 0), ops.get(5));
  }
}
