package site.ycsb.runner;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Hands completed operations from the threads that complete them (the driver's I/O threads) to
 * the one worker thread that records them, so recording keeps a single writer and stays exact.
 * Lock-free and allocation-free: completing threads push the operation itself onto a stack
 * (it carries its own link), the worker takes the whole stack at once. The worker sleeps only
 * when nothing is waiting, and a completing thread wakes it only then.
 *
 * @param <T> the completed operations
 */
final class Completions<T extends Completions.Link<T>> {
  /** An element that links itself into the stack. */
  abstract static class Link<T> {
    /** The next completed element; written by the pushing thread before it publishes this one. */
    T nextCompleted;
  }

  private final AtomicReference<T> head = new AtomicReference<>();
  private volatile Thread sleeper;

  /** Adds a completed element; any thread. */
  void push(T element) {
    T h;
    do {
      h = head.get();
      element.nextCompleted = h;
    } while (!head.compareAndSet(h, element));
    Thread s = sleeper;
    if (s != null) {
      LockSupport.unpark(s);
    }
  }

  /**
   * Takes everything completed so far; the worker thread only.
   *
   * @return the first element of a chain linked by {@code nextCompleted}, or null
   */
  T takeAll() {
    return head.get() == null ? null : head.getAndSet(null);
  }

  /**
   * Sleeps until an element arrives or {@code maxNanos} pass; the worker thread only.
   *
   * @param maxNanos the longest sleep
   */
  void await(long maxNanos) {
    if (maxNanos <= 0) {
      return;
    }
    sleeper = Thread.currentThread();
    // the sleeper is published before the look: a push after the look sees it and wakes us
    if (head.get() == null) {
      LockSupport.parkNanos(this, maxNanos);
    }
    sleeper = null;
  }
}
