package site.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A binding that talks to no database and answers every call after a delay with a long tail, for
 * seeing how latency outliers show in the results: 90% of calls take between the first and
 * second of {@code gbudb.delays} (microseconds), 9% between the second and third, 0.99% between
 * the third and fourth, and 0.01% between the fourth and fifth; those last ones stall every
 * worker of the process at once, as a pause of the whole server would.
 */
@StoresNothing
public class GoodBadUglyDB extends DB {
  /** Property: five delay bounds in microseconds, comma-separated. */
  public static final String SIMULATE_DELAY = "gbudb.delays";
  /** Default of {@link #SIMULATE_DELAY}. */
  public static final String SIMULATE_DELAY_DEFAULT = "200,1000,10000,50000,100000";

  /** The slowest calls take it for writing, so that they stop every other call (a global pause). */
  private static final ReadWriteLock PAUSE = new ReentrantReadWriteLock();
  private static final double[] SHARES = {0.9, 0.99, 0.9999};

  private final long[] boundsMicros = {200, 1000, 10000, 50000, 100000};

  /** @throws IllegalArgumentException when {@code gbudb.delays} is not five numbers */
  @Override
  public void init() {
    int[] given = GoodBadUglyDBProperties.DELAYS.getIntegerList(getProperties());
    if (given.length != boundsMicros.length) {
      throw new IllegalArgumentException("property " + SIMULATE_DELAY + " needs " + boundsMicros.length
          + " comma-separated delays in microseconds, got '" + GoodBadUglyDBProperties.DELAYS.get(getProperties())
          + "'");
    }
    for (int i = 0; i < given.length; i++) {
      boundsMicros[i] = given[i];
    }
  }

  private void delay() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    double p = random.nextDouble();
    int band = 0;
    while (band < SHARES.length && p >= SHARES[band]) {
      band++;
    }
    Lock lock = band == SHARES.length ? PAUSE.writeLock() : PAUSE.readLock();
    lock.lock();
    try {
      long from = TimeUnit.MICROSECONDS.toNanos(boundsMicros[band]);
      long to = TimeUnit.MICROSECONDS.toNanos(boundsMicros[band + 1]);
      long until = System.nanoTime() + from + (to > from ? random.nextLong(to - from) : 0);
      long left;
      while ((left = until - System.nanoTime()) > 0 && !Thread.currentThread().isInterrupted()) {
        LockSupport.parkNanos(left);
      }
    } finally {
      lock.unlock();
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    delay();
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    delay();
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    delay();
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    delay();
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    delay();
    return Status.OK;
  }
}
