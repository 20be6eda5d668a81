package site.ycsb.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Supplier;
import site.ycsb.BindingContext;
import site.ycsb.DB;
import site.ycsb.DBException;

/**
 * Binding instances made as the benchmark makes them (properties, then
 * {@code init(BindingContext)} with one phase's shared resources), each pointed at the module's
 * test server, and cleaned up by the test, shared resources last. A module's tests subclass it
 * once, naming the binding and the properties that reach the server:
 *
 * <pre>{@code
 * final class Clients extends BindingInstances<MyClient> {
 *   Clients() { super(MyClient::new, () -> new String[] {"my.host", MyServer.get().address()}); }
 * }
 * }</pre>
 *
 * @param <T> the binding
 */
public class BindingInstances<T extends DB> implements AutoCloseable {
  private final Supplier<T> factory;
  private final Supplier<String[]> serverProperties;
  private final List<T> opened = new ArrayList<>();
  private final TestPhase phase = new TestPhase();

  /**
   * @param factory makes an uninitialized binding
   * @param serverProperties the property pairs (name, value, ...) that point it at the server
   */
  protected BindingInstances(Supplier<T> factory, Supplier<String[]> serverProperties) {
    this.factory = factory;
    this.serverProperties = serverProperties;
  }

  /**
   * @param more property pairs (name, value, ...) added to those that reach the server; later
   *     ones win
   * @return an initialized binding, cleaned up by {@link #close()}
   * @throws DBException when init fails
   */
  public T open(String... more) throws DBException {
    T db = create(factory, concat(serverProperties.get(), more));
    db.init(context());
    opened.add(db);
    return db;
  }

  /**
   * @return a context for one more worker of the current phase: the next worker number, the
   *     phase's shared resources (closed by {@link #close()})
   */
  public BindingContext context() {
    return phase.context();
  }

  /** @return how many shared resources the instances have opened and not yet closed */
  public int sharedResources() {
    return phase.sharedResources();
  }

  /**
   * @param factory makes an uninitialized binding
   * @param pairs property pairs: name, value, name, value...
   * @param <T> the binding
   * @return a binding with exactly these properties, not yet initialized
   */
  public static <T extends DB> T create(Supplier<T> factory, String... pairs) {
    Properties p = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    T db = factory.get();
    db.setProperties(p);
    return db;
  }

  /**
   * @param first property pairs
   * @param more more pairs
   * @return both, in that order
   */
  public static String[] concat(String[] first, String... more) {
    String[] all = new String[first.length + more.length];
    System.arraycopy(first, 0, all, 0, first.length);
    System.arraycopy(more, 0, all, first.length, more.length);
    return all;
  }

  /** Cleans up every binding {@link #open} made, then closes what they shared, as a phase ends. */
  @Override
  public void close() throws DBException {
    try {
      for (T db : opened) {
        db.cleanup();
      }
    } finally {
      opened.clear();
      phase.close();
    }
  }
}
