package site.ycsb.workloads;

import static site.ycsb.props.CoreProperties.*;

import java.util.HashMap;
import java.util.List;
import java.util.Properties;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.durability.DurabilityTracker;
import site.ycsb.generator.AcknowledgedCounterGenerator;
import site.ycsb.generator.CounterGenerator;
import site.ycsb.generator.DiscreteGenerator;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.UniformLongGenerator;
import site.ycsb.measurements.Measurements;
import site.ycsb.props.CoreProperties;
import site.ycsb.props.PropertyException;

/**
 * The standard YCSB workload: records of {@code fieldcount} fields under keys
 * {@code user<number>}, a mix of reads, updates, inserts, scans, read-modify-writes and deletes,
 * keys chosen by a request distribution. Property names and defaults are those of YCSB, so its
 * workload files run unchanged; counts and key numbers are 64-bit.
 *
 * <p>A workload written for upstream YCSB may extend this class as it did there: the protected
 * generators and settings ({@link #keychooser}, {@link #operationchooser}, {@link #fieldchooser},
 * {@link #keysequence}, ...) are the ones the run draws from, read on every operation, so a
 * subclass that replaces one after {@code super.init} changes what the run does, and an
 * overridden {@code doTransactionRead} (or any {@code doTransaction*}) is what the mix calls.
 *
 * <p>With several client processes ({@code clientcount}), run-phase inserts of client i go to
 * key section i+1 ({@code clientkeyspace} keys each); the key choosers still see one contiguous
 * range, and the number they pick is mapped to its section afterwards.
 */
