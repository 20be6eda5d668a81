package site.ycsb.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import site.ycsb.results.ResultLine;
import site.ycsb.results.ResultsWriter;

/**
 * One results folder as written by {@code -p resultsdir=DIR} (or by a merge): its summary.json
 * and the effective properties, read once and checked.
 */
public final class ResultsFolder {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path dir;
  private final JsonNode summary;
  private final Properties properties;
  private final List<ResultLine> lines;
  private final Map<String, Number> lineIndex = new LinkedHashMap<>();

  private ResultsFolder(Path dir, JsonNode summary, Properties properties) {
    this.dir = dir;
    this.summary = summary;
    this.properties = properties;
    List<ResultLine> parsed = new ArrayList<>();
    for (JsonNode l : summary.path("lines")) {
      JsonNode v = l.path("value");
      Number value = v.isIntegralNumber() ? (Number) v.asLong() : (Number) v.asDouble();
      ResultLine line = new ResultLine(l.path("metric").asText(), l.path("measurement").asText(), value);
      parsed.add(line);
      lineIndex.putIfAbsent(key(line.section(), line.metric()), value);
    }
    this.lines = Collections.unmodifiableList(parsed);
  }

  /**
   * Reads a folder.
   *
   * @param dir the results folder
   * @param allowIncomplete whether a summary with {@code complete: false} is accepted
   * @return the folder
   * @throws ResultsInputException when it is not a usable results folder (one line saying why)
   */
  public static ResultsFolder read(Path dir, boolean allowIncomplete) throws ResultsInputException {
    if (!Files.isDirectory(dir)) {
      throw new ResultsInputException(dir + " is not a folder: expected a results folder written with -p resultsdir");
    }
    Path json = dir.resolve("summary.json");
    if (!Files.isRegularFile(json)) {
      throw new ResultsInputException(dir + " has no summary.json: expected a results folder written with "
          + "-p resultsdir (a phase writes it at its first export)");
    }
    JsonNode root;
    try {
      root = JSON.readTree(json.toFile());
    } catch (IOException e) {
      throw new ResultsInputException(json + " cannot be read as JSON: " + firstLine(e.getMessage()));
    }
    if (root == null || !ResultsWriter.FORMAT.equals(root.path("format").asText())) {
      throw new ResultsInputException(json + " is not in the format " + ResultsWriter.FORMAT);
    }
    if (!root.path("complete").asBoolean(false) && !allowIncomplete) {
      throw new ResultsInputException(dir + " is incomplete (complete: false: the phase was still running or was "
          + "killed); pass --partial to use the figures up to its last export");
    }
    Properties props = new Properties();
    Path propsFile = dir.resolve("properties.txt");
    if (Files.isRegularFile(propsFile)) {
      try {
        props.load(new StringReader(Files.readString(propsFile, StandardCharsets.UTF_8)));
      } catch (IOException e) {
        throw new ResultsInputException(propsFile + " cannot be read: " + firstLine(e.getMessage()));
      }
    }
    return new ResultsFolder(dir, root, props);
  }

  /** @return where it was read from */
  public Path dir() {
    return dir;
  }

  /** @return the parsed summary.json */
  public JsonNode summary() {
    return summary;
  }

  /** @return the effective properties of the phase (empty when properties.txt is missing) */
  public Properties properties() {
    return properties;
  }

  /** @return load or run */
  public String phase() {
    return summary.path("phase").asText("");
  }

  /** @return whether the phase had ended when the summary was written */
  public boolean complete() {
    return summary.path("complete").asBoolean(false);
  }

  /** @return the summary lines, in order */
  public List<ResultLine> lines() {
    return lines;
  }

  /**
   * @param section e.g. {@code OVERALL}
   * @param metric e.g. {@code Throughput(ops/sec)}
   * @return the value of that summary line, or null when the folder has none
   */
  public Number line(String section, String metric) {
    return lineIndex.get(key(section, metric));
  }

  /** @return the start of the measured window on the wall clock */
  public long windowStartEpochMillis() {
    return summary.path("window").path("startEpochMillis").asLong();
  }

  /** @return the end of the measured window on the wall clock */
  public long windowEndEpochMillis() {
    return summary.path("window").path("endEpochMillis").asLong();
  }

  /** @return the length of the measured window */
  public long runtimeNanos() {
    return summary.path("window").path("runtimeNanos").asLong();
  }

  private static String key(String section, String metric) {
    return section + "\u0000" + metric;
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "unknown error";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
