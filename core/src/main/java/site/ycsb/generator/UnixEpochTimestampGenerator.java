package site.ycsb.generator;

import java.util.concurrent.TimeUnit;

/**
 * Unix epoch timestamps a fixed interval apart: each {@link #nextValue()} moves one interval on
 * (back, for a negative interval). Timestamps are in seconds for intervals of seconds or longer
 * units, and in the interval's unit for milli-, micro- and nanoseconds.
 *
 * <p>By default the sequence starts from the current time, so that the first value is now;
 * {@link #initalizeTimestamp(long)} moves that start by a number of intervals (e.g. -60 with a
 * one-minute interval for an hour of data ending now). Not thread-safe: one per thread.
 */
public class UnixEpochTimestampGenerator extends Generator<Long> {
  /** The timestamp the sequence counts from. */
  protected long startTimestamp;
  /** The timestamp returned last by {@link #nextValue()}. */
  protected long currentTimestamp;
  /** The timestamp before {@link #currentTimestamp}, for {@link #lastValue()}. */
  protected long lastTimestamp;
  /** The step between timestamps, in {@link #timeUnits}. */
  protected long interval;
  /** The unit of {@link #interval}. */
  protected TimeUnit timeUnits;

  /** Timestamps in seconds, one minute apart, from now. */
  public UnixEpochTimestampGenerator() {
    this(60, TimeUnit.SECONDS);
  }

  /**
   * Timestamps from now.
   *
   * @param interval the step between timestamps
   * @param timeUnits its unit
   */
  public UnixEpochTimestampGenerator(long interval, TimeUnit timeUnits) {
    this.interval = interval;
    this.timeUnits = timeUnits;
    // one interval back twice: the start, and the first value is one step from it
    initalizeTimestamp(-1);
    currentTimestamp -= getOffset(1);
    lastTimestamp = currentTimestamp;
  }

  /**
   * Timestamps from a given start, which is the first value returned.
   *
   * @param interval the step between timestamps
   * @param timeUnits its unit
   * @param startTimestamp the first timestamp, in the unit timestamps are given in (seconds for
   *     intervals of seconds and longer, else the interval's unit)
   */
  public UnixEpochTimestampGenerator(long interval, TimeUnit timeUnits, long startTimestamp) {
    this.interval = interval;
    this.timeUnits = timeUnits;
    currentTimestamp = startTimestamp - getOffset(1);
    this.startTimestamp = currentTimestamp;
    lastTimestamp = currentTimestamp - getOffset(1);
  }

  /**
   * Starts the sequence from the current time moved by a number of intervals (upstream's spelling
   * of the name).
   *
   * @param intervalOffset intervals to move, negative for the past
   */
  public void initalizeTimestamp(long intervalOffset) {
    currentTimestamp = now() + getOffset(intervalOffset);
    startTimestamp = currentTimestamp;
  }

  private long now() {
    switch (timeUnits) {
      case NANOSECONDS:
        return System.nanoTime();
      case MICROSECONDS:
        return System.nanoTime() / 1000;
      case MILLISECONDS:
        return System.currentTimeMillis();
      default:
        return System.currentTimeMillis() / 1000;
    }
  }

  @Override
  public Long nextValue() {
    lastTimestamp = currentTimestamp;
    currentTimestamp += getOffset(1);
    return currentTimestamp;
  }

  /**
   * @param intervalOffset a number of intervals
   * @return that many intervals in the unit timestamps are given in
   */
  public long getOffset(long intervalOffset) {
    switch (timeUnits) {
      case NANOSECONDS:
      case MICROSECONDS:
      case MILLISECONDS:
      case SECONDS:
        return intervalOffset * interval;
      case MINUTES:
        return intervalOffset * interval * 60L;
      case HOURS:
        return intervalOffset * interval * 3600L;
      case DAYS:
        return intervalOffset * interval * 86_400L;
      default:
        throw new IllegalArgumentException("time unit " + timeUnits + " is not supported");
    }
  }

  /** @return the timestamp before the one {@link #nextValue()} returned last */
  @Override
  public Long lastValue() {
    return lastTimestamp;
  }

  /** @return the timestamp {@link #nextValue()} returned last */
  public long currentValue() {
    return currentTimestamp;
  }
}
