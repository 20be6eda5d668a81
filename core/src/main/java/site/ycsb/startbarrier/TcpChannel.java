package site.ycsb.startbarrier;

import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A start barrier over TCP to a coordinator at HOST:PORT (client 0 of a Kubernetes Job). The
 * coordinator may not exist yet when a client is ready (its pod not scheduled, its name not yet
 * in DNS): connecting is retried until the deadline.
 */
final class TcpChannel implements BarrierClient.Channel {
  private static final long RETRY_MILLIS = 250;
  private static final int CONNECT_TIMEOUT_MILLIS = 2000;

  private final Socket socket;
  private final BufferedReader in;
  private final Writer out;

  private TcpChannel(Socket socket) throws IOException {
    this.socket = socket;
    this.in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
    this.out = new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8);
  }

  /** @return an opener of connections to the coordinator at host:port */
  static BarrierClient.Opener to(String host, int port) {
    return new BarrierClient.Opener() {
      @Override
      public BarrierClient.Channel open(long deadlineNanos, BooleanSupplier stopRequested)
          throws InterruptedException {
        while (!stopRequested.getAsBoolean() && System.nanoTime() < deadlineNanos) {
          Socket s = new Socket();
          try {
            s.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MILLIS);
            s.setTcpNoDelay(true);
            return new TcpChannel(s);
          } catch (IOException notYet) {
            closeQuietly(s);
            Thread.sleep(Math.min(RETRY_MILLIS, Math.max(1,
                TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime()))));
          }
        }
        return null;
      }

      @Override
      public String describe() {
        return host + ":" + port;
      }
    };
  }

  @Override
  public void send(String line) throws IOException {
    out.write(line + "\n");
    out.flush();
  }

  @Override
  public String receive(long timeoutMillis) throws IOException {
    socket.setSoTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, timeoutMillis)));
    try {
      String line = in.readLine();
      if (line == null) {
        throw new EOFException();
      }
      return line;
    } catch (SocketTimeoutException none) {
      return null;
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // never connected
    }
  }
}
