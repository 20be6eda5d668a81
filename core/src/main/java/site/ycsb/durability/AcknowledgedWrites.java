package site.ycsb.durability;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The last write the database acknowledged for each key this client wrote: one {@code long} per key
 * number, in chunks of {@value #CHUNK} consecutive key numbers made when a key of theirs is first
 * written. Key numbers are dense (the loaded range, each client's insert section), so a million
 * keys take about 8 MB. Safe for any number of writing threads: an entry only moves to a later
 * sequence number, whichever acknowledgement arrives first.
 *
 * <p>An entry packs the sequence number (bits 63-28), whether the write was a delete (bit 27) and
 * when it was made, in 10 ms steps since this table was made (bits 26-0, 15 days); 0 means never
 * written.
 */
public final class AcknowledgedWrites {
  /** Key numbers per chunk. */
  static final int CHUNK = 4096;
  private static final VarHandle ENTRY = MethodHandles.arrayElementVarHandle(long[].class);
  private static final int SEQUENCE_SHIFT = 28;
  private static final long DELETED = 1L << 27;
  private static final long TIME_MASK = DELETED - 1;
  private static final long STEP_MILLIS = 10;

  private final Map<Long, long[]> chunks = new ConcurrentHashMap<>();
  private final long originEpochMillis;
  /** The chunk used last: consecutive operations often fall in one chunk. */
  private volatile Chunk last = new Chunk(Long.MIN_VALUE, null);

  private record Chunk(long index, long[] entries) {
  }

  /** @param originEpochMillis the instant entry times count from */
  public AcknowledgedWrites(long originEpochMillis) {
    this.originEpochMillis = originEpochMillis;
  }

  /**
   * Remembers an acknowledged write, unless what is remembered must stay. An entry of a write holds
   * the first number in flight when it was sent ({@code mustSee}): a read must show that write or
   * one numbered at least that. An entry of a delete holds the delete's own number, and the key is
   * not judged while it stands. Numbers count from this client's first write (1 or more, below 2^35).
   *
   * <ul>
   *   <li>A write replaces an entry whose number is below its {@code mustSee}: the write it
   *       remembers (or the delete) had completed before this one was sent.</li>
   *   <li>A delete replaces a write's entry unless it completed before that write was sent (its
   *       number below the entry's): then the key may be gone, and is not judged.</li>
   * </ul>
   *
   * @param keynum the key number
   * @param mustSee the first number in flight when the write was sent
   * @param sequence the write's own number
   * @param epochMillis when it was made
   * @param delete whether it was a delete
   */
  public void acknowledge(long keynum, long mustSee, long sequence, long epochMillis, boolean delete) {
    long steps = Math.max(0, Math.min(TIME_MASK, (epochMillis - originEpochMillis) / STEP_MILLIS));
    long entry = ((delete ? sequence : mustSee) << SEQUENCE_SHIFT) | (delete ? DELETED : 0) | steps;
    long[] chunk = chunk(keynum, true);
    int at = (int) Math.floorMod(keynum, (long) CHUNK);
    long seen;
    do {
      seen = (long) ENTRY.getVolatile(chunk, at);
      boolean replaces;
      if (seen == 0) {
        replaces = true;
      } else if (!delete) {
        replaces = mustSee > sequenceOf(seen);
      } else {
        replaces = isDelete(seen) ? sequence > sequenceOf(seen) : sequence >= sequenceOf(seen);
      }
      if (!replaces) {
        return;
      }
    } while (!ENTRY.compareAndSet(chunk, at, seen, entry));
  }

  /** @return the entry of a key number, 0 when this client never had a write of it acknowledged */
  public long entry(long keynum) {
    long[] chunk = chunk(keynum, false);
    return chunk == null ? 0 : (long) ENTRY.getVolatile(chunk, (int) Math.floorMod(keynum, (long) CHUNK));
  }

  /** @return the sequence number of an entry */
  public static long sequenceOf(long entry) {
    return entry >>> SEQUENCE_SHIFT;
  }

  /** @return whether the entry's write was a delete */
  public static boolean isDelete(long entry) {
    return (entry & DELETED) != 0;
  }

  /** @return when the entry's write was made (to 10 ms) */
  public long epochMillisOf(long entry) {
    return originEpochMillis + (entry & TIME_MASK) * STEP_MILLIS;
  }

  /** Receives the keys written. */
  public interface Visitor {
    /** @param keynum a key number written; @param entry its entry */
    void visit(long keynum, long entry);
  }

  /** Hands every key with an acknowledged write to {@code visitor}, in no particular order. */
  public void forEach(Visitor visitor) {
    for (Map.Entry<Long, long[]> c : chunks.entrySet()) {
      long base = c.getKey() * CHUNK;
      long[] entries = c.getValue();
      for (int i = 0; i < CHUNK; i++) {
        long e = (long) ENTRY.getVolatile(entries, i);
        if (e != 0) {
          visitor.visit(base + i, e);
        }
      }
    }
  }

  private long[] chunk(long keynum, boolean make) {
    long index = Math.floorDiv(keynum, (long) CHUNK);
    Chunk c = last;
    if (c.index == index) {
      return c.entries;
    }
    long[] entries = make ? chunks.computeIfAbsent(index, i -> new long[CHUNK]) : chunks.get(index);
    if (entries != null) {
      last = new Chunk(index, entries);
    }
    return entries;
  }
}
