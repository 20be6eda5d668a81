package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The client-bound warning: CPU above 90% of all cores for most of the run. */
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
    assertEquals(6L, r.lines().stream().filter(l -> l.metric().equals("BusySamples")).findFirst()
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
    assertEquals(3L, r.lines().stream().filter(l -> l.metric().equals("MachineBusySamples")).findFirst()
        .orElseThrow().value());
  }

  @Test
  void realSamplesReadTheProcess() {
    ClientResources r = new ClientResources();
    long until = System.nanoTime() + 200_000_000L;
    long x = 0;
    while (System.nanoTime() < until) {
      x += System.nanoTime() % 7;
    }
    ClientResources.Sample s = r.sample();
    assertTrue(x > 0);
    assertTrue(s.processCpuPercent() > 10, "a busy thread shows as CPU: " + s);
    assertTrue(s.heapUsedBytes() > 0 && s.liveThreads() > 0, s.toString());
  }
}
