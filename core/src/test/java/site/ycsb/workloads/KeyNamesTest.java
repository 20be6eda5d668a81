package site.ycsb.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KeyNamesTest {
  /** The definition: "user", then zeros up to the padding, then Long.toString. */
  private static String expected(long n, int padding) {
    String digits = Long.toString(n);
    return "user" + "0".repeat(Math.max(0, padding - digits.length())) + digits;
  }

  @Test
  void everyDigitCountAndItsEdgesMatchTheDefinition() {
    long p = 1;
    for (int d = 1; d <= 19; d++) {
      for (long n : new long[] {p, p - 1, p + 1, 2 * p - 1}) {
        if (n >= 0) {
          for (int padding : new int[] {1, 12, 19, 25}) {
            assertEquals(expected(n, padding), KeyNames.of(n, padding), n + " padded to " + padding);
          }
        }
      }
      p *= 10;
    }
    assertEquals("user9223372036854775807", KeyNames.of(Long.MAX_VALUE, 1));
    assertEquals("user0", KeyNames.of(0, 1));
    assertEquals("user000000000042", KeyNames.of(42, 12));
  }

  @Test
  void randomNumbersMatchTheDefinition() {
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < 200_000; i++) {
      long n = r.nextLong() >>> r.nextInt(64);
      int padding = r.nextInt(22);
      assertEquals(expected(n, padding), KeyNames.of(n, padding));
    }
  }

  @Test
  void negativeNumbersKeepTheirSignAsBefore() {
    assertEquals("user-9223372036854775808", KeyNames.of(Long.MIN_VALUE, 1));
    assertEquals("user00-5", KeyNames.of(-5, 4));
  }
}
