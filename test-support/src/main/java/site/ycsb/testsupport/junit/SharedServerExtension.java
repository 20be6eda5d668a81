package site.ycsb.testsupport.junit;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts a module's test server once for the whole test run: the first test class that extends
 * with a subclass starts it, every later class finds it, and JUnit closes it when all classes have
 * run (it lives in the root store). A server that takes seconds to start (Cassandra, HBase,
 * VoltDB) is thus started once per module, not once per class.
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

  /**
   * A server that fault tests kill: the extension starts it again before each test class that
   * declares it, so the class that killed it need not wait for a restart no later class may want.
   */
  public interface Restartable {
    /** Starts the server again if it was killed, and returns once it is ready; a no-op while it runs. */
    void restart();
  }

  @Override
  public final void beforeAll(ExtensionContext context) {
    Object server = context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
        .getOrComputeIfAbsent(getClass(), k -> start());
    CURRENT.put(getClass(), server);
    if (server instanceof Restartable r) {
      r.restart();
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
