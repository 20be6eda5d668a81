package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A bad profile or a throttle setting that cannot hold is one line on stderr naming it, and exit code 2. */
class ThrottleSettingsErrorsTest {
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "target.profile=ramp:10s:100|target.profile=ramp:10s:100 is invalid: expected one of constant:RATE",
      "target.profile=stages:10s|expected stages:DURATION:RATE",
      "target.profile=sine:mean=10,amplitude=20,period=1s|amplitude at most mean",
      "target.profile=constant:0|a profile whose rate is above 0 somewhere",
      "target=100;target.arrivals=poisson;throttlemode=windowed|target.arrivals=poisson cannot be used with throttlemode=windowed",
      "target=100;target.profile=constant:100|are both set",
      "throttle.window=50;throttlewindow=100|throttlewindow is the older name of throttle.window",
      "target.arrivals=bursty|target.arrivals=bursty is invalid: expected one of uniform, poisson"})
  void oneLineAndExitCode2(String settings, String mustMention) {
    java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("run", "-db", "site.ycsb.BasicDB",
        "-P", "../workloads/workloadc", "-p", "operationcount=10"));
    for (String s : settings.split(";")) {
      args.add("-p");
      args.add(s);
    }
    Run r = Run.of(args.toArray(new String[0]));
    assertEquals(2, r.exitCode, r.toString());
    String[] lines = r.err.strip().split("\n");
    assertEquals(1, lines.length, "one line on stderr:\n" + r.err);
    assertTrue(lines[0].contains(mustMention), lines[0]);
    assertFalse(r.err.contains("\tat "), r.err);
  }
}
