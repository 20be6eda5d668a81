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
import site.ycsb.testsupport.WorkloadChecks;
import site.ycsb.testsupport.YcsbRun;
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

  /** A certificate for the name "localhost" only (not for 127.0.0.1), trusted by this JVM as a user would set it. */
  private static Path[] trustedCertificate(Path dir) throws Exception {
    Path key = dir.resolve("key.pem");
    Path cert = dir.resolve("cert.pem");
    Path trust = dir.resolve("trust.p12");
    run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-keyout", key.toString(),
        "-out", cert.toString(), "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost");
    run("keytool", "-importcert", "-noprompt", "-alias", "redis", "-file", cert.toString(), "-keystore",
        trust.toString(), "-storetype", "PKCS12", "-storepass", "changeit");
    System.setProperty("javax.net.ssl.trustStore", trust.toString());
    System.setProperty("javax.net.ssl.trustStorePassword", "changeit");
    System.setProperty("javax.net.ssl.trustStoreType", "PKCS12");
    return new Path[] {key, cert};
  }

  private static RedisServer tlsServer(Path[] keyAndCert, int tlsPort, String... more) {
    List<String> args = new java.util.ArrayList<>(List.of("--tls-port", Integer.toString(tlsPort),
        "--tls-cert-file", keyAndCert[1].toString(), "--tls-key-file", keyAndCert[0].toString(),
        "--tls-ca-cert-file", keyAndCert[1].toString(), "--tls-auth-clients", "no"));
    args.addAll(List.of(more));
    return RedisServer.builder().args(args.toArray(new String[0])).start();
  }

  @Test
  void tlsConnectionChecksCertificateAndHostName(@TempDir Path dir) throws Exception {
    Path[] keyAndCert = trustedCertificate(dir);
    int tlsPort = FreePort.find();
    try (RedisServer server = tlsServer(keyAndCert, tlsPort)) {
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

  @Test
  void asyncRunOverTlsAsAnAclUser(@TempDir Path dir) throws Exception {
    Path[] keyAndCert = trustedCertificate(dir);
    int tlsPort = FreePort.find();
    try (RedisServer server = tlsServer(keyAndCert, tlsPort, "--user", "bench", "on", ">benchpw", "~*", "+@all");
         AsyncClients async = new AsyncClients()) {
      String[] common = {"-P", YcsbRun.workload("workloada").toString(), "-p", "redis.host=localhost",
          "-p", "redis.port=" + tlsPort, "-p", "redis.ssl=true", "-p", "redis.user=bench", "-p", "redis.password=benchpw",
          "-p", "recordcount=100", "-p", "operationcount=400", "-threads", "2", "-inflight", "4",
          "-p", "redis.connections=2"};
      YcsbRun load = YcsbRun.execute(RedisReplicaTest.concat("load", "redis", common));
      WorkloadChecks.assertLoaded(load, 100);
      assertEquals("100", server.cli("ZCARD", "_ycsb_index").trim(), "written through TLS, read over the plain port");
      YcsbRun run = YcsbRun.execute(RedisReplicaTest.concat("run", "redis", common));
      WorkloadChecks.assertRanWithoutFailures(run, 400);
      assertTrue(!run.err().contains("benchpw") && !run.out().contains("benchpw"), "the password is masked");

      // the certificate is for localhost, not for 127.0.0.1
      DBException wrongName = assertThrows(DBException.class, () -> async.open("redis.host", "127.0.0.1",
          "redis.port", Integer.toString(tlsPort), "redis.ssl", "true", "redis.user", "bench",
          "redis.password", "benchpw"));
      assertTrue(wrongName.getMessage().contains("127.0.0.1:" + tlsPort), wrongName.getMessage());
      DBException wrongPassword = assertThrows(DBException.class, () -> async.open("redis.host", "localhost",
          "redis.port", Integer.toString(tlsPort), "redis.ssl", "true", "redis.user", "bench",
          "redis.password", "nope"));
      assertTrue(wrongPassword.getMessage().contains("refused the credentials"), wrongPassword.getMessage());
    }
  }

  private static void run(String... cmd) throws Exception {
    Process p = new ProcessBuilder(List.of(cmd)).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), String.join(" ", cmd));
    assertEquals(0, p.exitValue(), String.join(" ", cmd) + "\n" + out);
  }
}