public class CoreWorkload extends Workload implements OperationPlanner {
  // upstream's property names and defaults, each taken from the engine's one declaration of it
  public static final String TABLENAME_PROPERTY = TABLE.name();
  public static final String TABLENAME_PROPERTY_DEFAULT = TABLE.defaultValue();
  public static final String FIELD_COUNT_PROPERTY = FIELD_COUNT.name();
  public static final String FIELD_COUNT_PROPERTY_DEFAULT = FIELD_COUNT.defaultValue();
  public static final String FIELD_NAME_PREFIX = CoreProperties.FIELD_NAME_PREFIX.name();
  public static final String FIELD_NAME_PREFIX_DEFAULT =
      CoreProperties.FIELD_NAME_PREFIX.defaultValue();
  public static final String FIELD_LENGTH_DISTRIBUTION_PROPERTY = FIELD_LENGTH_DISTRIBUTION.name();
  public static final String FIELD_LENGTH_DISTRIBUTION_PROPERTY_DEFAULT = FIELD_LENGTH_DISTRIBUTION.defaultValue();
  public static final String FIELD_LENGTH_PROPERTY = FIELD_LENGTH.name();
  public static final String FIELD_LENGTH_PROPERTY_DEFAULT = FIELD_LENGTH.defaultValue();
  public static final String MIN_FIELD_LENGTH_PROPERTY = MIN_FIELD_LENGTH.name();
  public static final String MIN_FIELD_LENGTH_PROPERTY_DEFAULT = MIN_FIELD_LENGTH.defaultValue();
  public static final String FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY = FIELD_LENGTH_HISTOGRAM.name();
  public static final String FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY_DEFAULT = FIELD_LENGTH_HISTOGRAM.defaultValue();
  public static final String READ_ALL_FIELDS_PROPERTY = READ_ALL_FIELDS.name();
  public static final String READ_ALL_FIELDS_PROPERTY_DEFAULT = READ_ALL_FIELDS.defaultValue();
  public static final String WRITE_ALL_FIELDS_PROPERTY = WRITE_ALL_FIELDS.name();
  public static final String WRITE_ALL_FIELDS_PROPERTY_DEFAULT = WRITE_ALL_FIELDS.defaultValue();
  public static final String DATA_INTEGRITY_PROPERTY = DATA_INTEGRITY.name();
  public static final String DATA_INTEGRITY_PROPERTY_DEFAULT = DATA_INTEGRITY.defaultValue();
  public static final String READ_PROPORTION_PROPERTY = READ_PROPORTION.name();
  public static final String READ_PROPORTION_PROPERTY_DEFAULT = READ_PROPORTION.defaultValue();
  public static final String UPDATE_PROPORTION_PROPERTY = UPDATE_PROPORTION.name();
  public static final String UPDATE_PROPORTION_PROPERTY_DEFAULT = UPDATE_PROPORTION.defaultValue();
  public static final String INSERT_PROPORTION_PROPERTY = INSERT_PROPORTION.name();
  public static final String INSERT_PROPORTION_PROPERTY_DEFAULT = INSERT_PROPORTION.defaultValue();
  public static final String SCAN_PROPORTION_PROPERTY = SCAN_PROPORTION.name();
  public static final String SCAN_PROPORTION_PROPERTY_DEFAULT = SCAN_PROPORTION.defaultValue();
  public static final String READMODIFYWRITE_PROPORTION_PROPERTY = RMW_PROPORTION.name();
  public static final String READMODIFYWRITE_PROPORTION_PROPERTY_DEFAULT = RMW_PROPORTION.defaultValue();
  public static final String REQUEST_DISTRIBUTION_PROPERTY = REQUEST_DISTRIBUTION.name();
  public static final String REQUEST_DISTRIBUTION_PROPERTY_DEFAULT = REQUEST_DISTRIBUTION.defaultValue();
  public static final String ZERO_PADDING_PROPERTY = ZERO_PADDING.name();
  public static final String ZERO_PADDING_PROPERTY_DEFAULT = ZERO_PADDING.defaultValue();
  public static final String MIN_SCAN_LENGTH_PROPERTY = MIN_SCAN_LENGTH.name();
  public static final String MIN_SCAN_LENGTH_PROPERTY_DEFAULT = MIN_SCAN_LENGTH.defaultValue();
  public static final String MAX_SCAN_LENGTH_PROPERTY = MAX_SCAN_LENGTH.name();
  public static final String MAX_SCAN_LENGTH_PROPERTY_DEFAULT = MAX_SCAN_LENGTH.defaultValue();
  public static final String SCAN_LENGTH_DISTRIBUTION_PROPERTY = SCAN_LENGTH_DISTRIBUTION.name();
  public static final String SCAN_LENGTH_DISTRIBUTION_PROPERTY_DEFAULT = SCAN_LENGTH_DISTRIBUTION.defaultValue();
  public static final String INSERT_ORDER_PROPERTY = INSERT_ORDER.name();
  public static final String INSERT_ORDER_PROPERTY_DEFAULT = INSERT_ORDER.defaultValue();
  public static final String HOTSPOT_DATA_FRACTION = CoreProperties.HOTSPOT_DATA_FRACTION.name();
  public static final String HOTSPOT_DATA_FRACTION_DEFAULT =
      CoreProperties.HOTSPOT_DATA_FRACTION.defaultValue();
  public static final String HOTSPOT_OPN_FRACTION = CoreProperties.HOTSPOT_OPN_FRACTION.name();
  public static final String HOTSPOT_OPN_FRACTION_DEFAULT =
      CoreProperties.HOTSPOT_OPN_FRACTION.defaultValue();
  public static final String INSERTION_RETRY_LIMIT = CoreProperties.INSERTION_RETRY_LIMIT.name();
  public static final String INSERTION_RETRY_LIMIT_DEFAULT =
      CoreProperties.INSERTION_RETRY_LIMIT.defaultValue();
  public static final String INSERTION_RETRY_INTERVAL =
      CoreProperties.INSERTION_RETRY_INTERVAL.name();
  public static final String INSERTION_RETRY_INTERVAL_DEFAULT =
      CoreProperties.INSERTION_RETRY_INTERVAL.defaultValue();
  /** Not in upstream's class: the engine's {@code recordcount}, as {@code Client.RECORD_COUNT_PROPERTY}. */
  public static final String RECORD_COUNT_PROPERTY = RECORD_COUNT.name();
  /** Not in upstream's class: the engine's {@code operationcount}. */
  public static final String OPERATION_COUNT_PROPERTY = OPERATION_COUNT.name();

  /** The operations of the transaction mix. */
  enum Mix { READ, UPDATE, INSERT, SCAN, READ_MODIFY_WRITE, DELETE }

  /** The table records are written to ({@code table}). */
  protected String table;
  /** Field lengths of written values ({@code fieldlengthdistribution}). */
  protected NumberGenerator fieldlengthgenerator;
  /** Whether reads and scans fetch every field ({@code readallfields}). */
  protected boolean readallfields;
  /** Whether updates write every field ({@code writeallfields}). */
  protected boolean writeallfields;
  /** Key numbers of the load phase's inserts, from {@code insertstart}. */
  protected NumberGenerator keysequence;
  /** The transaction mix: draws upstream's operation names ({@code READ}, {@code UPDATE}, ...). */
  protected DiscreteGenerator operationchooser;
  /** Key numbers of the run phase's reads, updates, scans and deletes ({@code requestdistribution}). */
  protected NumberGenerator keychooser;
  /** The field a single-field read or update uses, as an index into the field names. */
  protected NumberGenerator fieldchooser;
  /** Key numbers of the run phase's inserts; its last value bounds the keys that may be chosen. */
  protected AcknowledgedCounterGenerator transactioninsertkeysequence;
  /** Records per scan ({@code scanlengthdistribution}). */
  protected NumberGenerator scanlength;
  /** Whether keys are the key number itself ({@code insertorder=ordered}) or its hash. */
  protected boolean orderedinserts;
  /** Fields per record ({@code fieldcount}). */
  protected long fieldcount;
  /** Records loaded ({@code recordcount}). */
  protected long recordcount;
  /** Digits the number in a key is padded to ({@code zeropadding}). */
  protected int zeropadding;
  /** Retries of a failed load insert ({@code core_workload_insertion_retry_limit}). */
  protected int insertionRetryLimit;
  /** Seconds between those retries ({@code core_workload_insertion_retry_interval}). */
  protected int insertionRetryInterval;

