package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The client-bound warning (CPU above 90% of all cores for most of the run) and the client's CPU
 * time per operation.
 */
class ClientResourcesTest {
  @Test
  void mostlyBusyIsClientBound() {
    ClientResources r = new ClientResources();
    double allCores = 100.0 * r.cores();
    for (int i = 0; i < 6; i++) {
      r.account(0.95 * allCores);
    }
    for (int i = 0; i < 4; i++) {
      r.account(0.5 * allCores);
    }
    assertTrue(r.clientBound());
    assertEquals(6L, r.lines(0).stream().filter(l -> l.metric().equals("BusySamples")).findFirst()
        .orElseThrow().value());
  }

  @Test
  void busyOnlySometimesIsNot() {
    ClientResources r = new ClientResources();
    double allCores = 100.0 * r.cores();
    r.account(0.99 * allCores);
    r.account(0.2 * allCores);
    r.account(0.2 * allCores);
    assertFalse(r.clientBound());
  }

  @Test
  void aMachineSaturatedByTheClientAndItsNeighboursIsFlaggedToo() {
    ClientResources r = new ClientResources();
    // the client itself is light, but a server on the same host keeps the machine busy
    for (int i = 0; i < 3; i++) {
      r.account(20, 97);
    }
    r.account(20, 40);
    assertFalse(r.clientBound());
    assertTrue(r.machineBound());
    assertEquals(3L, r.lines(0).stream().filter(l -> l.metric().equals("MachineBusySamples")).findFirst()
        .orElseThrow().value());
  }

  @Test
  void realSamplesReadTheProcess() {
    ClientResources r = new ClientResources();
    // spin until this thread has had 100 ms of a core, however busy the host is: the process's CPU
    // over the same wall time is at least that, less a clock tick (10 ms) of rounding each side
    java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
    long cpu0 = threads.getCurrentThreadCpuTime();
    long wall0 = System.nanoTime();
    long x = 0;
    while (threads.getCurrentThreadCpuTime() - cpu0 < 100_000_000L && System.nanoTime() - wall0 < 30_000_000_000L) {
      x += System.nanoTime() % 7;
    }
    ClientResources.Sample s = r.sample();
    double threadCpuPercent = (threads.getCurrentThreadCpuTime() - cpu0 - 20_000_000L) * 100.0
        / (System.nanoTime() - wall0);
    assertTrue(x > 0);
    assertTrue(s.processCpuPercent() >= threadCpuPercent, "a busy thread shows as CPU (at least "
        + threadCpuPercent + "%): " + s);
    assertTrue(s.heapUsedBytes() > 0 && s.liveThreads() > 0, s.toString());
  }

  @Test
  void cpuPerOperationIsTheWindowsCpuTimeOverItsOperations() {
    ClientResources r = new ClientResources();
    busy(100_000_000L); // before the window: not counted
    r.startMeasuring();
    long wallStart = System.nanoTime();
    busy(300_000_000L);
    r.endMeasuring();
    long wall = System.nanoTime() - wallStart;
    busy(100_000_000L); // after the end: not counted
    double perOperation = r.cpuPerOperationMicros(1000);
    // one thread busy for 0.3 s of CPU over 1000 operations: 300 us each and a little more, at
    // most all cores' time. The process's CPU time comes in clock ticks (10 ms on Linux), counted
    // to whichever tick the sample falls in: each end of the window may be off by one (290 was seen
    // on a loaded machine), 20 us per operation here
    assertTrue(perOperation >= 280, "CPU per operation " + perOperation);
    assertTrue(perOperation <= wall / 1000.0 * r.cores() / 1000.0 + 50, "CPU per operation " + perOperation);
    assertEquals(perOperation, r.lines(1000).stream().filter(l -> l.metric().equals("CpuPerOperation(us)"))
        .findFirst().orElseThrow().value().doubleValue(), 0.01);
    assertEquals(-1, new ClientResources().cpuPerOperationMicros(1000), "unknown before the window ends");
    // the compilers' share is part of the process's CPU, so what is left without it is at most the whole
    long compiler = r.compilerNanos();
    assertTrue(compiler >= 0 && compiler <= perOperation * 1000 * 1000, "compiler CPU " + compiler);
    double excluding = r.lines(1000).stream().filter(l -> l.metric().equals("CpuPerOperationExcludingCompiler(us)"))
        .findFirst().orElseThrow().value().doubleValue();
    assertEquals(perOperation - compiler / 1000.0 / 1000, excluding, 0.01);
    assertEquals(compiler / 1_000_000L, r.lines(1000).stream().filter(l -> l.metric().equals("CompilerCpu(ms)"))
        .findFirst().orElseThrow().value().longValue());
  }

  /** Keeps this thread busy until it has used {@code nanos} of CPU time, however loaded the machine. */
  private static void busy(long nanos) {
    java.lang.management.ThreadMXBean t = java.lang.management.ManagementFactory.getThreadMXBean();
    long until = t.getCurrentThreadCpuTime() + nanos;
    long x = 0;
    while (t.getCurrentThreadCpuTime() < until) {
      for (int i = 0; i < 10_000; i++) {
        x += System.nanoTime() % 7;
      }
    }
    assertTrue(x >= 0);
  }
}
