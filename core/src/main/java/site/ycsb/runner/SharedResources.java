package site.ycsb.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import site.ycsb.BindingContext;
import site.ycsb.DBException;

/**
 * The resources a phase's bindings share ({@link BindingContext#shared}): each key opened once,
 * by the first worker asking, and closed by the engine when the phase ends, the last opened
 * first. A failed opening is kept, so that every worker gets the same failure instead of trying
 * again.
 */
public final class SharedResources implements AutoCloseable {
  private final Map<String, Entry> entries = new LinkedHashMap<>();
  private final ErrorLog errors;

  /** One key: opened under its own lock, so that slow openings of different keys do not wait on each other. */
  private static final class Entry {
    private boolean opened;
    private Object value;
    private DBException failure;
  }

  /** @param errors where failures to close are reported */
  public SharedResources(ErrorLog errors) {
    this.errors = errors;
  }

  /**
   * @see BindingContext#shared
   */
  <T> T get(String key, BindingContext.Opener<T> opener) throws DBException {
    Entry e;
    synchronized (entries) {
      e = entries.computeIfAbsent(key, k -> new Entry());
    }
    synchronized (e) {
      if (!e.opened) {
        e.opened = true;
        try {
          e.value = opener.open();
        } catch (DBException failure) {
          e.failure = failure;
        } catch (RuntimeException failure) {
          e.failure = new DBException(failure.getMessage() == null ? failure.toString() : failure.getMessage(),
              failure);
        }
      }
      if (e.failure != null) {
        throw e.failure;
      }
      @SuppressWarnings("unchecked")
      T value = (T) e.value;
      return value;
    }
  }

  /** @return how many resources are open */
  public int size() {
    synchronized (entries) {
      return (int) entries.values().stream().filter(e -> e.value != null).count();
    }
  }

  /**
   * Closes them as {@link #close()} does, from a thread of its own, waiting at most {@code nanos}: a
   * client whose close hangs (a driver still waiting for a server that is gone) must not hold the
   * end of the phase. A close that takes longer is interrupted and left to finish by itself.
   *
   * @param nanos how long to wait
   * @return whether everything was closed in time
   * @throws InterruptedException when the calling thread is interrupted
   */
  public boolean closeWithin(long nanos) throws InterruptedException {
    Thread closing = new Thread(this::close, "ycsb-close-shared");
    closing.setDaemon(true);
    closing.start();
    closing.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(nanos)));
    if (closing.isAlive()) {
      closing.interrupt();
      return false;
    }
    return true;
  }

  /** Closes every resource that can be closed, the last opened first; failures are reported, not thrown. */
  @Override
  public void close() {
    List<Map.Entry<String, Entry>> open;
    synchronized (entries) {
      open = new ArrayList<>(entries.entrySet());
      entries.clear();
    }
    for (int i = open.size() - 1; i >= 0; i--) {
      Object value = open.get(i).getValue().value;
      if (value instanceof AutoCloseable closeable) {
        try {
          closeable.close();
        } catch (Exception | LinkageError e) {
          errors.report("closing shared resource " + open.get(i).getKey(), e);
        }
      }
    }
  }
}
