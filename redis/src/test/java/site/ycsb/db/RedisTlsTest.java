package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.RedisServer;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * redis.ssl=true against a redis-server with a TLS port and a self-signed certificate (made with
 * openssl) that the JVM trusts through javax.net.ssl.trustStore, as a user would set it.
 */
@ExtendWith(ServerLogsOnFailure.class)
class RedisTlsTest {
  private final Clients clients = new Clients();

  @AfterEach
  void close() throws Exception {
    clients.closeAll();
  }

  @Test
  void tlsConnectionChecksCertificateAndHostName(@TempDir Path dir) throws Exception {
    Path key = dir.resolve("key.pem");
    Path cert = dir.resolve("cert.pem");
    Path trust = dir.resolve("trust.p12");
    // valid for the name "localhost" only, not for 127.0.0.1
    run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-keyout", key.toString(),
        "-out", cert.toString(), "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost");
    run("keytool", "-importcert", "-noprompt", "-alias", "redis", "-file", cert.toString(), "-keystore",
        trust.toString(), "-storetype", "PKCS12", "-storepass", "changeit");
    System.setProperty("javax.net.ssl.trustStore", trust.toString());
    System.setProperty("javax.net.ssl.trustStorePassword", "changeit");
    System.setProperty("javax.net.ssl.trustStoreType", "PKCS12");

    int tlsPort = FreePort.find();
    try (RedisServer server = RedisServer.builder().args("--tls-port", Integer.toString(tlsPort),
        "--tls-cert-file", cert.toString(), "--tls-key-file", key.toString(),
        "--tls-ca-cert-file", cert.toString(), "--tls-auth-clients", "no").start()) {
      RedisClient db = clients.open("redis.host", "localhost", "redis.port", Integer.toString(tlsPort),
          "redis.ssl", "true");
      assertEquals(Status.OK, db.insert("usertable", "user1", Clients.record("user1", 3)));
      assertEquals(Status.OK, db.read("usertable", "user1", null, new HashMap<>()));
      assertEquals("3", server.cli("HLEN", "user1").trim(), "written through TLS, read back over the plain port");

      DBException wrongName = assertThrows(DBException.class, () -> clients.open("redis.host", "127.0.0.1",
          "redis.port", Integer.toString(tlsPort), "redis.ssl", "true"));
      assertTrue(wrongName.getMessage().contains("127.0.0.1:" + tlsPort), wrongName.getMessage());

      DBException plainToTls = assertThrows(DBException.class, () -> clients.open("redis.host", "localhost",
          "redis.port", Integer.toString(tlsPort), "redis.timeout", "2000"));
      assertTrue(plainToTls.getMessage().contains("cannot connect"), plainToTls.getMessage());
    }
  }

  private static void run(String... cmd) throws Exception {
    Process p = new ProcessBuilder(List.of(cmd)).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), String.join(" ", cmd));
    assertEquals(0, p.exitValue(), String.join(" ", cmd) + "\n" + out);
  }
}
