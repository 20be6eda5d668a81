package site.ycsb.db;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.servererrors.DefaultWriteType;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.TransactionWork;
import site.ycsb.db.cassandra.CassandraConfig;
import site.ycsb.db.cassandra.CassandraRequests;
import site.ycsb.db.cassandra.CassandraTransactions;
import site.ycsb.runner.ErrorLog;
import site.ycsb.runner.SharedResources;
import site.ycsb.runner.WorkerContext;
import site.ycsb.testsupport.Accounts;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * Transactions against the real test server, as the closed economy makes them: transfers between
 * two accounts (read both, write both) with {@code cassandra.transactions=lwt} and {@code plain}.
 * Another client's change is made from inside the work, between its reads and its commit, through
 * a binding and session of its own, so every conflict is forced, with no timing involved.
 */
@ExtendWith({CassandraTestServer.Extension.class, ServerLogsOnFailure.class})
class CassandraTransactionsTest {
  private static final String KS = "transactions_test";
  private static final String TABLE = "accounts";
  /** The closed economy keeps an account's balance in the record's first field. */
  private static final String BALANCE = "field0";
  private static final Set<String> BALANCE_ONLY = Set.of(BALANCE);
  private static final long OPENING = 100;
  /** No TRUNCATE between tests (slow on Cassandra): each test has accounts of its own. */
  private static final AtomicInteger ROUND = new AtomicInteger();

  private final Clients clients = new Clients();
  /** The phase of the workers under test, whose one-line reports are captured. */
  private final ByteArrayOutputStream told = new ByteArrayOutputStream();
  private final ErrorLog errors = new ErrorLog(new PrintStream(told, true, UTF_8));
  private final SharedResources shared = new SharedResources(errors);
  private final List<CassandraCQLClient> workers = new ArrayList<>();
  /** Another client, on a session of its own: changes accounts outside the transaction under test. */
  private CassandraCQLClient other;
  private String a;
  private String b;

  @BeforeAll
  static void schema() throws DBException {
    try (Clients c = new Clients()) {
      c.open(properties("lwt", "cassandra.createschema", "true"));
    }
  }

  @BeforeEach
  void openAccounts() throws DBException {
    int round = ROUND.incrementAndGet();
    a = "account" + round + "a";
    b = "account" + round + "b";
    other = clients.open(properties("lwt"));
    assertEquals(Status.OK, other.insert(TABLE, a, balance(OPENING)));
    assertEquals(Status.OK, other.insert(TABLE, b, balance(OPENING)));
  }

  @AfterEach
  void close() throws DBException {
    try {
      for (CassandraCQLClient w : workers) {
        w.cleanup();
      }
    } finally {
      shared.close();
      clients.close();
    }
  }

  private static String[] properties(String mode, String... more) {
    String[] base = {"cassandra.keyspace", KS, "table", TABLE, "fieldcount", "1", "cassandra.transactions", mode};
    return Clients.serverProperties(Clients.concat(base, more));
  }

  /** @return a worker of the phase under test, on the blocking path unless {@code inflight} &gt; 0 */
  private CassandraCQLClient worker(String mode, int inflight, String... more) throws DBException {
    CassandraCQLClient db = Clients.create(properties(mode, more));
    db.init(new WorkerContext(workers.size(), workers.size() + 1, inflight, errors, shared));
    workers.add(db);
    return db;
  }

  private static Map<String, ByteIterator> balance(long amount) {
    return Accounts.balance(BALANCE, amount);
  }

  private static long balanceOf(Map<String, ByteIterator> record) {
    return Accounts.balanceOf(BALANCE, record);
  }

  /** @return the account's balance as the server holds it, read with CQL */
  private static long stored(String account) {
    return Long.parseLong(CassandraTestServer.get().admin().execute(SimpleStatement.newInstance(
        "SELECT " + BALANCE + " FROM " + KS + "." + TABLE + " WHERE y_id = ?", account)).one().getString(0));
  }

  /**
   * @param meanwhile runs after both reads, before the work returns
   * @return a transfer's work as the closed economy's: reads both accounts, then writes both, the
   *     debit first
   */
  private static TransactionWork transfer(String from, String to, long amount, Runnable meanwhile) {
    return Accounts.transfer(BALANCE, from, to, amount, meanwhile);
  }

  /** The other client deposits into an account, in a transaction of its own, committed at once. */
  private void deposit(String account, long amount) {
    assertEquals(Status.OK, other.transaction(TABLE, calls -> {
      Map<String, ByteIterator> r = new HashMap<>();
      Status s = calls.read(account, BALANCE_ONLY, r);
      return s.isOk() ? calls.update(account, balance(balanceOf(r) + amount)) : s;
    }));
  }

