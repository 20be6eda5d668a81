package site.ycsb.runner;

import java.util.ArrayList;

/**
 * The asynchronous worker's operations paused before their next call (a retry of a failed call,
 * or a call the workload asked for later): no thread sleeps through a pause; the worker sends each
 * call when it is due, between completions. One worker's, its thread only.
 */
final class PausedCalls {
  private final ArrayList<OperationSlot> paused = new ArrayList<>();

  /**
   * @param s the operation
   * @param dueNanos when its call is due
   * @param newCall whether the call is a new one of the operation (not the same call again)
   */
  void add(OperationSlot s, long dueNanos, boolean newCall) {
    s.retryAtNanos = dueNanos;
    s.retryIsNewCall = newCall;
    paused.add(s);
  }

  boolean isEmpty() {
    return paused.isEmpty();
  }

  /** @return nanoseconds until the earliest call is due (0 when one is due now) */
  long nanosUntilFirst(long now) {
    long first = Long.MAX_VALUE;
    for (int i = 0; i < paused.size(); i++) {
      first = Math.min(first, paused.get(i).retryAtNanos);
    }
    return Math.max(0, first - now);
  }

  /** @return an operation whose call is due, no longer paused; null when none is */
  OperationSlot takeDue(long now) {
    for (int i = paused.size() - 1; i >= 0; i--) {
      if (paused.get(i).retryAtNanos <= now) {
        return paused.remove(i);
      }
    }
    return null;
  }
}
