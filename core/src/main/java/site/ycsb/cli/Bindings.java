package site.ycsb.cli;

import java.util.Map;
import java.util.TreeMap;
import site.ycsb.DB;
import site.ycsb.props.PropertyCatalog;

/**
 * Resolves a binding's short name ({@code redis}) or class name to a class on the classpath. Short
 * names are what the binding modules on the classpath declare ({@link PropertyCatalog#bindingClass()}).
 */
final class Bindings {
  private Bindings() {
  }

  /** @return short name to class name of every binding on the classpath */
  static Map<String, String> declared() {
    Map<String, String> out = new TreeMap<>();
    for (PropertyCatalog c : PropertyCatalog.all()) {
      if (c.bindingClass() != null) {
        out.put(c.module(), c.bindingClass());
      }
    }
    return out;
  }

  /** @return the short names, sorted */
  static String shortNames() {
    return String.join(", ", declared().keySet());
  }

  /**
   * @param name a short name or a class name
   * @return the binding class
   * @throws UsageException when no such binding is on the classpath
   */
  static Class<? extends DB> resolve(String name) throws UsageException {
    Map<String, String> declared = declared();
    String className = declared.getOrDefault(name, name);
    try {
      Class<?> c = Class.forName(className);
      if (!DB.class.isAssignableFrom(c)) {
        throw new UsageException("'" + name + "' is not a binding: " + className + " does not extend site.ycsb.DB");
      }
      return c.asSubclass(DB.class);
    } catch (ClassNotFoundException | LinkageError e) {
      if (declared.containsKey(name)) {
        throw new UsageException("binding '" + name + "' (" + className + ") cannot be loaded: " + e
            + "; rebuild its module");
      }
      throw new UsageException("unknown binding '" + name + "': expected one of " + shortNames()
          + ", or the class name of a binding on the classpath");
    }
  }

  /** Creates one instance of the binding. */
  static DB newInstance(Class<? extends DB> c) throws UsageException {
    try {
      return c.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new UsageException("cannot create binding " + c.getName() + ": " + e);
    }
  }
}
