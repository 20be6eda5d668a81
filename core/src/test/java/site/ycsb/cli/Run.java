package site.ycsb.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** One in-process invocation of the command line, with what it printed, for tests. */
public final class Run {
  public final int exitCode;
  public final String out;
  public final String err;
  private final Map<String, String> results = new HashMap<>();

  private Run(int exitCode, String out, String err) {
    this.exitCode = exitCode;
    this.out = out;
    this.err = err;
    for (String line : out.split("\n")) {
      if (line.startsWith("[")) {
        int close = line.indexOf("], ");
        int comma = line.indexOf(", ", close + 3);
        if (close > 0 && comma > 0) {
          results.put(line.substring(1, close) + "|" + line.substring(close + 3, comma), line.substring(comma + 2).trim());
        }
      }
    }
  }

  /** Runs {@code args} and captures stdout and stderr. */
  public static Run of(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Ycsb.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** Runs upstream's {@code site.ycsb.Client} command line {@code args} and captures stdout and stderr. */
  public static Run client(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Ycsb.executeClient(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** @return whether the result line exists */
  public boolean has(String section, String metric) {
    return results.containsKey(section + "|" + metric);
  }

  /** @return the value of {@code [section], metric, value}; fails when absent */
  public double get(String section, String metric) {
    String v = results.get(section + "|" + metric);
    if (v == null) {
      throw new AssertionError("no line [" + section + "], " + metric + " in:\n" + out + "\nstderr:\n" + err);
    }
    return Double.parseDouble(v);
  }

  /** @return the value as a long */
  public long count(String section, String metric) {
    return (long) get(section, metric);
  }

  /** @return the sum of every {@code Return=} line of a section */
  public long returnCodes(String section) {
    long sum = 0;
    for (Map.Entry<String, String> e : results.entrySet()) {
      if (e.getKey().startsWith(section + "|Return=")) {
        sum += Long.parseLong(e.getValue());
      }
    }
    return sum;
  }

  /**
   * @return stderr without the warnings about the host's CPU, which a busy machine rightly prints
   *     whatever the settings are
   */
  public String errWithoutHostWarnings() {
    StringBuilder kept = new StringBuilder();
    for (String line : err.split("\n", -1)) {
      if (line.startsWith("WARNING: ") && line.contains("the result may be bounded by the client")) {
        continue;
      }
      kept.append(line).append('\n');
    }
    return kept.toString().strip();
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\nstdout:\n" + out + "\nstderr:\n" + err;
  }
}
