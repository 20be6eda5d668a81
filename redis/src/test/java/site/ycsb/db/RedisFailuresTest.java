package site.ycsb.db;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.runner.ErrorLog;
import site.ycsb.runner.SharedResources;
import site.ycsb.runner.WorkerContext;
import site.ycsb.testsupport.RedisServer;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * One classification of failures for both paths: the same outcome gives the same status whichever
 * driver saw it, and each cause is told once on stderr however many operations it failed.
 */
@ExtendWith(ServerLogsOnFailure.class)
class RedisFailuresTest {
  enum Path { BLOCKING, ASYNCHRONOUS }

  private final ByteArrayOutputStream told = new ByteArrayOutputStream();
  private final ErrorLog errors = new ErrorLog(new PrintStream(told, true, UTF_8));
  private final SharedResources shared = new SharedResources(errors);
  private RedisServer server;
  private RedisClient client;

  @BeforeEach
  void start() {
    server = RedisServer.start();
  }

  @AfterEach
  void stop() throws Exception {
    if (client != null) {
      client.cleanup();
    }
    shared.close();
    server.close();
  }

  /** @return the path's binding, each asynchronous call sent, flushed and waited for */
  private DB open(Path path) throws Exception {
    client = Clients.create("redis.host", server.host(), "redis.port", Integer.toString(server.port()));
    client.init(path == Path.BLOCKING ? new WorkerContext(0, 1, errors, shared)
        : new WorkerContext(0, 1, 8, errors, shared));
    return path == Path.BLOCKING ? client : new AsyncClients.Waiting(client);
  }

  private List<String> toldLines() {
    return told.toString(UTF_8).lines().filter(l -> l.startsWith("redis: ")).collect(Collectors.toList());
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Path.class)
  void anErrorReplyIsErrorAndEachOperationsOneIsToldOnce(Path path) throws Exception {
    DB db = open(path);
    server.cli("SET", "user1", "not a hash");
    for (int i = 0; i < 3; i++) {
      assertEquals(Status.ERROR, db.read("usertable", "user1", null, new HashMap<>()));
      assertEquals(Status.ERROR, db.update("usertable", "user1", Clients.record("user1", 1)));
    }
    // the connection stays usable after an error reply
    assertEquals(Status.OK, db.insert("usertable", "user2", Clients.record("user2", 1)));
    List<String> lines = toldLines();
    assertEquals(2, lines.size(), String.join("\n", lines));
    assertTrue(lines.stream().allMatch(l -> l.contains("failed with ERROR: WRONGTYPE")), String.join("\n", lines));
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("redis: READ at " + server.address())), String.join("\n", lines));
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("redis: UPDATE at " + server.address())), String.join("\n", lines));
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Path.class)
  void aLostServerIsServiceUnavailableForEveryOperationAndToldOnce(Path path) throws Exception {
    DB db = open(path);
    assertEquals(Status.OK, db.insert("usertable", "user1", Clients.record("user1", 1)));
    server.stop();
    if (db instanceof AsyncClients.Waiting) {
      ((AsyncClients.Waiting) db).idle(200); // the worker learns of the lost connection when it next waits
    }
    for (int i = 0; i < 3; i++) {
      assertEquals(Status.SERVICE_UNAVAILABLE, db.read("usertable", "user1", null, new HashMap<>()));
      assertEquals(Status.SERVICE_UNAVAILABLE, db.update("usertable", "user1", Clients.record("user1", 1)));
      assertEquals(Status.SERVICE_UNAVAILABLE, db.insert("usertable", "user2", Clients.record("user2", 1)));
      assertEquals(Status.SERVICE_UNAVAILABLE, db.delete("usertable", "user1"));
      assertEquals(Status.SERVICE_UNAVAILABLE, db.scan("usertable", "user", 10, null, new java.util.Vector<>()));
    }
    List<String> lines = toldLines();
    assertEquals(1, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(0).startsWith("redis: lost the connection to " + server.address()), lines.get(0));
    assertTrue(lines.get(0).contains("SERVICE_UNAVAILABLE"), lines.get(0));
  }
}
