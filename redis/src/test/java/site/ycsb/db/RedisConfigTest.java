package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.db.redis.RedisProperties;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.RedisServer;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/** Settings: what a user gets for a wrong host, password or combination. */
@ExtendWith(ServerLogsOnFailure.class)
class RedisConfigTest {
  private final Clients clients = new Clients();

  @AfterEach
  void close() throws Exception {
    clients.closeAll();
  }

  @Test
  void catalogDeclaresEveryProperty() {
    List<String> names = PropertyCatalog.all().stream()
        .filter(c -> c.module().equals("redis"))
        .flatMap(c -> c.properties().stream())
        .map(PropertyDef::name)
        .collect(Collectors.toList());
    assertEquals(List.of("redis.host", "redis.port", "redis.user", "redis.password", "redis.timeout",
        "redis.connecttimeout", "redis.ssl", "redis.database", "redis.replicas", "redis.slaves", "redis.cluster",
        "redis.sentinels", "redis.master", "redis.wait", "redis.wait.timeout", "redis.connections",
        "redis.connectionpersession", "redis.eventloop",
        "redis.watch"),
        names);
    assertTrue(RedisProperties.PASSWORD.isSecret());
  }

  @Test
  void unreachableServerFailsInitNamingHostAndProperty() {
    int port = FreePort.find();
    DBException e = assertThrows(DBException.class,
        () -> clients.open("redis.host", "127.0.0.1", "redis.port", Integer.toString(port)));
    assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
    assertTrue(e.getMessage().contains("redis.host/redis.port"), e.getMessage());
  }

  @Test
  void badValuesAreReportedAsDbExceptions() {
    DBException port = assertThrows(DBException.class, () -> clients.open("redis.port", "notaport"));
    assertTrue(port.getMessage().contains("redis.port=notaport"), port.getMessage());
    DBException replicas = assertThrows(DBException.class,
        () -> clients.open("redis.port", "1", "redis.slaves", "host-without-port"));
    assertTrue(replicas.getMessage().contains("redis.slaves"), replicas.getMessage());
    DBException both = assertThrows(DBException.class,
        () -> clients.open("redis.cluster", "true", "redis.replicas", "127.0.0.1:7000"));
    assertTrue(both.getMessage().contains("cannot be combined"), both.getMessage());
    DBException db = assertThrows(DBException.class,
        () -> clients.open("redis.cluster", "true", "redis.database", "2"));
    assertTrue(db.getMessage().contains("only database 0"), db.getMessage());
  }

  @Test
  void passwordAndAclUser() throws Exception {
    try (RedisServer server = RedisServer.builder()
        .args("--requirepass", "s3cret", "--user", "bench", "on", ">benchpw", "~*", "+@all")
        .start()) {
      DBException noPassword = assertThrows(DBException.class, () -> clients.open(server));
      assertTrue(noPassword.getMessage().contains(server.address()), noPassword.getMessage());
      assertTrue(noPassword.getMessage().contains("refused the credentials"), noPassword.getMessage());

      DBException wrong = assertThrows(DBException.class, () -> clients.open(server, "redis.password", "wrong"));
      assertTrue(wrong.getMessage().contains("refused the credentials"), wrong.getMessage());

      RedisClient viaDefaultUser = clients.open(server, "redis.password", "s3cret");
      assertEquals(Status.OK, viaDefaultUser.insert("usertable", "user1", Clients.record("user1", 2)));

      RedisClient viaAclUser = clients.open(server, "redis.user", "bench", "redis.password", "benchpw");
      assertEquals(Status.OK, viaAclUser.read("usertable", "user1", null, new HashMap<>()));
    }
  }

  @Test
  void asyncSidePasswordAndAclUser() throws Exception {
    try (RedisServer server = RedisServer.builder()
        .args("--requirepass", "s3cret", "--user", "bench", "on", ">benchpw", "~*", "+@all")
        .start();
         AsyncClients async = new AsyncClients()) {
      DBException noPassword = assertThrows(DBException.class, () -> async.open(server));
      assertTrue(noPassword.getMessage().contains(server.address()), noPassword.getMessage());
      assertTrue(noPassword.getMessage().contains("refused the credentials"), noPassword.getMessage());

      DBException wrong = assertThrows(DBException.class, () -> async.open(server, "redis.password", "wrong"));
      assertTrue(wrong.getMessage().contains("refused the credentials"), wrong.getMessage());

      AsyncClients.Waiting viaDefaultUser = async.open(server, "redis.password", "s3cret");
      assertEquals(Status.OK, viaDefaultUser.insert("usertable", "user1", Clients.record("user1", 2)));

      AsyncClients.Waiting viaAclUser = async.open(server, "redis.user", "bench", "redis.password", "benchpw");
      assertEquals(Status.OK, viaAclUser.read("usertable", "user1", null, new HashMap<>()));
    }
  }

  @Test
  void asyncSideAclDenialIsForbidden() throws Exception {
    try (RedisServer server = RedisServer.builder()
        .args("--user", "reader", "on", ">pw", "~*", "+@read", "+ping")
        .start();
         AsyncClients async = new AsyncClients()) {
      server.cli("HSET", "user1", "f0", "v");
      AsyncClients.Waiting db = async.open(server, "redis.user", "reader", "redis.password", "pw");
      assertEquals(Status.FORBIDDEN, db.update("usertable", "user1", Clients.record("user1", 1)));
      assertEquals(Status.FORBIDDEN, db.insert("usertable", "user2", Clients.record("user2", 1)));
      assertEquals(Status.OK, db.read("usertable", "user1", null, new HashMap<>()));
      assertEquals("0", server.cli("EXISTS", "user2").trim());
    }
  }

  @Test
  void aclDenialIsForbiddenAndTheRunGoesOn() throws Exception {
    try (RedisServer server = RedisServer.builder()
        .args("--user", "reader", "on", ">pw", "~*", "+@read", "+ping")
        .start()) {
      server.cli("HSET", "user1", "f0", "v");
      RedisClient db = clients.open(server, "redis.user", "reader", "redis.password", "pw");
      assertEquals(Status.FORBIDDEN, db.update("usertable", "user1", Clients.record("user1", 1)));
      assertEquals(Status.OK, db.read("usertable", "user1", null, new HashMap<>()));
    }
  }
}
