package site.ycsb.workloads;

import static site.ycsb.props.CoreProperties.*;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.generator.AcknowledgedCounterGenerator;
import site.ycsb.generator.CounterGenerator;
import site.ycsb.generator.DiscreteGenerator;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.UniformLongGenerator;
import site.ycsb.measurements.CompoundRecorder;
import site.ycsb.measurements.Operation;
import site.ycsb.props.PropertyException;

/**
 * The standard YCSB workload: records of {@code fieldcount} fields under keys
 * {@code user<number>}, a mix of reads, updates, inserts, scans, read-modify-writes and deletes,
 * keys chosen by a request distribution. Property names and defaults are those of YCSB, so its
 * workload files run unchanged; counts and key numbers are 64-bit.
 *
 * <p>With several client processes ({@code clientcount}), run-phase inserts of client i go to
 * key section i+1 ({@code clientkeyspace} keys each); the key choosers still see one contiguous
 * range, and the number they pick is mapped to its section afterwards.
 */
public class CoreWorkload extends Workload implements OperationPlanner {
  public static final String TABLENAME_PROPERTY = TABLE.name();
  public static final String TABLENAME_PROPERTY_DEFAULT = TABLE.defaultValue();
  public static final String FIELD_COUNT_PROPERTY = FIELD_COUNT.name();
  public static final String FIELD_COUNT_PROPERTY_DEFAULT = FIELD_COUNT.defaultValue();
  public static final String FIELD_NAME_PREFIX = site.ycsb.props.CoreProperties.FIELD_NAME_PREFIX.name();
  public static final String FIELD_NAME_PREFIX_DEFAULT =
      site.ycsb.props.CoreProperties.FIELD_NAME_PREFIX.defaultValue();
  public static final String FIELD_LENGTH_PROPERTY = FIELD_LENGTH.name();
  public static final String FIELD_LENGTH_PROPERTY_DEFAULT = FIELD_LENGTH.defaultValue();
  public static final String READ_ALL_FIELDS_PROPERTY = READ_ALL_FIELDS.name();
  public static final String WRITE_ALL_FIELDS_PROPERTY = WRITE_ALL_FIELDS.name();
  public static final String INSERT_ORDER_PROPERTY = INSERT_ORDER.name();
  public static final String REQUEST_DISTRIBUTION_PROPERTY = REQUEST_DISTRIBUTION.name();
  public static final String RECORD_COUNT_PROPERTY = RECORD_COUNT.name();
  public static final String OPERATION_COUNT_PROPERTY = OPERATION_COUNT.name();

  /** The operations of the transaction mix. */
  enum Mix { READ, UPDATE, INSERT, SCAN, READ_MODIFY_WRITE, DELETE }

  protected String table;
  private List<String> fieldNames;
  private Map<String, Set<String>> singleFieldSets;
  private Set<String> allFieldNames;
  private NumberGenerator fieldLengths;
  private boolean readAllFields;
  private boolean readAllFieldsByName;
  private boolean writeAllFields;
  private boolean dataIntegrity;
  private boolean orderedInserts;
  private int zeroPadding;
  private long recordCount;
  private int insertionRetryLimit;
  private int insertionRetryIntervalSeconds;

  private NumberGenerator loadKeys;
  private AcknowledgedCounterGenerator runInsertKeys;
  private NumberGenerator keyChooser;
  private boolean exponentialKeys;
  private NumberGenerator fieldChooser;
  private NumberGenerator scanLength;
  private DiscreteGenerator<Mix> mix;
  private KeySections sections;
  /** The smallest key number the run phase chooses from. */
  private long firstKey;

