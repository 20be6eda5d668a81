package site.ycsb.runner;

/**
 * The two ways the engine runs operations, for tests that must hold on both: the blocking path
 * (one operation per thread) and the asynchronous one ({@code inflight}).
 */
enum EnginePath {
  BLOCKING, ASYNCHRONOUS;

  /**
   * @param n how many operations at once
   * @return the arguments for that: n threads, or one or two threads keeping the rest in flight
   */
  String[] atOnce(int n) {
    if (this == BLOCKING) {
      return new String[] {"-threads", Integer.toString(n)};
    }
    int threads = n % 2 == 0 ? 2 : 1;
    return new String[] {"-threads", Integer.toString(threads), "-inflight", Integer.toString(n / threads)};
  }

  static String[] concat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
