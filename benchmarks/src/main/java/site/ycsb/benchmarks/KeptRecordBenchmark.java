package site.ycsb.benchmarks;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.ReadResult;

/**
 * What a binding pays to keep a record it read (a reply of 10 fields of 100 bytes, as an
 * {@code HGETALL} reply is laid out) as the values of the read's result: copied into a new array
 * with a new value over each field, against copied into the memory a {@link ReadResult} lends from
 * read to read, with its own values. Both fill the map the same way; only where the bytes and the
 * values live differs.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class KeptRecordBenchmark {
  private static final int FIELDS = 10;
  private static final int LENGTH = 100;
  private final String[] names = new String[FIELDS];
  private final int[] offsets = new int[FIELDS];
  private final byte[] reply;
  private final Map<String, ByteIterator> plain = new HashMap<>();
  private final ReadResult lending = new ReadResult();

  public KeptRecordBenchmark() {
    StringBuilder r = new StringBuilder("*20\r\n");
    for (int i = 0; i < FIELDS; i++) {
      names[i] = "field" + i;
      r.append("$6\r\n").append(names[i]).append("\r\n$").append(LENGTH).append("\r\n");
      offsets[i] = r.length();
      for (int j = 0; j < LENGTH; j++) {
        r.append((char) ('a' + (i + j) % 26));
      }
      r.append("\r\n");
    }
    reply = r.toString().getBytes(StandardCharsets.US_ASCII);
  }

  @Benchmark
  public Map<String, ByteIterator> newMemory() {
    plain.clear();
    byte[] copy = Arrays.copyOf(reply, reply.length);
    for (int i = 0; i < FIELDS; i++) {
      plain.put(names[i], new ByteArrayByteIterator(copy, offsets[i], LENGTH));
    }
    return plain;
  }

  @Benchmark
  public Map<String, ByteIterator> lentMemory() {
    lending.clear();
    long loan = lending.lend();
    byte[] copy = lending.bytesFor(loan, reply.length);
    System.arraycopy(reply, 0, copy, 0, reply.length);
    for (int i = 0; i < FIELDS; i++) {
      lending.put(names[i], lending.valueFor(loan, i, offsets[i], LENGTH));
    }
    return lending;
  }
}
