package site.ycsb.workloads;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.RandomByteIterator;
import site.ycsb.WorkloadException;
import site.ycsb.generator.DiscreteGenerator;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.generator.HotspotIntegerGenerator;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.UniformLongGenerator;
import site.ycsb.generator.ZipfianGenerator;
import site.ycsb.props.CoreProperties;

/**
 * Requests to a web service rather than records of a database: each operation names a URL taken
 * from a trace file of its own (one URL per line), as upstream's REST binding expects. The binding
 * receives the URL as the key and {@code null} as the table; an insert or update carries one field,
 * {@code data}, of random bytes whose length follows {@code fieldlength}'s distribution.
 *
 * <p>Properties, beyond {@link CoreWorkload}'s proportions and {@code requestdistribution}:
 * <ul>
 * <li>{@code url.trace.read}, {@code url.trace.insert}, {@code url.trace.update},
 *     {@code url.trace.delete}: the trace of each operation (defaults {@code readtrace.txt},
 *     {@code inserttrace.txt}, {@code updatetrace.txt}, {@code deletetrace.txt});
 * <li>{@code readrecordcount}, {@code insertrecordcount}, {@code updaterecordcount},
 *     {@code deleterecordcount}: how many lines of each trace are used (default all);
 * <li>{@code readzipfconstant}, {@code insertzipfconstant}, {@code updatezipfconstant},
 *     {@code deletezipfconstant}: the skew of each operation's URL choice under
 *     {@code requestdistribution=zipfian} (default 0.99);
 * <li>{@code insertsizezipfconstant}: the skew of the value length under
 *     {@code fieldlengthdistribution=zipfian} (default 0.99);
 * <li>{@code deleteproportion}: the share of deletes (default 0).
 * </ul>
 * Only the traces of operations that have a share are read, so a read-only run needs only a read
 * trace. The load phase does nothing: what a service holds is the service's business.
 */
public class RestWorkload extends CoreWorkload {
  /** The share of operations that are deletes. */
  public static final String DELETE_PROPORTION_PROPERTY = "deleteproportion";
  public static final String DELETE_PROPORTION_PROPERTY_DEFAULT = "0.00";

  /** Upstream's name for a file of field lengths; the lengths here follow {@code fieldlengthdistribution}. */
  public static final String FIELD_LENGTH_DISTRIBUTION_FILE_PROPERTY = "fieldlengthdistfile";
  public static final String FIELD_LENGTH_DISTRIBUTION_FILE_PROPERTY_DEFAULT = "fieldLengthDistFile.txt";

  /** One operation's trace and how its URLs are chosen. */
  private static final class Trace {
    private final List<String> urls;
    private final NumberGenerator chooser;

    Trace(List<String> urls, NumberGenerator chooser) {
      this.urls = urls;
      this.chooser = chooser;
    }

    String next() {
      return urls.get((int) Math.min(urls.size() - 1, Math.max(0, chooser.nextValue().longValue())));
    }
  }

  private Trace reads;
  private Trace inserts;
  private Trace updates;
  private Trace deletes;
  private NumberGenerator valueLength;
  private DiscreteGenerator operations;

  @Override
  public void init(Properties p) throws WorkloadException {
    operations = createOperationGenerator(p);
    String distribution = CoreProperties.REQUEST_DISTRIBUTION.get(p);
    reads = trace(p, "read", CoreProperties.READ_PROPORTION.getDouble(p) + CoreProperties.SCAN_PROPORTION.getDouble(p)
        + CoreProperties.RMW_PROPORTION.getDouble(p), distribution);
    inserts = trace(p, "insert", CoreProperties.INSERT_PROPORTION.getDouble(p), distribution);
    updates = trace(p, "update", CoreProperties.UPDATE_PROPORTION.getDouble(p), distribution);
    deletes = trace(p, "delete", CoreProperties.DELETE_PROPORTION.getDouble(p), distribution);
    valueLength = getFieldLengthGenerator(p);
  }

  /**
   * @return {@link CoreWorkload}'s operation mix, which here draws {@code DELETE} too, at
   *     {@code deleteproportion}
   */
  public static DiscreteGenerator createOperationGenerator(Properties p) {
    return CoreWorkload.createOperationGenerator(p);
  }

