package site.ycsb.workloads;

import static site.ycsb.props.CoreProperties.DELETE_PROPORTION;
import static site.ycsb.props.CoreProperties.INSERT_PROPORTION;
import static site.ycsb.props.CoreProperties.READ_PROPORTION;
import static site.ycsb.props.CoreProperties.RMW_PROPORTION;
import static site.ycsb.props.CoreProperties.SCAN_PROPORTION;
import static site.ycsb.props.CoreProperties.UPDATE_PROPORTION;

import java.util.Properties;
import site.ycsb.generator.DiscreteGenerator;
import site.ycsb.props.PropertyDef;
import site.ycsb.props.PropertyException;

/** Reads the operation proportions and checks that they describe a whole mix. */
final class OperationMix {
  private static final double TOLERANCE = 1e-6;

  private OperationMix() {
  }

  static DiscreteGenerator<CoreWorkload.Mix> fromProperties(Properties p) {
    PropertyDef[] defs = {READ_PROPORTION, UPDATE_PROPORTION, INSERT_PROPORTION, SCAN_PROPORTION,
        RMW_PROPORTION, DELETE_PROPORTION};
    CoreWorkload.Mix[] ops = {CoreWorkload.Mix.READ, CoreWorkload.Mix.UPDATE, CoreWorkload.Mix.INSERT,
        CoreWorkload.Mix.SCAN, CoreWorkload.Mix.READ_MODIFY_WRITE, CoreWorkload.Mix.DELETE};
    DiscreteGenerator<CoreWorkload.Mix> mix = new DiscreteGenerator<>();
    double sum = 0;
    StringBuilder given = new StringBuilder();
    for (int i = 0; i < defs.length; i++) {
      double share = defs[i].getDouble(p);
      sum += share;
      mix.addValue(share, ops[i]);
      if (share > 0) {
        given.append(given.length() == 0 ? "" : ", ").append(defs[i].name()).append('=').append(defs[i].get(p))
            .append(defs[i].isSet(p) ? "" : " (default)");
      }
    }
    if (Math.abs(sum - 1.0) > TOLERANCE) {
      throw new PropertyException("operation proportions sum to " + (Math.round(sum * 1e6) / 1e6)
          + ", expected 1 (" + (given.length() == 0 ? "all are 0" : given) + ")");
    }
    return mix;
  }
}
