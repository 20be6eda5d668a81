package site.ycsb.cli;

import java.util.Properties;
import site.ycsb.DB;
import site.ycsb.StoresNothing;
import site.ycsb.props.CoreProperties;

/**
 * Refuses the checks that read back what was written on a binding that declares it stores
 * nothing ({@link StoresNothing}): with {@code durability=true} every key written would be
 * reported lost and every read of one stale, figures about the binding rather than a database.
 */
final class StoringBinding {
  private StoringBinding() {
  }

  /**
   * @param bindingClass the phase's binding
   * @param props the phase's properties, already checked
   * @throws UsageException when the phase asks a binding that stores nothing to keep writes
   */
  static void check(Class<? extends DB> bindingClass, Properties props) throws UsageException {
    if (!CoreProperties.DURABILITY.getBoolean(props) || !bindingClass.isAnnotationPresent(StoresNothing.class)) {
      return;
    }
    String given = CoreProperties.DB.get(props).trim();
    String named = given.equals(bindingClass.getName()) ? given : given + " (" + bindingClass.getName() + ")";
    throw new UsageException("property durability=true needs a binding that stores what it is written: " + named
        + " stores nothing, so every write would count as lost; expected the binding of a database, e.g. rocksdb");
  }
}
