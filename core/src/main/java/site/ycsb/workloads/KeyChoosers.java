package site.ycsb.workloads;

import static site.ycsb.props.CoreProperties.DELETE_PROPORTION;
import static site.ycsb.props.CoreProperties.EXPONENTIAL_FRAC;
import static site.ycsb.props.CoreProperties.EXPONENTIAL_PERCENTILE;
import static site.ycsb.props.CoreProperties.HOTSPOT_DATA_FRACTION;
import static site.ycsb.props.CoreProperties.HOTSPOT_OPN_FRACTION;
import static site.ycsb.props.CoreProperties.INSERT_COUNT;
import static site.ycsb.props.CoreProperties.INSERT_PROPORTION;
import static site.ycsb.props.CoreProperties.INSERT_START;
import static site.ycsb.props.CoreProperties.READ_PROPORTION;
import static site.ycsb.props.CoreProperties.RECORD_COUNT;
import static site.ycsb.props.CoreProperties.REQUEST_DISTRIBUTION;
import static site.ycsb.props.CoreProperties.RMW_PROPORTION;
import static site.ycsb.props.CoreProperties.SCAN_PROPORTION;
import static site.ycsb.props.CoreProperties.UPDATE_PROPORTION;
import static site.ycsb.props.CoreProperties.ZIPFIAN_CONSTANT;

import java.util.Properties;
import site.ycsb.generator.CounterGenerator;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.generator.HotspotIntegerGenerator;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.generator.SequentialGenerator;
import site.ycsb.generator.SkewedLatestGenerator;
import site.ycsb.generator.UniformLongGenerator;
import site.ycsb.props.PropertyException;

/** Chooses the key generator of the run phase from {@code requestdistribution}. */
final class KeyChoosers {
  private KeyChoosers() {
  }

  /**
   * Draws that may miss the existing records before one is folded into them: a distribution over
   * keys not inserted yet (zipfian sized for the run's inserts, few records loaded) could
   * otherwise draw for a very long time.
   */
  private static final int MAX_REDRAWS = 64;

  /**
   * @param chooser the request distribution; an exponential one counts back from the newest record
   * @param last the newest record whose insert is acknowledged
   * @param firstKey the oldest record the run chooses from
   * @return the key number of an existing record
   */
  static long existing(NumberGenerator chooser, long last, long firstKey) {
    long keynum;
    int draws = 0;
    if (chooser instanceof ExponentialGenerator) {
      do {
        keynum = last - chooser.nextLong();
      } while (keynum < 0 && ++draws < MAX_REDRAWS);
    } else {
      do {
        keynum = chooser.nextLong();
      } while (keynum > last && ++draws < MAX_REDRAWS);
    }
    if (last < firstKey) {
      throw new IllegalStateException("no record to choose a key from (recordcount, insertstart, insertcount)");
    }
    if (keynum < 0 || keynum > last) {
      // rare: keep the draw's position but within the records that exist
      keynum = firstKey + Math.floorMod(keynum - firstKey, last - firstKey + 1);
    }
    return keynum;
  }

  /**
   * @param p the properties
   * @return the records this client loads: {@code insertcount}, else recordcount - insertstart
   * @throws PropertyException when they would not fit in {@code recordcount}
   */
  static long insertCount(Properties p) {
    long recordCount = RECORD_COUNT.getLong(p);
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
    return insertCount;
  }

  /** @see CoreWorkload#runPhaseProblem(Properties) */
  static String runPhaseProblem(Properties p) {
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

  static NumberGenerator fromProperties(Properties p, long insertStart, long insertCount, long operationCount,
                                        CounterGenerator insertKeys) {
    String kind = REQUEST_DISTRIBUTION.getChoice(p);
    if (insertCount <= 0 && !"latest".equals(kind) && !"exponential".equals(kind)) {
      // nothing loaded to choose from: only matters if the mix reads; keep a valid generator
      insertCount = 1;
    }
    long last = insertStart + insertCount - 1;
    double theta = ZIPFIAN_CONSTANT.getDouble(p);
    if (theta == 1.0) {
      throw new PropertyException("property zipfianconstant=1 is invalid: expected a value other than 1");
    }
    switch (kind) {
      case "zipfian":
        // leave room for the records this run inserts, so they can be chosen too
        long expectedNewKeys = (long) (operationCount * INSERT_PROPORTION.getDouble(p) * 2.0);
        return new ScrambledZipfianGenerator(insertStart, last + expectedNewKeys, theta, null);
      case "latest":
        return new SkewedLatestGenerator(insertKeys, theta, null);
      case "hotspot":
        return new HotspotIntegerGenerator(insertStart, last, HOTSPOT_DATA_FRACTION.getDouble(p),
            HOTSPOT_OPN_FRACTION.getDouble(p));
      case "sequential":
        return new SequentialGenerator(insertStart, last);
      case "exponential":
        return new ExponentialGenerator(EXPONENTIAL_PERCENTILE.getDouble(p),
            RECORD_COUNT.getLong(p) * EXPONENTIAL_FRAC.getDouble(p));
      default:
        return new UniformLongGenerator(insertStart, last);
    }
  }
}
