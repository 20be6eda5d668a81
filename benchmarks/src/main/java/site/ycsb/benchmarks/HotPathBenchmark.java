package site.ycsb.benchmarks;

import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import site.ycsb.BasicDB;
import site.ycsb.RandomByteIterator;
import site.ycsb.Status;
import site.ycsb.generator.OperationRandom;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.generator.UniformLongGenerator;
import site.ycsb.measurements.Operation;
import site.ycsb.measurements.WorkerRecorder;
import site.ycsb.workloads.CoreWorkload;

/**
 * The pieces every operation pays for: choosing a key, generating a value, recording a latency,
 * and a whole CoreWorkload transaction against the basic binding. Run with
 * {@code java -cp "benchmarks/target/benchmarks-1.0.0-SNAPSHOT.jar:benchmarks/target/lib/*" org.openjdk.jmh.Main}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HotPathBenchmark {

  /** Shared by all benchmark threads, as the workload's generators are. */
  @State(Scope.Benchmark)
  public static class Shared {
    final site.ycsb.clock.Clock clock = site.ycsb.clock.Clock.SYSTEM;
    ScrambledZipfianGenerator zipfian;
    UniformLongGenerator uniform;
    KeyNaming workload;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
      zipfian = new ScrambledZipfianGenerator(0, 999_999);
      uniform = new UniformLongGenerator(0, 999_999);
      Properties p = new Properties();
      p.setProperty("recordcount", "1000000");
      p.setProperty("readproportion", "0.5");
      p.setProperty("updateproportion", "0.5");
      p.setProperty("requestdistribution", "zipfian");
      workload = new KeyNaming();
      workload.init(p);
    }
  }

  /**
   * The operation's random source on the benchmark thread, as a worker installs it: the
   * generators draw from it rather than from the thread's {@code ThreadLocalRandom}.
   */
  @State(Scope.Thread)
  public static class OperationSource {
    @Setup(Level.Trial)
    public void install() {
      new OperationRandom(OperationRandom.stream(1, 2)).installOnThisThread();
    }
  }

  /** One per benchmark thread, as each worker has its own. */
  @State(Scope.Thread)
  public static class PerWorker {
    WorkerRecorder recorder;
    BasicDB db;
    byte[] buffer = new byte[100];
    long latency;
    final Operation[] ops = {Operation.READ};
    final Status[] statuses = {Status.OK};
    final long[] latencies = new long[1];
    final long[] intended = {-1};
    final int[] retries = new int[1];

    @Setup(Level.Trial)
    public void setUp() throws Exception {
      recorder = new WorkerRecorder();
      db = new BasicDB();
      Properties p = new Properties();
      p.setProperty("basicdb.verbose", "false");
      db.setProperties(p);
      db.init();
    }
  }

  @Benchmark
  public long systemNanoTime() {
    return System.nanoTime();
  }

  /** The phase's clock, read as the engine reads it: through the interface, from a field. */
  @Benchmark
  public long clockNanoTime(Shared s) {
    return s.clock.nanoTime();
  }

  @Benchmark
  public long zipfianKeyChoice(Shared s, OperationSource r) {
    return s.zipfian.nextLong();
  }

  @Benchmark
  @Threads(2)
  public long zipfianKeyChoiceTwoThreads(Shared s, OperationSource r) {
    return s.zipfian.nextLong();
  }

  /** The workload's key of a drawn key number (hashed, as with the default {@code insertorder}). */
  @Benchmark
  public String keyName(Shared s, OperationSource r) {
    return s.workload.keyOf(s.uniform.nextLong());
  }

  /** The workload, with its key naming reachable from the benchmark. */
  static final class KeyNaming extends CoreWorkload {
    String keyOf(long keynum) {
      return buildKeyName(keynum);
    }
  }

  @Benchmark
  public long uniformKeyChoice(Shared s, OperationSource r) {
    return s.uniform.nextLong();
  }

  @Benchmark
  public byte[] hundredByteValue(PerWorker w) {
    new RandomByteIterator(100).nextBuf(w.buffer, 0);
    return w.buffer;
  }

  @Benchmark
  public void recordLatency(PerWorker w) {
    w.latency = (w.latency + 7919) % 5_000_000;
    w.latencies[0] = w.latency;
    w.recorder.recordAll(w.ops, w.statuses, w.latencies, w.intended, w.retries, 1, true, false);
  }

  @Benchmark
  @Threads(2)
  public void recordLatencyTwoThreads(PerWorker w) {
    w.latency = (w.latency + 7919) % 5_000_000;
    w.latencies[0] = w.latency;
    w.recorder.recordAll(w.ops, w.statuses, w.latencies, w.intended, w.retries, 1, true, false);
  }

  @Benchmark
  public boolean workloadATransaction(Shared s, PerWorker w, OperationSource r) {
    return s.workload.doTransaction(w.db, null);
  }

  @Benchmark
  @Threads(2)
  public boolean workloadATransactionTwoThreads(Shared s, PerWorker w, OperationSource r) {
    return s.workload.doTransaction(w.db, null);
  }
}
