package site.ycsb.runner;

import java.util.concurrent.TimeUnit;
import site.ycsb.clock.Clock;
import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.Outcome;
import site.ycsb.measurements.PhaseListener;
import site.ycsb.measurements.RunMeasurements;

/**
 * Reads the recorders at a fixed pace and hands each interval to the listener. Each interval is
 * labelled with the instant it was actually read and its rate uses its actual length, so a late
 * sampler cannot put several intervals' operations into one. Periodic reads stop at the
 * deadline; the final read, after the workers have ended, covers the rest of the window.
 */
final class Sampler implements Runnable {
  private final long originNanos;
  private final long sampleNanos;
  private final Clock clock;
  private final RunWindow window;
  private final Throttle throttle;
  private final RunMeasurements warmup;
  private final RunMeasurements measured;
  private final PhaseListener listener;
  private volatile boolean running = true;
  /** The instant the recorders were last read: what the figures so far cover. */
  private volatile long lastSampleNanos;

  /**
   * @param originNanos the phase's start (the workers' release): the grid of samples starts there
   * @param sampleNanos the length of an interval
   */
  Sampler(long originNanos, long sampleNanos, Clock clock, RunWindow window, Throttle throttle,
          RunMeasurements warmup, RunMeasurements measured, PhaseListener listener) {
    this.originNanos = originNanos;
    this.sampleNanos = sampleNanos;
    this.clock = clock;
    this.window = window;
    this.throttle = throttle;
    this.warmup = warmup;
    this.measured = measured;
    this.listener = listener;
    this.lastSampleNanos = originNanos;
  }

  /** @return the instant the recorders were last read */
  long lastSampleNanos() {
    return lastSampleNanos;
  }

  @Override
  public void run() {
    long next = originNanos + sampleNanos;
    while (running) {
      long now = clock.nanoTime();
      long deadline = window.deadlineNanos();
      if (now >= deadline) {
        return;
      }
      if (now < next) {
        long waitNanos = Math.min(Math.min(next - now, deadline - now), TimeUnit.MILLISECONDS.toNanos(50));
        clock.park(this, waitNanos);
        continue;
      }
      sampleOnce(clock.nanoTime(), false);
      // stay on the grid; ticks missed while late are not made up with empty intervals
      while (next <= now) {
        next += sampleNanos;
      }
    }
  }

  void stop() {
    running = false;
  }

  /**
   * @param atNanos the instant the recorders are read (or, for the final read, the end of the window)
   * @param last whether this is the final read
   */
  synchronized void sampleOnce(long atNanos, boolean last) {
    long previous = lastSampleNanos;
    warmup.sample();
    IntervalStats interval = measured.sample();
    if (!last) {
      // the interval ends when its counts were read: a sampler delayed between the clock and the
      // read (a loaded machine) must not put later operations into an interval that ended before
      atNanos = clock.nanoTime();
    }
    boolean warmingUp = !window.isOpen();
    long from = previous;
    if (!warmingUp && window.measureStartNanos() > from) {
      // the first measured interval starts when the window opened, not with the warm-up's last part
      from = window.measureStartNanos();
    }
    long at = Math.max(atNanos, from);
    if (!warmingUp) {
      // the load the schedule offered in this interval, beside what was achieved
      double offered = throttle.offeredBetween(from, Math.min(at, window.deadlineNanos()));
      interval.addIntendedOperations(offered);
      measured.total().addIntendedOperations(offered);
    }
    if (last && interval.operations() == 0 && interval.get(Operation.UNFINISHED, Outcome.INTENDED).count() == 0
        && at - from < TimeUnit.MILLISECONDS.toNanos(1)) {
      // the final read found nothing new in a sliver of time: no empty interval, but the phase
      // so far runs to the window's end (a timed phase's last status line says 100% of it)
      lastSampleNanos = at;
      return;
    }
    // set first: a listener asking for the progress so far gets figures and runtime that match
    lastSampleNanos = at;
    listener.onSample(at - originNanos, at - from, interval, measured.total(), warmingUp);
  }

  void finalSample(long windowEndNanos) {
    sampleOnce(Math.max(windowEndNanos, lastSampleNanos), true);
  }
}
