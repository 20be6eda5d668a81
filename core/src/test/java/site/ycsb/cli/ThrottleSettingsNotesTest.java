package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A throttle setting that has no effect in the phase (no target, or the open mode) is one note on
 * stderr naming it and what it needs, and the phase runs; one that takes effect gets none.
 */
class ThrottleSettingsNotesTest {
  private static Run phase(String settings) {
    List<String> args = new ArrayList<>(List.of("run", "-db", "site.ycsb.BasicDB", "-P", "../workloads/workloadc",
        "-p", "basicdb.verbose=false", "-p", "operationcount=10", "-p", "measure.jvm=false"));
    for (String s : settings.split(";")) {
      if (!s.isBlank()) {
        args.add("-p");
        args.add(s);
      }
    }
    return Run.of(args.toArray(new String[0]));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "target.arrivals=poisson|NOTE: target.arrivals=poisson has no effect without a target: it is used with"
          + " -target N (target) or target.profile",
      "throttlemode=windowed|NOTE: throttlemode=windowed has no effect without a target: it is used with"
          + " -target N (target) or target.profile",
      "throttle.window=50|NOTE: throttle.window has no effect without a target: it is used with -target N (target)"
          + " or target.profile, and throttlemode=windowed",
      "target.seed=7|NOTE: target.seed has no effect without a target: it is used with -target N (target) or"
          + " target.profile, and target.arrivals=poisson",
      "target=1000;throttle.tolerance=5|NOTE: throttle.tolerance has no effect with throttlemode=open: it is used"
          + " with throttlemode=windowed",
      "target=1000;throttlemode=open;throttle.allowance=20|NOTE: throttle.allowance has no effect with"
          + " throttlemode=open: it is used with throttlemode=windowed",
      "target.profile=constant:1000;throttlewindow=50|NOTE: throttlewindow has no effect with throttlemode=open: it"
          + " is used with throttlemode=windowed",
      "target=1000;target.seed=7|NOTE: target.seed has no effect with target.arrivals=uniform: it seeds"
          + " target.arrivals=poisson"})
  void oneNoteAndTheRunGoesOn(String settings, String note) {
    Run r = phase(settings);
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(10, r.count("OVERALL", "Operations"), r.toString());
    assertEquals(note, r.errWithoutHostWarnings(), r.toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "target=1000;target.arrivals=poisson;target.seed=7",
      "target=1000;throttlemode=windowed;throttle.window=50;throttle.tolerance=5;throttle.allowance=20",
      "target.profile=constant:1000;throttlemode=windowed;throttlewindow=50"})
  void settingsThatTakeEffectGetNoNote(String settings) {
    Run r = phase(settings);
    assertEquals(0, r.exitCode, r.toString());
    assertEquals("", r.errWithoutHostWarnings(), r.toString());
  }
}
