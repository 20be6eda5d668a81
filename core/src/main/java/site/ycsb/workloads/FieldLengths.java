package site.ycsb.workloads;

import static site.ycsb.props.CoreProperties.FIELD_LENGTH;
import static site.ycsb.props.CoreProperties.FIELD_LENGTH_DISTRIBUTION;
import static site.ycsb.props.CoreProperties.FIELD_LENGTH_HISTOGRAM;
import static site.ycsb.props.CoreProperties.MAX_SCAN_LENGTH;
import static site.ycsb.props.CoreProperties.MIN_FIELD_LENGTH;
import static site.ycsb.props.CoreProperties.MIN_SCAN_LENGTH;
import static site.ycsb.props.CoreProperties.SCAN_LENGTH_DISTRIBUTION;
import static site.ycsb.props.CoreProperties.ZIPFIAN_CONSTANT;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Properties;
import site.ycsb.generator.ConstantIntegerGenerator;
import site.ycsb.generator.HistogramGenerator;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.UniformLongGenerator;
import site.ycsb.generator.ZipfianGenerator;
import site.ycsb.props.PropertyException;

/** Chooses the generators of field lengths ({@code fieldlengthdistribution}) and scan lengths. */
final class FieldLengths {
  private FieldLengths() {
  }

  /**
   * @param p the properties
   * @return the generator of scan lengths from {@code scanlengthdistribution}, {@code minscanlength}
   *     and {@code maxscanlength}
   */
  static NumberGenerator scanLengths(Properties p) {
    int min = MIN_SCAN_LENGTH.getInt(p);
    int max = MAX_SCAN_LENGTH.getInt(p);
    if (min > max) {
      throw new PropertyException("minscanlength=" + min + " is above maxscanlength=" + max
          + ": expected minscanlength <= maxscanlength");
    }
    return "zipfian".equals(SCAN_LENGTH_DISTRIBUTION.getChoice(p))
        ? new ZipfianGenerator(min, max, ZIPFIAN_CONSTANT.getDouble(p))
        : new UniformLongGenerator(min, max);
  }

  static NumberGenerator fromProperties(Properties p) {
    int max = FIELD_LENGTH.getInt(p);
    int min = MIN_FIELD_LENGTH.getInt(p);
    String kind = FIELD_LENGTH_DISTRIBUTION.getChoice(p);
    if (!"constant".equals(kind) && !"histogram".equals(kind) && min > max) {
      throw new PropertyException("minfieldlength=" + min + " is above fieldlength=" + max
          + ": expected minfieldlength <= fieldlength");
    }
    switch (kind) {
      case "uniform":
        return new UniformLongGenerator(min, max);
      case "zipfian":
        return new ZipfianGenerator(min, max, ZIPFIAN_CONSTANT.getDouble(p));
      case "histogram":
        String file = FIELD_LENGTH_HISTOGRAM.get(p);
        try {
          return HistogramGenerator.fromFile(Path.of(file));
        } catch (IOException e) {
          throw new PropertyException("property fieldlengthhistogram=" + file + " cannot be used: "
              + site.ycsb.props.FileProblems.reason(e));
        } catch (IllegalArgumentException e) {
          throw new PropertyException("property fieldlengthhistogram=" + file + " cannot be used: " + e.getMessage());
        }
      default:
        return new ConstantIntegerGenerator(max);
    }
  }
}
