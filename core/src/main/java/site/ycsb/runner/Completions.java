package site.ycsb.runner;

import java.util.concurrent.atomic.AtomicReference;
import site.ycsb.WorkerIo;
import site.ycsb.clock.Clock;

/**
 * Hands completed operations from the threads that complete them (the driver's I/O threads) to
 * the one worker thread that records them, so recording keeps a single writer and stays exact.
 * Lock-free and allocation-free: completing threads push the operation itself onto a stack
 * (it carries its own link), the worker takes the whole stack at once. The worker sleeps only
 * when nothing is waiting, and a completing thread wakes it only then.
 *
 * <p>With a binding whose I/O the worker runs itself ({@link WorkerIo}), the worker's wait is that
 * I/O: the replies it reads push their operations from the worker's own thread, which needs no
 * wake-up; only a push from another thread wakes it.
 *
 * <p>With a binding callable from its completing threads, a worker whose every place is in flight
 * may lend its turn instead ({@link #lend}): the thread that pushes then takes the turn and does
 * the worker's work itself (records, plans and sends the next operations), and the worker is not
 * woken. One thread at a time holds the turn, handed on through one atomic field, so what the
 * worker's state holds is seen whole by whoever holds it next.
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
  /** Pushed since the worker last took them (at times one more: a count never falls short). */
  private final java.util.concurrent.atomic.AtomicInteger pushed = new java.util.concurrent.atomic.AtomicInteger();
  private volatile Thread sleeper;
  /** How many pushes wake the sleeping worker: 1, or a batch while it waits for free places. */
  private volatile int wakeAfter = 1;
  /** Whether an urgent element was pushed since the worker last took them. */
  private volatile boolean urgentPushed;
  /** The binding's I/O the worker runs while it waits, or null: it sleeps. */
  private WorkerIo io;
  private final Clock clock;

  /** What a completing thread runs in the worker's place ({@link #lend}); true: the worker may sleep on. */
  interface StandIn {
    boolean standIn();
  }

  /** Who has the worker's turn: the worker itself, nobody while it sleeps lending it, or a stand-in. */
  private static final int WORKER = 0;
  private static final int LENT = 1;
  private static final int HELD = 2;
  /** Lent, but the last stand-in needs the worker: completing threads wake it as they would without lending. */
  private static final int RECALLED = 3;
  private final java.util.concurrent.atomic.AtomicInteger turn = new java.util.concurrent.atomic.AtomicInteger();
  private StandIn standIn;
  private Thread worker;
  /** Set while the worker waits for a stand-in to give the turn back. */
  private volatile boolean workerWaitsForTurn;

  /** @param clock the phase's clock, through which the worker sleeps and is woken */
  Completions(Clock clock) {
    this.clock = clock;
  }

  /**
   * Waits by running the binding's I/O from now on; the worker thread only.
   *
   * @param workerIo the binding's I/O, or null to sleep while waiting
   */
  void waitBy(WorkerIo workerIo) {
    this.io = workerIo;
  }

  /**
   * Lets completing threads stand in for the worker while it sleeps in {@link #lend}; the worker
   * thread only, before the phase.
   *
   * @param task what a stand-in runs, or null for never
   */
  void lendTurnTo(StandIn task) {
    this.standIn = task;
    this.worker = Thread.currentThread();
  }

  /** @return whether {@link #lend} lends the worker's turn */
  boolean lends() {
    return standIn != null;
  }

  /** Adds a completed element; any thread. */
  void push(T element) {
    push(element, false);
  }

  /**
   * Adds a completed element; any thread.
   *
   * @param urgent whether the worker must have it at once, even while it sleeps through
   *     completions ({@link #sleepThrough}): the operation goes on with another call
   */
  void push(T element, boolean urgent) {
    T h;
    do {
      h = head.get();
      element.nextCompleted = h;
    } while (!head.compareAndSet(h, element));
    int n = pushed.incrementAndGet();
    if (urgent) {
      urgentPushed = true;
    }
    // a worker that never lends its turn (the standIn field is set once, before the phase) skips this
    int t = standIn == null ? WORKER : turn.get();
    if (t == LENT || t == HELD) {
      // the worker sleeps with its turn lent: this thread takes it, or the one that holds it will
      // see this element before it gives the turn back
      if (t == LENT && Thread.currentThread() != worker && turn.compareAndSet(LENT, HELD)) {
        standIn();
      }
      return;
    }
    Thread s = sleeper;
    if (s != null && (n >= wakeAfter || urgent)) {
      if (io != null) {
        if (s != Thread.currentThread()) {
          io.wake();
        }
      } else {
        // the sleeper itself may complete its call: on a simulated clock the thread that moves
        // time runs the answers due, and may be the one waiting for them
        clock.unpark(s);
      }
    }
  }

  /**
   * Takes everything completed so far; the worker thread only.
   *
   * @return the first element of a chain linked by {@code nextCompleted}, or null
   */
  T takeAll() {
    if (head.get() == null) {
      return null;
    }
    // reset before the take: a push between the two is counted and taken, never left uncounted
    pushed.set(0);
    urgentPushed = false;
    return head.getAndSet(null);
  }

  /**
   * Sleeps until an element arrives or {@code maxNanos} pass; the worker thread only.
   *
   * @param maxNanos the longest sleep
   */
  void await(long maxNanos) {
    await(maxNanos, 1);
  }

  /**
   * Sleeps until {@code batch} elements arrived since the last take, or {@code maxNanos} pass; the
   * worker thread only. Only for elements that are sure to come (operations in flight), as the
   * sleep may last {@code maxNanos} otherwise.
   *
   * @param maxNanos the longest sleep
   * @param batch how many arrivals end it
   */
  void await(long maxNanos, int batch) {
    WorkerIo workerIo = io;
    if (maxNanos <= 0) {
      if (workerIo != null) {
        workerIo.run(0);
      }
      return;
    }
    wakeAfter = batch;
    sleeper = Thread.currentThread();
    // the sleeper is published before the look: a push after the look sees it and wakes us
    boolean enough = batch <= 1 ? head.get() != null : pushed.get() >= batch;
    if (workerIo != null) {
      workerIo.run(enough ? 0 : maxNanos);
    } else if (!enough) {
      clock.park(this, maxNanos);
    }
    sleeper = null;
    wakeAfter = 1;
  }

  /**
   * Sleeps as {@link #await(long, int)} does, its turn lent: a thread that completes an element
   * meanwhile runs the stand-in in the worker's place instead of waking it, until a stand-in says
   * the worker is needed. Returns with the turn the worker's again. The worker thread only, and
   * only after {@link #lendTurnTo} gave a stand-in.
   *
   * @param maxNanos the longest sleep
   * @param batch how many arrivals end it while the turn is recalled
   */
  void lend(long maxNanos, int batch) {
    wakeAfter = batch;
    sleeper = Thread.currentThread();
    turn.set(LENT);
    // what came before the turn was lent woke nobody and stood in for nobody: the worker takes it now
    if (head.get() == null && maxNanos > 0) {
      clock.park(this, maxNanos);
    }
    sleeper = null;
    wakeAfter = 1;
    takeTurnBack();
  }

  private void takeTurnBack() {
    while (true) {
      int t = turn.get();
      if (t != HELD && turn.compareAndSet(t, WORKER)) {
        workerWaitsForTurn = false;
        return;
      }
      // a stand-in is at work: it wakes this thread when it gives the turn back
      workerWaitsForTurn = true;
      if (turn.get() == HELD) {
        clock.park(this, 1_000_000L);
      }
    }
  }

  /** Runs the stand-in while this thread holds the turn, and again for what arrived meanwhile. */
  private void standIn() {
    do {
      boolean sleepOn = false;
      try {
        sleepOn = standIn.standIn();
      } finally {
        // whatever happened, the turn goes back: a worker waiting for it must never wait forever
        turn.set(sleepOn ? LENT : RECALLED);
        if (!sleepOn || workerWaitsForTurn) {
          clock.unpark(worker);
        }
      }
      // an element pushed while the turn was held found it taken: it is this thread's to handle
    } while (head.get() != null && turn.compareAndSet(LENT, HELD));
  }

  /**
   * Sleeps {@code maxNanos} whatever arrives meanwhile (running the binding's I/O, if the worker
   * runs it): what completes waits for the worker's next look instead of waking it, one wake-up
   * per completion. Its end was stamped when it completed, so its latency is the same. The worker
   * thread only.
   *
   * @param maxNanos how long to sleep
   */
  void sleepThrough(long maxNanos) {
    WorkerIo workerIo = io;
    if (maxNanos <= 0) {
      if (workerIo != null) {
        workerIo.run(0);
      }
      return;
    }
    // only an urgent push wakes it: published before the look, so one after it sees the sleeper
    wakeAfter = Integer.MAX_VALUE;
    sleeper = Thread.currentThread();
    boolean urgent = urgentPushed;
    if (workerIo != null) {
      workerIo.run(urgent ? 0 : maxNanos);
    } else if (!urgent) {
      clock.park(this, maxNanos);
    }
    sleeper = null;
    wakeAfter = 1;
  }
}
