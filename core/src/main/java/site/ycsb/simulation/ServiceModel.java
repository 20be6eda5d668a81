package site.ycsb.simulation;

import java.util.Locale;
import java.util.Properties;
import java.util.SplittableRandom;
import site.ycsb.props.PropertyException;

/**
 * When a call the simulated database receives is answered: its service time is drawn, it waits
 * for a free server (in arrival order), and a pause of the whole database stops the work in
 * progress until the pause ends. Shared by every worker of the phase, as a database is.
 */
final class ServiceModel {
  private final long meanNanos;
  private final String distribution;
  /** When each server is next free; empty for no queue. */
  private final long[] serverFreeAt;
  private final long pauseFrom;
  private final long pauseTo;
  private final double failureRate;
  private final long seed;

  ServiceModel(Properties p, long phaseStartNanos) {
    this.meanNanos = nanos(SimulatedDBProperties.SERVICE_TIME, SimulatedDBProperties.SERVICE_TIME.get(p));
    this.distribution = SimulatedDBProperties.SERVICE_DISTRIBUTION.getChoice(p);
    this.serverFreeAt = new long[SimulatedDBProperties.SERVERS.getInt(p)];
    String pause = SimulatedDBProperties.PAUSE.get(p).trim();
    if (pause.isEmpty()) {
      pauseFrom = Long.MAX_VALUE;
      pauseTo = Long.MAX_VALUE;
    } else {
      int dash = pause.indexOf('-');
      if (dash <= 0) {
        throw PropertyException.invalid(SimulatedDBProperties.PAUSE.name(), pause, "FROM-TO, e.g. 2s-3s");
      }
      pauseFrom = phaseStartNanos + nanos(SimulatedDBProperties.PAUSE, pause.substring(0, dash));
      pauseTo = phaseStartNanos + nanos(SimulatedDBProperties.PAUSE, pause.substring(dash + 1));
      if (pauseTo <= pauseFrom) {
        throw PropertyException.invalid(SimulatedDBProperties.PAUSE.name(), pause, "FROM-TO with TO after FROM");
      }
    }
    this.failureRate = SimulatedDBProperties.FAILURE_RATE.getDouble(p);
    this.seed = SimulatedDBProperties.SEED.getLong(p);
  }

  /** @return a random stream for worker {@code worker}, independent of the others' */
  static SplittableRandom stream(long seed, int worker) {
    SplittableRandom root = new SplittableRandom(seed);
    SplittableRandom s = root.split();
    for (int i = 0; i < worker; i++) {
      s = root.split();
    }
    return s;
  }

  long seed() {
    return seed;
  }

  /** @return a service time drawn from the distribution */
  long serviceNanos(SplittableRandom random) {
    switch (distribution) {
      case "exponential":
        return (long) (-Math.log(1 - random.nextDouble()) * meanNanos);
      case "uniform":
        return (long) (random.nextDouble() * 2 * meanNanos);
      default:
        return meanNanos;
    }
  }

  /** @return whether the call fails */
  boolean fails(SplittableRandom random) {
    return failureRate > 0 && random.nextDouble() < failureRate;
  }

  /**
   * @param arrivalNanos when the call reaches the database
   * @param serviceNanos the work it needs
   * @return when its answer leaves: after a free server's work and any pause in between
   */
  synchronized long answerAt(long arrivalNanos, long serviceNanos) {
    long start = arrivalNanos;
    int server = -1;
    if (serverFreeAt.length > 0) {
      server = 0;
      for (int i = 1; i < serverFreeAt.length; i++) {
        if (serverFreeAt[i] < serverFreeAt[server]) {
          server = i;
        }
      }
      start = Math.max(start, serverFreeAt[server]);
    }
    long end = workedUntil(start, serviceNanos);
    if (server >= 0) {
      serverFreeAt[server] = end;
    }
    return end;
  }

  /** @return when {@code work} started at {@code start} is done, the pause excluded */
  private long workedUntil(long start, long work) {
    if (start >= pauseTo || start + work <= pauseFrom) {
      return start + work;
    }
    long before = Math.max(0, pauseFrom - start);
    return Math.max(start, pauseTo) + (work - before);
  }

  /** Reads {@code 250us}, {@code 1ms}, {@code 0.5s}, {@code 2m}; a plain number is milliseconds. */
  static long nanos(site.ycsb.props.PropertyDef def, String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    long unit;
    String number;
    if (t.endsWith("us")) {
      unit = 1_000L;
      number = t.substring(0, t.length() - 2);
    } else if (t.endsWith("ms")) {
      unit = 1_000_000L;
      number = t.substring(0, t.length() - 2);
    } else if (t.endsWith("s")) {
      unit = 1_000_000_000L;
      number = t.substring(0, t.length() - 1);
    } else if (t.endsWith("m")) {
      unit = 60_000_000_000L;
      number = t.substring(0, t.length() - 1);
    } else {
      unit = 1_000_000L;
      number = t;
    }
    try {
      double x = Double.parseDouble(number.trim());
      if (x >= 0 && x * unit < 1e15) {
        return Math.round(x * unit);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw PropertyException.invalid(def.name(), text, "a duration such as 250us, 1ms, 0.5s or 2m, at most 11 days");
  }
}
