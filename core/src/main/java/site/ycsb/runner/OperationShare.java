package site.ycsb.runner;

import site.ycsb.generator.OperationRandom;

/**
 * A worker's share of the phase's operations: what the running part's budget granted it and it
 * has not begun, and the numbers of the operations it makes, which seed each operation's random
 * stream ({@code seed}), so what an operation draws depends on the seed and its number alone. Used
 * by the worker, or by a thread standing in for it, one at a time.
 */
final class OperationShare {
  private final OperationSeeds seeds;
  private final int workerId;
  /** The running part's budget: an unlimited one when the part does not count its operations. */
  private OperationBudget budget;
  /** Operations the budget granted and this worker has not begun. */
  private long granted;
  /** The operation numbers this worker took and has not used yet: the next is {@link #nextNumber}. */
  private long numbersLeft;
  private long nextNumber;
  /** The worker's random source, reseeded for each operation; made on the worker's thread. */
  private OperationRandom source;

  OperationShare(OperationSeeds seeds, int workerId) {
    this.seeds = seeds;
    this.workerId = workerId;
  }

  /** Makes the worker's random source and installs it on the calling (the worker's) thread. */
  void installSource() {
    source = seeds.newSource(workerId);
    source.installOnThisThread();
  }

  /** @return the worker's random source */
  OperationRandom source() {
    return source;
  }

  /**
   * Starts a part of the phase. Numbers the last part took and did not use stay unused: this
   * part's follow its own grants.
   *
   * @param partBudget what grants the part's operations
   */
  void startPart(OperationBudget partBudget) {
    budget = partBudget;
    granted = 0;
    numbersLeft = 0;
  }

  /**
   * @return whether the part has an operation for this worker: one granted and not begun, or
   *     granted now. Does not take it.
   */
  boolean hasNext() {
    return granted > 0 || (granted = budget.grant()) > 0;
  }

  /** Begins the operation {@link #hasNext} found. */
  void take() {
    granted--;
  }

  /** Ends the part: what was granted and not begun goes back to its budget, for other workers. */
  void endPart() {
    budget.giveBack(granted);
    granted = 0;
  }

  /**
   * Starts the random stream of the operation about to be planned: its number is the next of the
   * phase's.
   */
  void nextOperation() {
    if (numbersLeft == 0) {
      // as many as this part's budget granted: this operation and those still granted
      numbersLeft = granted + 1;
      nextNumber = seeds.take(numbersLeft);
    }
    numbersLeft--;
    seeds.toOperation(source, nextNumber++);
  }
}
