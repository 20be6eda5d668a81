package site.ycsb.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class YcsbRunTest {
  @Test
  void runsTheCommandLineInProcessAndParsesItsResults() {
    YcsbRun run = YcsbRun.execute("run", "basic", "-P", YcsbRun.workload("workloadc").toString(),
        "-p", "operationcount=50", "-p", "basicdb.verbose=false");
    assertEquals(0, run.exitCode(), run.describe());
    assertEquals(50, run.results().getLong("READ", "Operations"), run.describe());
  }

  @Test
  void aBadCommandLineGivesANonZeroExitAndAMessage() {
    YcsbRun run = YcsbRun.execute("run", "no-such-binding");
    assertNotEquals(0, run.exitCode(), run.describe());
    assertTrue(run.err().contains("no-such-binding"), run.describe());
  }
}
