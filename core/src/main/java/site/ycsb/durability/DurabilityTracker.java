package site.ycsb.durability;

import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongFunction;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * One client's view of what it wrote ({@code durability=true}): stamps each write, remembers per key
 * what the database acknowledged, and judges the reads of those keys. Shared by every worker of
 * the process; safe from any thread (completions of the asynchronous path arrive on the driver's).
 *
 * <p>What a key's entry holds is not the last write's number but the first number in flight when
 * that write was sent ({@link WriteSequence}): a read returning one of this client's writes numbered
 * below it returned a write that had completed before the acknowledged one was even sent. A write
 * of another client counts as present when it was made no earlier than the acknowledged one, less
 * the clock tolerance ({@code durability.clocktolerance}), as clocks are synchronized for
 * {@code starttime}.
 */
public final class DurabilityTracker {
  private final int client;
  private final long toleranceMillis;
  private final String table;
  private final LongFunction<String> keyName;
  /**
   * The first write's number less one: a process of the same client started later numbers its
   * writes above this one's (a million numbers per millisecond between the two starts), so a
   * write of an earlier load or run is never taken for a newer one.
   */
  private final long base;
  private final WriteSequence sequence;
  private final AcknowledgedWrites acknowledged;
  private final LongAdder writes = new LongAdder();
  private final LongAdder readsJudged = new LongAdder();
  private final LongAdder staleReads = new LongAdder();

  /**
   * @param client this client's number ({@code clientid}), 0-65535
   * @param toleranceMillis how far another client's clock may be behind this one's
   * @param table the table written
   * @param keyName the key of a key number
   */
  public DurabilityTracker(int client, long toleranceMillis, String table, LongFunction<String> keyName) {
    this.client = client & 0xffff;
    this.toleranceMillis = toleranceMillis;
    this.table = table;
    this.keyName = keyName;
    long now = System.currentTimeMillis();
    this.base = now << 20;
    this.sequence = new WriteSequence(base + 1);
    this.acknowledged = new AcknowledgedWrites(now);
  }

  /** A write on its way: its stamp, and what a read must see once it is acknowledged. */
  public static final class Write {
    private long sequence;
    private long mustSee;
    private long epochMillis;
    private byte[] stamp;

    /** @return the bytes at the head of each value the write carries */
    public byte[] stamp() {
      return stamp;
    }
  }

  /**
   * Numbers a write about to be made and stamps it.
   *
   * @param into the write's record, reused
   * @return {@code into}
   */
  public Write begin(Write into) {
    into.sequence = sequence.issue();
    into.mustSee = Math.min(sequence.firstInFlight(), into.sequence);
    into.epochMillis = System.currentTimeMillis();
    into.stamp = new VersionStamp(client, into.sequence, into.epochMillis).bytes();
    return into;
  }

  /**
   * Numbers a delete about to be made. The key is not judged from now on: a read that overlaps the
   * delete may find the record gone whatever else was acknowledged before.
   *
   * @param keynum the key number deleted
   * @param into the delete's record, reused
   * @return {@code into}
   */
  public Write beginDelete(long keynum, Write into) {
    begin(into);
    acknowledged.acknowledge(keynum, into.mustSee - base, into.sequence - base, into.epochMillis, true);
    return into;
  }

  /**
   * The write's outcome: remembered when the database acknowledged it.
   *
   * @param keynum the key number written
   * @param write the write
   * @param status its outcome
   * @param delete whether it was a delete
   */
  public void end(long keynum, Write write, Status status, boolean delete) {
    if (status != null && status.isOk()) {
      acknowledged.acknowledge(keynum, write.mustSee - base, write.sequence - base, write.epochMillis, delete);
      writes.increment();
    }
    sequence.complete(write.sequence);
  }

  /** @return what a read of the key starting now must see (0: nothing, the key is not judged) */
  public long expectation(long keynum) {
    long e = acknowledged.entry(keynum);
    return AcknowledgedWrites.isDelete(e) ? 0 : e;
  }

  /**
   * Judges a read of a key this client wrote. Reads the values' heads, and puts back values that
   * can be read again for whoever reads them next ({@code dataintegrity}).
   *
   * @param keynum the key number read
   * @param expectation what {@link #expectation} said before the read started
   * @param status the read's outcome
   * @param result the fields read: all of them, or the read is not judged
   * @return how long before now the missed write was made (ms) when the read was stale, else -1
   */
  public long judgeRead(long keynum, long expectation, Status status, Map<String, ByteIterator> result) {
    if (expectation == 0 || status == null || !(status.isOk() || status == Status.NOT_FOUND)
        || AcknowledgedWrites.isDelete(acknowledged.entry(keynum))) {
      // not written by this client, failed, or a delete of the key began while the read was made
      return -1;
    }
    readsJudged.increment();
    if (present(expectation, status, result)) {
      return -1;
    }
    staleReads.increment();
    return Math.max(0, System.currentTimeMillis() - acknowledged.epochMillisOf(expectation));
  }

  /**
   * @return whether what was read holds the acknowledged write of {@code expectation} or a write
   *     that may be newer, in any of its fields
   */
  public boolean present(long expectation, Status status, Map<String, ByteIterator> result) {
    if (!status.isOk()) {
      return false;
    }
    long mustSee = base + AcknowledgedWrites.sequenceOf(expectation);
    long notBefore = acknowledged.epochMillisOf(expectation) - toleranceMillis;
    boolean present = false;
    for (Map.Entry<String, ByteIterator> e : result.entrySet()) {
      byte[] value = e.getValue().toArray();
      e.setValue(new ByteArrayByteIterator(value));
      VersionStamp s = VersionStamp.parse(value);
      if (s != null && (s.client() == client ? s.sequence() >= mustSee : s.epochMillis() >= notBefore)) {
        present = true;
      }
    }
    return present;
  }

  /** @return the keys written and what each must show ({@link AcknowledgedWrites#forEach}) */
  public AcknowledgedWrites acknowledged() {
    return acknowledged;
  }

  /** @return writes the database acknowledged */
  public long writesAcknowledged() {
    return writes.sum();
  }

  /** @return reads of keys this client wrote that were judged */
  public long readsJudged() {
    return readsJudged.sum();
  }

  /** @return reads that returned an older write than one acknowledged before they started */
  public long staleReads() {
    return staleReads.sum();
  }

  /** @return the table written */
  public String table() {
    return table;
  }

  /** @return the key of a key number */
  public String keyName(long keynum) {
    return keyName.apply(keynum);
  }
}
