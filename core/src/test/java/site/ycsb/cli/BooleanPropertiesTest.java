package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One rule for every true/false property, the engine's, a binding's and a workload's alike:
 * {@code true} or {@code false} in any letter case (upstream's {@code Boolean.parseBoolean} ignores
 * case too); any other word is refused with one line instead of being read as false.
 */
class BooleanPropertiesTest {
  private static Run run(String... settings) {
    String[] args = new String[8 + 2 * settings.length];
    String[] fixed = {"run", "basic", "-P", "../workloads/workloada", "-p", "recordcount=10", "-p",
        "operationcount=20"};
    System.arraycopy(fixed, 0, args, 0, fixed.length);
    for (int i = 0; i < settings.length; i++) {
      args[fixed.length + 2 * i] = "-p";
      args[fixed.length + 2 * i + 1] = settings[i];
    }
    return Run.of(args);
  }

  private static void assertRefused(Run r, String line) {
    assertEquals(Ycsb.BAD_INPUT, r.exitCode, r.toString());
    assertEquals(line, r.err.strip(), "one line naming the property and what it takes");
    assertFalse(r.out.contains("[OVERALL]"), "nothing ran: " + r.out);
  }

  @Test
  @Timeout(30)
  void trueAndFalseAreTakenInAnyLetterCase() {
    Run all = run("readallfields=TRUE", "writeallfields=True", "basicdb.verbose=FALSE", "basicdb.count=tRuE",
        "measure.jvm=FALSE");
    assertEquals(0, all.exitCode, all.toString());
    assertEquals(20, all.count("OVERALL", "Operations"));
    assertEquals(all.count("UPDATE", "Operations") * 10 * 100, all.count("UPDATE", "BytesWritten"),
        "writeallfields=True: every update writes the 10 fields of 100 bytes");
    assertFalse(all.out.contains("[MAX_MEM_USED]"), "measure.jvm=FALSE leaves the JVM lines out: " + all.out);

    Run one = run("readallfields=False", "writeallfields=fALSE", "basicdb.verbose=false");
    assertEquals(0, one.exitCode, one.toString());
    assertEquals(one.count("UPDATE", "Operations") * 100, one.count("UPDATE", "BytesWritten"),
        "writeallfields=fALSE: every update writes one field");
  }

  @Test
  @Timeout(30)
  void anyOtherWordIsRefusedNamingThePropertyAndTrueOrFalse() {
    assertRefused(run("readallfields=yes"), "ERROR: property readallfields=yes is invalid: expected true or false");
    assertRefused(run("readallfields=1"), "ERROR: property readallfields=1 is invalid: expected true or false");
    assertRefused(run("durability.verify=on", "basicdb.verbose=false"),
        "ERROR: property durability.verify=on is invalid: expected true or false");
    assertRefused(run("basicdb.count=Y"), "ERROR: property basicdb.count=Y is invalid: expected true or false");
  }

  @Test
  @Timeout(30)
  void theTimeSeriesWorkloadsSwitchesFollowTheSameRule() {
    // read with Boolean.parseBoolean before they were declared: "yes" silently meant false
    Run refused = Run.of("load", "basic", "-P", "../workloads/tsworkloada", "-p", "recordcount=20",
        "-p", "basicdb.verbose=false", "-p", "randomwritetimestamporder=yes");
    assertRefused(refused, "ERROR: property randomwritetimestamporder=yes is invalid: expected true or false");
    Run taken = Run.of("load", "basic", "-P", "../workloads/tsworkloada", "-p", "recordcount=20",
        "-p", "basicdb.verbose=false", "-p", "randomtimeseriesorder=FALSE", "-p", "queryrandomtimespan=True");
    assertEquals(0, taken.exitCode, taken.toString());
    assertEquals(20, taken.count("INSERT", "Return=OK"));
  }
}
