package site.ycsb.db;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import site.ycsb.testsupport.FreePort;
import site.ycsb.testsupport.ServerProcess;

/**
 * A private MariaDB server (Debian package {@code mariadb-server}): a fresh data directory made by
 * mariadb-install-db, {@code root} without a password over TCP on 127.0.0.1 at a free port, tuned
 * small (32 MB buffer pool, no binary log, no flush per commit).
 */
final class MariaDbServer extends SqlServer {
  private static final Path INSTALL_DB = Paths.get("/usr/bin/mariadb-install-db");
  private static final Path SERVER = Paths.get("/usr/sbin/mariadbd");

  private MariaDbServer() {
    super("mariadb", "mysql");
  }

  /** Starts a server and waits until it accepts connections. */
  static MariaDbServer start() {
    MariaDbServer s = new MariaDbServer();
    try {
      s.boot();
      return s;
    } catch (RuntimeException e) {
      s.close();
      throw e;
    }
  }

  private void boot() {
    requireProgram(SERVER, "mariadb-server");
    runToEnd("install-db", withUser(List.of(requireProgram(INSTALL_DB, "mariadb-server").toString(),
        "--no-defaults", "--datadir=" + dataDir, "--auth-root-authentication-method=normal", "--skip-test-db")));
    port = FreePort.find();
    process = ServerProcess.builder("mariadb-" + port, withUser(List.of(SERVER.toString(), "--no-defaults",
            "--datadir=" + dataDir, "--port=" + port, "--bind-address=127.0.0.1",
            "--socket=" + dataDir.resolve("mysqld.sock"), "--pid-file=" + dataDir.resolve("mysqld.pid"),
            "--skip-log-bin", "--innodb-buffer-pool-size=32M", "--innodb-log-file-size=16M",
            "--innodb-flush-log-at-trx-commit=0", "--innodb-doublewrite=0", "--skip-name-resolve",
            "--character-set-server=utf8mb4", "--collation-server=utf8mb4_general_ci", "--max-connections=60")))
        .workingDir(baseDir) // readable by the server user, unlike the log directory
        .start();
    process.awaitLogLine("ready for connections", Duration.ofSeconds(60));
  }

  /** mariadbd and mariadb-install-db drop root privileges themselves when given --user. */
  private static List<String> withUser(List<String> command) {
    if (!AS_ROOT) {
      return command;
    }
    List<String> withUser = new ArrayList<>(command);
    withUser.add(2, "--user=mysql");
    return withUser;
  }

  @Override
  String url(String database) {
    return "jdbc:mariadb://127.0.0.1:" + port + "/" + database;
  }

  @Override
  String user() {
    return "root";
  }

  @Override
  String adminDatabase() {
    return "mysql";
  }

  @Override
  String shortLockWaitUrl(String database) {
    return url(database) + "?sessionVariables=innodb_lock_wait_timeout=1";
  }

  @Override
  void killConnections(String database) throws SQLException {
    for (List<String> row : query(adminDatabase(),
        "SELECT id FROM information_schema.processlist WHERE db = '" + database + "' AND id <> CONNECTION_ID()")) {
      try {
        execute(adminDatabase(), "KILL " + row.get(0));
      } catch (SQLException e) {
        // the session may have ended by itself meanwhile
      }
    }
  }

  @Override
  String describe() {
    return "MariaDB";
  }
}
