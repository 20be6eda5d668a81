package site.ycsb.props;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The properties one module declares, and the binding it provides. Each module lists its catalog
 * in {@code META-INF/services/site.ycsb.props.PropertyCatalog}; the command line collects every
 * catalog on the classpath to find bindings by their short names, validate values and warn about
 * names nobody declared. A binding registers itself this way: nothing in core names it.
 */
public interface PropertyCatalog {
  /** @return the module's name, e.g. {@code core} or {@code redis}; a binding's short name */
  String module();

  /**
   * @return the class name of the binding ({@code site.ycsb.DB}) this module provides under the
   *     short name {@link #module()}, or null for a module without one (the engine). A name, not a
   *     class, so that listing bindings loads no driver
   */
  default String bindingClass() {
    return null;
  }

  /** @return the declared properties, in the order documentation lists them */
  List<PropertyDef> properties();

  /**
   * @return what the property table cannot say in a line, as Markdown sections placed after the
   *     module's table in {@code docs/properties.md}; empty for nothing
   */
  default String notes() {
    return "";
  }

  /**
   * Property name prefixes a module reads without declaring each name (e.g. a driver's own
   * options passed through); names under them are not reported as unknown.
   *
   * @return prefixes, possibly empty
   */
  default List<String> openPrefixes() {
    return List.of();
  }

  /**
   * Checks the value of every declared property that is set, as a phase would before it runs.
   *
   * @param p the properties
   * @throws PropertyException naming the first property whose value is not what it expects
   */
  static void validateDeclared(java.util.Properties p) {
    for (PropertyCatalog c : all()) {
      for (PropertyDef d : c.properties()) {
        d.validate(p);
      }
    }
  }

  /** @return every catalog on the classpath, core first */
  static List<PropertyCatalog> all() {
    List<PropertyCatalog> out = new ArrayList<>();
    for (PropertyCatalog c : ServiceLoader.load(PropertyCatalog.class)) {
      out.add(c);
    }
    out.sort((a, b) -> a.module().equals("core") ? -1 : b.module().equals("core") ? 1
        : a.module().compareTo(b.module()));
    return out;
  }
}
