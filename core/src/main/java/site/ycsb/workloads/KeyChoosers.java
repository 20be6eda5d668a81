package site.ycsb.workloads;

import static site.ycsb.props.CoreProperties.EXPONENTIAL_FRAC;
import static site.ycsb.props.CoreProperties.EXPONENTIAL_PERCENTILE;
import static site.ycsb.props.CoreProperties.HOTSPOT_DATA_FRACTION;
import static site.ycsb.props.CoreProperties.HOTSPOT_OPN_FRACTION;
import static site.ycsb.props.CoreProperties.INSERT_PROPORTION;
import static site.ycsb.props.CoreProperties.RECORD_COUNT;
import static site.ycsb.props.CoreProperties.REQUEST_DISTRIBUTION;
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
