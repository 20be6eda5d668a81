package site.ycsb.runner;

import java.util.function.Function;
import java.util.function.Supplier;
import site.ycsb.DB;
import site.ycsb.DBException;

/**
 * A binding instance of its own for a check after the phase (outside the measured window): set up
 * as a lone worker's would be, with a context and shared resources of its own, used, then cleaned
 * up and its resources closed.
 */
public final class BindingAfterPhase {
  private BindingAfterPhase() {
  }

  /**
   * @param bindings makes a binding instance (its properties set)
   * @param errors where a failure of the binding is reported, once, under {@code what}
   * @param what the check, as failures name it
   * @param use what the check does with the binding
   * @return what {@code use} returned; null when the binding failed
   */
  public static <T> T use(Supplier<DB> bindings, ErrorLog errors, String what, Function<DB, T> use) {
    try (SharedResources shared = new SharedResources(errors)) {
      DB db = bindings.get();
      try {
        db.init(new WorkerContext(0, 1, errors, shared));
        return use.apply(db);
      } finally {
        db.cleanup();
      }
    } catch (DBException | RuntimeException e) {
      errors.report(what, e);
      return null;
    }
  }
}
