package site.ycsb.generator;

import java.util.random.RandomGenerator;
import java.util.concurrent.TimeUnit;

/**
 * A fixed number of timestamps one interval apart, returned in random order, each once; asking
 * for more than there are throws. The offsets are shuffled up front, so their number is limited
 * to {@link #MAX_INTERVALS}. Timestamps count from the start of {@link UnixEpochTimestampGenerator},
 * one interval before the given start time. Not thread-safe: one per thread.
 */
public class RandomDiscreteTimestampGenerator extends UnixEpochTimestampGenerator {
  /** The most timestamps one generator holds. */
  public static final int MAX_INTERVALS = 16_777_216;

  private final int[] order;
  private int next;

  /**
   * Timestamps from now.
   *
   * @param interval the step between timestamps
   * @param timeUnits its unit
   * @param intervals how many timestamps there are
   * @throws IllegalArgumentException when {@code intervals} is above {@link #MAX_INTERVALS}
   */
  public RandomDiscreteTimestampGenerator(long interval, TimeUnit timeUnits, int intervals) {
    super(interval, timeUnits);
    order = shuffled(intervals);
  }

  /**
   * Timestamps from a given start.
   *
   * @param interval the step between timestamps
   * @param timeUnits its unit
   * @param startTimestamp the start, in the unit timestamps are given in
   * @param intervals how many timestamps there are
   * @throws IllegalArgumentException when {@code intervals} is above {@link #MAX_INTERVALS}
   */
  public RandomDiscreteTimestampGenerator(long interval, TimeUnit timeUnits, long startTimestamp, int intervals) {
    super(interval, timeUnits, startTimestamp);
    order = shuffled(intervals);
  }

  private static int[] shuffled(int intervals) {
    if (intervals > MAX_INTERVALS) {
      throw new IllegalArgumentException("at most " + MAX_INTERVALS + " intervals fit in memory, asked for "
          + intervals);
    }
    if (intervals < 0) {
      throw new IllegalArgumentException("intervals must not be negative, was " + intervals);
    }
    int[] order = new int[intervals];
    for (int i = 0; i < intervals; i++) {
      order[i] = i;
    }
    // Fisher-Yates: every order equally likely
    RandomGenerator r = OperationRandom.current();
    for (int i = intervals - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    return order;
  }

  /**
   * @return the next timestamp, each of the generator's timestamps once
   * @throws IllegalStateException when every timestamp has been returned
   */
  @Override
  public Long nextValue() {
    if (next >= order.length) {
      throw new IllegalStateException("all " + order.length + " timestamps have been returned");
    }
    lastTimestamp = currentTimestamp;
    currentTimestamp = startTimestamp + order[next++] * getOffset(1);
    return currentTimestamp;
  }
}
