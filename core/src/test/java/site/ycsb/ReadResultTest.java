package site.ycsb;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A read's result lends its memory to the one read it was last lent to, on that read's thread only. */
class ReadResultTest {
  /** Copies {@code reply} into the lent bytes as a binding does and puts its one value in the map. */
  private static ByteIterator fill(ReadResult result, long loan, String reply) {
    byte[] bytes = reply.getBytes(US_ASCII);
    byte[] lent = result.bytesFor(loan, bytes.length);
    assertNotNull(lent);
    System.arraycopy(bytes, 0, lent, 0, bytes.length);
    ByteIterator v = result.valueFor(loan, 1, 1, bytes.length - 1);
    result.put("field0", v);
    return v;
  }

  @Test
  void readAfterReadTheSameMemoryAndValuesHoldEachReadsOwnBytes() {
    ReadResult result = new ReadResult();
    long first = result.lend();
    ByteIterator a = fill(result, first, "#first value");
    assertEquals("first value", result.get("field0").toString());
    byte[] firstBytes = result.bytesFor(first, 12);

    result.clear();
    long second = result.lend();
    assertTrue(second != first && second != ReadResult.NO_LOAN);
    ByteIterator b = fill(result, second, "#other bytes");
    assertSame(a, b, "the value is the map's own, reused");
    assertSame(firstBytes, result.bytesFor(second, 12), "and so is the memory");
    assertEquals("other bytes", result.get("field0").toString());
    b.reset();
    assertEquals(11, b.bytesLeft());
  }

  @Test
  void aReplyOfAnEarlierLoanGetsNothingSoTheCurrentValuesStay() {
    ReadResult result = new ReadResult();
    long timedOut = result.lend();
    long retry = result.lend();
    fill(result, retry, "#the retry");
    assertNull(result.bytesFor(timedOut, 10), "a late reply of the read that timed out");
    assertNull(result.valueFor(timedOut, 1, 1, 5));
    assertEquals("the retry", result.get("field0").toString());
  }

  @Test
  void aMapWithValuesLendsNothing() {
    ReadResult result = new ReadResult();
    result.put("field0", new StringByteIterator("kept"));
    long loan = result.lend();
    assertEquals(ReadResult.NO_LOAN, loan);
    assertNull(result.bytesFor(loan, 4));
    assertNull(result.valueFor(loan, 0, 0, 4));
  }

  @Test
  void anotherThreadALongReplyOrAFarPlaceGetNothing() throws InterruptedException {
    ReadResult result = new ReadResult();
    long loan = result.lend();
    AtomicReference<Object> elsewhere = new AtomicReference<>("not asked");
    Thread other = new Thread(() -> elsewhere.set(result.bytesFor(loan, 10)));
    other.start();
    other.join();
    assertNull(elsewhere.get(), "a reply read on a thread other than the one that took the loan");
    assertNull(result.bytesFor(loan, ReadResult.MAX_LENT_BYTES + 1));
    assertNotNull(result.bytesFor(loan, ReadResult.MAX_LENT_BYTES));
    assertNull(result.valueFor(loan, ReadResult.MAX_LENT_VALUES, 0, 1));
    assertNotNull(result.valueFor(loan, ReadResult.MAX_LENT_VALUES - 1, 0, 1));
  }
}
