package site.ycsb.results;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import site.ycsb.measurements.PhaseListener;

/**
 * Samples what the client itself uses (process CPU, garbage collection, heap, threads) and what
 * the machine does (CPU, network bytes, from /proc where available), so a result can be shown
 * not to be bounded by the client (seed 001 found client-bound "maxima").
 */
public final class ClientResources {
  /** Share of the client's cores above which a sample counts as busy. */
  static final double BUSY_SHARE = 0.9;

  private final int cores = Runtime.getRuntime().availableProcessors();
  private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private final com.sun.management.OperatingSystemMXBean os = osBean();
  private long lastCpuNanos;
  private long lastWallNanos;
  private long[] lastMachineCpu;
  private long lastGcCount;
  private long lastGcMillis;
  private long[] lastNet;

  private volatile Sample latest;
  private int samples;
  private int busySamples;
  private int machineSamples;
  private int machineBusySamples;
  private double cpuSum;
  private double maxCpu;
  private long maxHeap;
  /** The process's CPU time when the measured window opened and when the phase ended; -1 unknown. */
  private long windowStartCpuNanos = -1;
  private long windowEndCpuNanos = -1;
  /** The JIT compilers' CPU time at the same two moments; -1 unknown. */
  private long windowStartCompilerNanos = -1;
  private long windowEndCompilerNanos = -1;
  private int maxThreads;

  /** One sample: the figures of the interval since the previous one. */
  public record Sample(double processCpuPercent, double machineCpuPercent, long gcCount, long gcMillis,
                       long heapUsedBytes, int liveThreads, long netRxBytes, long netTxBytes) {
  }

  public ClientResources() {
    baseline();
  }

  /** Starts every interval figure afresh from now. */
  private void baseline() {
    lastCpuNanos = processCpuNanos();
    lastWallNanos = System.nanoTime();
    lastMachineCpu = machineCpu();
    long[] gc = gc();
    lastGcCount = gc[0];
    lastGcMillis = gc[1];
    lastNet = network();
  }

  /**
   * The measured window opens: what the warm-up used is left out of the next sample (the
   * summary's figures describe the measured window only).
   */
  public synchronized void startMeasuring() {
    baseline();
    windowStartCpuNanos = lastCpuNanos;
    windowStartCompilerNanos = CompilerCpu.nanos();
  }

  /** The phase has ended: the client's CPU time per operation is taken up to here. */
  public synchronized void endMeasuring() {
    windowEndCpuNanos = processCpuNanos();
    windowEndCompilerNanos = CompilerCpu.nanos();
  }

  /**
   * @param operations the operations of the measured window
   * @return the client's CPU time per operation in microseconds, all threads counted (the
   *     driver's too), or -1 when unknown
   */
  public synchronized double cpuPerOperationMicros(long operations) {
    if (operations <= 0 || windowStartCpuNanos < 0 || windowEndCpuNanos < windowStartCpuNanos) {
      return -1;
    }
    return (windowEndCpuNanos - windowStartCpuNanos) / 1000.0 / operations;
  }

  /**
   * @return the JIT compilers' CPU time in the window, in nanoseconds (part of the process's), or
   *     -1 when unknown
   */
  public synchronized long compilerNanos() {
    if (windowStartCompilerNanos < 0 || windowEndCompilerNanos < 0 || cpuPerOperationMicros(1) < 0) {
      return -1;
    }
    // a compiler thread retired in the window takes its time with it: never below none
    return Math.min(Math.max(0, windowEndCompilerNanos - windowStartCompilerNanos),
        windowEndCpuNanos - windowStartCpuNanos);
  }

  private static com.sun.management.OperatingSystemMXBean osBean() {
    java.lang.management.OperatingSystemMXBean b = ManagementFactory.getOperatingSystemMXBean();
    return b instanceof com.sun.management.OperatingSystemMXBean ? (com.sun.management.OperatingSystemMXBean) b
        : null;
  }

  private long processCpuNanos() {
    return os == null ? -1 : os.getProcessCpuTime();
  }

