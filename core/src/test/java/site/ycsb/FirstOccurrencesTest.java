package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FirstOccurrencesTest {
  @Test
  void eachKindIsFirstOnceUpToTheLimitAndAgainAfterForget() {
    FirstOccurrences seen = new FirstOccurrences(2);
    assertTrue(seen.first("read/TIMEOUT"));
    assertFalse(seen.first("read/TIMEOUT"));
    assertTrue(seen.first("update/ERROR"));
    assertFalse(seen.first("scan/ERROR"), "a third kind is past the limit of 2");
    seen.forget();
    assertTrue(seen.first("read/TIMEOUT"));
  }
}
