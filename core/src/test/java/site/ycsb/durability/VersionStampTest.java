package site.ycsb.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import site.ycsb.RandomByteIterator;

/** A stamp reads back from the head of a value as written; values without one have none. */
class VersionStampTest {
  @Test
  void aStampReadsBackFromTheHeadOfItsValue() {
    VersionStamp s = new VersionStamp(65535, (1_764_000_000_000L << 20) + 12345, 1_764_000_000_123L);
    byte[] value = new StampedValue(s.bytes(), new RandomByteIterator(66)).toArray();
    assertEquals(100, value.length);
    assertEquals(s, VersionStamp.parse(value));
  }

  @Test
  void aValueWithoutAStampHasNone() {
    assertNull(VersionStamp.parse(new RandomByteIterator(100).toArray()));
    assertNull(VersionStamp.parse("~vshort~".getBytes(StandardCharsets.US_ASCII)));
    assertNull(VersionStamp.parse(null));
  }

  @Test
  void aStampedValueRewindsForARetryWithItsStamp() {
    VersionStamp stamp = new VersionStamp(1, 2, 3);
    StampedValue v = new StampedValue(stamp.bytes(), new RandomByteIterator(10));
    assertEquals(44, v.toArray().length);
    v.reset();
    byte[] again = v.toArray();
    assertEquals(44, again.length);
    assertEquals(stamp, VersionStamp.parse(again));
  }

  @Test
  void theFirstWriteInFlightHoldsBackTheOrderOfLaterOnes() {
    WriteSequence seq = new WriteSequence(100);
    long a = seq.issue();
    long b = seq.issue();
    long c = seq.issue();
    assertEquals(a, seq.firstInFlight());
    seq.complete(b);
    assertEquals(a, seq.firstInFlight(), "b completed, a still in flight");
    seq.complete(a);
    assertEquals(c, seq.firstInFlight(), "a and b completed");
    seq.complete(c);
    assertEquals(c + 1, seq.firstInFlight());
  }

  @Test
  void aKeyKeepsItsLatestAcknowledgedWriteWhicheverArrivesFirst() {
    AcknowledgedWrites w = new AcknowledgedWrites(1_000_000L);
    w.acknowledge(5000, 7, 7, 1_000_500L, false);
    w.acknowledge(5000, 3, 4, 1_000_900L, false);
    assertEquals(7, AcknowledgedWrites.sequenceOf(w.entry(5000)));
    assertEquals(1_000_500L, w.epochMillisOf(w.entry(5000)));
    assertEquals(0, w.entry(4999));
    long[] seen = new long[2];
    w.forEach((k, e) -> {
      seen[0] = k;
      seen[1]++;
    });
    assertEquals(5000, seen[0]);
    assertEquals(1, seen[1]);
  }

  @Test
  void aDeleteThatOverlappedTheLastWriteLeavesTheKeyUnjudged() {
    AcknowledgedWrites w = new AcknowledgedWrites(0);
    // write 10 sent while 9 was in flight; a delete numbered 9 that completed after it may have won
    w.acknowledge(1, 9, 10, 0, false);
    w.acknowledge(1, 9, 9, 0, true);
    assertEquals(true, AcknowledgedWrites.isDelete(w.entry(1)));
    // a write sent while that delete was still in flight does not make the key judged again
    w.acknowledge(1, 9, 11, 0, false);
    assertEquals(true, AcknowledgedWrites.isDelete(w.entry(1)));
    // one sent after the delete completed does
    w.acknowledge(1, 12, 12, 0, false);
    assertEquals(false, AcknowledgedWrites.isDelete(w.entry(1)));
    assertEquals(12, AcknowledgedWrites.sequenceOf(w.entry(1)));
  }

  @Test
  void aDeleteThatCompletedBeforeTheLastWriteWasSentIsForgotten() {
    AcknowledgedWrites w = new AcknowledgedWrites(0);
    w.acknowledge(2, 20, 21, 0, false);
    w.acknowledge(2, 15, 15, 0, true);
    assertEquals(false, AcknowledgedWrites.isDelete(w.entry(2)));
    assertEquals(20, AcknowledgedWrites.sequenceOf(w.entry(2)));
  }
}