  @Override
  public void init(Properties p) throws WorkloadException {
    table = TABLE.get(p);
    int fieldCount = FIELD_COUNT.getInt(p);
    String prefix = site.ycsb.props.CoreProperties.FIELD_NAME_PREFIX.get(p);
    fieldNames = new ArrayList<>(fieldCount);
    singleFieldSets = new HashMap<>();
    for (int i = 0; i < fieldCount; i++) {
      String name = prefix + i;
      fieldNames.add(name);
      singleFieldSets.put(name, Collections.singleton(name));
    }
    allFieldNames = Collections.unmodifiableSet(new LinkedHashSet<>(fieldNames));
    fieldLengths = FieldLengths.fromProperties(p);
    readAllFields = READ_ALL_FIELDS.getBoolean(p);
    readAllFieldsByName = READ_ALL_FIELDS_BY_NAME.getBoolean(p);
    writeAllFields = WRITE_ALL_FIELDS.getBoolean(p);
    dataIntegrity = DATA_INTEGRITY.getBoolean(p);
    if (dataIntegrity && !"constant".equals(FIELD_LENGTH_DISTRIBUTION.getChoice(p))) {
      throw new PropertyException("property dataintegrity=true needs fieldlengthdistribution=constant, was "
          + FIELD_LENGTH_DISTRIBUTION.get(p));
    }
    orderedInserts = "ordered".equals(INSERT_ORDER.getChoice(p));
    zeroPadding = ZERO_PADDING.getInt(p);
    recordCount = RECORD_COUNT.getLong(p);
    insertionRetryLimit = INSERTION_RETRY_LIMIT.getInt(p);
    insertionRetryIntervalSeconds = INSERTION_RETRY_INTERVAL.getInt(p);

    long insertStart = INSERT_START.getLong(p);
    long insertCount = INSERT_COUNT.isSet(p) ? INSERT_COUNT.getLong(p) : recordCount - insertStart;
    if (!INSERT_COUNT.isSet(p) && insertStart > recordCount) {
      throw new PropertyException("insertstart=" + insertStart + " is beyond recordcount=" + recordCount
          + ": expected insertstart <= recordcount (or an insertcount)");
    }
    if (insertStart + insertCount > recordCount) {
      throw new PropertyException("insertstart=" + insertStart + " + insertcount=" + insertCount
          + " exceeds recordcount=" + recordCount + ": expected insertstart + insertcount <= recordcount");
    }
    sections = KeySections.fromProperties(p, recordCount);
    mix = OperationMix.fromProperties(p).withoutLastValue();
    loadKeys = new CounterGenerator(insertStart);
    firstKey = insertStart;
    runInsertKeys = new AcknowledgedCounterGenerator(recordCount);
    long operationCount = OPERATION_COUNT.getLong(p);
    keyChooser = KeyChoosers.fromProperties(p, insertStart, insertCount, operationCount, runInsertKeys)
        .withoutLastValue();
    exponentialKeys = keyChooser instanceof ExponentialGenerator;
    fieldChooser = new UniformLongGenerator(0, fieldCount - 1).withoutLastValue();
    int minScan = MIN_SCAN_LENGTH.getInt(p);
    int maxScan = MAX_SCAN_LENGTH.getInt(p);
    if (minScan > maxScan) {
      throw new PropertyException("minscanlength=" + minScan + " is above maxscanlength=" + maxScan
          + ": expected minscanlength <= maxscanlength");
    }
    scanLength = "zipfian".equals(SCAN_LENGTH_DISTRIBUTION.getChoice(p))
        ? new site.ycsb.generator.ZipfianGenerator(minScan, maxScan, ZIPFIAN_CONSTANT.getDouble(p))
        : new UniformLongGenerator(minScan, maxScan);
  }

  /**
   * Builds the key of a key number, as YCSB does: {@code user} followed by the number (hashed
   * unless inserts are ordered), zero-padded to {@code zeropadding} digits.
   *
   * @param keynum the key number, after section mapping
   * @return the key
   */
  protected String buildKeyName(long keynum) {
    return KeyNames.of(orderedInserts ? keynum : site.ycsb.Utils.hash(keynum), zeroPadding);
  }

  private HashMap<String, ByteIterator> buildValues(String key) {
    HashMap<String, ByteIterator> values = new HashMap<>(fieldNames.size() * 2);
    for (String field : fieldNames) {
      values.put(field, value(key, field));
    }
    return values;
  }

  private HashMap<String, ByteIterator> buildSingleValue(String key) {
    HashMap<String, ByteIterator> values = new HashMap<>(2);
    String field = fieldNames.get((int) fieldChooser.nextLong());
    values.put(field, value(key, field));
    return values;
  }

  private ByteIterator value(String key, String field) {
    if (dataIntegrity) {
      return new site.ycsb.ByteArrayByteIterator(Values.deterministic(key, field, (int) fieldLengths.nextLong()));
    }
    return new site.ycsb.RandomByteIterator(fieldLengths.nextLong());
  }

  /** What one worker reuses from operation to operation. */
  static final class WorkerState {
    /** Read results are consumed before the next operation, so one map per worker will do. */
    final HashMap<String, ByteIterator> readResult = new HashMap<>();
  }

  @Override
  public Object initThread(Properties p, int mythreadid, int threadcount) {
    return new WorkerState();
  }

