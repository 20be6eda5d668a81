package site.ycsb.simulation;

import java.util.HashMap;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import site.ycsb.clock.Clock;

/**
 * Virtual time for one phase, in the manner of a discrete-event simulation run by real threads.
 * The threads taking part (made by {@link #newThread}, or {@link #enter}ed) run as they like, but
 * time stands still while any of them runs: it moves only when every one waits through this clock,
 * and then straight to the earliest instant something happens (a wait that ends, an {@linkplain
 * #at event} that is due). What a thread does between two waits takes no virtual time, so every
 * figure measured on this clock is the model's, never the host's.
 *
 * <p>If every thread waits for ever (nothing due, no event left), time cannot move: the thread
 * that found so gets an {@link IllegalStateException} naming the waits, rather than a hang.
 */
public final class SimulatedClock implements Clock {
  /** Virtual time starts here: far from 0, so that differences never meet the edge of a long. */
  private static final long ORIGIN_NANOS = 1_000_000_000_000L;

  private final ReentrantLock lock = new ReentrantLock();
  private final Map<Thread, Participant> participants = new HashMap<>();
  private final PriorityQueue<Event> events = new PriorityQueue<>();
  private final long epochOriginMillis;
  private volatile long now = ORIGIN_NANOS;
  /** Participants not waiting: time moves only when none is left. */
  private int running;
  private long eventCount;

  /** One thread taking part, and what it waits for. */
  private static final class Participant {
    final Condition wake;
    boolean waiting;
    /** When its wait ends by itself; {@link Long#MAX_VALUE} for none. */
    long wakeAt;
    boolean permit;
    /** The latch or thread it waits for, if any. */
    Object waitsFor;
    Object blocker;

    Participant(Condition wake) {
      this.wake = wake;
    }
  }

  /** Something the model does at an instant (a call's answer, say). */
  private static final class Event implements Comparable<Event> {
    final long at;
    final long order;
    final Runnable action;

    Event(long at, long order, Runnable action) {
      this.at = at;
      this.order = order;
      this.action = action;
    }

    @Override
    public int compareTo(Event o) {
      return at != o.at ? Long.compare(at, o.at) : Long.compare(order, o.order);
    }
  }

  /** A clock whose wall-clock time starts now. */
  public SimulatedClock() {
    this(System.currentTimeMillis());
  }

  /** @param epochOriginMillis the wall-clock time at the clock's start */
  public SimulatedClock(long epochOriginMillis) {
    this.epochOriginMillis = epochOriginMillis;
  }

  @Override
  public long nanoTime() {
    return now;
  }

  @Override
  public long epochMillis() {
    return epochOriginMillis + (now - ORIGIN_NANOS) / 1_000_000L;
  }

  /** @return virtual time since the clock started, in nanoseconds */
  public long elapsedNanos() {
    return now - ORIGIN_NANOS;
  }

