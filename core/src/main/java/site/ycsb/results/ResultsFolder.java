package site.ycsb.results;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.HdrHistogram.Histogram;

/**
 * One results folder as written by {@code -p resultsdir=DIR} (or by a merge): its summary.json,
 * with each section's exact figures and histogram, and the effective properties, read once and
 * checked. The one reader of what {@link ResultsWriter} writes; merge, compare and report all
 * read folders through it.
 */
public final class ResultsFolder {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path dir;
  private final JsonNode summary;
  private final Properties properties;
  private final List<ResultLine> lines;
  private final Map<String, Number> lineIndex = new LinkedHashMap<>();
  private final Map<String, Section> sections = new LinkedHashMap<>();

  /**
   * One section's exact figures, as summary.json carries them.
   *
   * @param count calls (or values) recorded
   * @param sumNanos their exact sum, or null when the folder does not give it
   * @param minNanos the exact minimum, or -1 when not given
   * @param maxNanos the exact maximum, or -1 when not given
   * @param retries retries done
   * @param returnCodes return-code name to count
   * @param histogram the latencies (nanoseconds)
   * @param bytes bytes of the values the calls wrote or read (0 when the folder does not give them)
   */
  public record Section(long count, BigInteger sumNanos, long minNanos, long maxNanos, long retries,
                        Map<String, Long> returnCodes, Histogram histogram, long bytes) {
  }

  private ResultsFolder(Path dir, JsonNode summary, Properties properties) throws ResultsInputException {
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
    for (Iterator<Map.Entry<String, JsonNode>> it = summary.path("sections").fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      sections.put(e.getKey(), section(dir, e.getKey(), e.getValue()));
    }
  }

  private static Section section(Path dir, String name, JsonNode sec) throws ResultsInputException {
    Histogram h;
    try {
      h = HistogramEncoding.decode(sec.path("histogram").asText(""));
    } catch (IllegalArgumentException e) {
      throw new ResultsInputException(dir.resolve("summary.json") + ": the histogram of section " + name
          + " cannot be decoded");
    }
    Map<String, Long> codes = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = sec.path("returnCodes").fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> c = it.next();
      codes.put(c.getKey(), c.getValue().asLong());
    }
    JsonNode sum = sec.path("sumNanos");
    return new Section(sec.path("count").asLong(h.getTotalCount()), sum.isNumber() ? sum.bigIntegerValue() : null,
        sec.path("minNanos").asLong(-1), sec.path("maxNanos").asLong(-1), sec.path("retries").asLong(0),
        Collections.unmodifiableMap(codes), h, sec.path("bytes").asLong(0));
  }

  /** @return section name (e.g. {@code READ}, {@code Intended-READ}) to its figures, in the file's order */
  public Map<String, Section> sections() {
    return Collections.unmodifiableMap(sections);
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
    JsonNode root = readJson(json);
    if (root == null || root.isMissingNode()) {
      throw new ResultsInputException(json + " is empty: expected a results file written by a phase or a merge");
    }
    if (!ResultsWriter.FORMAT.equals(root.path("format").asText())) {
      throw new ResultsInputException(json + " has format '" + (root == null ? "" : root.path("format").asText(""))
          + "': expected " + ResultsWriter.FORMAT);
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

  /**
   * Jackson's own messages name its parser's internals; a user needs to know which file is not a
   * results file and whether it was cut short (a copy or a phase that did not finish writing it).
   */
  private static JsonNode readJson(Path json) throws ResultsInputException {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(json);
    } catch (IOException e) {
      throw new ResultsInputException(json + " cannot be read: " + site.ycsb.props.FileProblems.reason(e));
    }
    try {
      return JSON.readTree(bytes);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      String text = new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
      // the parser stopped at the last byte, or inside a value the file cuts in two (a 'tr' of true):
      // the JSON is fine as far as it goes and then ends before its closing brace
      if (e instanceof JsonEOFException || (at != null && at.getByteOffset() >= bytes.length)
          || !text.strip().endsWith("}")) {
        throw new ResultsInputException(json + " is not a complete results file: it ends at line "
            + text.lines().count() + " in the middle of its JSON (cut short while written or copied?)");
      }
      throw new ResultsInputException(json + " is not a valid results file: not JSON"
          + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr()));
    } catch (IOException e) {
      throw new ResultsInputException(json + " cannot be read: " + site.ycsb.props.FileProblems.reason(e));
    }
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
