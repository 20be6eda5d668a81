package site.ycsb.testsupport;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The result lines of a benchmark run ({@code [SECTION], METRIC, VALUE}), read from its text
 * output; other lines (status, warnings, log output) are skipped.
 *
 * <pre>
 * Results r = Results.parse(stdout);
 * assertEquals(1000, r.getLong("INSERT", "Operations"));
 * assertTrue(r.has("READ", "Return=OK"));
 * </pre>
 */
public final class Results {
  private static final Pattern LINE = Pattern.compile("^\\[([^\\]]+)\\],\\s*(.*?),\\s*([^,]*)$");

  private final Map<String, Map<String, String>> sections;

  private Results(Map<String, Map<String, String>> sections) {
    this.sections = sections;
  }

  /**
   * @param output the text output of a run (stdout, or stdout and stderr together)
   * @return its result lines; a metric given twice keeps the last value
   */
  public static Results parse(String output) {
    Map<String, Map<String, String>> sections = new LinkedHashMap<>();
    for (String line : output.split("\r?\n")) {
      Matcher m = LINE.matcher(line.trim());
      if (m.matches()) {
        sections.computeIfAbsent(m.group(1), k -> new LinkedHashMap<>()).put(m.group(2).trim(), m.group(3).trim());
      }
    }
    return new Results(sections);
  }

  /**
   * @param section e.g. {@code READ} (without brackets)
   * @param metric e.g. {@code Operations}
   * @return whether the output has that line
   */
  public boolean has(String section, String metric) {
    return sections.containsKey(section) && sections.get(section).containsKey(metric);
  }

  /**
   * @param section e.g. {@code OVERALL}
   * @param metric e.g. {@code Throughput(ops/sec)}
   * @return the value as a number
   * @throws NoSuchElementException when the line is missing (the message lists what is there)
   * @throws NumberFormatException when the value is not a number
   */
  public double get(String section, String metric) {
    return Double.parseDouble(raw(section, metric));
  }

  /**
   * @param section e.g. {@code READ}
   * @param metric e.g. {@code Return=OK}
   * @return the value as a whole number
   * @throws NoSuchElementException when the line is missing
   * @throws NumberFormatException when the value is not a whole number
   */
  public long getLong(String section, String metric) {
    return Long.parseLong(raw(section, metric));
  }

  /**
   * @param section the section
   * @param metric the metric
   * @param missing what to return when the line is missing
   * @return the value as a whole number, or {@code missing}
   */
  public long getLong(String section, String metric, long missing) {
    return has(section, metric) ? getLong(section, metric) : missing;
  }

  /**
   * @param section the section
   * @param metric the metric
   * @return the value as printed
   * @throws NoSuchElementException when the line is missing
   */
  public String raw(String section, String metric) {
    if (!has(section, metric)) {
      throw new NoSuchElementException("no result line [" + section + "], " + metric + "; sections and metrics: "
          + sections);
    }
    return sections.get(section).get(metric);
  }

  /** @return the section names, in output order */
  public Set<String> sections() {
    return Collections.unmodifiableSet(sections.keySet());
  }

  /**
   * @param section the section
   * @return metric to value as printed, in output order; empty when the section is missing
   */
  public Map<String, String> section(String section) {
    return Collections.unmodifiableMap(sections.getOrDefault(section, Map.of()));
  }

  @Override
  public String toString() {
    return sections.toString();
  }
}
