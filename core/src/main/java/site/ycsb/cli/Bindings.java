package site.ycsb.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import java.util.TreeSet;
import site.ycsb.DB;

/** Resolves a binding's short name ({@code redis}) or class name to a class on the classpath. */
final class Bindings {
  private static final Properties SHORT_NAMES = new Properties();

  static {
    try (InputStream in = Bindings.class.getResourceAsStream("/site/ycsb/bindings.properties")) {
      if (in != null) {
        SHORT_NAMES.load(in);
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the list of bindings", e);
    }
  }

  private Bindings() {
  }

  /** @return the short names, sorted */
  static String shortNames() {
    return String.join(", ", new TreeSet<>(SHORT_NAMES.stringPropertyNames()));
  }

  /**
   * @param name a short name or a class name
   * @return the binding class
   * @throws UsageException when no such binding is on the classpath
   */
  static Class<? extends DB> resolve(String name) throws UsageException {
    String className = SHORT_NAMES.getProperty(name, name);
    try {
      Class<?> c = Class.forName(className);
      if (!DB.class.isAssignableFrom(c)) {
        throw new UsageException("'" + name + "' is not a binding: " + className + " does not extend site.ycsb.DB");
      }
      return c.asSubclass(DB.class);
    } catch (ClassNotFoundException | LinkageError e) {
      if (SHORT_NAMES.containsKey(name)) {
        throw new UsageException("binding '" + name + "' (" + className + ") is not on the classpath: "
            + "build its module (mvn -pl " + name + " -am package) or use bin/ycsb");
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
