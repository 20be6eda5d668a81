package site.ycsb.tools.scaleout;

import java.util.List;

/**
 * What each client of a phase run on many hosts is given by whatever starts it (fanout over SSH,
 * a Kubernetes Job): its number, how many clients there are, the start barrier they meet at,
 * and a results folder of its own. A user who sets these too is told to leave them out.
 */
final class PerClient {
  /** The properties set per client. */
  static final List<String> PROPERTIES = List.of("clientid", "clientcount", "starttime", "startbarrier", "resultsdir");

  private PerClient() {
  }

  /**
   * @param clientId the client's number (or a reference the pod expands to it)
   * @param count how many clients
   * @param barrier the {@code startbarrier} value: {@code stdio} or the coordinator's HOST:PORT
   * @param barrierTimeoutMillis how long the clients wait for all to be ready
   * @param resultsDir the client's own results folder
   * @return the {@code -p} arguments of one client
   */
  static List<String> arguments(String clientId, int count, String barrier, long barrierTimeoutMillis,
                                String resultsDir) {
    return List.of("-p", "clientid=" + clientId, "-p", "clientcount=" + count, "-p", "startbarrier=" + barrier,
        "-p", "startbarrier.timeout=" + barrierTimeoutMillis / 1000.0, "-p", "resultsdir=" + resultsDir);
  }

  /**
   * @param phase a phase's command line, as the user gave it
   * @return the same, with one {@code seed} for every client when the user gave none: the clients
   *     draw disjoint streams of one seed, so the whole run can be repeated with the seed it printed
   */
  static List<String> withOneSeed(List<String> phase) {
    for (String arg : phase) {
      if (arg.startsWith("seed=")) {
        return phase;
      }
    }
    List<String> seeded = new java.util.ArrayList<>(phase);
    seeded.addAll(List.of("-p", "seed=" + site.ycsb.runner.OperationSeeds.fresh()));
    return seeded;
  }
}
