package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import site.ycsb.runner.PhaseSettings;

/**
 * {@code -threads N} on a binding whose asynchronous side serves sessions runs the N sessions as N
 * operations in flight on a few worker threads: never more than N at once, every operation through
 * the asynchronous side, one binding instance per worker; {@code threadmode=threads}, one session,
 * {@code -inflight} and a workload with transactions keep what they had.
 */
class ThreadSessionsTest {
  private static final int OPERATIONS = 2000;

  @BeforeEach
  void reset() {
    SessionsDB.reset();
  }

  private static Run run(String... extra) {
    String[] fixed = {"run", SessionsDB.class.getName(), "-P", "../workloads/workloada", "-p", "recordcount=100",
        "-p", "operationcount=" + OPERATIONS, "-p", "measure.jvm=false"};
    String[] args = new String[fixed.length + extra.length];
    System.arraycopy(fixed, 0, args, 0, fixed.length);
    System.arraycopy(extra, 0, args, fixed.length, extra.length);
    return Run.of(args);
  }

  @Test
  @Timeout(60)
  void sessionsRunAsOperationsInFlight() {
    int workers = ThreadSessions.workersFor(8, Runtime.getRuntime().availableProcessors());
    Run r = run("-threads", "8");
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.err.contains("NOTE: -threads 8 runs as 8 sessions in flight on " + workers + " worker thread"),
        r.err);
    assertEquals(OPERATIONS, r.count("OVERALL", "Operations"));
    assertEquals(OPERATIONS, SessionsDB.ASYNC_CALLS.get(), "every operation through the asynchronous side");
    assertEquals(0, SessionsDB.BLOCKING_CALLS.get());
    assertEquals(workers, SessionsDB.INITS.get(), "one binding instance per worker thread");
    assertEquals(workers, r.count("OVERALL", "Threads"));
    assertEquals(8 / workers, r.count("OVERALL", "InFlightPerThread"));
    assertEquals(8, SessionsDB.MOST_IN_FLIGHT.get(), "as many in flight as sessions, and never more");
  }

  @Test
  @Timeout(60)
  void threadModeThreadsKeepsAThreadPerSession() {
    Run r = run("-threads", "8", "-p", "threadmode=threads");
    assertEquals(0, r.exitCode, r.toString());
    assertFalse(r.err.contains("sessions in flight"), r.err);
    assertEquals(OPERATIONS, SessionsDB.BLOCKING_CALLS.get());
    assertEquals(0, SessionsDB.ASYNC_CALLS.get());
    assertEquals(8, SessionsDB.INITS.get());
    assertEquals(8, r.count("OVERALL", "Threads"));
    assertFalse(r.has("OVERALL", "InFlightPerThread"), r.out);
  }

  @Test
  @Timeout(60)
  void oneSessionAndAnExplicitInflightKeepTheirPath() {
    Run one = run("-threads", "1");
    assertEquals(0, one.exitCode, one.toString());
    assertEquals(OPERATIONS, SessionsDB.BLOCKING_CALLS.get(), "one session has nothing to share");
    SessionsDB.reset();
    Run inflight = run("-threads", "2", "-inflight", "3");
    assertEquals(0, inflight.exitCode, inflight.toString());
    assertFalse(inflight.err.contains("sessions in flight"), inflight.err);
    assertEquals(2, inflight.count("OVERALL", "Threads"));
    assertEquals(3, inflight.count("OVERALL", "InFlightPerThread"));
    assertEquals(6, SessionsDB.MOST_IN_FLIGHT.get());
  }

  @Test
  void aWorkloadThatMakesItsOwnOperationsOrABindingThatDoesNotServeSessionsKeepsThreads() {
    PhaseSettings eight = new PhaseSettings(false, 8, 100, 0, 0, 0, 0, null, null, 0, 0, false, "op", 0);
    Properties economy = new Properties();
    economy.setProperty("workload", site.ycsb.workloads.ClosedEconomyWorkload.class.getName());
    PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    assertSame(eight, ThreadSessions.decide(eight, new SessionsDB(), economy, err));
    economy.setProperty("closedeconomy.transactions", "false");
    assertSame(eight, ThreadSessions.decide(eight, new SessionsDB(), economy, err),
        "without transactions it still makes its reads and writes itself, not through a plan");
    assertSame(eight, ThreadSessions.decide(eight, new site.ycsb.BasicDB(), new Properties(), err),
        "an asynchronous side that does not say it serves sessions");
  }

  @Test
  void workersAreAtMostOnePerTwoCoresAndDivideTheSessions() {
    assertEquals(1, ThreadSessions.workersFor(32, 2));
    assertEquals(1, ThreadSessions.workersFor(32, 3));
    assertEquals(4, ThreadSessions.workersFor(32, 8));
    assertEquals(1, ThreadSessions.workersFor(31, 8), "a prime number of sessions on one worker");
    assertEquals(3, ThreadSessions.workersFor(30, 8));
    assertEquals(2, ThreadSessions.workersFor(2, 64));
  }
}
