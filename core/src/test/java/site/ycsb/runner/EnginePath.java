package site.ycsb.runner;

/**
 * The ways the engine runs operations, for tests that must hold on each: the blocking path (one
 * operation per thread), the asynchronous one ({@code inflight}) with completions handed to the
 * worker, and the asynchronous one whose completing threads stand in for the worker at saturation
 * ({@link site.ycsb.AsyncDB#callableFromCompletions()}; {@link ScriptedDB} answers it with
 * {@code scripted.callablefromcompletions}, other bindings ignore the property).
 */
enum EnginePath {
  BLOCKING, ASYNCHRONOUS, STAND_IN;

  /**
   * @param n how many operations at once
   * @return the arguments for that: n threads, or one or two threads keeping the rest in flight
   */
  String[] atOnce(int n) {
    if (this == BLOCKING) {
      return new String[] {"-threads", Integer.toString(n)};
    }
    int threads = n % 2 == 0 ? 2 : 1;
    String[] async = {"-threads", Integer.toString(threads), "-inflight", Integer.toString(n / threads)};
    return this == ASYNCHRONOUS ? async : concat(async, "-p", "scripted.callablefromcompletions=true");
  }

  static String[] concat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