  private RecordFields fields;
  /**
   * The stamps of what this client writes and the judging of what it reads ({@code durability=true});
   * none until {@code init}, which a subclass of its own may not call.
   */
  private WriteStamps stamps = new WriteStamps(null, 0);
  /** The kinds of operation: the mix's, by {@link Mix} ordinal, then the load insert. */
  private CoreOperation[] kinds;
  private CoreOperation loadInsert;
  /**
   * The operations of the mix a subclass makes itself ({@code doTransactionRead} overridden, say):
   * the mix calls those methods; the others it makes with the worker's reused operation.
   */
  private java.util.EnumSet<Mix> replaced;

  /**
   * Upstream's generator of field lengths from {@code fieldlengthdistribution}, {@code fieldlength},
   * {@code minfieldlength} and {@code fieldlengthhistogram}.
   *
   * @param p the properties
   * @return the generator
   * @throws WorkloadException never; a bad value is a {@link PropertyException} naming the property
   */
  protected static NumberGenerator getFieldLengthGenerator(Properties p) throws WorkloadException {
    return FieldLengths.fromProperties(p);
  }

  /**
   * Upstream's operation mix from the {@code *proportion} properties: draws {@code READ},
   * {@code UPDATE}, {@code INSERT}, {@code SCAN}, {@code READMODIFYWRITE} and {@code DELETE}.
   *
   * @param p the properties
   * @return the mix
   * @throws PropertyException when the proportions do not sum to 1
   */
  protected static DiscreteGenerator createOperationGenerator(Properties p) {
    if (p == null) {
      throw new IllegalArgumentException("properties must not be null");
    }
    return OperationMix.fromProperties(p);
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    table = TABLE.get(p);
    int fieldCount = FIELD_COUNT.getInt(p);
    fieldcount = fieldCount;
    fields = new RecordFields(CoreProperties.FIELD_NAME_PREFIX.get(p), fieldCount);
    fieldlengthgenerator = getFieldLengthGenerator(p);
    readallfields = READ_ALL_FIELDS.getBoolean(p);
    writeallfields = WRITE_ALL_FIELDS.getBoolean(p);
    boolean dataintegrity = DATA_INTEGRITY.getBoolean(p);
    if (dataintegrity && !"constant".equals(FIELD_LENGTH_DISTRIBUTION.getChoice(p))) {
      throw new PropertyException("property dataintegrity=true needs fieldlengthdistribution=constant, was "
          + FIELD_LENGTH_DISTRIBUTION.get(p));
    }
    stamps = new WriteStamps(DURABILITY.getBoolean(p)
        ? new DurabilityTracker(CLIENT_ID.getInt(p), (long) DURABILITY_CLOCK_TOLERANCE.getDouble(p), table,
            this::buildKeyName) : null, fieldCount);
    orderedinserts = "ordered".equals(INSERT_ORDER.getChoice(p));
    zeropadding = ZERO_PADDING.getInt(p);
    recordcount = RECORD_COUNT.getLong(p);
    insertionRetryLimit = CoreProperties.INSERTION_RETRY_LIMIT.getInt(p);
    insertionRetryInterval = CoreProperties.INSERTION_RETRY_INTERVAL.getInt(p);

    long insertStart = INSERT_START.getLong(p);
    long insertCount = KeyChoosers.insertCount(p);
    KeySections sections = KeySections.fromProperties(p, recordcount);
    operationchooser = createOperationGenerator(p).withoutLastValue();
    keysequence = new CounterGenerator(insertStart);
    transactioninsertkeysequence = new AcknowledgedCounterGenerator(recordcount);
    long operationCount = OPERATION_COUNT.getLong(p);
    keychooser = KeyChoosers.fromProperties(p, insertStart, insertCount, operationCount,
        transactioninsertkeysequence).withoutLastValue();
    fieldchooser = new UniformLongGenerator(0, fieldCount - 1).withoutLastValue();
    scanlength = FieldLengths.scanLengths(p);
    replaced = Overrides.replacedOperations(getClass());
    RecordDraws draws = new RecordDraws(this, fields, READ_ALL_FIELDS_BY_NAME.getBoolean(p), dataintegrity,
        sections, insertStart);
    kinds = CoreOperation.kinds(draws, stamps);
    loadInsert = kinds[kinds.length - 1];
  }

