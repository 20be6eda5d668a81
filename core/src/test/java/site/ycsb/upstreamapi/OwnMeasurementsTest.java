package site.ycsb.upstreamapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.Status;
import site.ycsb.cli.Run;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * Figures a binding records itself through upstream's {@code Measurements} appear in the summary
 * and the results folder as sections of their own, as upstream printed them, with exact counts,
 * whether recorded on a worker thread or on a thread of the binding's own.
 */
class OwnMeasurementsTest {
  private static final String DB = OwnFiguresDB.class.getName();

  @Test
  void aBindingsOwnMeasurementIsASectionOfTheSummaryAndTheResultsFolder(@TempDir Path dir) throws Exception {
    Path results = dir.resolve("results");
    Run r = Run.of("run", "-db", DB, "-P", "../workloads/workloada", "-threads", "4",
        "-p", "readproportion=0.5", "-p", "updateproportion=0.5", "-p", "operationcount=2000",
        "-p", "ownfigures.flushmicros=250", "-p", "measurement.interval=both", "-p", "resultsdir=" + results);
    assertEquals(0, r.exitCode, r.toString());

    long updates = r.count("UPDATE", "Operations");
    assertTrue(updates > 0, r.toString());
    assertEquals(updates, r.count("HBASE-FLUSH", "Operations"), "one flush per update");
    assertEquals(updates, r.count("HBASE-FLUSH", "Return=OK"));
    assertEquals(250.0, r.get("HBASE-FLUSH", "AverageLatency(us)"), 1e-9);
    assertEquals(250, r.count("HBASE-FLUSH", "MinLatency(us)"));
    assertEquals(250, r.count("HBASE-FLUSH", "MaxLatency(us)"));
    assertEquals(250, r.count("HBASE-FLUSH", "99thPercentileLatency(us)"));
    assertEquals(updates, r.count("Intended-HBASE-FLUSH", "Operations"));
    assertEquals(300, r.count("Intended-HBASE-FLUSH", "MaxLatency(us)"));
    assertEquals(2000, r.count("OVERALL", "Operations"), "the binding's figures are not operations");

    String summary = Files.readString(results.resolve("summary.txt"));
    assertTrue(summary.contains("[HBASE-FLUSH], Operations, " + updates + "\n"), summary);
    JsonNode json = new ObjectMapper().readTree(results.resolve("summary.json").toFile());
    assertEquals(updates, json.path("sections").path("HBASE-FLUSH").path("count").asLong(), json.toString());
  }

  @Test
  void valuesRecordedOnTheBindingsOwnThreadsAreAllCounted() {
    Run r = Run.of("run", "-db", DB, "-P", "../workloads/workloada", "-threads", "8",
        "-p", "operationcount=200", "-p", "ownfigures.background=5000");
    assertEquals(0, r.exitCode, r.toString());
    // eight threads of the binding's own record at the same time as the workers: none may be lost
    assertEquals(8 * 5000, r.count("BACKGROUND-FLUSH", "Operations"), r.toString());
    assertEquals(8 * 5000, r.count("BACKGROUND-FLUSH", "Return=OK"));
    assertEquals(40, r.count("BACKGROUND-FLUSH", "MaxLatency(us)"));
  }

  @Test
  void figuresOfTheWarmupStayOutOfTheMeasuredSummary() {
    Run r = Run.of("run", "-db", DB, "-P", "../workloads/workloada", "-threads", "2",
        "-p", "readproportion=0", "-p", "updateproportion=1", "-p", "operationcount=300",
        "-p", "warmupoperationcount=700");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(700, r.count("WARMUP", "Operations"));
    assertEquals(300, r.count("UPDATE", "Operations"));
    assertEquals(300, r.count("HBASE-FLUSH", "Operations"), "only the measured window's flushes");
  }

  @Test
  void outsideAnyPhaseAnInstanceKeepsWhatItIsGivenForItsExporter() throws Exception {
    Measurements m = new Measurements(new Properties());
    for (int micros : new int[] {100, 200, 300}) {
      m.measure("CONNECT", micros);
    }
    m.reportStatus("CONNECT", Status.OK);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (TextMeasurementsExporter exporter = new TextMeasurementsExporter(out)) {
      m.exportMeasurements(exporter);
    }
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("[CONNECT], Operations, 3"), text);
    assertTrue(text.contains("[CONNECT], AverageLatency(us), 200.0"), text);
    assertTrue(text.contains("[CONNECT], MaxLatency(us), 300"), text);
    assertTrue(text.contains("[CONNECT], Return=OK, 1"), text);
    assertTrue(m.getSummary().startsWith("[CONNECT: Count=3, Max=300, Min=100, Avg=200.00"), m.getSummary());
  }

  @Test
  void measurementIntervalOpShowsTheBindingsFiguresFromTheActualStartOnly() {
    Run r = Run.of("run", "-db", DB, "-P", "../workloads/workloada", "-threads", "1",
        "-p", "readproportion=0", "-p", "updateproportion=1", "-p", "operationcount=50",
        "-p", "measurement.interval=op");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(50, r.count("HBASE-FLUSH", "Operations"));
    assertFalse(r.has("Intended-HBASE-FLUSH", "Operations"), r.toString());
  }
}
