package site.ycsb.cli;

import java.util.Map;
import java.util.TreeMap;
import site.ycsb.DB;
import site.ycsb.props.PropertyCatalog;

/**
 * Resolves a binding's short name ({@code redis}) or class name to a class on the classpath. Short
 * names are what the binding modules on the classpath declare ({@link PropertyCatalog#bindingClass()}).
 */
public final class Bindings {
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
  static Class<? extends DB> resolve(String name) throws UsageException, CouldNotRunException {
    Map<String, String> declared = declared();
    String className = declared.getOrDefault(name, name);
    try {
      Class<?> c = Class.forName(className);
      if (!DB.class.isAssignableFrom(c)) {
        throw new UsageException("'" + name + "' is not a binding: " + className + " does not extend site.ycsb.DB");
      }
      return c.asSubclass(DB.class);
    } catch (LinkageError e) {
      // the class is there but something it needs is not: a driver jar missing from the class path
      throw new CouldNotRunException("binding " + className + " cannot be loaded: " + missingClass(e)
          + " (add the driver's jar with -cp)");
    } catch (ClassNotFoundException e) {
      if (declared.containsKey(name)) {
        throw new CouldNotRunException("binding '" + name + "' (" + className + ") is declared but not on the "
            + "class path: rebuild its module");
      }
      if (name.contains(".")) {
        throw new UsageException("binding class " + name + " is not on the class path: give the jar that holds it"
            + " (and its driver's jars) with -cp");
      }
      throw new UsageException("unknown binding '" + name + "': expected one of " + shortNames()
          + ", or the class name of a binding on the classpath");
    }
  }

  /**
   * @param name a short name or a class name
   * @return why it cannot be used as a binding here, or null when it can
   */
  public static String problem(String name) {
    try {
      resolve(name);
      return null;
    } catch (UsageException | CouldNotRunException e) {
      return e.getMessage();
    }
  }

  /** Creates one instance of the binding. */
  static DB newInstance(Class<? extends DB> c) throws UsageException, CouldNotRunException {
    try {
      return c.getDeclaredConstructor().newInstance();
    } catch (LinkageError e) {
      throw new CouldNotRunException("binding " + c.getName() + " cannot be created: " + missingClass(e)
          + " (add the driver's jar with -cp)");
    } catch (java.lang.reflect.InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof LinkageError) {
        throw new CouldNotRunException("binding " + c.getName() + " cannot be created: " + missingClass(cause)
            + " (add the driver's jar with -cp)");
      }
      throw new CouldNotRunException("binding " + c.getName() + " cannot be created: " + cause);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new UsageException("cannot create binding " + c.getName() + ": " + e);
    }
  }

  /** Creates one instance of the binding with the phase's properties set (not yet initialized). */
  static DB configured(Class<? extends DB> c, java.util.Properties props) throws UsageException, CouldNotRunException {
    DB db = newInstance(c);
    db.setProperties(props);
    return db;
  }

  /** @return the class a linkage error names, e.g. {@code NoClassDefFoundError for com.example.Driver} */
  static String missingClass(Throwable e) {
    Throwable shown = e instanceof ExceptionInInitializerError && e.getCause() != null ? e.getCause() : e;
    String what = shown.getMessage() == null ? shown.toString() : shown.getMessage().replace('/', '.');
    return e.getClass().getSimpleName() + " for " + what;
  }
}