  private static long[] gc() {
    long count = 0;
    long millis = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      count += Math.max(0, gc.getCollectionCount());
      millis += Math.max(0, gc.getCollectionTime());
    }
    return new long[] {count, millis};
  }

  /** @return {busy, total} jiffies of all CPUs, or null without /proc */
  private static long[] machineCpu() {
    try {
      String first = Files.readAllLines(Path.of("/proc/stat")).get(0);
      String[] f = first.trim().split("\\s+");
      long total = 0;
      for (int i = 1; i < f.length; i++) {
        total += Long.parseLong(f[i]);
      }
      long idle = Long.parseLong(f[4]) + (f.length > 5 ? Long.parseLong(f[5]) : 0);
      return new long[] {total - idle, total};
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** @return {received, sent} bytes over all interfaces but loopback... and loopback too, as local servers use it */
  private static long[] network() {
    try {
      long rx = 0;
      long tx = 0;
      for (String line : Files.readAllLines(Path.of("/proc/net/dev"))) {
        int colon = line.indexOf(':');
        if (colon < 0) {
          continue;
        }
        String[] f = line.substring(colon + 1).trim().split("\\s+");
        rx += Long.parseLong(f[0]);
        tx += Long.parseLong(f[8]);
      }
      return new long[] {rx, tx};
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** Takes a sample covering the time since the previous one, counted in the summary's figures. */
  public Sample sample() {
    return sample(true);
  }

  /**
   * Takes a sample covering the time since the previous one.
   *
   * @param measured whether it belongs to the measured window (counted in the summary's figures)
   *     or to the warm-up (only written to the resource series)
   */
  public synchronized Sample sample(boolean measured) {
    long now = System.nanoTime();
    long cpu = processCpuNanos();
    double processCpu = cpu < 0 || now == lastWallNanos ? -1
        : 100.0 * (cpu - lastCpuNanos) / (double) (now - lastWallNanos);
    lastCpuNanos = cpu;
    lastWallNanos = now;
    long[] m = machineCpu();
    double machine = -1;
    if (m != null && lastMachineCpu != null && m[1] > lastMachineCpu[1]) {
      machine = 100.0 * (m[0] - lastMachineCpu[0]) / (m[1] - lastMachineCpu[1]);
    }
    lastMachineCpu = m;
    long[] gc = gc();
    long gcCount = gc[0] - lastGcCount;
    long gcMillis = gc[1] - lastGcMillis;
    lastGcCount = gc[0];
    lastGcMillis = gc[1];
    long[] net = network();
    long rx = net == null || lastNet == null ? -1 : net[0] - lastNet[0];
    long tx = net == null || lastNet == null ? -1 : net[1] - lastNet[1];
    lastNet = net;
    long heap = memory.getHeapMemoryUsage().getUsed();
    int live = threads.getThreadCount();

    if (measured) {
      account(processCpu, machine);
      maxHeap = Math.max(maxHeap, heap);
      maxThreads = Math.max(maxThreads, live);
    }
    latest = new Sample(processCpu, machine, gcCount, gcMillis, heap, live, rx, tx);
    return latest;
  }

  /** @return the most recent sample, or null before the first */
  public Sample latest() {
    return latest;
  }

  /** A listener that takes one sample per sampling interval and a baseline when measurement starts. */
  public PhaseListener sampler() {
    return new PhaseListener() {
      @Override
      public void onSample(long elapsed, long length, site.ycsb.measurements.IntervalStats interval,
                           site.ycsb.measurements.IntervalStats total, boolean warmingUp) {
        // a sliver of an interval (the final sample) gives meaningless CPU percentages
        if (length >= 50_000_000L) {
          sample(!warmingUp);
        }
      }

      @Override
      public void onMeasurementStart() {
        startMeasuring();
      }

      @Override
      public void onEnd() {
        endMeasuring();
      }
    };
  }

  /** Counts one interval's process CPU (percent of one core; negative when unknown). */
  void account(double processCpu) {
    account(processCpu, -1);
  }

  /**
   * Counts one interval.
   *
   * @param processCpu the client's CPU in percent of one core; negative when unknown
   * @param machineCpu the machine's CPU in percent of all cores; negative when unknown
   */
  void account(double processCpu, double machineCpu) {
    samples++;
    if (processCpu >= 0) {
      cpuSum += processCpu;
      maxCpu = Math.max(maxCpu, processCpu);
      if (processCpu > BUSY_SHARE * 100.0 * cores) {
        busySamples++;
      }
    }
    if (machineCpu >= 0) {
      machineSamples++;
      if (machineCpu > BUSY_SHARE * 100.0) {
        machineBusySamples++;
      }
    }
  }

  /**
   * The phase runs on a simulated clock: its window is virtual time, which the host's CPU has no
   * bearing on, so no result is bounded by the client's machine (the CPU per operation still is
   * the client's own).
   */
  public synchronized void onVirtualTime() {
    virtualTime = true;
  }

  private boolean virtualTime;

  /** @return whether the client's CPU was above 90% of its cores for most samples */
  public synchronized boolean clientBound() {
    return !virtualTime && samples > 0 && busySamples * 2 > samples;
  }

  /**
   * @return whether the machine's CPU (the client and anything beside it, such as a database
   *     server on the same host) was above 90% for most samples
   */
  public synchronized boolean machineBound() {
    return !virtualTime && machineSamples > 0 && machineBusySamples * 2 > machineSamples;
  }

  /** @return the client's cores */
  public int cores() {
    return cores;
  }

  /**
   * @param operations the measured operations, for the CPU time per operation
   * @return summary lines of the samples so far
   */
  public synchronized List<ResultLine> lines(long operations) {
    List<ResultLine> out = new ArrayList<>();
    out.add(new ResultLine("CLIENT", "Cores", (long) cores));
    double perOperation = cpuPerOperationMicros(operations);
    if (perOperation >= 0) {
      out.add(new ResultLine("CLIENT", "CpuPerOperation(us)", Math.round(perOperation * 100) / 100.0));
      long compiler = compilerNanos();
      if (compiler >= 0) {
        out.add(new ResultLine("CLIENT", "CompilerCpu(ms)", compiler / 1_000_000L));
        double withoutCompiler = perOperation - compiler / 1000.0 / operations;
        out.add(new ResultLine("CLIENT", "CpuPerOperationExcludingCompiler(us)",
            Math.round(withoutCompiler * 100) / 100.0));
      }
    }
    out.add(new ResultLine("CLIENT", "AverageProcessCpu(%)", samples > 0 ? round(cpuSum / samples) : 0.0));
    out.add(new ResultLine("CLIENT", "MaxProcessCpu(%)", round(maxCpu)));
    out.add(new ResultLine("CLIENT", "BusySamples", (long) busySamples));
    out.add(new ResultLine("CLIENT", "Samples", (long) samples));
    out.add(new ResultLine("CLIENT", "MachineBusySamples", (long) machineBusySamples));
    out.add(new ResultLine("MAX_MEM_USED", "MBs", maxHeap / (1024 * 1024)));
    out.add(new ResultLine("MAX_THREADS", "Count", (long) maxThreads));
    return out;
  }

  private static double round(double v) {
    return Math.round(v * 100.0) / 100.0;
  }
}
