package site.ycsb.db.voltdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.Status;
import site.ycsb.testsupport.Records;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;
import site.ycsb.testsupport.BindingChecks;

/**
 * A server that stops answering (frozen with SIGSTOP, then let go): a call waits for it as long
 * as voltdb.calltimeout allows and is then a TIMEOUT, never a capped latency reported as OK. The
 * shared server is thawed before each test ends.
 */
@ExtendWith({VoltTestServer.Extension.class, ServerLogsOnFailure.class})
class VoltFaultTest {
  private static final String TABLE = "fault_test";
  private final Clients clients = new Clients();

  @AfterEach
  void thawAndClose() throws Exception {
    VoltTestServer.get().process().resume();
    clients.close();
  }

  @Test
  void aFrozenServerGivesTimeoutAfterCalltimeoutAndTheNextCallSucceeds() throws Exception {
    VoltClient4 db = clients.open("table", TABLE, "voltdb.calltimeout", "500");
    assertEquals(Status.OK, db.insert(TABLE, "user1", Records.record("user1", 2)));
    VoltTestServer.get().process().pause();
    long t0 = System.nanoTime();
    Status s = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> db.read(TABLE, "user1", null, new HashMap<>()));
    long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    assertEquals(Status.TIMEOUT, s);
    assertTrue(waitedMs >= 450 && waitedMs < 10_000, "waited " + waitedMs + " ms");
    VoltTestServer.get().process().resume();
    assertEquals(Status.OK, db.read(TABLE, "user1", null, new HashMap<>()));
  }

  @Test
  void withTheDefaultCalltimeoutAReadWaitsForAFrozenServerAndSucceeds() throws Exception {
    BindingChecks.assertReadWaitsOutAFreeze(clients.open("table", TABLE), TABLE, VoltTestServer.get().process());
  }
}
