package site.ycsb.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsb.BindingContext;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.TransactionWork;
import site.ycsb.testsupport.TestPhase;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * The binding's transactions against one real database server, as the closed-economy workload
 * uses them: accounts are records whose {@code field0} holds a balance, a transfer reads balances
 * and writes new ones. {@link PostgresTransactionTest} and {@link MariaDbTransactionTest} run it
 * against PostgreSQL and MariaDB; each test works in a database of its own.
 *
 * <p>Concurrent transactions are two bindings (two connections, as two workers have) on two
 * threads, ordered by latches only: nothing depends on how fast the machine is.
 */
@ExtendWith(ServerLogsOnFailure.class)
abstract class JdbcTransactionTests {
  static final String TABLE = "usertable";
  static final String BALANCE = "field0";
  /** How long a thread waits for the other one or for a transaction: only reached when something hangs. */
  static final long WAIT_SECONDS = 120;

  private final List<JdbcDBClient> clients = new ArrayList<>();
  private final TestPhase phase = new TestPhase();
  private final ExecutorService threads = Executors.newFixedThreadPool(2);

  /** @return the server of the concrete test class, started once for the class */
  abstract SqlServer server();

  @AfterEach
  void closeClients() {
    closeAll();
    phase.close();
    threads.shutdownNow();
  }

  /** Ends every binding of the test, which closes their connections. */
  void closeAll() {
    for (JdbcDBClient c : clients) {
      try {
        c.cleanup();
      } catch (DBException e) {
        // nothing was batched: cleanup has nothing to report that a test wants
      }
    }
    clients.clear();
  }

  // ---------------------------------------------------------------- one transaction

  @Test
  void aCommittedTransferAppliesBothUpdates() throws Exception {
    SqlServer s = server();
    s.recreateDatabase("tx_commit");
    createAccounts("tx_commit", "alice", 100, "bob", 50);
    JdbcDBClient db = client("tx_commit");

    Map<String, Long> seen = new HashMap<>();
    Status status = db.transaction(TABLE, calls -> {
      long alice = readBalance(calls, "alice");
      long bob = readBalance(calls, "bob");
      seen.put("alice", alice);
      seen.put("bob", bob);
      Status first = calls.update("alice", balance(alice - 30));
      return first.isOk() ? calls.update("bob", balance(bob + 30)) : first;
    });

    assertEquals(Status.OK, status);
    assertEquals(Map.of("alice", 100L, "bob", 50L), seen, "the transaction's reads return the stored balances");
    assertEquals(Map.of("alice", 70L, "bob", 80L), balances("tx_commit"), "both updates are stored");

    // the connection keeps auto-commit off after a transaction: a plain operation must still be
    // committed at once, or another session (and the next transaction's snapshot) would not see it
    assertEquals(Status.OK, db.update(TABLE, "bob", balance(81)));
    assertEquals(Map.of("alice", 70L, "bob", 81L), balances("tx_commit"));
  }

  @Test
  void aWorkThatFailsLeavesTheAccountsUnchanged() throws Exception {
    SqlServer s = server();
    s.recreateDatabase("tx_rollback");
    createAccounts("tx_rollback", "alice", 100, "bob", 50);
    JdbcDBClient db = client("tx_rollback");
    Status insufficientFunds = new Status("INSUFFICIENT_FUNDS", "the work refused the transfer");

    Status status = db.transaction(TABLE, calls -> {
      assertEquals(Status.OK, calls.update("alice", balance(0)));
      assertEquals(Status.OK, calls.update("bob", balance(150)));
      return insufficientFunds;
    });
    assertSame(insufficientFunds, status, "the work's own status comes back");
    assertEquals(Map.of("alice", 100L, "bob", 50L), balances("tx_rollback"));

    assertThrows(IllegalStateException.class, () -> db.transaction(TABLE, calls -> {
      calls.update("alice", balance(1));
      throw new IllegalStateException("the work failed");
    }), "an exception of the work reaches the engine");
    assertEquals(Map.of("alice", 100L, "bob", 50L), balances("tx_rollback"));

    // the next transaction commits only its own update: nothing of the two above was left pending
    assertEquals(Status.OK, db.transaction(TABLE, calls -> calls.update("bob", balance(51))));
    assertEquals(Map.of("alice", 100L, "bob", 51L), balances("tx_rollback"));
    assertEquals(Status.NOT_FOUND, db.transaction(TABLE, calls -> calls.read("carol", null, new HashMap<>())),
        "a read of a missing account is the work's NOT_FOUND");
  }

