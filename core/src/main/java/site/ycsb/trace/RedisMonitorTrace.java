package site.ycsb.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import site.ycsb.measurements.Operation;

/**
 * Reads what Redis's {@code MONITOR} prints: {@code 1339518083.107412 [0 127.0.0.1:60866] "SET"
 * "key" "value"}, the time in microseconds since the epoch, each argument quoted with C escapes.
 * Commands map to the benchmark's operations:
 * <ul>
 * <li>reads: GET, GETRANGE, STRLEN, EXISTS, HGET, HMGET, HGETALL, MGET (its first key);</li>
 * <li>writes, an insert the first time the trace writes a key and an update after: SET, SETEX,
 * PSETEX, SETNX, GETSET, APPEND, INCR, INCRBY, DECR, DECRBY, HSET, HMSET, HSETNX, HINCRBY; the bytes
 * are those of the values given, the fields the hash fields given (1 for a string);</li>
 * <li>deletes: DEL, UNLINK (their first key);</li>
 * <li>scans: SCAN, HSCAN, ZRANGE, ZRANGEBYSCORE, LRANGE.</li>
 * </ul>
 * Every other command (PING, SELECT, AUTH, INFO, CLIENT, MULTI, EXEC, ...) and the first line
 * ({@code OK}) are passed over and counted.
 */
public final class RedisMonitorTrace implements TraceReader {
  private static final Set<String> READS = Set.of("GET", "GETRANGE", "STRLEN", "EXISTS", "HGET", "HMGET", "HGETALL",
      "MGET");
  private static final Set<String> DELETES = Set.of("DEL", "UNLINK");
  private static final Set<String> SCANS = Set.of("SCAN", "HSCAN", "ZRANGE", "ZRANGEBYSCORE", "LRANGE");

  private final String source;
  private final BufferedReader in;
  private final Set<String> written = new HashSet<>();
  private long line;
  private long skipped;
  private long firstMicros = Long.MIN_VALUE;

  /**
   * @param source the file's name, for messages
   * @param in the text MONITOR printed
   */
  public RedisMonitorTrace(String source, BufferedReader in) {
    this.source = source;
    this.in = in;
  }

  @Override
  public TracedOperation next() throws IOException {
    String l;
    while ((l = in.readLine()) != null) {
      line++;
      TracedOperation op = parse(l);
      if (op != null) {
        return op;
      }
      skipped++;
    }
    return null;
  }

  private TracedOperation parse(String l) throws TraceFormatException {
    int bracket = l.indexOf(" [");
    int close = l.indexOf("] ", bracket + 2);
    if (bracket < 0 || close < 0) {
      if (l.isBlank() || "OK".equals(l.strip())) {
        return null;
      }
      throw new TraceFormatException(source, line, "expected what MONITOR prints: TIME [DB CLIENT] \"COMMAND\" \"ARG\" ...");
    }
    long micros = micros(l.substring(0, bracket));
    List<String> args = arguments(l.substring(close + 2));
    if (args.isEmpty()) {
      return null;
    }
    if (firstMicros == Long.MIN_VALUE) {
      firstMicros = micros;
    }
    long offset = (micros - firstMicros) * 1000;
    String command = args.get(0).toUpperCase(Locale.ROOT);
    if (args.size() < 2) {
      return null;
    }
    String key = args.get(1);
    if (READS.contains(command)) {
      int fields = command.equals("HMGET") ? Math.max(1, args.size() - 2) : 1;
      return TracedOperation.due(offset, Operation.READ, key, fields, 0);
    }
    if (DELETES.contains(command)) {
      written.remove(key);
      return TracedOperation.due(offset, Operation.DELETE, key, 0, 0);
    }
    if (SCANS.contains(command)) {
      return TracedOperation.due(offset, Operation.SCAN, key, 1, 0);
    }
    int fields;
    long bytes = 0;
    switch (command) {
      case "SET":
      case "SETNX":
      case "GETSET":
      case "APPEND":
        fields = 1;
        bytes = args.size() > 2 ? args.get(2).length() : 0;
        break;
      case "SETEX":
      case "PSETEX":
        fields = 1;
        bytes = args.size() > 3 ? args.get(3).length() : 0;
        break;
      case "INCR":
      case "INCRBY":
      case "DECR":
      case "DECRBY":
        fields = 1;
        break;
      case "HSET":
      case "HMSET":
      case "HSETNX":
        fields = Math.max(1, (args.size() - 2) / 2);
        for (int i = 3; i < args.size(); i += 2) {
          bytes += args.get(i).length();
        }
        break;
      case "HINCRBY":
        fields = 1;
        break;
      default:
        return null;
    }
    Operation op = written.add(key) ? Operation.INSERT : Operation.UPDATE;
    return TracedOperation.due(offset, op, key, fields, bytes);
  }

  private long micros(String time) throws TraceFormatException {
    int dot = time.indexOf('.');
    try {
      long seconds = Long.parseLong(dot < 0 ? time.strip() : time.substring(0, dot).strip());
      String fraction = dot < 0 ? "0" : (time.substring(dot + 1).strip() + "000000").substring(0, 6);
      return seconds * 1_000_000L + Long.parseLong(fraction);
    } catch (NumberFormatException e) {
      throw new TraceFormatException(source, line, "the time '" + time + "' is not seconds.microseconds");
    }
  }

  /** Reads the quoted arguments, undoing MONITOR's escapes. */
  private List<String> arguments(String text) throws TraceFormatException {
    List<String> out = new ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == ' ') {
        i++;
        continue;
      }
      if (c != '"') {
        throw new TraceFormatException(source, line, "an argument not in quotes at column " + (i + 1));
      }
      StringBuilder b = new StringBuilder();
      i++;
      boolean closed = false;
      while (i < text.length()) {
        char d = text.charAt(i++);
        if (d == '"') {
          closed = true;
          break;
        }
        if (d != '\\' || i >= text.length()) {
          b.append(d);
          continue;
        }
        char e = text.charAt(i++);
        switch (e) {
          case 'n':
            b.append('\n');
            break;
          case 'r':
            b.append('\r');
            break;
          case 't':
            b.append('\t');
            break;
          case 'a':
            b.append('\u0007');
            break;
          case 'b':
            b.append('\b');
            break;
          case 'x':
            if (i + 2 > text.length()) {
              throw new TraceFormatException(source, line, "a \\x escape without two hex digits");
            }
            b.append((char) Integer.parseInt(text.substring(i, i + 2), 16));
            i += 2;
            break;
          default:
            b.append(e);
        }
      }
      if (!closed) {
        throw new TraceFormatException(source, line, "an argument whose quote is not closed");
      }
      out.add(b.toString());
    }
    return out;
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
