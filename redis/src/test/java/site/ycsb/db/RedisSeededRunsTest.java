package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.Jedis;
import site.ycsb.testsupport.junit.RedisServerExtension;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * A seeded load and run ({@code seed}) against a real redis-server leave the same data every
 * time: the load on several threads, the run's updates on one, and on the asynchronous path as
 * well. Compared by a checksum of every record as the server holds it, read back with the
 * driver, the server emptied between runs.
 */
@ExtendWith(ServerLogsOnFailure.class)
class RedisSeededRunsTest {
  private static final int RECORDS = 1000;
  @RegisterExtension
  static final RedisServerExtension REDIS = new RedisServerExtension();

  private static void phase(String command, String seed, String... paths) {
    List<String> args = new ArrayList<>(List.of(command, "redis", "-P", YcsbRun.workload("workloada").toString(),
        "-p", "redis.host=" + REDIS.server().host(), "-p", "redis.port=" + REDIS.server().port(),
        "-p", "recordcount=" + RECORDS,
        "-p", "operationcount=2000", "-p", "fieldlengthdistribution=uniform", "-p", "seed=" + seed));
    args.addAll(List.of(paths));
    YcsbRun r = YcsbRun.execute(args.toArray(new String[0]));
    assertEquals(0, r.exitCode(), r.describe());
  }

  /** @return a checksum of every record: its key, then its fields and values in the fields' order */
  private static long contents() {
    CRC32 crc = new CRC32();
    try (Jedis jedis = new Jedis(REDIS.server().host(), REDIS.server().port())) {
      List<String> keys = new ArrayList<>(jedis.keys("user*"));
      keys.sort(null);
      assertEquals(RECORDS, keys.size(), "every record loaded is there");
      for (String key : keys) {
        crc.update(key.getBytes(StandardCharsets.UTF_8));
        for (Map.Entry<String, String> field : new TreeMap<>(jedis.hgetAll(key)).entrySet()) {
          crc.update(field.getKey().getBytes(StandardCharsets.UTF_8));
          crc.update(field.getValue().getBytes(StandardCharsets.UTF_8));
        }
      }
    }
    return crc.getValue();
  }

  private static long loadAndRun(String seed, String... runPath) {
    REDIS.server().cli("FLUSHALL");
    phase("load", seed, "-threads", "4");
    phase("run", seed, runPath);
    return contents();
  }

  @Test
  void theSameSeedLeavesTheSameDataTwiceOnBothPaths() {
    long first = loadAndRun("2024", "-threads", "1");
    assertEquals(first, loadAndRun("2024", "-threads", "1"), "the same records, with the same values");
    // one worker with one operation in flight at a time: the updates in the same order, sent asynchronously
    assertEquals(first, loadAndRun("2024", "-threads", "1", "-inflight", "1"), "the asynchronous path writes the same");
    assertNotEquals(first, loadAndRun("2025", "-threads", "1"), "another seed writes other values");
  }
}
