package site.ycsb.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import site.ycsb.cli.Run;

/** What the engine gives a binding: its worker's number, one shared resource per process, failures reported once. */
class BindingContextTest {
  private static final String DB = ContextDB.class.getName();

  @BeforeEach
  void reset() {
    ContextDB.reset();
  }

  @Test
  void aSharedResourceIsOpenedOnceAndClosedAfterEveryWorkersCleanup() {
    Run r = Run.of("run", "-db", DB, "-P", "../workloads/workloada", "-threads", "8", "-p", "operationcount=100");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(1, ContextDB.OPENED.get(), "opened by the first worker only");
    assertEquals(1, ContextDB.CLOSED.get(), "closed by the engine when the phase ended");
    assertFalse(ContextDB.closedBeforeLastCleanup, "no worker's cleanup saw it closed");
    assertEquals(IntStream.range(0, 8).boxed().collect(Collectors.toSet()), Set.copyOf(ContextDB.INDEXES));
    assertEquals(8, ContextDB.lastCount);
  }

  @Test
  void aSharedResourceWhoseCloseHangsDoesNotHoldTheEndPastTheStopTimeout() {
    long t0 = System.nanoTime();
    Run r = Run.of("run", "-db", DB, "-P", "../workloads/workloada", "-threads", "2", "-p", "operationcount=0",
        "-p", "maxexecutiontime=1", "-p", "threadstoptimeout=1", "-p", "context.hangonclose=true");
    long tookMs = (System.nanoTime() - t0) / 1_000_000;
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(1, ContextDB.CLOSED.get(), "its close was started");
    // the close would take 60 s; the phase ends 1 s (the stop timeout) after its 1 s deadline
    assertTrue(tookMs < 20_000, "the phase ended " + tookMs + " ms after it started\n" + r);
    assertTrue(r.err.contains("closing the bindings' shared connections took more than 1 s (threadstoptimeout)"),
        r.toString());
  }

  @Test
  void aFailedOpeningIsTriedOnceAndEndsThePhaseWithOneMaskedLine() {
    Run r = Run.of("run", "-db", DB, "-P", "../workloads/workloada", "-threads", "4", "-p", "operationcount=10",
        "-p", "context.failopen=true");
    assertEquals(1, r.exitCode, r.toString());
    assertEquals(1, ContextDB.OPENED.get(), "every worker got the first failure");
    assertTrue(r.err.contains("cannot reach the server"), r.err);
    assertFalse(r.err.contains("hunter2"), "the password is masked:\n" + r.err);
  }

  @Test
  void aFailureReportedThroughTheContextIsPrintedOnceAndMasked() {
    Run r = Run.of("run", "-db", DB, "-P", "../workloads/workloada", "-threads", "4", "-p", "operationcount=200",
        "-p", "context.fail=true");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(1, r.err.lines().filter(l -> l.contains("contextdb: read failed")).count(), r.err);
    assertFalse(r.err.contains("hunter2"), r.err);
    assertEquals(1, ContextDB.CLOSED.get());
  }
}
