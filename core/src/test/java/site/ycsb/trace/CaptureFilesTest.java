package site.ycsb.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.measurements.Operation;

/** A capture file as a user meets it: read back after a crash, and read when written by the first version. */
class CaptureFilesTest {
  @TempDir
  Path tmp;

  private static List<TracedOperation> all(CaptureReader r) throws IOException {
    List<TracedOperation> out = new ArrayList<>();
    TracedOperation op;
    while ((op = r.next()) != null) {
      out.add(op);
    }
    r.close();
    return out;
  }

  /** Writes {@code rows} rows, flushing a whole block after each {@link CaptureWriter#FLUSH_EVERY}, and never closes. */
  private Path crashedAfter(int rows) throws IOException {
    Path file = tmp.resolve("worker-0.csv.gz");
    CaptureWriter w = new CaptureWriter(file);
    for (int i = 0; i < rows; i++) {
      w.write(i * 1000L, i * 1000L + 7, 90_000, "UPDATE", "user" + i, 1, 100, i * 31, "OK");
    }
    // the process dies here: no close, no trailer
    return file;
  }

  @Test
  void aFileTruncatedInsideABlockReadsItsWholeRowsUpToTheCut() throws IOException {
    int rows = 3 * CaptureWriter.FLUSH_EVERY;
    Path file = crashedAfter(rows);
    byte[] whole = Files.readAllBytes(file);
    // a cut anywhere in the file: every row read is whole and in order, and none is made up
    for (int cut : new int[] {whole.length / 3, whole.length / 2 + 17, whole.length - 5}) {
      Path cutFile = tmp.resolve("cut-" + cut + ".csv.gz");
      Files.write(cutFile, java.util.Arrays.copyOf(whole, cut));
      CaptureReader r = new CaptureReader(cutFile);
      List<TracedOperation> ops = all(r);
      assertTrue(r.cutShort(), "the reader says the file was cut short");
      assertFalse(ops.isEmpty(), "rows before the cut are read");
      for (int i = 0; i < ops.size(); i++) {
        TracedOperation op = ops.get(i);
        assertEquals("user" + i, op.key());
        assertEquals(i * 31L, op.valuesChecksum());
        assertEquals("OK", op.status(), "row " + i + " is whole");
        assertEquals(i * 1000L, op.offsetNanos());
      }
      // the last cut only takes off the end of the last flush marker: every row is there
      assertTrue(cut < whole.length - 5 ? ops.size() < rows : ops.size() == rows, ops.size() + " rows");
    }
  }

  @Test
  void aWriterKilledMidRunLeavesEveryFlushedBlockReadable() throws IOException {
    Path file = crashedAfter(2 * CaptureWriter.FLUSH_EVERY + 100);
    CaptureReader r = new CaptureReader(file);
    List<TracedOperation> ops = all(r);
    assertEquals(2 * CaptureWriter.FLUSH_EVERY, ops.size(), "the two flushed blocks; the last rows were never written");
    assertTrue(r.cutShort());
    assertEquals(Operation.UPDATE, ops.get(ops.size() - 1).operation());
  }

  @Test
  void aCaptureOfTheFirstVersionIsStillRead() throws IOException {
    Path file = tmp.resolve("v1.csv.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
      out.write(("# ycsb capture 1\nintended_us,start_us,latency_us,operation,key,fields,bytes,status\n"
          + "0,12,153,READ,user1,10,1000,OK\n").getBytes(StandardCharsets.UTF_8));
    }
    CaptureReader r = new CaptureReader(file);
    List<TracedOperation> ops = all(r);
    assertEquals(List.of(new TracedOperation(0, Operation.READ, "user1", 10, 1000, 12_000, 153_000, "OK")), ops);
    assertEquals(-1, ops.get(0).valuesChecksum(), "the first version kept no checksum");
    assertFalse(r.cutShort());
  }
}
