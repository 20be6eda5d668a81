package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Rates, multiples and durations beyond their documented bounds, and a warm-up that would use up a
 * profile which ends, are one line on stderr naming them and exit code 2, before the phase.
 */
class RateBoundsTest {
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "target=1e30|property target=1e30 is invalid: expected a number between 0 and 10000000",
      "target=0.0001|property target=0.0001 is invalid: expected 0, or from 0.001 to 10000000 operations per second",
      "target.profile=constant:0.000000001|every rate 0, or from 0.001 to 10000000 operations per second",
      "target.profile=constant:2e7|every rate 0, or from 0.001 to 10000000",
      "target.profile=stages:1s:100,1s:0,|target.profile=stages:1s:100,1s:0, is invalid: expected stages:DURATION:RATE",
      "target.profile=steps:1s:100,|target.profile=steps:1s:100, is invalid: expected steps:DURATION:RATE",
      "target.profile=sine:mean=10,amplitude=5,period=1s,|is invalid: expected sine:",
      "target.profile=spike:base=1000,multiple=1e308,duration=2s,every=10s|is invalid: expected spike:",
      "target.profile=spike:base=1000,multiple=100000,duration=2s,every=10s|a profile whose base x multiple is at most 10000000",
      "target.profile=sine:mean=6000000,amplitude=5000000,period=1s|a profile whose mean + amplitude is at most 10000000",
      "target.profile=stages:99999999h:100|at most 10 years",
      "target.profile=stages:1s:100,1s:0;warmupexecutiontime=2000|warmupexecutiontime=2000 (ms) lasts as long as target.profile=stages:1s:100,1s:0, whose load ends after 2.0 s",
      "target.profile=steps:1s:100,1s:0;warmupoperationcount=100|warmupoperationcount=100 is not less than the 100 operations target.profile=steps:1s:100,1s:0 offers in all",
  })
  void oneLineAndExitCode2(String settings, String line) {
    List<String> args = new ArrayList<>(List.of("run", "basic", "-P", "../workloads/workloada",
        "-p", "operationcount=10", "-p", "basicdb.verbose=false"));
    for (String s : settings.split(";")) {
      args.add("-p");
      args.add(s);
    }
    Run r = Run.of(args.toArray(new String[0]));
    assertEquals(2, r.exitCode, r.toString());
    List<String> lines = r.err.strip().lines().toList();
    assertEquals(1, lines.size(), "one line on stderr:\n" + r.err);
    assertTrue(lines.get(0).startsWith("ERROR: ") && lines.get(0).contains(line), lines.get(0));
    assertFalse(r.err.contains("\tat "), r.err);
    assertEquals("", r.out);
  }
}
