package site.ycsb.startbarrier;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * The decision of a start barrier: collects which of N clients are ready (every worker connected)
 * and which failed, and chooses once either one start instant for all (the moment the last one is
 * ready plus a margin for the message to reach everyone) or that the start is called off, naming
 * the clients that were not ready in time or failed. Whoever holds the connections to the clients
 * (fanout over SSH, client 0 of a Kubernetes Job over TCP) tells them the decision.
 */
public final class StartCoordinator {
  /**
   * @param startEpochMillis the common start instant, or 0 when the start is called off
   * @param starting the clients told to start at it
   * @param problem what kept clients out (not ready in time, failed), or null when all start
   */
  public record Decision(long startEpochMillis, Set<Integer> starting, String problem) {
    /**
     * @param client a client's number
     * @return whether that client is told to start
     */
    public boolean starts(int client) {
      return startEpochMillis > 0 && starting.contains(client);
    }

    /** @return what a client that does not start is told */
    public String abortReason() {
      return problem == null ? "the others have already started" : problem;
    }
  }

  private final int clients;
  private final long readyTimeoutNanos;
  private final long marginMillis;
  private final boolean skipUnready;
  private final IntFunction<String> names;
  private final long createdNanos = System.nanoTime();
  private final Set<Integer> ready = new TreeSet<>();
  private final Map<Integer, String> failed = new TreeMap<>();
  private Decision decision;

  /**
   * @param clients how many clients take part
   * @param readyTimeoutMillis how long to wait, from now, for all to be ready
   * @param marginMillis time between the last ready client and the start
   * @param skipUnready start the ready clients when others are not ready in time, instead of none
   * @param names how a client is named in messages, e.g. "client 2 on host2"
   */
  public StartCoordinator(int clients, long readyTimeoutMillis, long marginMillis, boolean skipUnready,
                          IntFunction<String> names) {
    this.clients = clients;
    this.readyTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(readyTimeoutMillis);
    this.marginMillis = marginMillis;
    this.skipUnready = skipUnready;
    this.names = names;
  }

  /** @return whether the client is one of this barrier's (0 to clients - 1) */
  boolean knows(int client) {
    return client >= 0 && client < clients;
  }

  /** Client {@code client} has connected every worker and waits for the start. */
  public synchronized void ready(int client) {
    if (knows(client) && decision == null && !failed.containsKey(client)) {
      ready.add(client);
      notifyAll();
    }
  }

  /** Client {@code client} will not start (its workers could not connect, its process ended). */
  public synchronized void failed(int client, String reason) {
    if (knows(client) && decision == null) {
      ready.remove(client);
      failed.putIfAbsent(client, reason);
      notifyAll();
    }
  }

  /** @return the decision, or null while it is not made */
  synchronized Decision decision() {
    return decision;
  }

  /**
   * Waits until the decision can be made and makes it (once; later calls return the same).
   *
   * @return the decision
   * @throws InterruptedException when interrupted while waiting
   */
  public synchronized Decision await() throws InterruptedException {
    while (decision == null) {
      long left = readyTimeoutNanos - (System.nanoTime() - createdNanos);
      if (ready.size() == clients) {
        decision = new Decision(System.currentTimeMillis() + marginMillis, Set.copyOf(ready), null);
      } else if (!failed.isEmpty() && !skipUnready) {
        decision = new Decision(0, Set.of(), describeFailed());
      } else if (ready.size() + failed.size() == clients || left <= 0) {
        String problem = problem(left <= 0);
        decision = skipUnready && !ready.isEmpty()
            ? new Decision(System.currentTimeMillis() + marginMillis, Set.copyOf(ready), problem)
            : new Decision(0, Set.of(), problem);
      } else {
        TimeUnit.NANOSECONDS.timedWait(this, left);
      }
    }
    return decision;
  }

  private String problem(boolean timedOut) {
    List<String> parts = new ArrayList<>();
    List<Integer> unready = new ArrayList<>();
    for (int c = 0; c < clients; c++) {
      if (!ready.contains(c) && !failed.containsKey(c)) {
        unready.add(c);
      }
    }
    if (timedOut && !unready.isEmpty()) {
      List<String> named = new ArrayList<>();
      unready.forEach(c -> named.add(names.apply(c)));
      parts.add(String.join(", ", named) + (unready.size() == 1 ? " was" : " were") + " not ready within "
          + BarrierClient.seconds(TimeUnit.NANOSECONDS.toMillis(readyTimeoutNanos)));
    }
    if (!failed.isEmpty()) {
      parts.add(describeFailed());
    }
    return String.join("; ", parts);
  }

  private String describeFailed() {
    List<String> named = new ArrayList<>();
    failed.forEach((c, why) -> named.add(names.apply(c) + " failed: " + why));
    return String.join("; ", named);
  }
}
