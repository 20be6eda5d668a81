package site.ycsb.testsupport.junit;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts a module's test server once per test JVM: the first test class that extends with a
 * subclass starts it, every later class in that JVM finds it, and it is closed when the JVM exits.
 * A server that takes seconds to start (Cassandra, HBase, VoltDB) is thus started once per test
 * JVM, not once per class. It lives as long as the JVM, not as long as one run of JUnit: surefire
 * running a module's classes in several JVMs at once ({@code forkCount} above 1) hands each JVM one
 * class at a time, each in a JUnit run of its own.
 *
 * <pre>{@code
 * static final class Extension extends SharedServerExtension<MyServer> {
 *   protected MyServer start() { return MyServer.start(); }
 * }
 * static MyServer get() { return SharedServerExtension.current(Extension.class); }
 * }</pre>
 *
 * @param <T> the server type
 */
public abstract class SharedServerExtension<T extends ExtensionContext.Store.CloseableResource>
    implements BeforeAllCallback {
  private static final Map<Class<?>, Object> CURRENT = new ConcurrentHashMap<>();

  /** @return a started, ready server */
  protected abstract T start();

  @Override
  public final void beforeAll(ExtensionContext context) {
    synchronized (CURRENT) {
      if (!CURRENT.containsKey(getClass())) {
        T server = start();
        CURRENT.put(getClass(), server);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> close(server),
            "test-support-close-" + getClass().getSimpleName()));
      }
    }
  }

  private static void close(ExtensionContext.Store.CloseableResource server) {
    try {
      server.close();
    } catch (Throwable e) {
      // the JVM is exiting: what is left of the server is killed with it (ServerProcess)
    }
  }

  /**
   * @param extension the extension class the test classes declare
   * @param <T> the server type
   * @return the running server
   * @throws IllegalStateException when no test class declared the extension
   */
  @SuppressWarnings("unchecked")
  public static <T extends ExtensionContext.Store.CloseableResource> T current(
      Class<? extends SharedServerExtension<T>> extension) {
    Object server = CURRENT.get(extension);
    if (server == null) {
      throw new IllegalStateException("no test server: add @ExtendWith(" + extension.getName().replace('$', '.')
          + ".class) to the test class");
    }
    return (T) server;
  }
}
