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

/**
 * Reads the operation proportions and checks that they describe a whole mix. The mix draws
 * upstream's operation names ({@code READ}, {@code UPDATE}, {@code INSERT}, {@code SCAN},
 * {@code READMODIFYWRITE}, and {@code DELETE} for {@code deleteproportion}), so that a workload
 * extending {@link CoreWorkload} finds the names it knows in {@code operationchooser}.
 */
final class OperationMix {
  private static final double TOLERANCE = 1e-6;
  private static final PropertyDef[] PROPORTIONS = {READ_PROPORTION, UPDATE_PROPORTION, INSERT_PROPORTION,
      SCAN_PROPORTION, RMW_PROPORTION, DELETE_PROPORTION};
  private static final String[] NAMES = {"READ", "UPDATE", "INSERT", "SCAN", "READMODIFYWRITE", "DELETE"};
  private static final CoreWorkload.Mix[] KINDS = {CoreWorkload.Mix.READ, CoreWorkload.Mix.UPDATE,
      CoreWorkload.Mix.INSERT, CoreWorkload.Mix.SCAN, CoreWorkload.Mix.READ_MODIFY_WRITE, CoreWorkload.Mix.DELETE};

  private OperationMix() {
  }

  /**
   * @param name an operation name drawn from the mix
   * @return what the name asks for; a name the mix does not know is a read-modify-write, as upstream has it
   */
  static CoreWorkload.Mix kindOf(String name) {
    // the mix hands out these very strings: found without hashing them, on every operation
    for (int i = 0; i < NAMES.length; i++) {
      if (name == NAMES[i]) {
        return KINDS[i];
      }
    }
    switch (name) {
      case "READ":
        return CoreWorkload.Mix.READ;
      case "UPDATE":
        return CoreWorkload.Mix.UPDATE;
      case "INSERT":
        return CoreWorkload.Mix.INSERT;
      case "SCAN":
        return CoreWorkload.Mix.SCAN;
      case "DELETE":
        return CoreWorkload.Mix.DELETE;
      default:
        return CoreWorkload.Mix.READ_MODIFY_WRITE;
    }
  }

  static DiscreteGenerator fromProperties(Properties p) {
    PropertyDef[] defs = PROPORTIONS;
    DiscreteGenerator mix = new DiscreteGenerator();
    double sum = 0;
    StringBuilder given = new StringBuilder();
    for (int i = 0; i < defs.length; i++) {
      double share = defs[i].getDouble(p);
      sum += share;
      mix.addValue(share, NAMES[i]);
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
