package site.ycsb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.DB;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.PhaseListener;
import site.ycsb.measurements.PhaseResult;
import site.ycsb.simulation.SimulatedClock;
import site.ycsb.simulation.SimulatedDB;
import site.ycsb.workloads.CoreWorkload;

/**
 * A sampler that runs late (a slow disk under the results folder, a busy machine) must not put
 * several intervals' operations into one labelled as one; the summary so far must match the
 * figures it holds. On the simulated clock, against the simulated database: the sampler is held
 * up for 350 ms of the phase's own time, so every interval's count has one right value.
 */
class SamplerTimingTest {
  private record Sample(long elapsedNanos, long lengthNanos, long operations, PhaseResult progress) {
    @Override
    public String toString() {
      return operations + " ops in " + lengthNanos / 1_000_000 + " ms to " + elapsedNanos / 1_000_000 + " ms";
    }
  }

  @Test
  void lateSamplesCarryTheirTrueLengthAndTheProgressMatchesThem() throws Exception {
    Properties p = new Properties();
    p.setProperty("recordcount", "1000");
    p.setProperty("simulated.servicetime", "0.1ms");
    CoreWorkload workload = new CoreWorkload();
    workload.init(p);
    SimulatedClock clock = new SimulatedClock();
    List<DB> bindings = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      SimulatedDB db = new SimulatedDB();
      db.setProperties(p);
      bindings.add(db);
    }
    PhaseSettings settings = new PhaseSettings(false, 2, -1, 2_000_000_000L, 0, 0, 1000.0, Throttle.Mode.OPEN,
        new RetryPolicy(0, 0, 0, 0, 0, 0), 0, 1_000_000_000L, false, "both", 0);
    List<Sample> samples = new ArrayList<>();
    Runner[] runner = new Runner[1];
    PhaseListener slowOnce = new PhaseListener() {
      @Override
      public void onSample(long elapsed, long length, IntervalStats interval, IntervalStats total,
                           boolean warmingUp) {
        samples.add(new Sample(elapsed, length, interval.operations(), runner[0].progress()));
        if (samples.size() == 3) {
          // the listener holds the sampler up for three and a half intervals
          sleep(clock, 350_000_000L);
        }
      }
    };
    runner[0] = new Runner(settings, bindings, workload, id -> workload.initThread(p, id, 2), new ErrorLog(new PrintStream(new ByteArrayOutputStream())),
        100, slowOnce);
    runner[0].clock(clock);
    PhaseResult result = runner[0].run();

    long sum = 0;
    long previousElapsed = 0;
    for (Sample s : samples) {
      sum += s.operations();
      assertEquals(previousElapsed, s.elapsedNanos() - s.lengthNanos(), "intervals follow each other: " + samples);
      previousElapsed = s.elapsedNanos();
      // slots every millisecond: an interval holds one operation per millisecond of its true length
      // (a late sample credited with the nominal 100 ms would show several times the rate)
      assertEquals(s.lengthNanos() / 1_000_000.0, s.operations(), 1.0, "one per millisecond in " + s + ": " + samples);
      assertEquals(s.elapsedNanos(), s.progress().runtimeNanos(), "the runtime so far ends at the last sample");
    }
    // the sampler, due at 400 ms, is back at 650 ms: its next sample covers 400 to 650 ms
    assertTrue(samples.stream().anyMatch(s -> s.lengthNanos() >= 250_000_000L), "the late interval: " + samples);
    assertEquals(result.measured().operations(), sum, "the samples add up to the total");
  }

  private static void sleep(SimulatedClock clock, long nanos) {
    try {
      clock.sleep(nanos);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
