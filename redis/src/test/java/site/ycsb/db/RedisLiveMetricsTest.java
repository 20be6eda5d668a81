package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.PrometheusServer;
import site.ycsb.testsupport.RedisServer;
import site.ycsb.testsupport.Results;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * The live metrics endpoint scraped by a real Prometheus (1 s scrape interval) during a throttled
 * run against a real Redis with a 1 s CLIENT PAUSE: what Prometheus stored at the end agrees with
 * the run's own summary, and the pause shows in the intended-latency histogram.
 */
@ExtendWith(ServerLogsOnFailure.class)
class RedisLiveMetricsTest {
  /** The upper bounds of the endpoint's latency buckets, seconds. */
  private static final double[] BUCKETS = {0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2,
      0.5, 1, 2, 5, 10};

  @Test
  void prometheusSeesWhatTheSummarySaysAndThePause() throws Exception {
    int metricsPort = FreePort.find();
    try (RedisServer redis = RedisServer.start();
         PrometheusServer prometheus = PrometheusServer.start(java.util.List.of("127.0.0.1:" + metricsPort))) {
      redis.load("workloadb", 1000, 2);
      StartLoggingRedis.reset();
      CompletableFuture<String> pause = CompletableFuture.supplyAsync(() -> {
        // two seconds into the measured run, however long the workers took to connect
        long giveUp = System.nanoTime() + 60_000_000_000L;
        while (StartLoggingRedis.count() < 2000 && System.nanoTime() < giveUp) {
          sleep(5);
        }
        return redis.cli("CLIENT", "PAUSE", "1000");
      });
      YcsbRun run = YcsbRun.execute("run", StartLoggingRedis.class.getName(), "-P", YcsbRun.workload("workloadb").toString(),
          "-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(), "-p", "recordcount=1000",
          "-p", "operationcount=0", "-p", "maxexecutiontime=6", "-threads", "4", "-target", "1000",
          "-p", "metrics.port=" + metricsPort, "-p", "metrics.linger=20", "-l", "live");
      assertEquals(0, run.exitCode(), run.describe());
      assertEquals("OK", pause.get().trim());
      Results res = run.results();

      // the endpoint is gone: the last value of each series, before Prometheus marked it stale
      String sel = "{job=\"ycsb\",client=\"0\",phase=\"run\",label=\"live\",";
      // Prometheus stores a scrape a moment after the endpoint answered it
      String done = "max_over_time(ycsb_phase_state" + sel + "state=\"done\"}[5m])";
      long giveUp = System.nanoTime() + 10_000_000_000L;
      while (!(prometheus.value(done) == 1) && System.nanoTime() < giveUp) {
        sleep(100);
      }
      assertEquals(1, prometheus.value(done), "a scrape saw the phase done");
      for (String op : new String[] {"READ", "UPDATE"}) {
        double counted = prometheus.value("max_over_time(ycsb_operations_total" + sel + "operation=\"" + op
            + "\",status=\"OK\"}[5m])");
        assertEquals(res.getLong(op, "Operations"), (long) counted, op + " operations: " + run.describe());
      }
      // the p99 Prometheus estimates lies in the bucket that holds the summary's p99
      double p99 = prometheus.value("histogram_quantile(0.99, max_over_time(ycsb_latency_seconds_bucket" + sel
          + "operation=\"READ\",latency=\"service\"}[5m]))");
      double summaryP99 = res.get("READ", "99thPercentileLatency(us)") / 1e6;
      double[] bucket = bucketOf(summaryP99);
      assertTrue(p99 >= bucket[0] && p99 <= bucket[1], "Prometheus p99 " + p99 + " s in the bucket (" + bucket[0]
          + ", " + bucket[1] + "] of the summary's " + summaryP99 + " s");
      // at 1000/s a 1 s pause holds back about a thousand operations, half of them by more than 0.5 s
      String intended = "max_over_time(ycsb_latency_seconds_bucket" + sel
          + "operation=\"READ\",latency=\"intended\",le=\"%s\"}[5m])";
      double slow = prometheus.value(String.format(intended, "+Inf")) - prometheus.value(String.format(intended, "0.5"));
      assertTrue(slow >= 200, "reads more than 0.5 s late on their schedule: " + slow + "\n" + run.describe());
      String served = intended.replace("intended", "service");
      double service = prometheus.value(String.format(served, "+Inf")) - prometheus.value(String.format(served, "0.5"));
      assertTrue(service < slow, "the pause counts in the intended latency (" + slow + " reads over 0.5 s) more than in"
          + " the service time (" + service + ")");
      assertTrue(res.get("Intended-READ", "MaxLatency(us)") >= 500_000, run.describe());
    }
  }

  /** @return the bounds (exclusive, inclusive] of the bucket holding {@code seconds} */
  private static double[] bucketOf(double seconds) {
    double low = 0;
    for (double b : BUCKETS) {
      if (seconds <= b) {
        return new double[] {low, b};
      }
      low = b;
    }
    return new double[] {low, Double.POSITIVE_INFINITY};
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