  // ---------------------------------------------------------------- two concurrent transactions

  /** How the two transactions of a conflict overlap; both read before either writes. */
  enum Conflict {
    /** Both read alice and both deposit into her account: a lost update if both commit. */
    SAME_ACCOUNT,
    /** One reads alice and writes bob, the other reads bob and writes alice: a write skew if both commit. */
    WRITE_SKEW
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Conflict.class)
  void serializableCommitsOneOfTwoConflictingTransfersAndAbortsTheOther(Conflict conflict) throws Exception {
    SqlServer s = server();
    s.recreateDatabase("tx_serial");
    createAccounts("tx_serial", "alice", 100, "bob", 100);
    JdbcDBClient first = client("tx_serial", "jdbc.isolation", "serializable");
    JdbcDBClient second = client("tx_serial", "jdbc.isolation", "serializable");
    Deposit[] deposits = deposits(conflict);

    Status[] statuses = interleave(first, second, deposits);

    assertEquals(List.of("ABORTED", "OK"), sortedNames(statuses), "exactly one commits and the other is aborted");
    int committed = statuses[0] == Status.OK ? 0 : 1;
    Map<String, Long> expected = new HashMap<>(Map.of("alice", 100L, "bob", 100L));
    expected.put(deposits[committed].to, 100L + deposits[committed].amount);
    assertEquals(expected, balances("tx_serial"), "only the committed transfer is stored");

    // the aborted worker's connection is usable again, as the engine's retry needs
    int aborted = 1 - committed;
    JdbcDBClient retrying = aborted == 0 ? first : second;
    assertEquals(Status.OK, retrying.transaction(TABLE, deposits[aborted].work(null)));
    expected.put(deposits[aborted].to, expected.get(deposits[aborted].from) + deposits[aborted].amount);
    assertEquals(expected, balances("tx_serial"), "the retry sees the committed transfer");
  }

  @Test
  void readCommittedLetsBothConflictingDepositsCommitAndLosesOne() throws Exception {
    SqlServer s = server();
    s.recreateDatabase("tx_lost");
    createAccounts("tx_lost", "alice", 100, "bob", 100);
    JdbcDBClient first = client("tx_lost", "jdbc.isolation", "read_committed");
    JdbcDBClient second = client("tx_lost", "jdbc.isolation", "read_committed");

    Status[] statuses = interleave(first, second, deposits(Conflict.SAME_ACCOUNT));

    assertEquals(List.of("OK", "OK"), sortedNames(statuses), "neither is aborted");
    long alice = balances("tx_lost").get("alice");
    assertNotEquals(100 + 10 + 20, alice, "both deposits of 10 and 20 stored: no update was lost");
    assertTrue(alice == 110 || alice == 120,
        "the deposit that committed last overwrote the other, computed from the same read of 100: " + alice);
  }

