package site.ycsb.runner;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.generator.OperationRandom;

/**
 * Numbers a phase's operations and starts each one's random stream from the run's seed and its
 * number ({@code seed}), so an operation is a function of those two alone. The workers share one
 * counter: whichever worker takes number i makes operation i. Client process c of a run numbers
 * its operations from c x 2^40, so clients never make the same operation, and a client's first
 * operations are the same whatever the client count.
 */
public final class OperationSeeds {
  /** Operations one client may number before its range meets the next client's. */
  static final long NUMBERS_PER_CLIENT = 1L << 40;
  private static final long LOAD_STREAM = 1;
  private static final long RUN_STREAM = 2;
  private static final long RECORD_STREAM = 3;
  /** What a worker draws before its first operation (the workload's initThread). */
  private static final long WORKER_STREAM = 4;
  /** What the workload draws while it is set up (its init). */
  private static final long SET_UP_STREAM = 5;

  private final long seed;
  private final long operationStream;
  private final long recordStream;
  private final AtomicLong next;

  /**
   * @param seed the run's seed
   * @param load whether the phase loads: the load and the run draw from streams of their own
   * @param client this client process's number ({@code clientid})
   */
  public OperationSeeds(long seed, boolean load, int client) {
    this.seed = seed;
    this.operationStream = OperationRandom.stream(seed, load ? LOAD_STREAM : RUN_STREAM);
    this.recordStream = OperationRandom.stream(seed, RECORD_STREAM);
    this.next = new AtomicLong(client * NUMBERS_PER_CLIENT);
  }

  /** @return a seed no earlier run chose: what a phase without {@code seed} runs with */
  public static long fresh() {
    // 53 bits, not negative: a script that reads result values as doubles reads it back exactly
    return new SplittableRandom().nextLong() >>> 11;
  }

  /** @return the run's seed */
  public long seed() {
    return seed;
  }

  /** @return worker {@code id}'s source, to be installed on its thread */
  OperationRandom newSource(int id) {
    OperationRandom r = new OperationRandom(recordStream);
    r.toOperation(OperationRandom.stream(seed, WORKER_STREAM), id);
    return r;
  }

  /**
   * Gives the calling thread a source for what the workload draws while it is set up, until
   * {@link OperationRandom#removeFromThisThread()}: a workload that shuffles its key space in its
   * init shuffles it the same way every time.
   */
  public void seedSetUpOnThisThread() {
    OperationRandom r = new OperationRandom(recordStream);
    r.toOperation(OperationRandom.stream(seed, SET_UP_STREAM), 0);
    r.installOnThisThread();
  }

  /**
   * Takes the next {@code count} numbers of the phase for one worker. A worker takes as many as its
   * operation budget granted it (one shared counter touched per grant, not per operation: at two
   * threads the counter's cache line moved between the cores at every operation), so a phase that
   * ends by its count still makes numbers 0 to operationcount - 1; one that ends by time leaves the
   * rest of each worker's last take unmade.
   *
   * @return the first of them
   */
  long take(long count) {
    return next.getAndAdd(count);
  }

  /** Starts the stream of operation {@code number} in {@code source}: called just before the operation is planned. */
  void toOperation(OperationRandom source, long number) {
    source.toOperation(operationStream, number);
  }
}