  private static HashMap<String, ByteIterator> readResult(Object threadstate) {
    if (threadstate instanceof WorkerState) {
      HashMap<String, ByteIterator> m = ((WorkerState) threadstate).readResult;
      m.clear();
      return m;
    }
    return new HashMap<>();
  }

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    long keynum = loadKeys.nextLong();
    String key = buildKeyName(keynum);
    HashMap<String, ByteIterator> values = buildValues(key);
    Status status;
    int tries = 0;
    while (true) {
      status = db.insert(table, key, values);
      if (status != null && status.isOk()) {
        return true;
      }
      if (++tries > insertionRetryLimit || isStopRequested()) {
        return false;
      }
      try {
        // spread retries of many workers a little, as a fixed interval would make them collide
        long base = insertionRetryIntervalSeconds * 1000L;
        Thread.sleep((long) (base * (0.8 + 0.4 * Math.random())));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    switch (mix.nextValue()) {
      case READ:
        doTransactionRead(db, readResult(threadstate));
        break;
      case UPDATE:
        doTransactionUpdate(db);
        break;
      case INSERT:
        doTransactionInsert(db);
        break;
      case SCAN:
        doTransactionScan(db);
        break;
      case READ_MODIFY_WRITE:
        doTransactionReadModifyWrite(db, readResult(threadstate));
        break;
      default:
        doTransactionDelete(db);
        break;
    }
    return true;
  }

  /**
   * Draws that may miss the existing records before one is folded into them: a distribution over
   * keys not inserted yet (zipfian sized for the run's inserts, few records loaded) could
   * otherwise draw for a very long time.
   */
  private static final int MAX_REDRAWS = 64;

  /** @return a key number of an existing record, chosen by the request distribution */
  long nextKeynum() {
    long last = runInsertKeys.lastLong();
    long keynum;
    int draws = 0;
    if (exponentialKeys) {
      do {
        keynum = last - keyChooser.nextLong();
      } while (keynum < 0 && ++draws < MAX_REDRAWS);
    } else {
      do {
        keynum = keyChooser.nextLong();
      } while (keynum > last && ++draws < MAX_REDRAWS);
    }
    if (last < firstKey) {
      throw new IllegalStateException("no record to choose a key from (recordcount, insertstart, insertcount)");
    }
    if (keynum < 0 || keynum > last) {
      // rare: keep the draw's position but within the records that exist
      keynum = firstKey + Math.floorMod(keynum - firstKey, last - firstKey + 1);
    }
    return sections.map(keynum);
  }

  /**
   * Why a run phase of this workload could never choose a key, as one line for the user, or null
   * when it can: reads, updates, scans, deletes and read-modify-writes need at least one record.
   *
   * @param p the run's properties
   * @return the problem, or null
   */
  public static String runPhaseProblem(Properties p) {
    double needKeys = READ_PROPORTION.getDouble(p) + UPDATE_PROPORTION.getDouble(p) + SCAN_PROPORTION.getDouble(p)
        + RMW_PROPORTION.getDouble(p) + DELETE_PROPORTION.getDouble(p);
    long recordCount = RECORD_COUNT.getLong(p);
    long insertStart = INSERT_START.getLong(p);
    long insertCount = INSERT_COUNT.isSet(p) ? INSERT_COUNT.getLong(p) : recordCount - insertStart;
    if (needKeys > 0 && insertCount <= 0) {
      return "the workload reads, updates, scans, deletes or read-modify-writes but has no record to choose a key "
          + "from: recordcount=" + recordCount + ", insertstart=" + insertStart + ", insertcount=" + insertCount
          + "; expected at least one record (recordcount above insertstart, or insertcount of 1 or more), "
          + "as the load phase inserted";
    }
    return null;
  }

  private Set<String> fieldsToRead() {
    if (!readAllFields) {
      return singleFieldSets.get(fieldNames.get((int) fieldChooser.nextLong()));
    }
    return readAllFieldsByName ? allFieldNames : null;
  }

  public void doTransactionRead(DB db) {
    doTransactionRead(db, new HashMap<>());
  }

  private void doTransactionRead(DB db, HashMap<String, ByteIterator> result) {
    String key = buildKeyName(nextKeynum());
    Set<String> fields = fieldsToRead();
    Status s = db.read(table, key, fields, result);
    if (dataIntegrity && s.isOk()) {
      verify(db, key, result);
    }
  }

  private void verify(DB db, String key, Map<String, ByteIterator> result) {
    long start = System.nanoTime();
    Status verdict = Values.verify(key, result) ? Status.OK : Status.UNEXPECTED_STATE;
    if (db instanceof CompoundRecorder) {
      ((CompoundRecorder) db).recordCompound(Operation.VERIFY, start, verdict);
    }
  }

  public void doTransactionReadModifyWrite(DB db) {
    doTransactionReadModifyWrite(db, new HashMap<>());
  }

  private void doTransactionReadModifyWrite(DB db, HashMap<String, ByteIterator> result) {
    long start = System.nanoTime();
    String key = buildKeyName(nextKeynum());
    Set<String> fields = fieldsToRead();
    HashMap<String, ByteIterator> values = writeAllFields ? buildValues(key) : buildSingleValue(key);
    Status read = db.read(table, key, fields, result);
    Status update = db.update(table, key, values);
    Status overall = !read.isOk() ? read : update;
    if (db instanceof CompoundRecorder) {
      ((CompoundRecorder) db).recordCompound(Operation.READ_MODIFY_WRITE, start, overall);
    }
    if (dataIntegrity && read.isOk()) {
      verify(db, key, result);
    }
  }

  public void doTransactionScan(DB db) {
    String startKey = buildKeyName(nextKeynum());
    int length = (int) scanLength.nextLong();
    Set<String> fields = readAllFields ? (readAllFieldsByName ? allFieldNames : null) : fieldsToRead();
    db.scan(table, startKey, length, fields, new Vector<>());
  }

  public void doTransactionUpdate(DB db) {
    String key = buildKeyName(nextKeynum());
    db.update(table, key, writeAllFields ? buildValues(key) : buildSingleValue(key));
  }

  public void doTransactionInsert(DB db) {
    long keynum = runInsertKeys.nextLong();
    try {
      String key = buildKeyName(sections.map(keynum));
      db.insert(table, key, buildValues(key));
    } finally {
      runInsertKeys.acknowledge(keynum);
    }
  }

  public void doTransactionDelete(DB db) {
    db.delete(table, buildKeyName(nextKeynum()));
  }

  // --- the asynchronous path: the same operations, prepared here and made by the worker ---

  @Override
  public void plan(PlannedOperation op, Object threadstate, boolean load) {
    op.clear();
    op.table = table;
    if (load) {
      op.kind = null;
      op.key = buildKeyName(loadKeys.nextLong());
      op.values = buildValues(op.key);
      op.call = Operation.INSERT;
      return;
    }
    Mix kind = mix.nextValue();
    op.kind = kind;
    switch (kind) {
      case READ:
        op.key = buildKeyName(nextKeynum());
        op.fields = fieldsToRead();
        op.call = Operation.READ;
        break;
      case UPDATE:
        op.key = buildKeyName(nextKeynum());
        op.values = writeAllFields ? buildValues(op.key) : buildSingleValue(op.key);
        op.call = Operation.UPDATE;
        break;
      case INSERT:
        op.insertKeynum = runInsertKeys.nextLong();
        op.key = buildKeyName(sections.map(op.insertKeynum));
        op.values = buildValues(op.key);
        op.call = Operation.INSERT;
        break;
      case SCAN:
        op.key = buildKeyName(nextKeynum());
        op.scanLength = (int) scanLength.nextLong();
        op.fields = readAllFields ? (readAllFieldsByName ? allFieldNames : null) : fieldsToRead();
        op.call = Operation.SCAN;
        break;
      case READ_MODIFY_WRITE:
        op.compoundStartNanos = System.nanoTime();
        op.key = buildKeyName(nextKeynum());
        op.fields = fieldsToRead();
        op.values = writeAllFields ? buildValues(op.key) : buildSingleValue(op.key);
        op.call = Operation.READ;
        break;
      default:
        op.key = buildKeyName(nextKeynum());
        op.call = Operation.DELETE;
        break;
    }
  }

  @Override
  public PlannedOperation.Next afterCall(PlannedOperation op, Status status) {
    if (op.kind == null) {
      // a load insert: retried as doInsert retries it, the wait scheduled rather than slept
      if (status.isOk()) {
        return PlannedOperation.Next.DONE;
      }
      if (++op.insertTries > insertionRetryLimit || isStopRequested()) {
        return PlannedOperation.Next.STOP;
      }
      op.retryDelayNanos = (long) (insertionRetryIntervalSeconds * 1e9 * (0.8 + 0.4 * Math.random()));
      return PlannedOperation.Next.RETRY_LATER;
    }
    switch (op.kind) {
      case INSERT:
        runInsertKeys.acknowledge(op.insertKeynum);
        return PlannedOperation.Next.DONE;
      case READ:
        if (dataIntegrity && status.isOk()) {
          verifyPlanned(op);
        }
        return PlannedOperation.Next.DONE;
      case READ_MODIFY_WRITE:
        if (op.call == Operation.READ) {
          op.firstStatus = status;
          op.call = Operation.UPDATE;
          return PlannedOperation.Next.CALL;
        }
        op.compound = Operation.READ_MODIFY_WRITE;
        op.compoundStatus = !op.firstStatus.isOk() ? op.firstStatus : status;
        if (dataIntegrity && op.firstStatus.isOk()) {
          verifyPlanned(op);
        }
        return PlannedOperation.Next.DONE;
      default:
        return PlannedOperation.Next.DONE;
    }
  }

  private void verifyPlanned(PlannedOperation op) {
    op.verifyStartNanos = System.nanoTime();
    op.verdict = Values.verify(op.key, op.readResult) ? Status.OK : Status.UNEXPECTED_STATE;
    op.verifyEndNanos = System.nanoTime();
  }

  /** @return the field names, in order */
  public List<String> fieldNames() {
    return Collections.unmodifiableList(fieldNames);
  }
}
