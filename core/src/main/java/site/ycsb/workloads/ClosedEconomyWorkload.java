package site.ycsb.workloads;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.TransactionCalls;
import site.ycsb.TransactionWork;
import site.ycsb.TransactionalDB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.generator.DiscreteGenerator;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.UniformLongGenerator;
import site.ycsb.generator.ZipfianGenerator;
import site.ycsb.props.CoreProperties;

/**
 * A closed economy: {@code recordcount} accounts loaded with one balance each, whose total no
 * transaction may change. The run transfers {@code closedeconomy.amount} between two accounts (a
 * transaction that reads both and writes both), reads single accounts, and audits (reads every
 * account in one transaction). The accounts are chosen by {@code requestdistribution} (uniform, or
 * zipfian with {@code zipfianconstant}: the low-numbered accounts hot, for contention).
 *
 * <p>The load puts every account at its initial balance (an insert, or an update where the
 * account is there already), so each run after a load starts from the same economy.
 *
 * <p>Every transfer this client saw committed goes into a {@link TransferLedger}; after the phase
 * the engine reads every account ({@link #check(DB)}) and counts the anomalies: balances that are
 * not their initial balance plus the committed transfers. An audit that commits with another total
 * is an inconsistent read. A transaction the database aborted is retried by the engine
 * ({@code transaction.retries}) and counted once; one that failed otherwise has an unknown
 * outcome, never made twice, counted as uncertain.
 */
public class ClosedEconomyWorkload extends Workload {
  /**
   * The field holding an account's balance, a decimal number: the record's first field
   * ({@code fieldnameprefix} and 0, {@code field0}), so the tables bindings make for YCSB's records
   * (JDBC's {@code jdbc.createtable}, Cassandra's schema) hold it.
   */
  private String balanceField;
  private Set<String> balanceOnly;

  private String table;
  private int accounts;
  private long firstAccount;
  private long initialBalance;
  private long amount;
  private boolean asTransactions;
  private NumberGenerator chooser;
  private DiscreteGenerator mix;
  private AtomicLong nextLoaded;
  private long loadEnd;
  private TransferLedger ledger;

  @Override
  public void init(Properties p) throws WorkloadException {
    long count = CoreProperties.RECORD_COUNT.getLong(p);
    if (count < 2 || count > Integer.MAX_VALUE) {
      throw new WorkloadException("closed economy: recordcount=" + count + " accounts; expected 2 to "
          + Integer.MAX_VALUE);
    }
    table = CoreProperties.TABLE.get(p);
    balanceField = CoreProperties.FIELD_NAME_PREFIX.get(p) + "0";
    balanceOnly = Set.of(balanceField);
    long[] share = share(p, count);
    firstAccount = share[0];
    accounts = (int) share[1];
    if (accounts < 2) {
      throw new WorkloadException("closed economy: this client's share of the accounts is " + accounts
          + "; expected at least 2 (recordcount=" + count + " among clientcount clients)");
    }
    nextLoaded = new AtomicLong(firstAccount);
    loadEnd = firstAccount + accounts;
    initialBalance = ClosedEconomyProperties.INITIAL_BALANCE.getLong(p);
    amount = ClosedEconomyProperties.AMOUNT.getLong(p);
    asTransactions = ClosedEconomyProperties.TRANSACTIONS.getBoolean(p);
    mix = new DiscreteGenerator();
    addKind(ClosedEconomyProperties.TRANSFER_PROPORTION.getDouble(p), "TRANSFER");
    addKind(ClosedEconomyProperties.READ_PROPORTION.getDouble(p), "READ");
    addKind(ClosedEconomyProperties.AUDIT_PROPORTION.getDouble(p), "AUDIT");
    if (mix.nextValue() == null) {
      throw new WorkloadException("closed economy: closedeconomy.transferproportion, readproportion and"
          + " auditproportion are all 0; expected at least one above 0");
    }
    String distribution = CoreProperties.REQUEST_DISTRIBUTION.get(p);
    if ("uniform".equals(distribution)) {
      chooser = new UniformLongGenerator(0, accounts - 1);
    } else if ("zipfian".equals(distribution)) {
      chooser = new ZipfianGenerator(0, accounts - 1, CoreProperties.ZIPFIAN_CONSTANT.getDouble(p));
    } else {
      throw new WorkloadException("closed economy: requestdistribution=" + distribution
          + "; expected uniform or zipfian");
    }
    ledger = new TransferLedger(accounts);
  }

  /**
   * This client's accounts: the load's share (insertstart and insertcount, which the load sets for
   * each of clientcount clients), and the same share in the run, so that each client's transfers
   * and check stay within accounts of its own and the clients' figures add up exactly.
   *
   * @return the first account and the number of accounts
   */
  private static long[] share(Properties p, long count) {
    if (CoreProperties.INSERT_START.isSet(p) || CoreProperties.INSERT_COUNT.isSet(p)) {
      return new long[] {CoreProperties.INSERT_START.getLong(p), KeyChoosers.insertCount(p)};
    }
    int clients = CoreProperties.CLIENT_COUNT.getInt(p);
    int id = CoreProperties.CLIENT_ID.getInt(p);
    long base = count / clients;
    long extra = count % clients;
    return new long[] {id * base + Math.min(id, extra), base + (id < extra ? 1 : 0)};
  }

  private void addKind(double weight, String kind) {
    if (weight > 0) {
      mix.addValue(weight, kind);
    }
  }

