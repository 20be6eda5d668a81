package site.ycsb.clock;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** The machine's clock: each method is the JDK call it stands for, nothing more. */
final class SystemClock implements Clock {
  @Override
  public long nanoTime() {
    return System.nanoTime();
  }

  @Override
  public long epochMillis() {
    return System.currentTimeMillis();
  }

  @Override
  public void park(Object blocker, long nanos) {
    LockSupport.parkNanos(blocker, nanos);
  }

  @Override
  public void unpark(Thread thread) {
    LockSupport.unpark(thread);
  }

  @Override
  public void sleep(long nanos) throws InterruptedException {
    if (nanos > 0) {
      Thread.sleep(nanos / 1_000_000L, (int) (nanos % 1_000_000L));
    }
  }

  @Override
  public boolean await(CountDownLatch latch, long nanos) throws InterruptedException {
    if (nanos < 0) {
      latch.await();
      return true;
    }
    return latch.await(nanos, TimeUnit.NANOSECONDS);
  }

  @Override
  public void countDown(CountDownLatch latch) {
    latch.countDown();
  }

  @Override
  public void join(Thread thread, long nanos) throws InterruptedException {
    if (nanos > 0) {
      thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(nanos)));
    }
  }

  @Override
  public Thread newThread(Runnable task, String name) {
    return new PhaseThread(task, name);
  }

  @Override
  public void enter() {
  }

  @Override
  public void leave() {
  }
}