  /** @return {@link CoreWorkload}'s value lengths, with {@code insertsizezipfconstant} as a zipfian's skew */
  protected static NumberGenerator getFieldLengthGenerator(Properties p) throws WorkloadException {
    if (!"zipfian".equals(CoreProperties.FIELD_LENGTH_DISTRIBUTION.get(p))) {
      return CoreWorkload.getFieldLengthGenerator(p);
    }
    return new ZipfianGenerator(1, CoreProperties.FIELD_LENGTH.getLong(p),
        RestWorkloadProperties.INSERT_SIZE_ZIPF_CONSTANT.getDouble(p));
  }

  /** Nothing to load: the service's contents are not the benchmark's to write. */
  @Override
  public boolean doInsert(DB db, Object threadstate) {
    return false;
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    String operation = operations.nextValue();
    if (operation == null) {
      return false;
    }
    switch (operation) {
    case "INSERT":
      doTransactionInsert(db);
      break;
    case "UPDATE":
      doTransactionUpdate(db);
      break;
    case "DELETE":
      doTransactionDelete(db);
      break;
    default:
      // a scan or read-modify-write of a URL is a GET too
      doTransactionRead(db);
    }
    return true;
  }

  @Override
  public void doTransactionRead(DB db) {
    db.read(null, reads.next(), null, new HashMap<>());
  }

  @Override
  public void doTransactionInsert(DB db) {
    db.insert(null, inserts.next(), body());
  }

  @Override
  public void doTransactionUpdate(DB db) {
    db.update(null, updates.next(), body());
  }

  @Override
  public void doTransactionDelete(DB db) {
    db.delete(null, deletes.next());
  }

  private HashMap<String, ByteIterator> body() {
    HashMap<String, ByteIterator> value = new HashMap<>();
    value.put("data", new RandomByteIterator(valueLength.nextValue().longValue()));
    return value;
  }

  /** @return the operation's trace, or null when the operation has no share of the mix */
  private static Trace trace(Properties p, String operation, double share, String distribution)
      throws WorkloadException {
    if (share <= 0) {
      return null;
    }
    String fileProperty = RestWorkloadProperties.TRACE.get(operation).name();
    String file = RestWorkloadProperties.TRACE.get(operation).get(p);
    long limit = RestWorkloadProperties.RECORD_COUNT.get(operation).getLong(p);
    List<String> urls = new ArrayList<>();
    try (Stream<String> lines = Files.lines(Path.of(file), StandardCharsets.UTF_8)) {
      lines.map(String::trim).filter(l -> !l.isEmpty()).limit(limit).forEach(urls::add);
    } catch (NoSuchFileException e) {
      throw new WorkloadException(fileProperty + "=" + file + ": no such file (a trace of URLs, one per line)");
    } catch (IOException | InvalidPathException | java.io.UncheckedIOException e) {
      throw new WorkloadException(fileProperty + "=" + file + ": cannot be read: " + e.getMessage());
    }
    if (urls.isEmpty()) {
      throw new WorkloadException(fileProperty + "=" + file + " has no URL, and " + operation
          + "s have a share of the mix: expected one URL per line");
    }
    double skew = RestWorkloadProperties.ZIPF_CONSTANT.get(operation).getDouble(p);
    return new Trace(urls, chooser(p, distribution, urls.size(), skew));
  }

  private static NumberGenerator chooser(Properties p, String distribution, int urls, double skew)
      throws WorkloadException {
    switch (distribution) {
    case "uniform":
      return new UniformLongGenerator(0, urls - 1);
    case "zipfian":
      return new ZipfianGenerator(urls, skew);
    case "exponential":
      return new ExponentialGenerator(CoreProperties.EXPONENTIAL_PERCENTILE.getDouble(p),
          urls * CoreProperties.EXPONENTIAL_FRAC.getDouble(p));
    case "hotspot":
      return new HotspotIntegerGenerator(0, urls - 1,
          CoreProperties.HOTSPOT_DATA_FRACTION.getDouble(p), CoreProperties.HOTSPOT_OPN_FRACTION.getDouble(p));
    default:
      throw new WorkloadException(REQUEST_DISTRIBUTION_PROPERTY + "=" + distribution
          + ": expected uniform, zipfian, exponential or hotspot for RestWorkload (a trace has no latest URL)");
    }
  }
}
