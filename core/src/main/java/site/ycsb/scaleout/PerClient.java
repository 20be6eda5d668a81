package site.ycsb.scaleout;

import java.util.List;

/**
 * What each client of a phase run on many hosts is given by whatever starts it (fanout over SSH,
 * a Kubernetes Job): its number, how many clients there are, the one start instant of all, and a
 * results folder of its own. A user who sets these too is told to leave them out.
 */
final class PerClient {
  /** The properties set per client. */
  static final List<String> PROPERTIES = List.of("clientid", "clientcount", "starttime", "resultsdir");

  private PerClient() {
  }

  /** @return the {@code -p} arguments of one client */
  static List<String> arguments(String clientId, int count, long startEpochMillis, String resultsDir) {
    return List.of("-p", "clientid=" + clientId, "-p", "clientcount=" + count, "-p", "starttime=" + startEpochMillis,
        "-p", "resultsdir=" + resultsDir);
  }
}
