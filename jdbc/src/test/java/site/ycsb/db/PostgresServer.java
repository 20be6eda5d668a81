package site.ycsb.db;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.ServerProcess;

/**
 * A private PostgreSQL server (Debian package {@code postgresql}): a fresh cluster made by initdb
 * with trust authentication for the user {@code postgres}, listening on 127.0.0.1 at a free port,
 * tuned small (16 MB shared buffers, fsync off).
 */
final class PostgresServer extends SqlServer {
  private final Path binDir;

  private PostgresServer() {
    super("postgres", "postgres");
    binDir = findBinDir();
  }

  /** Starts a server and waits until it accepts connections. */
  static PostgresServer start() {
    PostgresServer s = new PostgresServer();
    try {
      s.boot();
      return s;
    } catch (RuntimeException e) {
      s.close();
      throw e;
    }
  }

  private static Path findBinDir() {
    File[] versions = new File("/usr/lib/postgresql").listFiles(f -> new File(f, "bin/postgres").canExecute());
    if (versions == null || versions.length == 0) {
      throw new IllegalStateException("no PostgreSQL server in /usr/lib/postgresql/<version>/bin: install the Debian"
          + " package postgresql (apt-get install postgresql)");
    }
    // the newest major version when several are installed
    return Arrays.stream(versions)
        .max(Comparator.comparingInt(f -> f.getName().matches("\\d+") ? Integer.parseInt(f.getName()) : -1))
        .map(f -> f.toPath().resolve("bin")).orElseThrow();
  }

  private void boot() {
    runToEnd("initdb", asUser("postgres", List.of(requireProgram(binDir.resolve("initdb"), "postgresql").toString(),
        "-D", dataDir.toString(), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8")));
    port = FreePort.find();
    process = ServerProcess.builder("postgres-" + port, asUser("postgres", List.of(
            binDir.resolve("postgres").toString(), "-D", dataDir.toString(), "-p", Integer.toString(port),
            "-k", dataDir.toString(), "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off",
            "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "shared_buffers=16MB",
            "-c", "max_connections=60")))
        .workingDir(baseDir) // readable by the server user, unlike the log directory
        .start();
    process.awaitLogLine("database system is ready to accept connections", Duration.ofSeconds(60));
  }

  @Override
  String url(String database) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
  }

  @Override
  String user() {
    return "postgres";
  }

  @Override
  String adminDatabase() {
    return "postgres";
  }

  @Override
  protected String dropDatabaseSql(String name) {
    // FORCE ends sessions a previous test may have left behind
    return "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)";
  }

  @Override
  String shortLockWaitUrl(String database) {
    return url(database) + "?options=-c%20statement_timeout=1000";
  }

  @Override
  void killConnections(String database) throws SQLException {
    execute(adminDatabase(), "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + database
        + "' AND pid <> pg_backend_pid()");
  }

  @Override
  String describe() {
    return "PostgreSQL " + binDir.getParent().getFileName();
  }

  @Override
  public void close() {
    if (process != null && process.isAlive()) {
      // a fast shutdown ends open sessions at once; the plain SIGTERM of ServerProcess would wait for them
      runQuietly(asUser("postgres", List.of(binDir.resolve("pg_ctl").toString(), "-D", dataDir.toString(),
          "stop", "-m", "fast", "-w", "-t", "20")));
    }
    super.close();
  }

  private static void runQuietly(List<String> command) {
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    } catch (IOException e) {
      // ServerProcess.stop() below still ends the server
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
