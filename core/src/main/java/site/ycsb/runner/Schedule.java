package site.ycsb.runner;

import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.runner.profile.LoadProfile;

/**
 * The slots of one process, in order: slot after slot along the load profile, shared by every
 * worker. A slot's place is counted in operations offered by the profile ({@link
 * LoadProfile#operationsBy}), kept in fixed point: uniform arrivals place slot n at n, Poisson
 * arrivals an exponentially distributed number of operations (mean one) after the previous one,
 * so that the gaps in time are exponential at the profile's rate of the moment. Each Poisson gap
 * is drawn from the place it starts at and the seed, so the same seed gives the same arrivals
 * whichever worker takes them. Taking a slot is one atomic step, without locks or allocation.
 */
final class Schedule {
  /** Fixed-point units per operation: places are exact to a millionth of an operation. */
  static final long UNIT = 1L << 20;
  private static final double PER_UNIT = 1.0 / UNIT;

  private final LoadProfile profile;
  private final boolean poisson;
  private final long seed;
  /** The place of the next slot. */
  private final AtomicLong next = new AtomicLong();
  private volatile long originNanos;
  /** Where the profile started before its last restart (the warm-up's start), or {@link #NEVER}. */
  private volatile long previousOriginNanos = NEVER;
  private boolean started;
  private static final long NEVER = Long.MIN_VALUE;

  /**
   * @param profile the target over time
   * @param poisson exponential gaps instead of even ones
   * @param seed the seed of the Poisson gaps
   */
  Schedule(LoadProfile profile, boolean poisson, long seed) {
    this.profile = profile;
    this.poisson = poisson;
    this.seed = seed;
  }

  /**
   * Starts the profile at {@code originNanos}: its first slot is at or just after that instant. A
   * restart (the measured window after a warm-up) remembers where the profile had started, for
   * the load offered before it.
   */
  synchronized void start(long originNanos) {
    if (started) {
      this.previousOriginNanos = this.originNanos;
    }
    started = true;
    this.originNanos = originNanos;
    next.set(poisson ? gap(0) : 0);
  }

  /** @return the instant the profile started */
  long originNanos() {
    return originNanos;
  }

  /**
   * @return the instant the load ends for good (a profile whose last rate is 0), {@link
   *     Long#MAX_VALUE} for a profile that goes on; no slot is at or after it
   */
  long endNanos() {
    double end = profile.endOfLoad();
    return end < 1e9 ? originNanos + (long) (end * 1e9) : Long.MAX_VALUE;
  }

  /** @return the intended start of the slot taken, {@link Long#MAX_VALUE} when the profile offers no more */
  long take() {
    long place;
    if (poisson) {
      do {
        place = next.get();
      } while (!next.compareAndSet(place, place + gap(place)));
    } else {
      place = next.getAndAdd(UNIT);
    }
    return instantOf(place);
  }

  /** @return the intended start of the next slot, without taking it */
  long peek() {
    return instantOf(next.get());
  }

  /**
   * Gives up every slot due at or before {@code nowNanos}, handing each one due before
   * {@code deadlineNanos} to {@code into} with its lateness.
   *
   * @return how many were handed over
   */
  long skipDue(long nowNanos, long deadlineNanos, Throttle.SkippedSlots into) {
    long from;
    long to;
    do {
      from = next.get();
      to = from;
      while (instantOf(to) <= nowNanos) {
        to = after(to);
      }
    } while (to != from && !next.compareAndSet(from, to));
    return handOver(from, to, Math.min(nowNanos, deadlineNanos), deadlineNanos, into);
  }

  /**
   * Hands every slot not taken and due before {@code deadlineNanos} to {@code into}, with its
   * lateness at the deadline.
   *
   * @return how many there were
   */
  long notTakenBefore(long deadlineNanos, Throttle.SkippedSlots into) {
    long from = next.get();
    long to = from;
    while (instantOf(to) < deadlineNanos) {
      to = after(to);
    }
    return handOver(from, to, deadlineNanos, deadlineNanos, into);
  }

  private long handOver(long from, long to, long atNanos, long deadlineNanos, Throttle.SkippedSlots into) {
    long n = 0;
    for (long p = from; p != to; p = after(p)) {
      long due = instantOf(p);
      if (due < deadlineNanos) {
        into.skipped(Math.max(0, atNanos - due));
        n++;
      }
    }
    return n;
  }

  /**
   * @return operations offered between two instants: the intended load of an interval, the part
   *     before a restart from the profile as it ran before it
   */
  double offeredBetween(long fromNanos, long toNanos) {
    long origin = originNanos;
    long previous = previousOriginNanos;
    double before = previous == NEVER || fromNanos >= origin ? 0
        : profile.operationsBetween((fromNanos - previous) / 1e9, (Math.min(toNanos, origin) - previous) / 1e9);
    return before + profile.operationsBetween((fromNanos - origin) / 1e9, (toNanos - origin) / 1e9);
  }

  /** @return the profile's rate at an instant, operations per second */
  double rateAt(long nanos) {
    return profile.rateAt(Math.max(0, (nanos - originNanos) / 1e9));
  }

  private long after(long place) {
    return place + (poisson ? gap(place) : UNIT);
  }

  private long instantOf(long place) {
    double seconds = profile.instantOf(place * PER_UNIT);
    if (!(seconds < 1e9)) {
      // never, or so far ahead that no run reaches it
      return Long.MAX_VALUE;
    }
    // rounded half up as Math.round does for these instants (never negative), without its branch
    // for values below one, which the schedule's first slot takes: first taken when the measured
    // window starts the schedule again, it would send the compiled path back to the interpreter
    return originNanos + (long) Math.floor(seconds * 1e9 + 0.5);
  }

  /** @return an exponential gap of mean one operation, drawn from the place and the seed */
  private long gap(long place) {
    long bits = mix(place ^ seed);
    // 53 random bits, shifted half a step off zero so that the logarithm stays finite
    double uniform = ((bits >>> 11) + 0.5) * 0x1.0p-53;
    return Math.max(1, (long) (-Math.log(uniform) * UNIT));
  }

  /** A 64-bit finaliser (the one of SplitMix64): every input bit affects every output bit. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
