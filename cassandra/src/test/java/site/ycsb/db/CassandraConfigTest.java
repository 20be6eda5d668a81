package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import site.ycsb.testsupport.TestPhase;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.DBException;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.YcsbRun;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/** Bad configuration fails init() with one line naming the property or host. */
@ExtendWith({CassandraTestServer.Extension.class, ServerLogsOnFailure.class})
class CassandraConfigTest {
  private static final String KS = "config_test";
  private final Clients clients = new Clients();

  @BeforeAll
  static void schema() throws DBException {
    try (Clients c = new Clients()) {
      c.open("cassandra.keyspace", KS, "cassandra.createschema", "true");
    }
  }

  @AfterEach
  void closeClients() throws DBException {
    clients.close();
  }

  private static String failure(String... pairs) {
    DBException e = assertThrows(DBException.class, () -> new TestPhase().init(Clients.create(pairs)));
    assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
    return e.getMessage();
  }

  @Test
  void hostsIsRequired() {
    String m = failure("cassandra.keyspace", KS);
    assertTrue(m.startsWith("property hosts is required"), m);
  }

  @Test
  void invalidValuesNameTheProperty() {
    String host = CassandraTestServer.get().hosts();
    String m = failure("hosts", host, "cassandra.readconsistencylevel", "MOST");
    assertTrue(m.contains("cassandra.readconsistencylevel") && m.contains("LOCAL_QUORUM"), m);
    m = failure("hosts", host, "cassandra.useprepared", "maybe");
    assertTrue(m.contains("cassandra.useprepared"), m);
    m = failure("hosts", "127.0.0.1:notaport");
    assertTrue(m.contains("property hosts=127.0.0.1:notaport is invalid"), m);
    m = failure("hosts", host, "cassandra.requesttimeout", "0");
    assertTrue(m.contains("cassandra.requesttimeout"), m);
  }

  @Test
  void unreachableHostIsNamed() {
    int closed = FreePort.find();
    String m = failure("hosts", "127.0.0.1", "port", "" + closed, "cassandra.connecttimeout", "2000");
    assertTrue(m.startsWith("cannot connect to Cassandra at hosts=127.0.0.1:" + closed), m);
  }

  @Test
  void credentialsAreChecked() {
    String host = CassandraTestServer.get().hosts();
    String m = failure("hosts", host, "cassandra.keyspace", KS);
    assertTrue(m.contains("requires a login: set cassandra.username and cassandra.password"), m);
    m = failure("hosts", host, "cassandra.keyspace", KS, "cassandra.username", "cassandra",
        "cassandra.password", "wrong");
    assertTrue(m.contains("refused the credentials of cassandra.username=cassandra"), m);
    assertTrue(!m.contains("wrong"), "the password is not printed: " + m);
  }

  @Test
  void unknownLocalDataCenterIsNamed() {
    String m = failure(Clients.serverProperties("cassandra.keyspace", KS, "cassandra.localdc", "dc9"));
    assertTrue(m.contains("cassandra.localdc=dc9 names no data center") && m.contains("[datacenter1]"), m);
  }

  @Test
  void theCommandLineStopsWithOneLineAndAnErrorExitCode() {
    int closed = FreePort.find();
    YcsbRun run = YcsbRun.execute(CassandraConsistencyTest.concat("run", List.of(
        "-P", YcsbRun.workload("workloada").toString(), "-p", "hosts=127.0.0.1:" + closed,
        "-p", "recordcount=10", "-p", "operationcount=10")));
    assertNotEquals(0, run.exitCode(), run.describe());
    assertTrue(run.err().contains("cannot connect to Cassandra at hosts=127.0.0.1:" + closed), run.describe());
    assertEquals(false, run.results().has("READ", "Operations"), run.describe());
  }
}
