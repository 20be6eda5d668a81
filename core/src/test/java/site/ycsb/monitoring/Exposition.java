package site.ycsb.monitoring;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scrape of the endpoint as the tests read it: the samples of the Prometheus text format, each a
 * name, its labels and a value. Comments (HELP, TYPE) are skipped.
 */
final class Exposition {
  /** One sample line. */
  record Sample(String name, Map<String, String> labels, double value) {
  }

  private final List<Sample> samples;

  private Exposition(List<Sample> samples) {
    this.samples = samples;
  }

  static Exposition parse(String text) {
    List<Sample> samples = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      int brace = line.indexOf('{');
      int space = line.lastIndexOf(' ');
      Map<String, String> labels = new LinkedHashMap<>();
      String name;
      if (brace >= 0 && brace < space) {
        name = line.substring(0, brace);
        readLabels(line.substring(brace + 1, line.lastIndexOf('}')), labels);
      } else {
        name = line.substring(0, space);
      }
      String v = line.substring(space + 1);
      samples.add(new Sample(name, labels, "+Inf".equals(v) ? Double.POSITIVE_INFINITY : Double.parseDouble(v)));
    }
    return new Exposition(samples);
  }

  private static void readLabels(String s, Map<String, String> into) {
    int i = 0;
    while (i < s.length()) {
      int eq = s.indexOf('=', i);
      String key = s.substring(i, eq).trim();
      StringBuilder value = new StringBuilder();
      int j = eq + 2;
      while (s.charAt(j) != '"') {
        char c = s.charAt(j);
        if (c == '\\') {
          j++;
          c = s.charAt(j) == 'n' ? '\n' : s.charAt(j);
        }
        value.append(c);
        j++;
      }
      into.put(key, value.toString());
      i = j + 1;
      if (i < s.length() && s.charAt(i) == ',') {
        i++;
      }
    }
  }

  List<Sample> samples() {
    return samples;
  }

  /**
   * @param name the sample's name
   * @param labelPairs label name, value, name, value ... that the sample must carry
   * @return the value of the one sample that matches, NaN when none does
   * @throws IllegalStateException when several match
   */
  double value(String name, String... labelPairs) {
    List<Sample> found = new ArrayList<>();
    for (Sample s : samples) {
      boolean match = s.name().equals(name);
      for (int i = 0; match && i < labelPairs.length; i += 2) {
        match = labelPairs[i + 1].equals(s.labels().get(labelPairs[i]));
      }
      if (match) {
        found.add(s);
      }
    }
    if (found.size() > 1) {
      throw new IllegalStateException(found.size() + " samples match " + name + " " + List.of(labelPairs) + ": " + found);
    }
    return found.isEmpty() ? Double.NaN : found.get(0).value();
  }
}
