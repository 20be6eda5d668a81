package site.ycsb.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** Free TCP ports on the loopback interface, for servers that tests start. */
public final class FreePort {
  private FreePort() {
  }

  /**
   * Finds a TCP port that is free on 127.0.0.1 right now. Another process may take it before the
   * server binds it; {@link RedisServer} retries on a bind failure for that reason.
   *
   * @return a port number between 1024 and 65535
   */
  public static int find() {
    try (ServerSocket socket = new ServerSocket()) {
      // no SO_REUSEADDR: a port still in TIME_WAIT from an earlier test is not handed out
      socket.setReuseAddress(false);
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot find a free loopback port", e);
    }
  }

  /**
   * Finds a port p such that p and p + offset are both free on 127.0.0.1 right now, for servers
   * that open a second port at a fixed distance (a Redis Cluster node's bus port is p + 10000).
   * Both are taken below the kernel's ephemeral range (32768 and up), where outgoing connections
   * cannot take them in the meantime.
   *
   * @param offset the distance of the second port, between 1 and 20000
   * @return the first port
   */
  public static int findWithOffset(int offset) {
    if (offset < 1 || offset > 20000) {
      throw new IllegalArgumentException("offset must be between 1 and 20000: " + offset);
    }
    int low = 10000;
    int high = 32768 - offset;
    for (int attempt = 0; attempt < 200; attempt++) {
      int p = low + RANDOM.nextInt(high - low);
      if (isFree(p) && isFree(p + offset)) {
        return p;
      }
    }
    throw new IllegalStateException("no free loopback port pair at distance " + offset);
  }

  private static final java.util.Random RANDOM = new java.security.SecureRandom();

  private static boolean isFree(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(false);
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * @param n how many ports
   * @return n different free ports on 127.0.0.1, for a server with several listeners
   */
  public static int[] findDistinct(int n) {
    int[] ports = new int[n];
    for (int i = 0; i < n; i++) {
      boolean taken;
      do {
        ports[i] = find();
        taken = false;
        for (int j = 0; j < i; j++) {
          taken |= ports[j] == ports[i];
        }
      } while (taken);
    }
    return ports;
  }

  /**
   * @param host the host
   * @param port the port
   * @return whether something accepts a TCP connection there now
   */
  public static boolean isListening(String host, int port) {
    try (java.net.Socket s = new java.net.Socket()) {
      s.connect(new InetSocketAddress(host, port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
