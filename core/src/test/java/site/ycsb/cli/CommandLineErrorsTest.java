package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Bad input gives one clear line on stderr and a non-zero exit code, never a stack trace. */
class CommandLineErrorsTest {
  private static final String WORKLOAD = "../workloads/workloada";

  private static void assertOneClearLine(Run r, int expectedCode, String mustMention) {
    assertEquals(expectedCode, r.exitCode, r.toString());
    String[] lines = r.err.strip().split("\n");
    assertEquals(1, lines.length, "expected exactly one line on stderr:\n" + r.err);
    assertTrue(lines[0].startsWith("ERROR: "), r.err);
    assertTrue(lines[0].contains(mustMention), "the message should name " + mustMention + ": " + lines[0]);
    assertFalse(r.err.contains("\tat "), "no stack trace expected:\n" + r.err);
    assertFalse(r.out.contains("[OVERALL]"), "no results expected when nothing ran");
  }

  @Test
  void unknownBindingIsNamed() {
    assertOneClearLine(Run.of("run", "nosuchdb", "-P", WORKLOAD), 2, "nosuchdb");
  }

  @ParameterizedTest
  @CsvSource({
      "readproportion=abc, readproportion",
      "fieldlength=-1, fieldlength",
      "recordcount=ten, recordcount",
      "readproportion=0.7, proportions sum to 1.2",
      "requestdistribution=gaussian, requestdistribution",
      "threadcount=0, threadcount",
      "maxexecutiontime=-3, maxexecutiontime",
      "readallfields=yes, readallfields",
      "insertstart=900, insertcount",
      "starttime=2001-01-01T00:00:00Z, starttime",
      "starttime=tomorrow, starttime",
      "hdrhistogram.percentiles=50;99, hdrhistogram.percentiles",
      "exporter=no.such.Exporter, exporter",
      "clientid=3, clientid",
  })
  void badPropertyIsNamed(String property, String mention) {
    String[] kv = property.split("=", 2);
    String extra = kv[0].equals("insertstart") ? "insertcount=200" : "operationcount=10";
    assertOneClearLine(Run.of("run", "basic", "-P", WORKLOAD, "-p", property, "-p", extra,
        "-p", "basicdb.verbose=false"), 2, mention);
  }

  @Test
  void missingWorkloadFileIsNamed() {
    assertOneClearLine(Run.of("load", "basic", "-P", "no/such/file"), 2, "no/such/file");
  }

  @Test
  void unknownOptionIsNamed() {
    assertOneClearLine(Run.of("run", "basic", "-x"), 2, "-x");
  }

  @Test
  void optionWithoutValue() {
    assertOneClearLine(Run.of("run", "basic", "-P"), 2, "-P");
  }

  @Test
  void unknownCommand() {
    assertOneClearLine(Run.of("walk", "basic"), 2, "walk");
  }

  @Test
  void unreachableDatabaseExitsNonZeroWithItsMessage() {
    Run r = Run.of("run", "-db", FailingInitDB.class.getName(), "-P", WORKLOAD, "-threads", "4");
    assertOneClearLine(r, 1, "cannot reach db.example:1234");
  }

  @Test
  void unknownPropertyOnlyWarns() {
    Run r = Run.of("run", "basic", "-P", WORKLOAD, "-p", "basicdb.verbose=false", "-p", "recordcuont=5");
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.err.contains("recordcuont"), r.err);
  }

  @Test
  void propertiesCommandPrintsTheReference() {
    Run r = Run.of("properties");
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.out.contains("| `maxexecutiontime` |"), r.out);
    assertTrue(r.out.contains("| `readproportion` |"), r.out);
  }

  @Test
  void failedOperationsExitZeroButSaySo() {
    Run r = Run.of("run", "-db", AlwaysFailingDB.class.getName(), "-P", WORKLOAD, "-p", "operationcount=50");
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.err.contains("50 of 50 operations failed"), r.err);
    assertEquals(50, r.count("OVERALL", "FailedOperations"));
  }
}
