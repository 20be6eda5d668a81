package site.ycsb.db;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import site.ycsb.testsupport.ServerProcess;

/**
 * A private database server for the tests (PostgreSQL or MariaDB from the Debian packages) on a
 * free loopback port with its data in a temporary directory, plus the bits of SQL the tests use
 * to prepare and check data behind the binding's back.
 */
abstract class SqlServer implements AutoCloseable {
  /** Servers refuse to run as root: then every server command runs as the server's own user. */
  static final boolean AS_ROOT = "root".equals(System.getProperty("user.name"));

  protected final Path baseDir;
  protected final Path dataDir;
  protected ServerProcess process;
  protected int port;

  protected SqlServer(String name, String serviceUser) {
    try {
      baseDir = Files.createTempDirectory("ycsb-" + name + "-");
      // the service user must be able to reach the data directory below this one
      Files.setPosixFilePermissions(baseDir, PosixFilePermissions.fromString("rwxr-xr-x"));
      dataDir = Files.createDirectory(baseDir.resolve("data"));
      if (AS_ROOT) {
        UserPrincipalLookupService users = dataDir.getFileSystem().getUserPrincipalLookupService();
        PosixFileAttributeView view = Files.getFileAttributeView(dataDir, PosixFileAttributeView.class);
        view.setOwner(users.lookupPrincipalByName(serviceUser));
        GroupPrincipal group = users.lookupPrincipalByGroupName(serviceUser);
        view.setGroup(group);
        Files.setPosixFilePermissions(dataDir, PosixFilePermissions.fromString("rwx------"));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare a data directory for " + name + ": " + e.getMessage(), e);
    }
  }

  /** @return the JDBC URL of one database on this server */
  abstract String url(String database);

  /** @return the user the tests connect as */
  abstract String user();

  /** @return a database that always exists, for CREATE/DROP DATABASE */
  abstract String adminDatabase();

  /** @return a URL whose sessions give up after about a second when waiting for a row lock */
  abstract String shortLockWaitUrl(String database);

  /** Ends every session connected to a database, as a crash of the network or an administrator would. */
  abstract void killConnections(String database) throws SQLException;

  /** @return a short name for messages, e.g. "PostgreSQL 15" */
  abstract String describe();

  /** @return the port the server listens on (127.0.0.1) */
  int port() {
    return port;
  }

  Connection connect(String database) throws SQLException {
    return DriverManager.getConnection(url(database), user(), "");
  }

  /** Drops (if present) and creates a database. */
  void recreateDatabase(String name) throws SQLException {
    execute(adminDatabase(), dropDatabaseSql(name), "CREATE DATABASE " + name);
  }

  protected String dropDatabaseSql(String name) {
    return "DROP DATABASE IF EXISTS " + name;
  }

  void execute(String database, String... sql) throws SQLException {
    try (Connection c = connect(database); Statement s = c.createStatement()) {
      for (String one : sql) {
        s.execute(one);
      }
    }
  }

  long queryLong(String database, String sql) throws SQLException {
    try (Connection c = connect(database); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** @return every row of a query, each as its columns' text */
  List<List<String>> query(String database, String sql) throws SQLException {
    List<List<String>> rows = new ArrayList<>();
    try (Connection c = connect(database); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<String> row = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
          row.add(rs.getString(i));
        }
        rows.add(row);
      }
    }
    return rows;
  }

  /** @return the command run as the server's user when the tests run as root */
  protected static List<String> asUser(String user, List<String> command) {
    if (!AS_ROOT) {
      return command;
    }
    List<String> wrapped = new ArrayList<>(List.of("runuser", "-u", user, "--"));
    wrapped.addAll(command);
    return wrapped;
  }

  /** Runs a preparation command (initdb, install-db) to its end; its output goes into the failure message. */
  protected void runToEnd(String what, List<String> command) {
    Path log = baseDir.resolve(what + ".log");
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException(what + " did not finish within 120 s: " + String.join(" ", command));
      }
      if (p.exitValue() != 0) {
        throw new IllegalStateException(what + " failed with exit code " + p.exitValue() + ": "
            + String.join(" ", command) + "\n" + Files.readString(log, StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + String.join(" ", command) + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running " + what, e);
    }
  }

  /** @throws IllegalStateException naming the Debian package when a server program is missing */
  protected static Path requireProgram(Path program, String debianPackage) {
    if (!Files.isExecutable(program)) {
      throw new IllegalStateException(program + " not found: install the Debian package " + debianPackage
          + " (apt-get install " + debianPackage + ")");
    }
    return program;
  }

  @Override
  public void close() {
    if (process != null) {
      process.stop();
    }
    try (Stream<Path> walk = Files.walk(baseDir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // best effort: a leftover temporary directory does not fail a test
    }
  }
}
