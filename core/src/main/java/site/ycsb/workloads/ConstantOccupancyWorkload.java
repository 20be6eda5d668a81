package site.ycsb.workloads;

import java.util.Properties;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.props.CoreProperties;

/**
 * The core workload sized by storage rather than by counts: it keeps a store filled to a fixed
 * fraction of a given capacity and then overwrites it, age after age, which is what fragments
 * storage engines that reuse freed space (Sears and van Ingen, "Fragmentation in Large Object
 * Repositories", CIDR 2007).
 *
 * <p>From {@code disksize} (bytes the store can hold), {@code occupancy} (the fraction to fill) and
 * the records' mean size ({@code fieldcount} times the mean of {@code fieldlength}'s distribution),
 * {@link #init} works out how many records fit and sets {@code recordcount} and {@code insertcount}
 * to that, and {@code operationcount} to {@code storageages} times that: each age replaces the
 * whole store once on average. Counts given by the user are replaced (the engine notes each
 * change), as the workload's purpose is to decide them. Everything else is {@link CoreWorkload}'s.
 */
public class ConstantOccupancyWorkload extends CoreWorkload {
  /** How many times the operations replace the store's contents on average. */
  public static final String STORAGE_AGE_PROPERTY = "storageages";
  public static final long STORAGE_AGE_PROPERTY_DEFAULT = 10;

  /** The bytes the store can hold. */
  public static final String DISK_SIZE_PROPERTY = "disksize";
  public static final long DISK_SIZE_PROPERTY_DEFAULT = 100L * 1000 * 1000;

  /** The fraction of {@code disksize} the records fill. */
  public static final String OCCUPANCY_PROPERTY = "occupancy";
  public static final double OCCUPANCY_PROPERTY_DEFAULT = 0.9;

  @Override
  public void init(Properties p) throws WorkloadException {
    long diskSize = ConstantOccupancyProperties.DISK_SIZE.getLong(p);
    long ages = ConstantOccupancyProperties.STORAGE_AGES.getLong(p);
    double occupancy = ConstantOccupancyProperties.OCCUPANCY.getDouble(p);
    double recordBytes = getFieldLengthGenerator(p).mean() * CoreProperties.FIELD_COUNT.getInt(p);
    long records = (long) (occupancy * diskSize / recordBytes);
    if (records == 0) {
      throw new WorkloadException(DISK_SIZE_PROPERTY + "=" + diskSize + " at " + OCCUPANCY_PROPERTY + "="
          + occupancy + " holds no record of " + (long) recordBytes + " bytes: expected a larger " + DISK_SIZE_PROPERTY);
    }
    p.setProperty(CoreProperties.RECORD_COUNT.name(), Long.toString(records));
    p.setProperty(Workload.INSERT_COUNT_PROPERTY, Long.toString(records));
    p.setProperty(CoreProperties.OPERATION_COUNT.name(), Long.toString(Math.multiplyExact(ages, records)));
    super.init(p);
  }
}
