package site.ycsb.cli;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import site.ycsb.props.Durations;
import site.ycsb.runner.PhaseSettings;

/**
 * How far a phase is, in the words of its status line: the share of the records to load, of the
 * operations to run or of {@code maxexecutiontime} gone, and the time left; during a warm-up, the
 * same of the warm-up. When a phase has both a count and a time, whichever ends it first (the
 * larger share) is told. A count's time left is estimated from the current rate; a time's is exact.
 */
final class PhaseProgress {
  private final String noun;
  private final long operations;
  private final long maxExecutionNanos;
  private final long warmupOperations;
  private final long warmupNanos;

  /** @param settings the phase's counts and times, as the runner applies them */
  PhaseProgress(PhaseSettings settings) {
    // the load's operations are its records, the number the user set (recordcount, insertcount)
    this.noun = settings.load() ? "records" : "operations";
    this.operations = settings.operations();
    this.maxExecutionNanos = settings.maxExecutionNanos();
    this.warmupOperations = settings.warmupOperations();
    this.warmupNanos = settings.warmupNanos();
  }

  /**
   * @param done operations measured so far
   * @param measuredNanos time since the measured window opened
   * @param opsPerSec the current rate; 0 when there is none
   * @param ended whether the phase has ended: no time left to tell
   * @return e.g. {@code 40.0% of 50000 operations, about 15 s left}, or null when nothing set ahead
   *     ends the phase (a run without operationcount and maxexecutiontime)
   */
  String measured(long done, long measuredNanos, double opsPerSec, boolean ended) {
    return share(done, operations, noun, measuredNanos, maxExecutionNanos, opsPerSec, ended);
  }

  /**
   * @param done warm-up operations so far
   * @param elapsedNanos time since the workers started
   * @param opsPerSec the current rate of warm-up operations; 0 when there is none
   * @param ended whether the phase has ended
   * @return e.g. {@code warming up: 40.0% of 5 s, 3 s left}
   */
  String warmup(long done, long elapsedNanos, double opsPerSec, boolean ended) {
    String share = share(done, warmupOperations, "operations", elapsedNanos, warmupNanos, opsPerSec, ended);
    return share == null ? "warming up" : "warming up: " + share;
  }

  private static String share(long done, long count, String noun, long elapsedNanos, long lengthNanos,
                              double opsPerSec, boolean ended) {
    double countShare = count > 0 ? (double) done / count : -1;
    double timeShare = lengthNanos > 0 ? (double) elapsedNanos / lengthNanos : -1;
    if (countShare < 0 && timeShare < 0) {
      return null;
    }
    long exactLeftMillis = lengthNanos > 0 ? Math.max(0, lengthNanos - elapsedNanos) / 1_000_000L : Long.MAX_VALUE;
    StringBuilder sb = new StringBuilder(64);
    if (timeShare >= countShare) {
      sb.append(percent(timeShare)).append(" of ").append(seconds(lengthNanos));
      if (!ended) {
        sb.append(", ").append(timeLeft(exactLeftMillis)).append(" left");
      }
      return sb.toString();
    }
    sb.append(percent(countShare)).append(" of ").append(count).append(' ').append(noun);
    if (ended) {
      return sb.toString();
    }
    if (opsPerSec > 0) {
      // the deadline ends the phase even if the rate would not
      long estimate = (long) (Math.max(0, count - done) / opsPerSec * 1000);
      sb.append(", about ").append(timeLeft(Math.min(estimate, exactLeftMillis))).append(" left");
    } else {
      sb.append(", time left not known yet");
    }
    return sb.toString();
  }

  /** @return a time left, rounded up to the second as a countdown is: 0 s only when nothing is left */
  static String timeLeft(long millis) {
    return Durations.describe((Math.min(millis, Long.MAX_VALUE - 999) + 999) / 1000 * 1000);
  }

  /** @return the share, rounded down, so that 100.0% is shown only when it is all done */
  private static String percent(double share) {
    double tenths = Math.floor(Math.min(1, Math.max(0, share)) * 1000) / 10;
    return String.format(Locale.ROOT, "%.1f%%", tenths);
  }

  /** @return a length as the user set it: {@code 60 s}, {@code 0.5 s} */
  private static String seconds(long nanos) {
    BigDecimal s = BigDecimal.valueOf(nanos, 9).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros();
    return s.toPlainString() + " s";
  }
}
