package site.ycsb.cli;

import java.security.CodeSource;
import site.ycsb.DB;

/**
 * Checks that the binding API in use is this engine's. A class path given with {@code -cp} comes
 * first, so upstream's engine jar in it (a per-binding package of upstream keeps
 * {@code core-0.17.0.jar} beside the binding) would replace {@code site.ycsb.DB} and the engine
 * would fail later with a linkage error far from the cause.
 */
final class EngineClasses {
  private EngineClasses() {
  }

  /** @throws UsageException naming the jar whose {@code site.ycsb.DB} replaced the engine's */
  static void check() throws UsageException {
    String api = location(DB.class);
    String engine = location(EngineClasses.class);
    if (api != null && engine != null && !api.equals(engine)) {
      throw new UsageException("the class path holds another copy of the binding API: site.ycsb.DB comes from "
          + api + ", not from this engine (" + engine + "); leave that jar (upstream's core-*.jar) out of -cp,"
          + " the binding's own jar and its drivers are enough");
    }
  }

  private static String location(Class<?> c) {
    CodeSource source = c.getProtectionDomain().getCodeSource();
    return source == null || source.getLocation() == null ? null : source.getLocation().getPath();
  }
}
