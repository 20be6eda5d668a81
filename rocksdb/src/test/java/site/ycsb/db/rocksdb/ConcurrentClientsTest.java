package site.ycsb.db.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static site.ycsb.db.rocksdb.Records.TABLE;
import static site.ycsb.db.rocksdb.Records.record;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Vector;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** Several workers, each with its own client, on one store, as the benchmark runner uses them. */
class ConcurrentClientsTest {
  @AfterEach
  void endPhase() {
    Records.endPhase();
  }

  private static final int THREADS = 8;
  private static final int PER_THREAD = 2_000;

  @TempDir
  Path dir;

  @Test
  void concurrentWorkersSeeEveryRecordAndEveryUpdate() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    CyclicBarrier start = new CyclicBarrier(THREADS);
    try {
      List<Future<Integer>> done = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        Callable<Integer> worker = () -> {
          RocksDBClient db = Records.open(dir);
          int ok = 0;
          try {
            start.await();
            for (int i = 0; i < PER_THREAD; i++) {
              String key = String.format("user%02d%06d", thread, i);
              if (db.insert(TABLE, key, record(key, 3)) == Status.OK) {
                ok++;
              }
            }
            // every worker updates one field of the same shared keys; no update may be lost
            for (int i = 0; i < 100; i++) {
              db.update(TABLE, String.format("user%02d%06d", 0, i),
                  Map.of("field" + (3 + thread), new StringByteIterator("t" + thread)));
            }
          } finally {
            db.cleanup();
          }
          return ok;
        };
        done.add(pool.submit(worker));
      }
      int inserted = 0;
      for (Future<Integer> f : done) {
        inserted += f.get(5, TimeUnit.MINUTES);
      }
      assertEquals(THREADS * PER_THREAD, inserted);
    } finally {
      pool.shutdownNow();
    }

    RocksDBClient db = Records.open(dir);
    try {
      Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
      assertEquals(Status.OK, db.scan(TABLE, "", Integer.MAX_VALUE, null, rows));
      assertEquals(THREADS * PER_THREAD, rows.size());
      for (int i = 0; i < 100; i++) {
        Map<String, ByteIterator> got = new HashMap<>();
        db.read(TABLE, String.format("user%02d%06d", 0, i), null, got);
        // 3 inserted fields plus one field from each worker's update
        assertEquals(3 + THREADS, got.size(), "fields of shared key " + i);
      }
    } finally {
      db.cleanup();
    }
  }
}
