package site.ycsb.startbarrier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.cli.Ycsb;

/**
 * The start barrier with real client phases in this JVM: clients that become ready seconds apart
 * all start at one instant; a client that never comes is named and the others end without
 * running; one whose workers cannot connect calls the start off at once; the stdio barrier takes
 * its start from the stream it is given.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StartBarrierTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path tmp;

  /** What one client process printed and returned. */
  private record Outcome(int exit, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exit + "\nstdout:\n" + out + "\nstderr:\n" + err;
    }
  }

  private static Outcome client(InputStream in, List<String> args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Ycsb.execute(args.toArray(new String[0]), in, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private List<String> phase(int id, int count, String barrier, String... more) {
    List<String> a = new ArrayList<>(List.of("run", "basic", "-P", "../workloads/workloada",
        "-p", "operationcount=300", "-p", "recordcount=100", "-p", "basicdb.verbose=false", "-p", "measure.jvm=false",
        "-threads", "2", "-p", "clientid=" + id, "-p", "clientcount=" + count, "-p", "startbarrier=" + barrier,
        "-p", "resultsdir=" + tmp.resolve("client-" + id)));
    a.addAll(List.of(more));
    return a;
  }

  private static CompletableFuture<Outcome> later(long delayMillis, List<String> args) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        Thread.sleep(delayMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return client(InputStream.nullInputStream(), args);
    });
  }

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private long windowStart(int client) throws Exception {
    JsonNode summary = JSON.readTree(tmp.resolve("client-" + client).resolve("summary.json").toFile());
    return summary.path("window").path("startEpochMillis").asLong();
  }

  @Test
  void clientsReadySecondsApartStartTogetherEvenWhenTheCoordinatorComesLast() throws Exception {
    String barrier = "127.0.0.1:" + freePort();
    CompletableFuture<Outcome> one = later(0, phase(1, 3, barrier));
    CompletableFuture<Outcome> two = later(1500, phase(2, 3, barrier));
    long coordinatorLaunched = System.currentTimeMillis() + 3000;
    CompletableFuture<Outcome> zero = later(3000, phase(0, 3, barrier));
    List<Outcome> all = List.of(zero.get(120, TimeUnit.SECONDS), one.get(120, TimeUnit.SECONDS),
        two.get(120, TimeUnit.SECONDS));
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int c = 0; c < 3; c++) {
      assertEquals(0, all.get(c).exit, "client " + c + ": " + all.get(c));
      long start = windowStart(c);
      assertTrue(start >= coordinatorLaunched, "client " + c + " started before the last client was ready");
      min = Math.min(min, start);
      max = Math.max(max, start);
    }
    // one instant for all, told within the coordinator's 1 s margin: clients that started on their
    // own, each when it was ready, would start 1.5 s apart or more
    assertTrue(max - min < 1000, "start spread " + (max - min) + " ms");
    assertTrue(all.get(1).err.contains("starts when all are ready"), all.get(1).toString());
  }

  /**
   * A margin or timeout beyond its bound would have the clients wait for years after the start was
   * decided, saying nothing: refused with one line before anything waits, no port served, no folder.
   */
  @Test
  void theBarriersDurationsBeyondTheirBoundsAreRefusedBeforeThePhase() throws Exception {
    String barrier = "127.0.0.1:" + freePort();
    String[][] cases = {
        {"startbarrier.margin=99999999999", "ERROR: property startbarrier.margin=99999999999 is invalid: expected"
            + " an integer between 0 and 60000"},
        {"startbarrier.margin=60001", "ERROR: property startbarrier.margin=60001 is invalid"},
        {"startbarrier.timeout=86401", "ERROR: property startbarrier.timeout=86401 is invalid: expected a number"
            + " between 1 and 86400"}};
    for (String[] c : cases) {
      Outcome o = client(InputStream.nullInputStream(), phase(0, 2, barrier, "-p", c[0]));
      assertEquals(2, o.exit, o.toString());
      assertEquals(1, o.err.strip().lines().count(), o.toString());
      assertTrue(o.err.startsWith(c[1]), o.toString());
      assertFalse(tmp.resolve("client-0").toFile().exists(), "no results folder");
    }
    // at the bounds, the barrier is joined as before (and called off: client 1 never comes)
    Outcome atBounds = client(InputStream.nullInputStream(), phase(0, 2, barrier, "-p", "startbarrier.margin=60000",
        "-p", "startbarrier.timeout=1"));
    assertEquals(1, atBounds.exit, atBounds.toString());
    assertTrue(atBounds.err.contains("client 1 was not ready within 1 s"), atBounds.toString());
  }

  @Test
  void aClientThatNeverComesIsNamedAndTheOthersEndWithoutRunning() throws Exception {
    String barrier = "127.0.0.1:" + freePort();
    CompletableFuture<Outcome> zero = later(0, phase(0, 3, barrier, "-p", "startbarrier.timeout=2"));
    CompletableFuture<Outcome> one = later(0, phase(1, 3, barrier, "-p", "startbarrier.timeout=2"));
    Outcome z = zero.get(60, TimeUnit.SECONDS);
    Outcome o = one.get(60, TimeUnit.SECONDS);
    assertEquals(1, z.exit, z.toString());
    assertEquals(1, o.exit, o.toString());
    assertTrue(z.err.contains("client 2 was not ready within 2 s"), z.toString());
    assertTrue(o.err.contains("the start was called off: client 2 was not ready within 2 s"), o.toString());
    assertFalse(o.out.contains("[OVERALL]"), "nothing ran: " + o);
  }

  @Test
  void withSkipUnreadyTheReadyClientsRunWithoutTheMissingOne() throws Exception {
    String barrier = "127.0.0.1:" + freePort();
    String[] skip = {"-p", "startbarrier.timeout=2", "-p", "startbarrier.skipunready=true"};
    CompletableFuture<Outcome> zero = later(0, phase(0, 3, barrier, skip));
    CompletableFuture<Outcome> one = later(0, phase(1, 3, barrier, skip));
    Outcome z = zero.get(60, TimeUnit.SECONDS);
    Outcome o = one.get(60, TimeUnit.SECONDS);
    assertEquals(0, z.exit, z.toString());
    assertEquals(0, o.exit, o.toString());
    assertTrue(z.err.contains("WARNING: starting without some clients: client 2 was not ready"), z.toString());
    assertTrue(o.out.contains("[OVERALL], Operations, 300"), o.toString());
    // together, at the instant told: within the coordinator's 1 s margin of each other
    assertTrue(Math.abs(windowStart(0) - windowStart(1)) < 1000, windowStart(0) + " and " + windowStart(1));
  }

  /** A binding whose connection always fails. */
  public static final class Unreachable extends DB {
    @Override
    public void init() throws DBException {
      throw new DBException("connection refused by the test");
    }

    @Override
    public site.ycsb.Status read(String t, String k, java.util.Set<String> f,
                                 java.util.Map<String, site.ycsb.ByteIterator> r) {
      return site.ycsb.Status.ERROR;
    }

    @Override
    public site.ycsb.Status scan(String t, String k, int n, java.util.Set<String> f,
                                 java.util.Vector<java.util.HashMap<String, site.ycsb.ByteIterator>> r) {
      return site.ycsb.Status.ERROR;
    }

    @Override
    public site.ycsb.Status update(String t, String k, java.util.Map<String, site.ycsb.ByteIterator> v) {
      return site.ycsb.Status.ERROR;
    }

    @Override
    public site.ycsb.Status insert(String t, String k, java.util.Map<String, site.ycsb.ByteIterator> v) {
      return site.ycsb.Status.ERROR;
    }

    @Override
    public site.ycsb.Status delete(String t, String k) {
      return site.ycsb.Status.ERROR;
    }
  }

  @Test
  void aClientWhoseWorkersCannotConnectCallsTheStartOffWithoutWaitingForTheTimeout() throws Exception {
    String barrier = "127.0.0.1:" + freePort();
    String[] longTimeout = {"-p", "startbarrier.timeout=600"};
    long begun = System.nanoTime();
    CompletableFuture<Outcome> zero = later(0, phase(0, 2, barrier, longTimeout));
    List<String> failing = phase(1, 2, barrier, longTimeout);
    failing.addAll(List.of("-db", Unreachable.class.getName()));
    CompletableFuture<Outcome> one = later(500, failing);
    Outcome z = zero.get(300, TimeUnit.SECONDS);
    Outcome o = one.get(300, TimeUnit.SECONDS);
    assertEquals(1, o.exit, o.toString());
    assertEquals(1, z.exit, z.toString());
    assertTrue(z.err.contains("the start was called off: client 1 failed: a worker could not connect"), z.toString());
    assertTrue(System.nanoTime() - begun < TimeUnit.SECONDS.toNanos(300), "did not wait for the 600 s timeout");
  }

  /** @return a client with a stdio barrier whose coordinator is {@code coordinator}, once it said it is ready */
  private CompletableFuture<Integer> readyStdioClient(PipedOutputStream coordinator, LineWatcher err)
      throws Exception {
    PipedInputStream stdin = new PipedInputStream(coordinator);
    CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> Ycsb.execute(
        phase(0, 1, "stdio").toArray(new String[0]), stdin, new PrintStream(OutputStream.nullOutputStream()),
        new PrintStream(err, true, StandardCharsets.UTF_8)));
    assertTrue(err.await("ycsb-barrier: ready 0", 60), err.text());
    return run;
  }

  @Test
  void theStdioBarrierReportsReadyAndStartsAtTheInstantItReads() throws Exception {
    PipedOutputStream coordinator = new PipedOutputStream();
    LineWatcher err = new LineWatcher();
    CompletableFuture<Integer> run = readyStdioClient(coordinator, err);
    Thread.sleep(1000); // a client that said ready holds its start until told
    long notice = 700;
    long start = System.currentTimeMillis() + notice;
    coordinator.write(("start " + start + "\n").getBytes(StandardCharsets.UTF_8));
    coordinator.flush();
    assertEquals(0, run.get(60, TimeUnit.SECONDS), err.text());
    long windowStart = windowStart(0);
    // not before the instant, and not as late again as the notice it had: a client that added a
    // margin of its own (a coordinator's is 1 s) would start later than that
    assertTrue(windowStart >= start && windowStart - start < notice, "started at " + windowStart + ", told " + start);
  }

  @Test
  void theStdioBarrierEndsWithoutRunningWhenItsCoordinatorGoesAway() throws Exception {
    PipedOutputStream coordinator = new PipedOutputStream();
    LineWatcher err = new LineWatcher();
    CompletableFuture<Integer> run = readyStdioClient(coordinator, err);
    coordinator.close();
    assertEquals(1, run.get(60, TimeUnit.SECONDS), err.text());
    assertTrue(err.text().contains("went away before the start; nothing was measured"), err.text());
  }

  @Test
  void aBadBarrierIsOneLineAndExitTwo() {
    Outcome o = client(InputStream.nullInputStream(), phase(0, 2, "somewhere"));
    assertEquals(2, o.exit, o.toString());
    assertTrue(o.err.startsWith("ERROR: ") && o.err.contains("startbarrier") && o.err.contains("HOST:PORT"),
        o.toString());
    assertEquals(1, o.err.strip().lines().count(), o.toString());
    Outcome both = client(InputStream.nullInputStream(), phase(0, 1, "stdio", "-p", "starttime="
        + (System.currentTimeMillis() + 60_000)));
    assertEquals(2, both.exit, both.toString());
    assertTrue(both.err.contains("starttime and startbarrier are both set"), both.toString());
  }

  @Test
  void aPortThatCannotBeBoundIsBlamedOnThePropertyThatNamesIt() throws Exception {
    int port = freePort();
    Outcome same = client(InputStream.nullInputStream(), phase(0, 2, "localhost:" + port,
        "-p", "metrics.port=" + port));
    assertEquals(2, same.exit, same.toString());
    assertEquals("ERROR: properties metrics.port=" + port + " and startbarrier=localhost:" + port + " give the same"
        + " port: client 0 serves the start barrier on it, the live metrics endpoint cannot listen there too;"
        + " expected a port of its own for each", same.err.strip());
    try (ServerSocket taken = new ServerSocket(0)) {
      int busy = taken.getLocalPort();
      Outcome barrier = client(InputStream.nullInputStream(), phase(0, 2, "localhost:" + busy));
      assertEquals(2, barrier.exit, barrier.toString());
      assertEquals(1, barrier.err.strip().lines().count(), barrier.toString());
      assertTrue(barrier.err.startsWith("ERROR: property startbarrier=localhost:" + busy + ": client 0 cannot serve"
          + " the start barrier on port " + busy + ": "), barrier.toString());
      assertFalse(barrier.err.contains("metrics"), barrier.toString());
      Outcome metrics = client(InputStream.nullInputStream(), phase(0, 2, "localhost:" + port,
          "-p", "metrics.port=" + busy));
      assertEquals(2, metrics.exit, metrics.toString());
      assertEquals(1, metrics.err.strip().lines().count(), metrics.toString());
      assertTrue(metrics.err.startsWith("ERROR: property metrics.port=" + busy), metrics.toString());
      assertFalse(metrics.err.contains("startbarrier"), metrics.toString());
    }
  }

  /**
   * The wait of a client whose coordinator never comes is its timeout plus the 30 s it leaves the
   * coordinator to answer, a constant of the client: only a real wait shows that the note's figure
   * is the wait. So that the 31 s do not add to the class's time, the lone client is started with
   * the class and waits while the other tests run; {@link #theWaitANoteAnnouncesIsTheWaitTheClientEndsWith},
   * ordered last, collects it.
   */
  @BeforeAll
  static void startTheLoneClient() throws IOException {
    // a port bound and never listened on, until the client is done: connecting to it is refused,
    // and no other test's coordinator can take it meanwhile
    Socket reserved = new Socket();
    reserved.bind(new InetSocketAddress("127.0.0.1", 0));
    loneClientsPort = reserved.getLocalPort();
    List<String> args = new ArrayList<>(List.of("run", "basic", "-P", "../workloads/workloada",
        "-p", "operationcount=300", "-p", "recordcount=100", "-p", "basicdb.verbose=false", "-p", "measure.jvm=false",
        "-threads", "2", "-p", "clientid=1", "-p", "clientcount=2", "-p", "startbarrier=localhost:" + loneClientsPort,
        "-p", "startbarrier.timeout=1"));
    ExecutorService own = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "lone-client");
      t.setDaemon(true);
      return t;
    });
    loneClient = CompletableFuture.supplyAsync(() -> {
      long begun = System.nanoTime();
      Outcome o = client(InputStream.nullInputStream(), args);
      return new Waited(o, (System.nanoTime() - begun) / 1e9);
    }, own);
    loneClient.whenComplete((done, failed) -> {
      own.shutdown();
      try {
        reserved.close();
      } catch (IOException e) {
        // the port is freed when the JVM ends
      }
    });
  }

  /** What a client printed and how long it took, in seconds. */
  private record Waited(Outcome outcome, double seconds) {
  }

  private static int loneClientsPort;
  private static CompletableFuture<Waited> loneClient;

  @Test
  @Order(Integer.MAX_VALUE)
  void theWaitANoteAnnouncesIsTheWaitTheClientEndsWith() throws Exception {
    // client 1 with no coordinator: it waits the timeout and the slack left to the coordinator
    int port = loneClientsPort;
    Waited w = loneClient.get(120, TimeUnit.SECONDS);
    Outcome lone = w.outcome();
    assertEquals(1, lone.exit, lone.toString());
    assertEquals(List.of("NOTE: client 1 of 2 starts when all are ready (start barrier at localhost:" + port
        + ", waiting at most 31 s: startbarrier.timeout=1 s for every client to be ready, plus 30 s for the"
        + " coordinator's answer)", "ERROR: the start barrier's coordinator (localhost:" + port + ") could not be"
        + " reached within 31 s; nothing was measured"), lone.err.strip().lines().toList());
    // the 31 s announced, and not another 30 s on top of them
    assertTrue(w.seconds() >= 31 && w.seconds() < 40, "waited " + w.seconds() + " s");
    // client 0 serves the barrier: it waits the timeout, given in tenths
    port = freePort();
    long begun = System.nanoTime();
    Outcome coordinator = client(InputStream.nullInputStream(), phase(0, 2, "localhost:" + port,
        "-p", "startbarrier.timeout=1.5"));
    double waited = (System.nanoTime() - begun) / 1e9;
    assertEquals(1, coordinator.exit, coordinator.toString());
    List<String> lines = coordinator.err.strip().lines().toList();
    assertEquals("NOTE: client 0 of 2 starts when all are ready (it serves the start barrier on port " + port
        + ", waiting at most 1.5 s for the others: startbarrier.timeout)", lines.get(0));
    assertTrue(lines.contains("ERROR: the start was called off: client 1 was not ready within 1.5 s; nothing was"
        + " measured"), coordinator.toString());
    assertTrue(waited >= 1.5 && waited < 10, "waited " + waited + " s");
  }

  /** Collects what a client prints and lets the test wait for a line. */
  private static final class LineWatcher extends OutputStream {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    @Override
    public synchronized void write(int b) {
      bytes.write(b);
      notifyAll();
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
      bytes.write(b, off, len);
      notifyAll();
    }

    synchronized String text() {
      return bytes.toString(StandardCharsets.UTF_8);
    }

    synchronized boolean await(String line, int seconds) throws InterruptedException {
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
      while (!text().contains(line)) {
        long left = end - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(this, left);
      }
      return true;
    }
  }
}
