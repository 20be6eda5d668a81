package site.ycsb.db;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.TransactionCalls;
import site.ycsb.TransactionWork;
import site.ycsb.runner.ErrorLog;
import site.ycsb.runner.SharedResources;
import site.ycsb.runner.WorkerContext;
import site.ycsb.testsupport.Accounts;
import site.ycsb.testsupport.junit.RedisServerExtension;
import site.ycsb.testsupport.junit.ServerLogsOnFailure;

/**
 * Transactions against one real redis-server, as the closed-economy workload makes them: transfers
 * between two accounts (read both, write both), with {@code redis.watch} and without. Another
 * worker's change is made from inside the work, between its reads and its commit, so every
 * conflict is forced and counted, with no timing involved.
 */
@ExtendWith(ServerLogsOnFailure.class)
class RedisTransactionsTest {
  private static final String TABLE = "usertable";
  private static final String BALANCE = "balance";
  private static final Set<String> BALANCE_ONLY = Set.of(BALANCE);
  private static final long OPENING = 100;
  @RegisterExtension
  static final RedisServerExtension REDIS = new RedisServerExtension();

  private final Clients clients = new Clients();
  /** Another worker: changes accounts outside any transaction. */
  private RedisClient other;

  @BeforeEach
  void openAccounts() throws Exception {
    REDIS.server().cli("FLUSHALL");
    other = clients.open(REDIS.server());
    assertEquals(Status.OK, other.insert(TABLE, "account0", balance(OPENING)));
    assertEquals(Status.OK, other.insert(TABLE, "account1", balance(OPENING)));
    REDIS.server().cli("CONFIG", "RESETSTAT"); // the command counts below are the test's alone
  }

  @AfterEach
  void close() throws Exception {
    clients.closeAll();
  }

  private RedisClient worker(boolean watch) throws DBException {
    return clients.open(REDIS.server(), "redis.watch", Boolean.toString(watch));
  }

  private static Map<String, ByteIterator> balance(long amount) {
    return Accounts.balance(BALANCE, amount);
  }

  private static long balanceOf(Map<String, ByteIterator> record) {
    return Accounts.balanceOf(BALANCE, record);
  }

  /** @return the account's balance as the server holds it */
  private static long stored(String account) {
    return Long.parseLong(REDIS.server().cli("HGET", account, BALANCE).trim());
  }

  /**
   * @param meanwhile runs after both reads, before the work returns
   * @return a transfer's work: reads both accounts, writes both
   */
  private static TransactionWork transfer(String from, String to, long amount, Runnable meanwhile) {
    return Accounts.transfer(BALANCE, from, to, amount, meanwhile);
  }

  /** The other worker deposits into an account: reads it, then writes it, outside any transaction. */
  private void deposit(String account, long amount) {
    Map<String, ByteIterator> r = new HashMap<>();
    assertEquals(Status.OK, other.read(TABLE, account, BALANCE_ONLY, r));
    assertEquals(Status.OK, other.update(TABLE, account, balance(balanceOf(r) + amount)));
  }

  @ParameterizedTest(name = "redis.watch={0}")
  @ValueSource(booleans = {true, false})
  void aCommittedTransferAppliesBothUpdatesInOneExec(boolean watch) throws Exception {
    RedisClient db = worker(watch);
    assertEquals(Status.OK, db.transaction(TABLE, transfer("account0", "account1", 30, () -> { })));
    assertEquals(70, stored("account0"));
    assertEquals(130, stored("account1"));
    assertEquals(1, REDIS.server().commandCalls("exec"));
    assertEquals(2, REDIS.server().commandCalls("hset"));
    assertEquals(watch ? 2 : 0, REDIS.server().commandCalls("watch"));
  }

  @ParameterizedTest(name = "redis.watch={0}")
  @ValueSource(booleans = {true, false})
  void aWorkReturningAnotherStatusWritesNothingAndLeavesNoWatchBehind(boolean watch) throws Exception {
    RedisClient db = worker(watch);
    Status own = Status.UNEXPECTED_STATE;
    Status got = db.transaction(TABLE, calls -> {
      calls.read("account0", BALANCE_ONLY, new HashMap<>());
      calls.update("account0", balance(0));
      calls.update("account1", balance(0));
      return own;
    });
    assertSame(own, got);
    assertEquals(OPENING, stored("account0"));
    assertEquals(OPENING, stored("account1"));
    assertEquals(0, REDIS.server().commandCalls("multi"));
    assertEquals(watch ? 1 : 0, REDIS.server().commandCalls("unwatch"));

    // a WATCH left on the connection would abort the worker's next transaction once account0 changed
    deposit("account0", 5);
    assertEquals(Status.OK, db.transaction(TABLE, calls -> calls.update("account1", balance(42))));
    assertEquals(42, stored("account1"));
  }

  @Test
  void withWatchAChangeBetweenReadAndCommitAbortsAndTheOtherWriteStays() throws Exception {
    RedisClient db = worker(true);
    TransactionWork work = transfer("account0", "account1", 30, () -> deposit("account0", 50));
    assertEquals(Status.aborted("watched key changed"), db.transaction(TABLE, work));
    assertEquals(150, stored("account0"), "the deposit stays");
    assertEquals(OPENING, stored("account1"), "none of the aborted transfer's writes is applied");

    // made again, as the engine retries it, the transfer commits on the balance it now reads
    assertEquals(Status.OK, db.transaction(TABLE, transfer("account0", "account1", 30, () -> { })));
    assertEquals(120, stored("account0"));
    assertEquals(130, stored("account1"));
  }

