package site.ycsb.workloads;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import site.ycsb.trace.TraceReader;
import site.ycsb.trace.TracedOperation;
import site.ycsb.trace.Traces;

/**
 * A trace split among the workers of every client: each key belongs to one worker of one client
 * (by a hash of the key), so that one worker sends all of a key's operations, in the trace's
 * order. This client keeps only its workers' parts, in memory: a worker's next operation is then
 * an array read, and the replay's highest rate is not bounded by parsing.
 */
final class ReplayParts {
  private final List<List<TracedOperation>> parts;
  private final long firstOffsetNanos;

  private ReplayParts(List<List<TracedOperation>> parts, long firstOffsetNanos) {
    this.parts = parts;
    this.firstOffsetNanos = firstOffsetNanos;
  }

  /**
   * Reads the trace.
   *
   * @param file the trace
   * @param format its format ({@link Traces})
   * @param limit the first operations of the trace to replay, 0 for all
   * @param clientId this client's number
   * @param clients the clients sharing the trace
   * @param workers this client's workers (every client has as many)
   * @return the parts of this client's workers
   * @throws IOException when the trace cannot be read or is not in the format
   */
  static ReplayParts read(Path file, String format, long limit, int clientId, int clients, int workers)
      throws IOException {
    List<List<TracedOperation>> parts = new ArrayList<>(workers);
    for (int w = 0; w < workers; w++) {
      parts.add(new ArrayList<>());
    }
    long all = (long) clients * workers;
    long first = Long.MIN_VALUE;
    long read = 0;
    try (TraceReader in = Traces.open(file, format)) {
      TracedOperation op;
      while ((limit <= 0 || read < limit) && (op = in.next()) != null) {
        if (first == Long.MIN_VALUE) {
          first = op.offsetNanos();
        }
        read++;
        long part = Math.floorMod(spread(op.key().hashCode()), all);
        if (part / workers == clientId) {
          parts.get((int) (part % workers)).add(op);
        }
      }
      return new ReplayParts(parts, first == Long.MIN_VALUE ? 0 : first);
    }
  }

  /** @return the operations of one worker, in the trace's order */
  List<TracedOperation> of(int worker) {
    return parts.get(worker);
  }

  /** @return the offset of the trace's first operation: the replay's time starts there */
  long firstOffsetNanos() {
    return firstOffsetNanos;
  }

  /** Spreads a hash code's bits, so that keys differing only in their last characters still fall in different parts. */
  private static long spread(int h) {
    long z = h * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    return z ^ (z >>> 31);
  }
}
