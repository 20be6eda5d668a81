package site.ycsb.cli;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import site.ycsb.props.PropertyCatalog;
import site.ycsb.props.PropertyDef;

/**
 * Validates every declared property that is set and warns about names no module on the
 * classpath declares (a typo in a workload file would otherwise go unnoticed).
 */
final class PropertyCheck {
  private PropertyCheck() {
  }

  static void check(Properties props, PrintStream err) {
    Map<String, PropertyDef> known = new HashMap<>();
    List<PropertyCatalog> catalogs = PropertyCatalog.all();
    for (PropertyCatalog c : catalogs) {
      for (PropertyDef d : c.properties()) {
        known.putIfAbsent(d.name(), d);
      }
    }
    for (String name : new TreeSet<>(props.stringPropertyNames())) {
      PropertyDef d = known.get(name);
      if (d != null) {
        d.validate(props);
      } else if (catalogs.stream().noneMatch(c -> c.openPrefixes().stream().anyMatch(name::startsWith))) {
        err.println("WARNING: property '" + name + "' is not declared by core or any binding on the classpath"
            + " (a typo?); it is passed on as given");
      }
    }
  }
}
