package site.ycsb.testsupport;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server processes this JVM started: those still running, killed by a shutdown hook so an
 * aborted test run leaves no server behind, and the last {@value #RECENT_LIMIT} started, whose
 * logs a failed test may print.
 */
final class StartedServers {
  static final int RECENT_LIMIT = 64;

  private static final Set<ServerProcess> LIVE = ConcurrentHashMap.newKeySet();
  private static final List<ServerProcess> RECENT = Collections.synchronizedList(new ArrayList<>());

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      for (ServerProcess p : LIVE.toArray(new ServerProcess[0])) {
        p.killAtExit();
      }
    }, "test-support-server-killer"));
  }

  private StartedServers() {
  }

  static void started(ServerProcess p) {
    LIVE.add(p);
    synchronized (RECENT) {
      RECENT.add(p);
      if (RECENT.size() > RECENT_LIMIT) {
        RECENT.remove(0);
      }
    }
  }

  static void stopped(ServerProcess p) {
    LIVE.remove(p);
  }

  /** @return the last ones started, oldest first */
  static List<ServerProcess> recent() {
    synchronized (RECENT) {
      return new ArrayList<>(RECENT);
    }
  }
}
