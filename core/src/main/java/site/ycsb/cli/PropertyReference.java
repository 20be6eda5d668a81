package site.ycsb.cli;

import java.util.List;
import site.ycsb.props.PropertyCatalog;

/** Which catalogs {@code ycsb properties [binding]} prints: core's, and the named binding's. */
final class PropertyReference {
  private PropertyReference() {
  }

  /**
   * @param args the command's arguments: nothing, or one binding name
   * @return the catalogs of core and the workloads, and the binding's; every catalog on the classpath when none is named
   * @throws UsageException when the binding is unknown
   * @throws CouldNotRunException when it is declared but cannot be loaded
   */
  static List<PropertyCatalog> catalogs(List<String> args) throws UsageException, CouldNotRunException {
    List<PropertyCatalog> all = PropertyCatalog.all();
    if (args.isEmpty()) {
      return all;
    }
    if (args.size() > 1) {
      throw new UsageException("properties takes at most one binding name, got " + String.join(" ", args));
    }
    String name = args.get(0);
    Bindings.resolve(name);
    // the engine's and the workloads' catalogs (no binding of their own) apply to every binding; a
    // binding without a catalog of its own (an upstream binding) reads only those
    return all.stream().filter(c -> c.bindingClass() == null || c.module().equals(name)).toList();
  }
}
