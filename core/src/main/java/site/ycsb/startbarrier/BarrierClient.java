package site.ycsb.startbarrier;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import site.ycsb.runner.PhaseSetupException;
import site.ycsb.runner.StartGate;

/**
 * One client's side of a start barrier: once all its workers are connected it tells the
 * coordinator {@code ready <clientid>} and waits for {@code start <epoch ms>} (start then) or
 * {@code abort <reason>} (do not start). A client whose workers could not connect says
 * {@code failed <clientid> <reason>}, so nobody waits for it. The wait is bounded: a coordinator
 * that never answers does not hold the client forever.
 */
final class BarrierClient implements StartGate {
  /** A line-based connection to the coordinator. */
  interface Channel extends Closeable {
    /** Sends one line. */
    void send(String line) throws IOException;

    /**
     * @return the next line, or null when none came within the time
     * @throws EOFException when the coordinator has gone away
     */
    String receive(long timeoutMillis) throws IOException, InterruptedException;
  }

  /** Opens the connection to the coordinator, trying until the deadline. */
  interface Opener {
    /**
     * @param deadlineNanos when to give up ({@link System#nanoTime()})
     * @param stopRequested true when the phase is being stopped: give up at once
     * @return the channel, or null when the coordinator could not be reached in time or a stop came
     */
    Channel open(long deadlineNanos, BooleanSupplier stopRequested) throws IOException, InterruptedException;

    /** @return where the coordinator is, for messages */
    String describe();
  }

  private static final long POLL_MILLIS = 100;
  private static final long CALL_OFF_CONNECT_NANOS = TimeUnit.SECONDS.toNanos(2);

  private final int clientId;
  private final long timeoutNanos;
  private final Opener opener;
  /** The coordinator this client serves itself (client 0 of a TCP barrier), closed when the phase ends. */
  private final Closeable served;
  private Channel channel;

  /**
   * @param clientId this client's number
   * @param timeoutMillis how long to wait for the coordinator's answer (and to reach it) in all
   * @param opener how the coordinator is reached
   * @param served the coordinator this client runs itself, or null
   */
  BarrierClient(int clientId, long timeoutMillis, Opener opener, Closeable served) {
    this.clientId = clientId;
    this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    this.opener = opener;
    this.served = served;
  }

  @Override
  public void phaseEnded() {
    if (served != null) {
      try {
        served.close();
      } catch (IOException e) {
        // the process ends soon anyway
      }
    }
  }

  @Override
  public long awaitStart(BooleanSupplier stopRequested) throws PhaseSetupException, InterruptedException {
    long deadline = System.nanoTime() + timeoutNanos;
    try {
      channel = opener.open(deadline, stopRequested);
      if (channel == null) {
        if (stopRequested.getAsBoolean()) {
          throw interrupted();
        }
        throw new PhaseSetupException("the start barrier's coordinator (" + opener.describe()
            + ") could not be reached within " + seconds() + "; nothing was measured");
      }
      channel.send("ready " + clientId);
      while (true) {
        if (stopRequested.getAsBoolean()) {
          channel.send("failed " + clientId + " interrupted while waiting for the start");
          throw interrupted();
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new PhaseSetupException("no start came from the start barrier's coordinator (" + opener.describe()
              + ") within " + seconds() + "; nothing was measured");
        }
        String line = channel.receive(Math.min(POLL_MILLIS, Math.max(1, TimeUnit.NANOSECONDS.toMillis(left))));
        if (line == null) {
          continue;
        }
        line = line.trim();
        if (line.startsWith("start ")) {
          return parseStart(line);
        }
        if (line.startsWith("abort")) {
          throw new PhaseSetupException("the start was called off: " + line.substring("abort".length()).trim()
              + "; nothing was measured");
        }
      }
    } catch (EOFException e) {
      throw new PhaseSetupException("the start barrier's coordinator (" + opener.describe()
          + ") went away before the start; nothing was measured");
    } catch (IOException e) {
      throw new PhaseSetupException("the start barrier's coordinator (" + opener.describe() + ") cannot be used: "
          + e.getMessage() + "; nothing was measured");
    } finally {
      closeChannel();
    }
  }

  @Override
  public void callOff(String reason) {
    try {
      Channel c = opener.open(System.nanoTime() + CALL_OFF_CONNECT_NANOS, () -> false);
      if (c != null) {
        c.send("failed " + clientId + " " + reason.replace('\n', ' '));
        c.close();
      }
    } catch (IOException e) {
      // the coordinator will name this client when its time is up
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private long parseStart(String line) throws PhaseSetupException {
    try {
      return Long.parseLong(line.substring("start ".length()).trim());
    } catch (NumberFormatException e) {
      throw new PhaseSetupException("the start barrier's coordinator sent '" + line
          + "': expected 'start <epoch milliseconds>'");
    }
  }

  private PhaseSetupException interrupted() {
    return new PhaseSetupException("interrupted while waiting for the other clients; nothing was measured");
  }

  private String seconds() {
    return seconds(TimeUnit.NANOSECONDS.toMillis(timeoutNanos));
  }

  /** @return a wait as the messages about it say it: {@code 31 s}, {@code 1.5 s}, never rounded down to a shorter one */
  static String seconds(long millis) {
    return java.math.BigDecimal.valueOf(millis, 3).stripTrailingZeros().toPlainString() + " s";
  }

  private void closeChannel() {
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException e) {
        // nothing more to say to the coordinator
      }
      channel = null;
    }
  }
}
