package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.runner.ScriptedDB;

/**
 * What scripts written for upstream YCSB read from the summary: error codes under the
 * operation's own section, and latencies they can parse with {@code int()}.
 */
class FailedCallsAndIntegerLatenciesTest {
  private static final String SCRIPTED = ScriptedDB.class.getName();
  private static final Pattern LINE = Pattern.compile("^\\[([^\\]]+)\\], ([^,]+), (.+)$", Pattern.MULTILINE);

  @Test
  void errorCodesOfFailedCallsAreListedUnderTheOperationsSection() {
    Run r = Run.of("run", "-db", SCRIPTED, "-P", "../workloads/workloada", "-p", "operationcount=4000",
        "-p", "scripted.failures=0.3", "-threads", "2");
    assertEquals(0, r.exitCode, r.toString());
    for (String op : List.of("READ", "UPDATE")) {
      // the grep an error-rate script does
      assertTrue(r.out.contains("[" + op + "], Return=ERROR, "), r.out);
      assertTrue(r.out.contains("[" + op + "], Return=OK, "), r.out);
      assertEquals(r.count(op + "-FAILED", "Return=TIMEOUT"), r.count(op, "Return=TIMEOUT"));
      long calls = r.count(op, "Operations") + r.count(op + "-FAILED", "Operations");
      assertEquals(calls, r.returnCodes(op), "[" + op + "] Return= lines sum to all its calls\n" + r.out);
      assertEquals(r.count(op + "-FAILED", "Operations"), r.returnCodes(op + "-FAILED"));
    }
    assertEquals(4000, r.returnCodes("READ") + r.returnCodes("UPDATE"));
  }

  @Test
  void aRunWhoseReadsAllFailStillHasAReadSectionWithItsCodes() {
    Run r = Run.of("run", "-db", AlwaysFailingDB.class.getName(), "-P", "../workloads/workloadc",
        "-p", "operationcount=50");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(0, r.count("READ", "Operations"), r.out);
    assertEquals(50, r.count("READ", "Return=ERROR"), r.out);
    assertEquals(50, r.count("READ-FAILED", "Operations"));
    assertEquals(50, r.count("OVERALL", "FailedOperations"));
    assertFalse(r.has("READ", "AverageLatency(us)"), "no latency figures for calls that did not succeed");
  }

  @Test
  void minimumMaximumAndPercentilesParseAsIntegersAndSummaryJsonKeepsNanoseconds(@TempDir Path dir)
      throws Exception {
    Path results = dir.resolve("r");
    Run r = Run.of("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=2000",
        "-p", "basicdb.verbose=false", "-p", "basicdb.simulatedelay=1", "-threads", "2",
        "-p", "resultsdir=" + results);
    assertEquals(0, r.exitCode, r.toString());
    int parsed = 0;
    Matcher m = LINE.matcher(r.out);
    while (m.find()) {
      String metric = m.group(2);
      if (metric.equals("MinLatency(us)") || metric.equals("MaxLatency(us)") || metric.endsWith("PercentileLatency(us)")) {
        Long.parseLong(m.group(3)); // int("2091.007") would fail in an upstream parser
        parsed++;
      }
      if (metric.equals("AverageLatency(us)")) {
        Double.parseDouble(m.group(3));
      }
    }
    assertTrue(parsed >= 3 * 8, "min, max and six percentiles of ALL, READ and UPDATE:\n" + r.out);
    JsonNode json = new ObjectMapper().readTree(results.resolve("summary.json").toFile());
    long maxNanos = json.path("sections").path("READ").path("maxNanos").asLong();
    assertEquals(Math.round(maxNanos / 1000.0), r.count("READ", "MaxLatency(us)"));
    for (JsonNode line : json.path("lines")) {
      if (line.path("measurement").asText().equals("MaxLatency(us)")) {
        assertTrue(line.path("value").isIntegralNumber(), "summary.json lines carry what the text shows: " + line);
      }
    }
  }

  @Test
  void latencyDecimalsGivesMicrosecondsWithThreeDecimals() {
    Run r = Run.of("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=500",
        "-p", "basicdb.verbose=false", "-p", "basicdb.simulatedelay=0", "-p", "latencydecimals=true");
    assertEquals(0, r.exitCode, r.toString());
    Matcher m = Pattern.compile("^\\[READ\\], (MinLatency|MaxLatency|50thPercentileLatency)\\(us\\), (\\S+)$",
        Pattern.MULTILINE).matcher(r.out);
    int decimals = 0;
    while (m.find()) {
      assertTrue(m.group(2).matches("\\d+\\.\\d{1,3}"), m.group());
      decimals++;
    }
    assertEquals(3, decimals, r.out);
    assertTrue(r.err.isEmpty() || !r.err.contains("latencydecimals"), "a declared property:\n" + r.err);
  }
}
