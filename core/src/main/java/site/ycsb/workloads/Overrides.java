package site.ycsb.workloads;

import java.util.ArrayList;
import java.util.List;
import site.ycsb.DB;

/** Which of {@link CoreWorkload}'s operations a subclass has replaced with its own. */
final class Overrides {
  /** The methods through which the mix makes its calls, each taking the database alone. */
  private static final String[] OPERATIONS = {"doTransactionRead", "doTransactionUpdate", "doTransactionInsert",
      "doTransactionScan", "doTransactionReadModifyWrite", "doTransactionDelete"};

  private Overrides() {
  }

  /**
   * @param type a workload class
   * @param name a public method's name
   * @param parameters its parameter types
   * @return whether a class below {@link CoreWorkload} declares that method
   */
  static boolean below(Class<?> type, String name, Class<?>... parameters) {
    try {
      Class<?> declaring = type.getMethod(name, parameters).getDeclaringClass();
      return declaring != CoreWorkload.class && CoreWorkload.class.isAssignableFrom(declaring);
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /**
   * @param type a subclass of {@link CoreWorkload}
   * @return the operations of the mix whose {@code doTransaction*} method it replaced
   */
  static java.util.EnumSet<CoreWorkload.Mix> replacedOperations(Class<?> type) {
    java.util.EnumSet<CoreWorkload.Mix> replaced = java.util.EnumSet.noneOf(CoreWorkload.Mix.class);
    CoreWorkload.Mix[] kinds = {CoreWorkload.Mix.READ, CoreWorkload.Mix.UPDATE, CoreWorkload.Mix.INSERT,
        CoreWorkload.Mix.SCAN, CoreWorkload.Mix.READ_MODIFY_WRITE, CoreWorkload.Mix.DELETE};
    for (int i = 0; i < OPERATIONS.length; i++) {
      if (below(type, OPERATIONS[i], DB.class)) {
        replaced.add(kinds[i]);
      }
    }
    return replaced;
  }

  /**
   * @param type a subclass of {@link CoreWorkload}
   * @return the operations it makes itself (doInsert, doTransaction, doTransaction*), which
   *     {@link CoreWorkload#plan} does not know about
   */
  static List<String> ownOperations(Class<?> type) {
    List<String> own = new ArrayList<>();
    if (below(type, "doInsert", DB.class, Object.class)) {
      own.add("doInsert");
    }
    if (below(type, "doTransaction", DB.class, Object.class)) {
      own.add("doTransaction");
    }
    for (String name : OPERATIONS) {
      if (below(type, name, DB.class)) {
        own.add(name);
      }
    }
    return own;
  }

  /** Makes one operation of the mix through the {@code doTransaction*} method a subclass replaced. */
  static void makeOwn(CoreWorkload w, CoreWorkload.Mix kind, DB db) {
    switch (kind) {
      case READ:
        w.doTransactionRead(db);
        break;
      case UPDATE:
        w.doTransactionUpdate(db);
        break;
      case INSERT:
        w.doTransactionInsert(db);
        break;
      case SCAN:
        w.doTransactionScan(db);
        break;
      case DELETE:
        w.doTransactionDelete(db);
        break;
      default:
        w.doTransactionReadModifyWrite(db);
        break;
    }
  }
}
