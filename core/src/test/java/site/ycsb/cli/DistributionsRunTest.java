package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every request distribution and field length distribution runs a whole phase. */
class DistributionsRunTest {
  @ParameterizedTest
  @ValueSource(strings = {"uniform", "zipfian", "latest", "hotspot", "sequential", "exponential"})
  void requestDistributionRuns(String distribution) {
    Run r = Run.of("run", "basic", "-P", "../workloads/workload_mixed_read_update_insert_uniform",
        "-p", "basicdb.verbose=false", "-p", "requestdistribution=" + distribution, "-p", "recordcount=2000",
        "-p", "operationcount=3000", "-threads", "4");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(3000, r.count("OVERALL", "Operations"));
    assertEquals(0, r.count("OVERALL", "FailedOperations"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"constant", "uniform", "zipfian"})
  void fieldLengthDistributionRuns(String distribution) {
    Run r = Run.of("load", "basic", "-P", "../workloads/workloada", "-p", "basicdb.verbose=false",
        "-p", "fieldlengthdistribution=" + distribution, "-p", "minfieldlength=5", "-p", "fieldlength=50");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(1000, r.count("INSERT", "Operations"));
  }

  @Test
  void histogramFieldLengthsReadTheirFile(@TempDir Path dir) throws Exception {
    Path hist = dir.resolve("hist.txt");
    Files.writeString(hist, "BlockSize\t10\n1\t5\n2\t3\n");
    Run r = Run.of("load", "basic", "-P", "../workloads/workloada", "-p", "basicdb.verbose=false",
        "-p", "fieldlengthdistribution=histogram", "-p", "fieldlengthhistogram=" + hist);
    assertEquals(0, r.exitCode, r.toString());
    Run missing = Run.of("load", "basic", "-P", "../workloads/workloada", "-p", "basicdb.verbose=false",
        "-p", "fieldlengthdistribution=histogram", "-p", "fieldlengthhistogram=" + dir.resolve("nope"));
    assertEquals(2, missing.exitCode, missing.toString());
  }

  @Test
  void jsonExportersWriteTheSameFigures(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("out.json");
    Run r = Run.of("run", "basic", "-P", "../workloads/workloada", "-p", "basicdb.verbose=false",
        "-p", "exporter=site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter", "-p", "exportfile=" + json);
    assertEquals(0, r.exitCode, r.toString());
    com.fasterxml.jackson.databind.JsonNode arr = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.toFile());
    boolean found = false;
    for (com.fasterxml.jackson.databind.JsonNode n : arr) {
      if (n.get("metric").asText().equals("OVERALL") && n.get("measurement").asText().equals("Operations")) {
        assertEquals(1000, n.get("value").asLong());
        found = true;
      }
    }
    assertEquals(true, found, "the array holds {metric, measurement, value} objects");
  }
}