  /** @return the captured lines the binding told, beginning with "cassandra: " */
  private List<String> toldLines() {
    return told.toString(UTF_8).lines().filter(l -> l.startsWith("cassandra: ")).collect(Collectors.toList());
  }

  @ParameterizedTest(name = "cassandra.transactions={0}")
  @ValueSource(strings = {"lwt", "plain"})
  void aCommittedTransferAppliesBothUpdates(String mode) throws Exception {
    CassandraCQLClient db = worker(mode, 0);
    assertEquals(Status.OK, db.transaction(TABLE, transfer(a, b, 30, () -> { })));
    assertEquals(70, stored(a));
    assertEquals(130, stored(b));
    // and again, from what the first one wrote
    assertEquals(Status.OK, db.transaction(TABLE, transfer(b, a, 5, () -> { })));
    assertEquals(75, stored(a));
    assertEquals(125, stored(b));
  }

  @ParameterizedTest(name = "cassandra.transactions={0}")
  @ValueSource(strings = {"lwt", "plain"})
  void aWorkReturningAnotherStatusWritesNothing(String mode) throws Exception {
    CassandraCQLClient db = worker(mode, 0);
    Status own = Status.UNEXPECTED_STATE;
    Status got = db.transaction(TABLE, calls -> {
      calls.read(a, BALANCE_ONLY, new HashMap<>());
      calls.update(a, balance(0));
      calls.update(b, balance(0));
      return own;
    });
    assertSame(own, got, "the work's own status");
    assertEquals(OPENING, stored(a));
    assertEquals(OPENING, stored(b));
  }

  @ParameterizedTest(name = "cassandra.transactions={0}")
  @ValueSource(strings = {"lwt", "plain"})
  void aTransactionWhoseReadFailedIsNeverCommitted(String mode) throws Exception {
    CassandraCQLClient db = worker(mode, 0);
    // the work goes on after the failed read (no such column) and asks to commit: the failure is the answer
    Status got = db.transaction(TABLE, calls -> {
      calls.read(a, Set.of("nosuchfield"), new HashMap<>());
      calls.update(b, balance(0));
      return Status.OK;
    });
    assertEquals(Status.BAD_REQUEST, got);
    assertEquals(OPENING, stored(b));
  }

  @ParameterizedTest(name = "cassandra.useprepared={0}")
  @ValueSource(booleans = {true, false})
  void withLwtAChangeOfTheFirstAccountAbortsAndNothingOfTheTransferIsApplied(boolean prepared) throws Exception {
    CassandraCQLClient db = worker("lwt", 0, "cassandra.useprepared", Boolean.toString(prepared));
    assertEquals(Status.aborted("condition not met"),
        db.transaction(TABLE, transfer(a, b, 30, () -> deposit(a, 50))));
    assertEquals(150, stored(a), "the other client's deposit stays");
    assertEquals(OPENING, stored(b), "none of the aborted transfer's writes is applied");

    // made again, as the engine retries it, the transfer commits on the balances it now reads
    assertEquals(Status.OK, db.transaction(TABLE, transfer(a, b, 30, () -> { })));
    assertEquals(120, stored(a));
    assertEquals(130, stored(b));
    assertEquals(List.of(), toldLines(), "an abort is no failure to tell");
  }

  @Test
  void withLwtAChangeOfTheSecondAccountLeavesTheTransferAppliedInPart() throws Exception {
    CassandraCQLClient db = worker("lwt", 0);
    Status got = db.transaction(TABLE, transfer(a, b, 30, () -> deposit(b, 50)));
    assertFalse(got.isAborted(), "the debit is applied: the transfer must not be made again");
    assertEquals(Status.UNEXPECTED_STATE, got);
    assertSame(CassandraTransactions.APPLIED_IN_PART, got);
    assertEquals(70, stored(a), "the first update (the debit) is applied and stays");
    assertEquals(150, stored(b), "the second is not: the other client's deposit stays, the credit is lost");

    // a second transfer applied in part is counted by the engine, not told again
    assertSame(CassandraTransactions.APPLIED_IN_PART, db.transaction(TABLE, transfer(a, b, 10, () -> deposit(b, 1))));
    assertEquals(60, stored(a));
    assertEquals(151, stored(b));
    List<String> lines = toldLines();
    assertEquals(1, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(0).contains("applied in part") && lines.get(0).contains("UNEXPECTED_STATE"), lines.get(0));
  }

