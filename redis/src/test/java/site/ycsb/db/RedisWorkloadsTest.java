package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;
import site.ycsb.db.redis.RedisProperties;
import site.ycsb.testsupport.junit.RedisServerExtension;
import site.ycsb.testsupport.TimeSeriesChecks;
import site.ycsb.testsupport.WorkloadChecks;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/** load + run of the core workloads A-F through the command line against one redis-server. */
@ExtendWith(ServerLogsOnFailure.class)
class RedisWorkloadsTest {
  private static final int RECORDS = 300;
  private static final int OPERATIONS = 600;

  @RegisterExtension
  static final RedisServerExtension REDIS = new RedisServerExtension();

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"workloada", "workloadb", "workloadc", "workloadd", "workloade", "workloadf"})
  void loadThenRun(String workload) {
    REDIS.server().cli("FLUSHALL");
    String[] common = {"-P", YcsbRun.workload(workload).toString(),
        "-p", "redis.host=" + REDIS.server().host(), "-p", "redis.port=" + REDIS.server().port(),
        "-p", "recordcount=" + RECORDS, "-p", "operationcount=" + OPERATIONS, "-threads", "2"};

    YcsbRun load = YcsbRun.execute(RedisReplicaTest.concat("load", "redis", common));
    WorkloadChecks.assertLoaded(load, RECORDS);
    checkStoredRecords(RECORDS);

    YcsbRun run = YcsbRun.execute(RedisReplicaTest.concat("run", "redis", common));
    long inserted = WorkloadChecks.assertRanWithoutFailures(run, OPERATIONS);
    checkStoredRecords(RECORDS + inserted);
  }

  @Test
  void timeSeriesWorkloadReadsBackWhatItWrote() {
    REDIS.server().cli("FLUSHALL");
    String[] store = {"-p", "redis.host=" + REDIS.server().host(), "-p", "redis.port=" + REDIS.server().port()};
    YcsbRun load = YcsbRun.execute(TimeSeriesChecks.args("load", "redis", store));
    YcsbRun run = YcsbRun.execute(TimeSeriesChecks.args("run", "redis", store));
    TimeSeriesChecks.assertLoadedAndReadBack(load, run);
    try (Jedis jedis = new Jedis(REDIS.server().host(), REDIS.server().port())) {
      // one hash per point, all in the index: at least the load's (the run's clock starts over at
      // insertstart, so its first points replace the load's)
      long points = jedis.zcard(RedisProperties.INDEX_KEY);
      assertEquals(points + 1, jedis.dbSize(), "the points and the index, nothing else");
      assertTrue(points >= TimeSeriesChecks.POINTS, points + " points");
      for (String key : jedis.zrange(RedisProperties.INDEX_KEY, 0, 4)) {
        Map<String, String> point = jedis.hgetAll(key);
        // four tags, the timestamp and the value; the key ends with the timestamp
        assertEquals(6, point.size(), key + " " + point);
        assertTrue(key.endsWith("|" + point.get("YCSBTS")), key + " " + point);
        Long.parseLong(point.get("YCSBV"));
      }
    }
  }

  /** Reads the data back with Jedis: one hash of 10 fields x 100 bytes per record, all in the index. */
  private static void checkStoredRecords(long expected) {
    try (Jedis jedis = new Jedis(REDIS.server().host(), REDIS.server().port())) {
      assertEquals(expected, jedis.zcard(RedisProperties.INDEX_KEY));
      assertEquals(expected + 1, jedis.dbSize(), "the records and the index, nothing else");
      List<String> someKeys = jedis.zrange(RedisProperties.INDEX_KEY, 0, 9);
      for (String key : someKeys) {
        Map<String, String> record = jedis.hgetAll(key);
        assertEquals(10, record.size(), key + " " + record.keySet());
        for (Map.Entry<String, String> f : record.entrySet()) {
          assertTrue(f.getKey().startsWith("field"), f.getKey());
          assertEquals(100, f.getValue().length(), key + "." + f.getKey());
        }
      }
    }
  }
}
