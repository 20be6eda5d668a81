package site.ycsb.tools.scaleout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import site.ycsb.cli.Run;

/**
 * fanout's start delay and ready timeout have the bounds of the barrier properties it hands every
 * client: beyond them it is one line and exit code 2 before any host is contacted, not a refusal by
 * each client on its host.
 */
class FanOutBarrierOptionsTest {
  @TempDir
  Path tmp;

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "--start-delay|2m|ERROR: --start-delay 2m: expected at most 60s, the time for the start instant to reach every"
          + " client",
      "--ready-timeout|25h|ERROR: --ready-timeout 25h: expected from 1s to 24h, how long the clients wait for each"
          + " other to be ready",
      "--ready-timeout|500ms|ERROR: --ready-timeout 500ms: expected from 1s to 24h"})
  void beyondTheBoundsIsOneLineAndExitCode2(String option, String value, String line) {
    Path out = tmp.resolve("out");
    Run r = Run.of("fanout", "--hosts", "host1,host2", option, value, "-o", out.toString(), "run", "basic", "-P",
        "../workloads/workloada");
    assertEquals(2, r.exitCode, r.toString());
    assertEquals(1, r.err.strip().lines().count(), r.toString());
    assertTrue(r.err.startsWith(line), r.toString());
    assertFalse(Files.exists(out), "nothing written");
  }
}