  @Test
  void withLwtARecordReadAsMissingIsWrittenOnlyWhileItIsStillMissing() throws Exception {
    CassandraCQLClient db = worker("lwt", 0);
    String c = a + "new";
    TransactionWork open = calls -> {
      Status s = calls.read(c, BALANCE_ONLY, new HashMap<>());
      return Status.NOT_FOUND.equals(s) ? calls.update(c, balance(5)) : Status.UNEXPECTED_STATE;
    };
    // IF field0 = null: holds for a record that does not exist
    assertEquals(Status.OK, db.transaction(TABLE, open));
    assertEquals(5, stored(c));

    String d = a + "raced";
    Runnable meanwhile = () -> assertEquals(Status.OK, other.insert(TABLE, d, balance(7)));
    Status got = db.transaction(TABLE, calls -> {
      Status s = calls.read(d, BALANCE_ONLY, new HashMap<>());
      meanwhile.run();
      return Status.NOT_FOUND.equals(s) ? calls.update(d, balance(5)) : Status.UNEXPECTED_STATE;
    });
    assertEquals(Status.aborted("condition not met"), got, "the record appeared after the transaction found it missing");
    assertEquals(7, stored(d));
  }

  @Test
  void withPlainTheSameInterleavingCommitsAndLosesTheOtherWrite() throws Exception {
    other = clients.open(properties("plain"));
    CassandraCQLClient db = worker("plain", 0);
    assertEquals(Status.OK, db.transaction(TABLE, transfer(a, b, 30, () -> deposit(a, 50))));
    // the transfer wrote 100 - 30 over the deposit's 150: 50 went in and is gone
    assertEquals(70, stored(a));
    assertEquals(130, stored(b));
  }

  @ParameterizedTest(name = "the conditional update #{0} times out")
  @ValueSource(ints = {1, 2})
  void aTimedOutConditionalUpdateIsUncertainNeverAborted(int failing) throws Exception {
    // a Paxos round that times out (write type CAS) cannot be had on demand from one idle node: the
    // server's answer is stood in for at the session, the rest goes to the real server
    CqlSession real = CassandraTestServer.get().admin();
    int[] conditional = {0};
    CqlSession timingOut = (CqlSession) Proxy.newProxyInstance(CqlSession.class.getClassLoader(),
        new Class<?>[] {CqlSession.class}, (proxy, method, args) -> {
          if ("execute".equals(method.getName()) && args.length == 1 && args[0] instanceof Statement
              && cql((Statement<?>) args[0]).contains(" IF ") && ++conditional[0] == failing) {
            throw new WriteTimeoutException(null, DefaultConsistencyLevel.SERIAL, 0, 1, DefaultWriteType.CAS);
          }
          try {
            return method.invoke(real, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
    Properties p = new Properties();
    String[] pairs = properties("lwt");
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    CassandraConfig config = CassandraConfig.from(p);
    WorkerContext context = new WorkerContext(0, 1, errors, shared);
    CassandraTransactions transactions = CassandraTransactions.of(timingOut, new CassandraRequests(real, config),
        config, context);

    Status got = transactions.transaction(TABLE, transfer(a, b, 30, () -> { }));
    assertEquals(Status.TIMEOUT, got, "its outcome is unknown: not ABORTED, which the engine would make again");
    assertEquals(failing == 1 ? OPENING : 70, stored(a));
    assertEquals(OPENING, stored(b));
    assertTrue(toldLines().stream().anyMatch(l -> l.contains("TIMEOUT")), told.toString(UTF_8));
  }

  private static String cql(Statement<?> statement) {
    if (statement instanceof BoundStatement) {
      return ((BoundStatement) statement).getPreparedStatement().getQuery();
    }
    return statement instanceof SimpleStatement ? ((SimpleStatement) statement).getQuery() : "";
  }

  @Test
  void aBadTransactionsValueFailsInitNamingTheProperty() {
    DBException e = assertThrows(DBException.class, () -> clients.open(properties("serializable")));
    assertTrue(e.getMessage().contains("cassandra.transactions"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void theAsynchronousSideRefusesTransactionsAndSaysSoOnce() throws Exception {
    CassandraCQLClient db = worker("lwt", 4);
    for (int i = 0; i < 3; i++) {
      assertEquals(Status.NOT_IMPLEMENTED, db.transaction(TABLE, transfer(a, b, 1, () -> { })));
    }
    List<String> lines = toldLines();
    assertEquals(1, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(0).contains("blocking path only"), lines.get(0));
    assertEquals(OPENING, stored(a));
  }
}
