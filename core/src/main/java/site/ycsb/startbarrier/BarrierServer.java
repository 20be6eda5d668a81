package site.ycsb.startbarrier;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The coordinator of a start barrier over TCP, run by client 0 of a Kubernetes Job beside its
 * own phase: every client (client 0 too) connects and says {@code ready <id>}; when all are ready
 * (or the time is up) each ready client is told {@code start <epoch ms>} or {@code abort <reason>}.
 * It keeps answering until the process ends, so a client that arrives after the decision is told
 * at once instead of waiting for its timeout.
 */
final class BarrierServer implements Closeable {
  private final ServerSocket server;
  private final StartCoordinator coordinator;
  private final PrintStream err;
  /** The connection of each client that said it is ready, until it has been told the decision. */
  private final Map<Integer, Writer> waiting = new HashMap<>();

  /**
   * Listens on the port (every address) and starts deciding.
   *
   * @throws IOException when the port cannot be bound
   */
  BarrierServer(int port, StartCoordinator coordinator, PrintStream err) throws IOException {
    this.coordinator = coordinator;
    this.err = err;
    this.server = new ServerSocket();
    server.setReuseAddress(true);
    server.bind(new InetSocketAddress(port));
    daemon("ycsb-barrier-accept", this::acceptAll);
    daemon("ycsb-barrier-decide", this::decideAndTell);
  }

  private void acceptAll() {
    while (!server.isClosed()) {
      try {
        Socket s = server.accept();
        daemon("ycsb-barrier-client", () -> serve(s));
      } catch (IOException e) {
        return;
      }
    }
  }

  /** Reads one client's lines; a client that said ready and hangs up before the decision has failed. */
  private void serve(Socket s) {
    int client = -1;
    try (s; BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))) {
      Writer out = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8);
      String line;
      while ((line = in.readLine()) != null) {
        String[] parts = line.trim().split(" ", 3);
        int id = parts.length >= 2 ? parseId(parts[1]) : -1;
        if (!coordinator.knows(id)) {
          send(out, "abort this barrier has no client '" + (parts.length >= 2 ? parts[1] : "") + "'");
          return;
        }
        if ("ready".equals(parts[0])) {
          client = id;
          if (!register(id, out)) {
            return;
          }
        } else if ("failed".equals(parts[0])) {
          coordinator.failed(id, parts.length == 3 ? parts[2] : "no reason given");
        }
      }
    } catch (IOException e) {
      // the client went away; handled below
    }
    if (client >= 0) {
      coordinator.failed(client, "its connection to the start barrier was lost");
    }
  }

  /** @return false when the decision was made already and the client has been told it */
  private boolean register(int client, Writer out) throws IOException {
    synchronized (waiting) {
      StartCoordinator.Decision d = coordinator.decision();
      if (d == null) {
        waiting.put(client, out);
        coordinator.ready(client);
        return true;
      }
    }
    tell(client, out, coordinator.decision());
    return false;
  }

  private void decideAndTell() {
    StartCoordinator.Decision d;
    try {
      d = coordinator.await();
    } catch (InterruptedException e) {
      return;
    }
    if (d.problem() != null) {
      err.println((d.startEpochMillis() > 0 ? "WARNING: starting without some clients: " : "ERROR: ")
          + d.problem());
    }
    Map<Integer, Writer> told;
    synchronized (waiting) {
      told = new HashMap<>(waiting);
      waiting.clear();
    }
    told.forEach((client, out) -> {
      try {
        tell(client, out, d);
      } catch (IOException e) {
        // that client has gone; it will not start
      }
    });
  }

  private static void tell(int client, Writer out, StartCoordinator.Decision d) throws IOException {
    send(out, d.starts(client) ? "start " + d.startEpochMillis() : "abort " + d.abortReason());
  }

  private static void send(Writer out, String line) throws IOException {
    synchronized (out) {
      out.write(line + "\n");
      out.flush();
    }
  }

  private static int parseId(String s) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static void daemon(String name, Runnable r) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    t.start();
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
