package site.ycsb.testsupport.junit;

import java.time.Instant;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;
import site.ycsb.testsupport.ServerProcess;

/**
 * JUnit 5 extension: when a test fails, prints to stderr the logs of the servers that still run
 * or were started during that test (stopped ones too: their log tail is kept in memory). Use it
 * with {@code @ExtendWith(ServerLogsOnFailure.class)} on the test class. Surefire puts the output
 * in {@code target/surefire-reports/<class>-output.txt}.
 *
 * <p>test-support depends on JUnit only in {@code provided} scope: this class is usable from the
 * bindings' tests, which have JUnit anyway, and nothing outside this package needs it.
 */
public final class ServerLogsOnFailure implements BeforeEachCallback, TestWatcher {
  private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(ServerLogsOnFailure.class);

  @Override
  public void beforeEach(ExtensionContext context) {
    context.getStore(NS).put("start", Instant.now());
  }

  @Override
  public void testFailed(ExtensionContext context, Throwable cause) {
    Instant start = context.getStore(NS).get("start", Instant.class);
    System.err.println("===== " + context.getDisplayName() + " failed: " + cause + "; server logs follow");
    ServerProcess.dumpLogsSince(start != null ? start : Instant.EPOCH, System.err);
  }
}