  /**
   * Builds the key of a key number, as YCSB does: {@code user} followed by the number (hashed
   * unless inserts are ordered), zero-padded to {@code zeropadding} digits.
   *
   * @param keynum the key number, after section mapping
   * @return the key
   */
  protected String buildKeyName(long keynum) {
    return KeyNames.of(orderedinserts ? keynum : site.ycsb.Utils.hash(keynum), zeropadding);
  }

  /**
   * @return what this client wrote and the database acknowledged, for the verification pass;
   *     null without {@code durability=true}
   */
  public DurabilityTracker durability() {
    return stamps.tracker();
  }

  @Override
  public Object initThread(Properties p, int mythreadid, int threadcount) {
    return new WorkerState();
  }

  // --- the blocking adapter: upstream's methods, each making the planned operation here and now ---

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    PlannedOperation op = WorkerState.operationOf(threadstate);
    loadInsert.plan(op);
    return WorkerState.callsOf(threadstate).make(this, op, db);
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    String operation = operationchooser.nextValue();
    if (operation == null) {
      return false;
    }
    Mix kind = OperationMix.kindOf(operation);
    if (replaced.contains(kind)) {
      Overrides.makeOwn(this, kind, db);
      return true;
    }
    PlannedOperation op = WorkerState.operationOf(threadstate);
    kinds[kind.ordinal()].plan(op);
    WorkerState.callsOf(threadstate).make(this, op, db);
    return true;
  }

  /** Makes one operation of the mix for a caller without the worker's state: upstream's doTransaction* methods. */
  private void make(DB db, Mix kind) {
    PlannedOperation op = new PlannedOperation();
    kinds[kind.ordinal()].plan(op);
    OperationPlanner.makeNow(this, op, db);
  }

  /**
   * Why a run phase of this workload could never choose a key, as one line for the user, or null
   * when it can: reads, updates, scans, deletes and read-modify-writes need at least one record.
   *
   * @param p the run's properties
   * @return the problem, or null
   */
  public static String runPhaseProblem(Properties p) {
    return KeyChoosers.runPhaseProblem(p);
  }

  /**
   * Checks values read against those written ({@code dataintegrity=true}) and records the check
   * as {@code [VERIFY]}, for subclasses that read records themselves, as upstream's did.
   *
   * @param key the record's key
   * @param cells the values read
   */
  protected void verifyRow(String key, HashMap<String, ByteIterator> cells) {
    long start = System.nanoTime();
    Status verdict = Values.verdict(key, cells, stamps.stampBytes());
    Measurements m = Measurements.getMeasurements();
    m.measure(site.ycsb.measurements.Operation.VERIFY.label(), (int) ((System.nanoTime() - start) / 1000));
    m.reportStatus(site.ycsb.measurements.Operation.VERIFY.label(), verdict);
  }

  /** Reads one record chosen by the request distribution. */
  public void doTransactionRead(DB db) {
    make(db, Mix.READ);
  }

  /** Reads one record and updates it, recorded as one {@code READ-MODIFY-WRITE} besides the two calls. */
  public void doTransactionReadModifyWrite(DB db) {
    make(db, Mix.READ_MODIFY_WRITE);
  }

  /** Scans from a record chosen by the request distribution. */
  public void doTransactionScan(DB db) {
    make(db, Mix.SCAN);
  }

  /** Updates one record chosen by the request distribution. */
  public void doTransactionUpdate(DB db) {
    make(db, Mix.UPDATE);
  }

  /** Inserts the next record of the run phase. */
  public void doTransactionInsert(DB db) {
    make(db, Mix.INSERT);
  }

  /** Deletes one record chosen by the request distribution ({@code deleteproportion}). */
  public void doTransactionDelete(DB db) {
    make(db, Mix.DELETE);
  }

  // --- the planned operations, made by either worker ---

  @Override
  public void plan(PlannedOperation op, Object threadstate, boolean load) {
    if (load) {
      loadInsert.plan(op);
      return;
    }
    String name = operationchooser.nextValue();
    if (name == null) {
      throw new IllegalStateException("the operation mix (operationchooser) gave no operation");
    }
    kinds[OperationMix.kindOf(name).ordinal()].plan(op);
  }

  @Override
  public PlannedOperation.Next afterCall(PlannedOperation op, Status status) {
    CoreOperation.State s = CoreOperation.stateOf(op);
    return kinds[s.kind].afterCall(op, s, status);
  }

  /** @return the field names, in order */
  public List<String> fieldNames() {
    return fields.names();
  }
}