  /**
   * Has {@code action} run at {@code atNanos} (on the thread that moves time there, before any
   * waiting thread wakes at that instant). Events of one instant run in the order they were given.
   * An action must not wait through this clock.
   */
  public void at(long atNanos, Runnable action) {
    lock.lock();
    try {
      events.add(new Event(Math.max(atNanos, now), eventCount++, action));
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void enter() {
    lock.lock();
    try {
      if (!participants.containsKey(Thread.currentThread())) {
        participants.put(Thread.currentThread(), new Participant(lock.newCondition()));
        running++;
      }
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void leave() {
    lock.lock();
    try {
      Thread me = Thread.currentThread();
      Participant p = participants.remove(me);
      if (p == null) {
        return;
      }
      running--;
      for (Participant other : participants.values()) {
        if (other.waiting && other.waitsFor == me) {
          wakeUp(other);
        }
      }
      advanceWhileAllWait();
    } finally {
      lock.unlock();
    }
  }

  @Override
  public Thread newThread(Runnable task, String name) {
    Thread t = new site.ycsb.clock.PhaseThread(() -> {
      try {
        task.run();
      } finally {
        leave();
      }
    }, name);
    // it takes part from now: time must not move past the instant it was made before it runs
    lock.lock();
    try {
      participants.put(t, new Participant(lock.newCondition()));
      running++;
    } finally {
      lock.unlock();
    }
    return t;
  }

  @Override
  public void park(Object blocker, long nanos) {
    lock.lock();
    try {
      Participant p = participant();
      if (p.permit) {
        p.permit = false;
        return;
      }
      if (nanos <= 0) {
        return;
      }
      waitUntil(p, saturatedAdd(now, nanos), null, blocker);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void unpark(Thread thread) {
    lock.lock();
    try {
      Participant p = participants.get(thread);
      if (p == null) {
        return;
      }
      if (p.waiting) {
        if (p.waitsFor == null) {
          wakeUp(p);
        }
      } else {
        p.permit = true;
      }
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void sleep(long nanos) throws InterruptedException {
    lock.lock();
    try {
      Participant p = participant();
      long until = saturatedAdd(now, nanos);
      while (now < until) {
        checkInterrupt();
        waitUntil(p, until, this, "sleep");
      }
    } finally {
      lock.unlock();
    }
    checkInterrupt();
  }

  @Override
  public boolean await(CountDownLatch latch, long nanos) throws InterruptedException {
    lock.lock();
    try {
      Participant p = participant();
      long until = nanos < 0 ? Long.MAX_VALUE : saturatedAdd(now, nanos);
      // counted down under the lock's watch ({@link #countDown}): no opening is missed between the look and the wait
      while (latch.getCount() > 0 && now < until) {
        checkInterrupt();
        waitUntil(p, until, latch, latch);
      }
      return latch.getCount() == 0;
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void countDown(CountDownLatch latch) {
    latch.countDown();
    if (latch.getCount() > 0) {
      return;
    }
    lock.lock();
    try {
      for (Participant p : participants.values()) {
        if (p.waiting && p.waitsFor == latch) {
          wakeUp(p);
        }
      }
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void join(Thread thread, long nanos) throws InterruptedException {
    lock.lock();
    try {
      Participant p = participant();
      long until = saturatedAdd(now, Math.max(0, nanos));
      while (participants.containsKey(thread) && now < until) {
        checkInterrupt();
        waitUntil(p, until, thread, thread);
      }
      if (participants.containsKey(thread)) {
        return;
      }
    } finally {
      lock.unlock();
    }
    // it no longer takes part: what is left of it is its last instructions, in real time
    thread.join();
  }

  private Participant participant() {
    Participant p = participants.get(Thread.currentThread());
    if (p == null) {
      throw new IllegalStateException(Thread.currentThread().getName()
          + " waits on the simulated clock without taking part in the phase (enter(), or a thread from newThread())");
    }
    return p;
  }

  /** Waits, the lock held, until woken or {@code until}; moves time when this was the last running. */
  private void waitUntil(Participant p, long until, Object waitsFor, Object blocker) {
    p.waiting = true;
    p.wakeAt = until;
    p.waitsFor = waitsFor;
    p.blocker = blocker;
    running--;
    try {
      advanceWhileAllWait();
    } catch (RuntimeException e) {
      if (p.waiting) {
        p.waiting = false;
        running++;
      }
      throw e;
    }
    while (p.waiting) {
      p.wake.awaitUninterruptibly();
    }
  }

  private void wakeUp(Participant p) {
    p.waiting = false;
    p.waitsFor = null;
    p.blocker = null;
    running++;
    p.wake.signal();
  }

  /**
   * While every participant waits: moves time to the earliest instant something happens, runs the
   * events due, and wakes the waits that end.
   */
  private void advanceWhileAllWait() {
    while (running == 0 && !participants.isEmpty()) {
      long next = Long.MAX_VALUE;
      for (Participant p : participants.values()) {
        next = Math.min(next, p.wakeAt);
      }
      Event first = events.peek();
      if (first != null) {
        next = Math.min(next, first.at);
      }
      if (next == Long.MAX_VALUE) {
        throw new IllegalStateException("simulated time cannot move: every thread of the phase waits for ever ("
            + describeWaits() + ") and no event is due");
      }
      if (next > now) {
        now = next;
      }
      while ((first = events.peek()) != null && first.at <= now) {
        events.poll().action.run();
      }
      for (Participant p : participants.values()) {
        if (p.waiting && p.wakeAt <= now) {
          wakeUp(p);
        }
      }
    }
  }

  private String describeWaits() {
    StringBuilder b = new StringBuilder();
    for (Map.Entry<Thread, Participant> e : participants.entrySet()) {
      if (b.length() > 0) {
        b.append("; ");
      }
      b.append(e.getKey().getName()).append(" on ").append(e.getValue().blocker);
    }
    return b.toString();
  }

  private static void checkInterrupt() throws InterruptedException {
    if (Thread.interrupted()) {
      throw new InterruptedException();
    }
  }

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
  }
}
