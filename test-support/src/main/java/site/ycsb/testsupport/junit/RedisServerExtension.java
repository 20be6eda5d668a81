package site.ycsb.testsupport.junit;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import site.ycsb.testsupport.RedisServer;

/**
 * A default throw-away {@link RedisServer} for a test class: registered on a static field, one
 * server for all the class's tests (started before the first, stopped after the last); on an
 * instance field, a fresh server for each test.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final RedisServerExtension REDIS = new RedisServerExtension();
 * ... REDIS.server().port() ...
 * }</pre>
 */
public final class RedisServerExtension
    implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {
  private RedisServer server;
  /** Whether the server lives for the class (a static field), not for one test. */
  private boolean perClass;

  @Override
  public void beforeAll(ExtensionContext context) {
    perClass = true;
    server = RedisServer.start();
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    if (!perClass) {
      server = RedisServer.start();
    }
  }

  @Override
  public void afterEach(ExtensionContext context) {
    if (!perClass) {
      stop();
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    stop();
  }

  private void stop() {
    if (server != null) {
      server.close();
      server = null;
    }
  }

  /** @return the running server */
  public RedisServer server() {
    if (server == null) {
      throw new IllegalStateException("no Redis server: register the extension with @RegisterExtension");
    }
    return server;
  }
}