  /** @return the transfers this client saw, for the check after the phase */
  public TransferLedger ledger() {
    return ledger;
  }

  /** @return whether transfers and audits are made as transactions ({@code closedeconomy.transactions}) */
  public boolean asTransactions() {
    return asTransactions;
  }

  /**
   * Reads every account through {@code db} (a binding of its own, initialized) and compares each
   * with its initial balance plus the committed transfers.
   *
   * @return the anomalies found
   */
  public EconomyCheck check(DB db) {
    return EconomyCheck.of(db, table, this, ledger);
  }

  long initialBalance() {
    return initialBalance;
  }

  long amount() {
    return amount;
  }

  /** @return the key of this client's account {@code i} (0-based in its share) */
  String accountKey(long i) {
    return "account" + (firstAccount + i);
  }

  /** @return the fields an account's read asks for: its balance */
  Set<String> balanceOnly() {
    return balanceOnly;
  }

  /** @return the balance in a row read, null when it has none or it is not a number */
  Long balanceOf(Map<String, ByteIterator> row) {
    ByteIterator v = row.get(balanceField);
    if (v == null) {
      return null;
    }
    try {
      return Long.parseLong(v.toString().trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private Map<String, ByteIterator> balance(long value) {
    Map<String, ByteIterator> values = new HashMap<>();
    values.put(balanceField, new StringByteIterator(Long.toString(value)));
    return values;
  }

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    long n = nextLoaded.getAndIncrement();
    if (n >= loadEnd) {
      return false;
    }
    String key = "account" + n;
    Status s = db.insert(table, key, balance(initialBalance));
    if (s == null || !s.isOk()) {
      // the account is there from an earlier load (a database refuses a second insert): a load
      // puts every account back at its initial balance, so that each run starts from it
      s = db.update(table, key, balance(initialBalance));
    }
    return s != null && s.isOk();
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    String kind = mix.nextValue();
    if ("TRANSFER".equals(kind)) {
      transfer(db);
    } else if ("AUDIT".equals(kind)) {
      audit(db);
    } else {
      db.read(table, accountKey(chooser.nextValue().longValue()), balanceOnly, new HashMap<>());
    }
    return true;
  }

  private void transfer(DB db) {
    int from = chooser.nextValue().intValue();
    int to = chooser.nextValue().intValue();
    while (to == from) {
      to = chooser.nextValue().intValue();
    }
    Transfer work = new Transfer(from, to);
    Status s = ((TransactionalDB) db).transaction(table, work);
    if (s != null && s.isOk()) {
      ledger.committed(from, to, amount);
    } else if (s != null && s.isAborted()) {
      ledger.noteGivenUp();
    } else if (work.own == null || work.own.isOk()) {
      // the work asked to commit and the commit failed otherwise: it may have been applied
      ledger.noteUncertain();
    }
  }

  private void audit(DB db) {
    Audit work = new Audit();
    Status s = ((TransactionalDB) db).transaction(table, work);
    if (s != null && s.isOk()) {
      ledger.audited(work.total == (long) accounts * initialBalance);
    }
  }

  /** Moves {@link #amount} from one account to another: reads both, writes both. */
  private final class Transfer implements TransactionWork {
    private final int from;
    private final int to;
    /** What the last attempt's work returned; null before it ran. */
    Status own;

    Transfer(int from, int to) {
      this.from = from;
      this.to = to;
    }

    @Override
    public Status run(TransactionCalls calls) {
      own = move(calls);
      return own;
    }

    private Status move(TransactionCalls calls) {
      Map<String, ByteIterator> a = new HashMap<>();
      Map<String, ByteIterator> b = new HashMap<>();
      Status s = calls.read(accountKey(from), balanceOnly, a);
      if (!s.isOk()) {
        return s;
      }
      s = calls.read(accountKey(to), balanceOnly, b);
      if (!s.isOk()) {
        return s;
      }
      Long fromBalance = balanceOf(a);
      Long toBalance = balanceOf(b);
      if (fromBalance == null || toBalance == null) {
        return Status.UNEXPECTED_STATE;
      }
      // the lower-numbered account first, in every transfer: two transfers that lock the same two
      // accounts in opposite orders deadlock, and a database then waits to detect it (PostgreSQL a
      // second) before it aborts one; the count of anomalies would be the same, the throughput not
      Map<String, ByteIterator> debit = balance(fromBalance - amount);
      Map<String, ByteIterator> credit = balance(toBalance + amount);
      s = from < to ? calls.update(accountKey(from), debit) : calls.update(accountKey(to), credit);
      if (!s.isOk()) {
        return s;
      }
      return from < to ? calls.update(accountKey(to), credit) : calls.update(accountKey(from), debit);
    }

    @Override
    public boolean asTransaction() {
      return asTransactions;
    }
  }

  /** Reads every account and adds up their balances. */
  private final class Audit implements TransactionWork {
    long total;

    @Override
    public Status run(TransactionCalls calls) {
      total = 0;
      for (int i = 0; i < accounts; i++) {
        Map<String, ByteIterator> row = new HashMap<>();
        Status s = calls.read(accountKey(i), balanceOnly, row);
        if (!s.isOk()) {
          return s;
        }
        Long balance = balanceOf(row);
        if (balance == null) {
          return Status.UNEXPECTED_STATE;
        }
        total += balance;
      }
      return Status.OK;
    }

    @Override
    public boolean readOnly() {
      return true;
    }

    @Override
    public boolean asTransaction() {
      return asTransactions;
    }
  }
}
