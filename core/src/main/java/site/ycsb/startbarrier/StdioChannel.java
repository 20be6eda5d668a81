package site.ycsb.startbarrier;

import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A start barrier over the client's own standard streams, for whoever started the process and
 * holds its pipes (fanout over SSH, or any orchestrator): lines to the coordinator go to stderr
 * prefixed with {@value #PREFIX}, lines from it are read from stdin. End of stdin means the
 * coordinator has gone away.
 */
final class StdioChannel implements BarrierClient.Channel, BarrierClient.Opener {
  /** What marks a barrier line among the client's other messages on stderr. */
  static final String PREFIX = StartBarriers.STDIO_LINE_PREFIX;
  private static final String END = "\u0000end";

  private final PrintStream toCoordinator;
  private final InputStream fromCoordinator;
  private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
  private Thread reader;
  private boolean ended;

  StdioChannel(PrintStream toCoordinator, InputStream fromCoordinator) {
    this.toCoordinator = toCoordinator;
    this.fromCoordinator = fromCoordinator;
  }

  @Override
  public BarrierClient.Channel open(long deadlineNanos, BooleanSupplier stopRequested) {
    synchronized (this) {
      if (reader == null) {
        // stdin blocks without a timeout: a daemon thread reads it so the wait can still be stopped
        reader = new Thread(this::readLines, "ycsb-barrier-stdin");
        reader.setDaemon(true);
        reader.start();
      }
    }
    return this;
  }

  @Override
  public String describe() {
    return "the process that started this client, over stdin";
  }

  private void readLines() {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(fromCoordinator, StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        lines.add(line);
      }
    } catch (IOException e) {
      // treated as the end of the stream
    }
    lines.add(END);
  }

  @Override
  public void send(String line) {
    toCoordinator.println(PREFIX + line);
    toCoordinator.flush();
  }

  @Override
  public String receive(long timeoutMillis) throws IOException, InterruptedException {
    if (ended) {
      throw new EOFException();
    }
    String line = lines.poll(timeoutMillis, TimeUnit.MILLISECONDS);
    if (END.equals(line)) {
      ended = true;
      throw new EOFException();
    }
    return line;
  }

  @Override
  public void close() {
    // stdin stays the process's own
  }
}