  @Test
  void withoutWatchTheSameInterleavingCommitsAndLosesTheOtherWrite() throws Exception {
    RedisClient db = worker(false);
    TransactionWork work = transfer("account0", "account1", 30, () -> deposit("account0", 50));
    assertEquals(Status.OK, db.transaction(TABLE, work));
    // the transfer wrote 100 - 30 over the deposit's 150: 250 went in, 200 is left
    assertEquals(70, stored("account0"));
    assertEquals(130, stored("account1"));
  }

  @Test
  void everyForcedConflictIsOneAbortAndThereIsNoOther() throws Exception {
    RedisClient db = worker(true);
    int rounds = 30;
    int forced = 0;
    int aborted = 0;
    int committed = 0;
    long deposits0 = 0;
    long deposits1 = 0;
    for (int i = 0; i < rounds; i++) {
      Runnable meanwhile;
      if (i % 3 == 0) {
        meanwhile = () -> deposit("account0", 1);
        forced++;
        deposits0++;
      } else if (i % 3 == 1) {
        meanwhile = () -> deposit("account1", 1);
        forced++;
        deposits1++;
      } else {
        // a change to a record the transfer did not read aborts nothing
        int round = i;
        meanwhile = () -> assertEquals(Status.OK, other.update(TABLE, "bystander", balance(round)));
      }
      Status s = db.transaction(TABLE, transfer("account0", "account1", 10, meanwhile));
      if (s.isAborted()) {
        aborted++;
      } else {
        assertEquals(Status.OK, s);
        committed++;
      }
    }
    assertEquals(forced, aborted);
    assertEquals(rounds - forced, committed);
    // the server holds the committed transfers and every deposit, nothing of the aborted transfers
    assertEquals(OPENING - 10L * committed + deposits0, stored("account0"));
    assertEquals(OPENING + 10L * committed + deposits1, stored("account1"));
    assertEquals(rounds, REDIS.server().commandCalls("exec"), "every attempt reached EXEC");
    assertEquals(2L * committed + rounds, REDIS.server().commandCalls("hset"),
        "the committed transfers' two HSETs and the other worker's one per round; none of an aborted EXEC");
  }

  @Test
  void aReadOnlyAuditAbortsWhenAnAccountItAlreadyReadChanged() throws Exception {
    RedisClient db = worker(true);
    long[] total = new long[1];
    Runnable[] meanwhile = {() -> { }};
    TransactionWork audit = new TransactionWork() {
      @Override
      public Status run(TransactionCalls calls) {
        total[0] = 0;
        for (String account : List.of("account0", "account1")) {
          Map<String, ByteIterator> r = new HashMap<>();
          Status s = calls.read(account, BALANCE_ONLY, r);
          if (!s.isOk()) {
            return s;
          }
          total[0] += balanceOf(r);
          meanwhile[0].run();
        }
        return Status.OK;
      }

      @Override
      public boolean readOnly() {
        return true;
      }
    };
    assertEquals(Status.OK, db.transaction(TABLE, audit));
    assertEquals(2 * OPENING, total[0]);

    // a transfer between the audit's two reads: it saw account0 before and account1 after (a wrong
    // total), and the EXEC that ends it tells so
    boolean[] moved = {false};
    meanwhile[0] = () -> {
      if (!moved[0]) {
        moved[0] = true;
        assertEquals(Status.OK, other.update(TABLE, "account0", balance(OPENING - 40)));
        assertEquals(Status.OK, other.update(TABLE, "account1", balance(OPENING + 40)));
      }
    };
    assertEquals(Status.aborted("watched key changed"), db.transaction(TABLE, audit));
    assertEquals(2 * OPENING + 40, total[0]);
  }

  @Test
  void aTransactionWithAFailedReadIsNeverCommitted() throws Exception {
    REDIS.server().cli("SET", "notahash", "x");
    RedisClient db = worker(true);
    // the work goes on after the failed read and asks to commit: the failure is the answer
    Status got = db.transaction(TABLE, calls -> {
      calls.read("notahash", null, new HashMap<>());
      calls.update("account0", balance(0));
      return Status.OK;
    });
    assertEquals(Status.ERROR, got);
    assertEquals(OPENING, stored("account0"));
    assertEquals(0, REDIS.server().commandCalls("exec"));
    // an error reply leaves the connection usable, with nothing watched
    REDIS.server().cli("SET", "notahash", "y");
    assertEquals(Status.OK, db.transaction(TABLE, calls -> calls.update("account1", balance(7))));
    assertEquals(7, stored("account1"));
  }

  @Test
  void aBadWatchValueFailsInitNamingTheProperty() {
    DBException e = assertThrows(DBException.class, () -> clients.open(REDIS.server(), "redis.watch", "maybe"));
    assertTrue(e.getMessage().contains("redis.watch=maybe"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void theAsynchronousSideRefusesTransactionsAndSaysSoOnce() throws Exception {
    ByteArrayOutputStream told = new ByteArrayOutputStream();
    ErrorLog errors = new ErrorLog(new PrintStream(told, true, UTF_8));
    SharedResources shared = new SharedResources(errors);
    RedisClient db = Clients.create("redis.host", REDIS.server().host(),
        "redis.port", Integer.toString(REDIS.server().port()));
    try {
      db.init(new WorkerContext(0, 1, 4, errors, shared));
      for (int i = 0; i < 3; i++) {
        assertEquals(Status.NOT_IMPLEMENTED, db.transaction(TABLE, transfer("account0", "account1", 1, () -> { })));
      }
    } finally {
      db.cleanup();
      shared.close();
    }
    List<String> lines = told.toString(UTF_8).lines().filter(l -> l.startsWith("redis: ")).collect(Collectors.toList());
    assertEquals(1, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(0).contains("blocking path only"), lines.get(0));
    assertEquals(OPENING, stored("account0"));
  }
}
