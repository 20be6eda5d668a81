package site.ycsb.generator;

import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;
import site.ycsb.clock.PhaseThread;

/**
 * The random source of the operation a worker is planning ({@code seed}). The engine reseeds it
 * before each operation from the phase's seed and the operation's number, so whatever the
 * operation draws (its kind, key, fields, value lengths and bytes, scan length) is a function of
 * those two alone: not of the thread that plans it, nor of what ran before on that thread.
 *
 * <p>The stream is SplitMix64: a counter advanced by the golden gamma, each value the counter
 * through a 64-bit finalizer. A new stream's start is the seed and the number each through the
 * whole finalizer, so neighbouring numbers, or one seed shared by many workers, give streams
 * with no visible relation (a seed reused as is across threads would correlate them).
 *
 * <p>A worker installs one on its thread; {@link Generator#random()} and the values the workload
 * makes ({@link #current()}) draw from it there, and from the thread's {@link ThreadLocalRandom}
 * on any other thread. A worker's thread is a {@link PhaseThread}, which holds it in a field: an
 * operation draws several times, and a {@code ThreadLocal} lookup each time was a tenth of the
 * blocking path's cost with the basic binding. Another thread (the workload's set-up) keeps it in
 * a {@code ThreadLocal}.
 */
public final class OperationRandom implements RandomGenerator {
  private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;
  private static final ThreadLocal<OperationRandom> OF_THREAD = new ThreadLocal<>();

  private final long recordStream;
  private long state;

  /**
   * @param recordStream the stream a record's contents are drawn from ({@link #followRecord})
   */
  public OperationRandom(long recordStream) {
    this.recordStream = recordStream;
  }

  /** Makes this the calling thread's source, until {@link #removeFromThisThread()}. */
  public void installOnThisThread() {
    if (Thread.currentThread() instanceof PhaseThread) {
      ((PhaseThread) Thread.currentThread()).operationRandom(this);
    } else {
      OF_THREAD.set(this);
    }
  }

  /**
   * Makes {@code source} the calling thread's source for a while: a thread standing in for a
   * worker draws from the worker's source.
   *
   * @param source the source from now on, or null for the thread's {@link ThreadLocalRandom}
   * @return the source the thread had, or null, to give back the same way
   */
  public static OperationRandom swapOnThisThread(OperationRandom source) {
    OperationRandom previous = ofThisThread();
    if (Thread.currentThread() instanceof PhaseThread) {
      ((PhaseThread) Thread.currentThread()).operationRandom(source);
    } else if (source != null) {
      OF_THREAD.set(source);
    } else {
      OF_THREAD.remove();
    }
    return previous;
  }

  /** Gives the calling thread back its {@link ThreadLocalRandom}. */
  public static void removeFromThisThread() {
    if (Thread.currentThread() instanceof PhaseThread) {
      ((PhaseThread) Thread.currentThread()).operationRandom(null);
    } else {
      OF_THREAD.remove();
    }
  }

  /** @return the calling thread's operation source, else its {@link ThreadLocalRandom} */
  public static RandomGenerator current() {
    OperationRandom r = ofThisThread();
    return r != null ? r : ThreadLocalRandom.current();
  }

  private static OperationRandom ofThisThread() {
    Thread t = Thread.currentThread();
    if (t instanceof PhaseThread) {
      return (OperationRandom) ((PhaseThread) t).operationRandom();
    }
    return OF_THREAD.get();
  }

  /**
   * Starts the stream of operation {@code number}.
   *
   * @param stream the phase's stream ({@link #stream(long, long)})
   * @param number the operation's number
   */
  public void toOperation(long stream, long number) {
    state = start(stream, number);
  }

  /**
   * On the calling thread, if it has an operation source, starts the stream of the record under
   * key number {@code keynum}: what an insert writes follows its key, which comes from a counter
   * the workers share, so the same key gets the same contents whichever operation took it.
   *
   * @param keynum the record's key number
   */
  public static void followRecord(long keynum) {
    OperationRandom r = ofThisThread();
    if (r != null) {
      r.state = start(r.recordStream, keynum);
    }
  }

  /**
   * @param seed the run's seed
   * @param purpose what the stream is for (a phase, records), so two purposes never share one
   * @return the key of a family of streams
   */
  public static long stream(long seed, long purpose) {
    return mix(mix(seed) + purpose * GOLDEN_GAMMA);
  }

  private static long start(long stream, long number) {
    return mix(stream ^ mix(number * GOLDEN_GAMMA + GOLDEN_GAMMA));
  }

  /** The SplitMix64 finalizer (Stafford's variant 13): every input bit moves about half the output bits. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  @Override
  public long nextLong() {
    state += GOLDEN_GAMMA;
    return mix(state);
  }
}
