package site.ycsb.db;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.LongAdder;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/**
 * The ceiling of any Jedis-based client with one thread per connection: N threads, each calling
 * HGETALL on uniformly chosen keys {@code user<12 digits>} over its own connection, with no
 * benchmark engine, workload or measurement around the calls. Used by
 * {@code redis/bench/compare-with-redis-benchmark.sh} to tell the binding's cost from Jedis's.
 *
 * <p>Arguments: host port threads seconds records
 */
public final class BareJedisLoop {
  private BareJedisLoop() {
  }

  public static void main(String[] args) throws InterruptedException {
    HostAndPort address = new HostAndPort(args[0], Integer.parseInt(args[1]));
    int threads = Integer.parseInt(args[2]);
    long seconds = Long.parseLong(args[3]);
    int records = Integer.parseInt(args[4]);
    LongAdder calls = new LongAdder();
    long[] window = new long[2];
    Thread[] workers = new Thread[threads];
    CyclicBarrier start = new CyclicBarrier(threads,
        () -> {
          window[0] = System.nanoTime();
          window[1] = window[0] + seconds * 1_000_000_000L;
        });
    for (int i = 0; i < threads; i++) {
      long seed = i;
      workers[i] = new Thread(() -> {
        try (Jedis jedis = new Jedis(address, DefaultJedisClientConfig.builder().socketTimeoutMillis(0).build())) {
          SplittableRandom random = new SplittableRandom(seed);
          jedis.ping();
          start.await();
          long n = 0;
          while (System.nanoTime() < window[1]) {
            // user + 12 zero-padded digits, as loaded by the script (zeropadding=12, ordered inserts)
            String key = "user" + String.valueOf(1_000_000_000_000L + random.nextInt(records)).substring(1);
            if (jedis.hgetAll(key.getBytes(StandardCharsets.US_ASCII)).isEmpty()) {
              throw new IllegalStateException("no record under " + key);
            }
            n++;
          }
          calls.add(n);
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      workers[i].start();
    }
    for (Thread t : workers) {
      t.join();
    }
    System.out.printf("%.0f%n", calls.sum() / (double) seconds);
  }
}