  /**
   * Runs conflicting transfers at {@code serializable}, both kinds of {@link Conflict} in turn, each
   * round as {@link #serializableCommitsOneOfTwoConflictingTransfersAndAbortsTheOther} checks it,
   * then ends the two bindings (their sessions close). The accounts alice and bob must exist.
   *
   * @return how many transactions came back ABORTED
   */
  int forceConflicts(String database, int rounds) throws Exception {
    JdbcDBClient first = client(database, "jdbc.isolation", "serializable");
    JdbcDBClient second = client(database, "jdbc.isolation", "serializable");
    int aborted = 0;
    for (int round = 0; round < rounds; round++) {
      Conflict conflict = Conflict.values()[round % Conflict.values().length];
      Status[] statuses = interleave(first, second, deposits(conflict));
      assertEquals(List.of("ABORTED", "OK"), sortedNames(statuses), "round " + round + ", " + conflict);
      for (Status st : statuses) {
        aborted += st.isAborted() ? 1 : 0;
      }
    }
    closeAll();
    return aborted;
  }

  // ---------------------------------------------------------------- configuration

  @Test
  void aBadIsolationLevelFailsInitWithOneClearLine() {
    DBException e = assertThrows(DBException.class,
        () -> client(server().adminDatabase(), "jdbc.isolation", "snapshot"));
    String m = e.getMessage();
    assertTrue(m.contains("jdbc.isolation") && m.contains("snapshot"), "names the property and the value: " + m);
    assertTrue(m.contains("default") && m.contains("read_committed") && m.contains("repeatable_read")
        && m.contains("serializable"), "lists the accepted values: " + m);
    assertFalse(m.contains("\n"), m);
  }

  @Test
  void shardedDatabasesRefuseTransactions() throws Exception {
    SqlServer s = server();
    s.recreateDatabase("tx_shard1");
    s.recreateDatabase("tx_shard2");
    createAccounts("tx_shard1", "alice", 100);
    createAccounts("tx_shard2", "alice", 100);
    List<String> reports = new ArrayList<>();
    JdbcDBClient db = new JdbcDBClient();
    db.setProperties(props("db.url", s.url("tx_shard1") + "," + s.url("tx_shard2"), "db.user", s.user()));
    db.init(reporting(phase.context(), reports));
    clients.add(db);

    AtomicBoolean ran = new AtomicBoolean();
    TransactionWork emptyAlice = calls -> {
      ran.set(true);
      return calls.update("alice", balance(0));
    };
    assertEquals(Status.NOT_IMPLEMENTED, db.transaction(TABLE, emptyAlice));
    assertEquals(Status.NOT_IMPLEMENTED, db.transaction(TABLE, emptyAlice));

    assertFalse(ran.get(), "the work never runs");
    assertEquals(1, reports.size(), "reported once: " + reports);
    assertTrue(reports.get(0).contains("db.url") && reports.get(0).contains("2 shards"), reports.get(0));
    assertEquals(Map.of("alice", 100L), balances("tx_shard1"));
    assertEquals(Map.of("alice", 100L), balances("tx_shard2"));
  }

  // ---------------------------------------------------------------- helpers

  /** A deposit computed from a read: {@code to} gets the balance read from {@code from} plus the amount. */
  static final class Deposit {
    final String from;
    final String to;
    final long amount;

    Deposit(String from, String to, long amount) {
      this.from = from;
      this.to = to;
      this.amount = amount;
    }

    /**
     * @param bothRead counted down after the read and awaited before the write, or null to run straight through
     * @return the work
     */
    TransactionWork work(CountDownLatch bothRead) {
      return calls -> {
        Map<String, ByteIterator> row = new HashMap<>();
        Status read = calls.read(from, Set.of(BALANCE), row);
        if (bothRead != null) {
          bothRead.countDown();
          await(bothRead, "the other transaction to read");
        }
        if (!read.isOk()) {
          return read;
        }
        return calls.update(to, balance(Long.parseLong(row.get(BALANCE).toString()) + amount));
      };
    }
  }

  static Deposit[] deposits(Conflict conflict) {
    return conflict == Conflict.SAME_ACCOUNT
        ? new Deposit[] {new Deposit("alice", "alice", 10), new Deposit("alice", "alice", 20)}
        : new Deposit[] {new Deposit("alice", "bob", 10), new Deposit("bob", "alice", 20)};
  }

