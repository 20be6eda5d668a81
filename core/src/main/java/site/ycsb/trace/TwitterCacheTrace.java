package site.ycsb.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import site.ycsb.measurements.Operation;

/**
 * Reads Twitter's production cache traces (twitter/cache-trace): CSV lines of {@code timestamp,
 * anonymized key, key size, value size, client id, operation, TTL}, the timestamp in whole
 * seconds. The operations of one second are spread evenly over it, in their order: the trace does
 * not say more. Operations map to the benchmark's as a cache's do: {@code get} and {@code gets} read;
 * {@code set}, {@code add}, {@code replace}, {@code cas}, {@code append}, {@code prepend}, {@code
 * incr} and {@code decr} write, an insert the first time a key is written in the trace and an update
 * after; {@code delete} deletes. Each is one field of the value size given (0 for a read).
 */
public final class TwitterCacheTrace implements TraceReader {
  private final String source;
  private final BufferedReader in;
  private final ArrayDeque<TracedOperation> second = new ArrayDeque<>();
  private final Set<String> written = new HashSet<>();
  private String pending;
  private long line;
  private long skipped;
  private long firstSecond = Long.MIN_VALUE;

  /**
   * @param source the file's name, for messages
   * @param in the trace's text
   */
  public TwitterCacheTrace(String source, BufferedReader in) {
    this.source = source;
    this.in = in;
  }

  @Override
  public TracedOperation next() throws IOException {
    if (second.isEmpty()) {
      readSecond();
    }
    return second.poll();
  }

  /** Reads every line of the next second, then spreads them over it. */
  private void readSecond() throws IOException {
    java.util.List<String[]> rows = new java.util.ArrayList<>();
    long at = Long.MIN_VALUE;
    while (true) {
      String l = pending != null ? pending : in.readLine();
      long lineOfThis = pending != null ? line : ++line;
      pending = null;
      if (l == null) {
        break;
      }
      if (l.isBlank() || l.startsWith("#")) {
        skipped++;
        continue;
      }
      String[] f = l.split(",", -1);
      if (f.length != 7) {
        throw new TraceFormatException(source, lineOfThis, "expected 7 columns: timestamp, anonymized key, key size,"
            + " value size, client id, operation, TTL");
      }
      long t;
      try {
        t = Long.parseLong(f[0].trim());
      } catch (NumberFormatException e) {
        throw new TraceFormatException(source, lineOfThis, "the timestamp '" + f[0] + "' is not whole seconds");
      }
      if (at == Long.MIN_VALUE) {
        at = t;
      } else if (t != at) {
        pending = l;
        break;
      }
      rows.add(f);
    }
    if (rows.isEmpty()) {
      return;
    }
    if (firstSecond == Long.MIN_VALUE) {
      firstSecond = at;
    }
    long base = (at - firstSecond) * 1_000_000_000L;
    for (int i = 0; i < rows.size(); i++) {
      String[] f = rows.get(i);
      TracedOperation op = operation(f, base + i * 1_000_000_000L / rows.size());
      if (op == null) {
        skipped++;
      } else {
        second.add(op);
      }
    }
  }

  private TracedOperation operation(String[] f, long offsetNanos) throws TraceFormatException {
    String key = f[1].trim();
    long valueSize;
    try {
      valueSize = Long.parseLong(f[3].trim());
    } catch (NumberFormatException e) {
      throw new TraceFormatException(source, line, "the value size '" + f[3] + "' is not a number");
    }
    switch (f[5].trim().toLowerCase(Locale.ROOT)) {
      case "get":
      case "gets":
        return TracedOperation.due(offsetNanos, Operation.READ, key, 1, 0);
      case "set":
      case "add":
      case "replace":
      case "cas":
      case "append":
      case "prepend":
      case "incr":
      case "decr":
        Operation op = written.add(key) ? Operation.INSERT : Operation.UPDATE;
        return TracedOperation.due(offsetNanos, op, key, 1, valueSize);
      case "delete":
        written.remove(key);
        return TracedOperation.due(offsetNanos, Operation.DELETE, key, 0, 0);
      default:
        return null;
    }
  }

  @Override
  public long skipped() {
    return skipped;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
