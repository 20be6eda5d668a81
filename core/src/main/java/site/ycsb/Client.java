package site.ycsb;

import site.ycsb.cli.Ycsb;

/**
 * The main class scripts for upstream YCSB call ({@code java site.ycsb.Client -db ... -P ... -load|-t}).
 * Its flags and properties mean what they mean there; {@link Ycsb} runs the phase.
 */
public final class Client {
  private Client() {
  }

  public static void main(String[] args) {
    int code = Ycsb.executeClient(args, System.out, System.err);
    System.out.flush();
    System.err.flush();
    // worker threads abandoned inside a driver call must not keep the process alive
    System.exit(code);
  }
}