  /**
   * Runs the two deposits as transactions of two bindings on two threads; both read before either
   * writes, then both write (one may wait for the other's lock).
   *
   * @return the two transactions' statuses, in the order of the deposits
   */
  Status[] interleave(JdbcDBClient first, JdbcDBClient second, Deposit[] deposits) throws Exception {
    CountDownLatch bothRead = new CountDownLatch(2);
    Future<Status> a = threads.submit(() -> first.transaction(TABLE, deposits[0].work(bothRead)));
    Future<Status> b = threads.submit(() -> second.transaction(TABLE, deposits[1].work(bothRead)));
    return new Status[] {a.get(WAIT_SECONDS, TimeUnit.SECONDS), b.get(WAIT_SECONDS, TimeUnit.SECONDS)};
  }

  static List<String> sortedNames(Status[] statuses) {
    List<String> names = new ArrayList<>();
    for (Status st : statuses) {
      names.add(st.getName());
    }
    names.sort(null);
    return names;
  }

  static void await(CountDownLatch latch, String what) {
    try {
      if (!latch.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
        throw new IllegalStateException("waited " + WAIT_SECONDS + " s for " + what);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for " + what, e);
    }
  }

  /** Makes the table and the accounts through a binding of their own, closed again (its session ends). */
  void createAccounts(String database, Object... nameBalance) throws DBException {
    JdbcDBClient loader = new JdbcDBClient();
    loader.setProperties(props("db.url", server().url(database), "db.user", server().user(),
        "jdbc.createtable", "true", "fieldcount", "1"));
    phase.init(loader);
    try {
      for (int i = 0; i < nameBalance.length; i += 2) {
        assertEquals(Status.OK, loader.insert(TABLE, (String) nameBalance[i],
            balance(((Number) nameBalance[i + 1]).longValue())));
      }
    } finally {
      loader.cleanup();
    }
  }

  /** @return a binding on one database of the server, initialized as the next worker */
  JdbcDBClient client(String database, String... moreProperties) throws DBException {
    Properties p = props("db.url", server().url(database), "db.user", server().user());
    p.putAll(props(moreProperties));
    JdbcDBClient c = new JdbcDBClient();
    c.setProperties(p);
    phase.init(c);
    clients.add(c);
    return c;
  }

  /** @return every account's balance, read behind the binding's back */
  Map<String, Long> balances(String database) throws SQLException {
    Map<String, Long> out = new HashMap<>();
    for (List<String> row : server().query(database, "SELECT YCSB_KEY, " + BALANCE + " FROM " + TABLE)) {
      out.put(row.get(0), Long.parseLong(row.get(1)));
    }
    return out;
  }

  static long readBalance(site.ycsb.TransactionCalls calls, String account) {
    Map<String, ByteIterator> row = new HashMap<>();
    assertEquals(Status.OK, calls.read(account, Set.of(BALANCE), row));
    return Long.parseLong(row.get(BALANCE).toString());
  }

  static Map<String, ByteIterator> balance(long value) {
    Map<String, ByteIterator> m = new LinkedHashMap<>();
    m.put(BALANCE, new StringByteIterator(Long.toString(value)));
    return m;
  }

  static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  /** @return the context, with each message the engine would print (once per cause) also added to {@code reports} */
  static BindingContext reporting(BindingContext context, List<String> reports) {
    Set<String> causes = new java.util.HashSet<>();
    return new BindingContext() {
      @Override
      public int workerIndex() {
        return context.workerIndex();
      }

      @Override
      public int workerCount() {
        return context.workerCount();
      }

      @Override
      public void reportOnce(String cause, String message) {
        if (causes.add(cause)) {
          reports.add(message);
        }
        context.reportOnce(cause, message);
      }

      @Override
      public <T> T shared(String key, Opener<T> opener) throws DBException {
        return context.shared(key, opener);
      }
    };
  }
}
