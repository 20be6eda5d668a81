package site.ycsb.workloads;

import static site.ycsb.props.CoreProperties.FIELD_LENGTH;
import static site.ycsb.props.CoreProperties.FIELD_LENGTH_DISTRIBUTION;
import static site.ycsb.props.CoreProperties.FIELD_LENGTH_HISTOGRAM;
import static site.ycsb.props.CoreProperties.MIN_FIELD_LENGTH;
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

/** Chooses the generator of field lengths from {@code fieldlengthdistribution}. */
final class FieldLengths {
  private FieldLengths() {
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
